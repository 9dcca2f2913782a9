// Display helpers of a return: registration date-time in Brasília, its stored file lists, and what a file is (main thread).
import { BRAZIL_TZ } from "../../../domain/dates";

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: BRAZIL_TZ });

export function registeredAt(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? dateTime.format(d) : "";
}

/** The contract's comma-separated file names as a list. */
export const fileList = (csv: string | null | undefined): string[] =>
  (csv ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
