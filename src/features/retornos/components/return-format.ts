// Display helpers of a return: registration date-time in Brasília, its stored file lists, and what a file is (main thread).
import { dateTimeText } from "../../../lib/br-format";

export const registeredAt = (iso: string | null | undefined): string => dateTimeText(iso) ?? "";

/** The contract's comma-separated file names as a list. */
export const fileList = (csv: string | null | undefined): string[] =>
  (csv ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
