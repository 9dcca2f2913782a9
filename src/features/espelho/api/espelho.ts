// Call of /espelho/lista: payout statement rows of the point, filtered by period and payment status; the types come from the
// contract (type-only imports, nothing added to the bundle) (main thread).
import { post } from "../../../lib/api-client";
import type * as C from "../../../../contract/espelho";
import type { Answer, BodyOf } from "../../../../contract/route";

/** DataAgendamento and DataExecucaoOS are SQL Server legacy text ("Nov 18 2025 12:00AM"): display them with legacyToBr (domain/dates). */
export type { EspelhoRow } from "../../../../contract/espelho";
/** The filters this portal sends (the original client's idSocio is not read). */
export type MirrorFilter = Omit<BodyOf<typeof C.listStatement>, "idSocio">;

export const listMirror = (f: MirrorFilter, signal?: AbortSignal) => post<Answer<typeof C.listStatement>>("/espelho/lista", f, { signal });
