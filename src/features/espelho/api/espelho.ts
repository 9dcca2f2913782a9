// Calls of the espelho: /espelho/lista, the point's payout statement rows filtered by period and payment status, and the proof
// of a paid payout; the types come from the contract (type-only imports, nothing added to the bundle) (main thread).
import { call, seg } from "../../../lib/api-client";
import * as routes from "../../../../contract/gen/espelho";
import { downloadApiFile } from "../../../lib/api-file";
import type * as C from "../../../../contract/espelho";
import type { BodyOf } from "../../../../contract/route";

/** DataAgendamento and DataExecucaoOS are SQL Server legacy text ("Nov 18 2025 12:00AM"): display them with legacyToBr (domain/dates). */
export type { EspelhoRow } from "../../../../contract/espelho";
/** The filters this portal sends (the original client's idSocio is not read). */
export type MirrorFilter = Omit<BodyOf<typeof C.listStatement>, "idSocio">;

export const listMirror = (f: MirrorFilter, signal?: AbortSignal) => call(routes.listStatement, { body: f }, { signal });

/** The payout's proof of payment, downloaded under its own name; false when it could not be. */
export const saveMirrorProof = (payoutId: string) => downloadApiFile(`/espelho/comprovante/${seg(payoutId)}`);
