// Calls of the scanner: the WhatsApp invitation and the point's expected appointments (the agenda list); their types come from
// the contract (type-only imports) (main thread). The plate lookup, shared with the agenda, is src/lib/plate-lookup.ts.
import { call } from "../../../lib/api-client";
import { listAppointments } from "../../../../contract/gen/agendamentos";
import { sendInvite as sendInviteRoute } from "../../../../contract/gen/scanner";
import type * as C from "../../../../contract/scanner";
import type { Answer, BodyOf } from "../../../../contract/route";

/** `telefone` as typed (masked when complete), `placa` in its display form, as the contract's clients send them. */
export type InviteInput = BodyOf<typeof C.sendInvite>;
export type InviteAnswer = Answer<typeof C.sendInvite>;

export const sendInvite = ({ telefone, placa }: InviteInput) => call(sendInviteRoute, { body: { telefone, placa } });

/** The agenda list (GET /agendamentos/lista) of a few days: the scanner reads the plates the point expects, whose, and when. */
export const listExpected = (idPontoAtendimento: string, dataInicio: string, dataFim: string, signal?: AbortSignal) =>
  call(listAppointments, { params: { idPontoAtendimento }, query: { dataInicio, dataFim } }, { signal });
