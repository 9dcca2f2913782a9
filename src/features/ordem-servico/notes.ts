// How the OS screen reads its notes: their date and order, shared by the notes card and the notes modal (main thread).
import type { Anotacao } from "./api/order";
import { dateTimeText } from "../../lib/br-format";

/** DataLog is a real instant (UTC ISO): shown as Brasília date and time, e.g. '23/11/2026, 14:05'. */
export const noteDate = (iso: string): string => dateTimeText(iso) ?? iso;

/** Newest first (the server lists oldest first). */
export const newestFirst = (notes: readonly Anotacao[]) => [...notes].sort((a, b) => Date.parse(b.DataLog) - Date.parse(a.DataLog));
