// The Central console's approvals (/central/aprovacoes): the services awaiting the central's decision across every point,
// approving and rejecting them; also the request parts the central's other contract files share (schemas shared by server
// and client; the client imports types only).
import { Type, type Static } from "typebox";
import { Done, list, num, obj, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { Agendamento } from "./agendamentos.ts";

/** yyyy-MM-dd; the handler then checks it is a real calendar day (2026-02-31 is a 400, not March). */
export const ISO_DATE = "^\\d{4}-\\d{2}-\\d{2}$";

/** The central's lists' filters: a point (a non-uuid gives an empty list) and a period, both ends included. */
export const PeriodQuery = Type.Object({
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: 36 })),
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
});

/** The id in a central path: a non-uuid is answered as an unknown one (404, or an empty list). */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 36 }) });

/** The answer to a central action that went through. */

// The order's own fields are the appointment's (contract/agendamentos.ts), so they read the same everywhere.
const { IdSocioVeiculoAgenda, NumeroOS, DataAgendamento, VideoInicial } = Agendamento.properties;

/** A service an attendant linked to an order, awaiting the central's decision, with the order's context and evidence. */
export const PendingService = obj({
  IdSocioVeiculoAgendaExecucaoServico: str("the linked service to approve or reject"),
  IdSocioVeiculoAgenda,
  IdPontoAtendimento: str(),
  NomeFantasia: str("the point's trade name"),
  NumeroOS,
  DataAgendamento,
  Placa: str(),
  Veiculo: str("brand, model and year"),
  Servico: str("description - vehicle type, as the point's screens name it"),
  Valor: num("the link's extra value, else the service's price (BRL)"),
  ObservacoesCredenciado: strOrNull("the attendant's note"),
  Atendente: strOrNull("the attendant who linked it"),
  DataSolicitacao: str("when it was linked (ISO instant)"),
  VideoInicial,
  Fotos: list(str("a stored file name (GET /central/arquivos/:name)")),
  FotosServico: list(str("a photo the attendant attached to this linked service (stored file name), Foto1..3 in order")),
  VideoServico: strOrNull("the video the attendant attached to this linked service (stored file name)"),
  Anotacoes: list(str("an attendant's note on the order")),
});

export const listPendingServices = defineRoute({
  method: "GET",
  url: "/central/aprovacoes",
  summary: "The services awaiting approval across every point (at most 500), oldest request first, by point and period.",
  access: "central",
  querystring: PeriodQuery,
  response: { 200: obj({ data: list(PendingService) }) },
  errors: { 400: "a date that is not a real calendar day" },
});

const decisionErrors = { 404: "no such linked service", 409: "not awaiting approval any more (already decided)" } as const;

export const approveService = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/:id/aprovar",
  summary: "Approves a pending service (only a pending one changes); recorded, and the point is told.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: Done },
  errors: decisionErrors,
});

export const rejectService = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/:id/recusar",
  summary: "Rejects a pending service with a required note, which the attendant sees; recorded, and the point is told.",
  access: "central",
  params: IdParams,
  body: Type.Object({ observacao: Type.Optional(Type.Unknown()) }),
  response: { 200: Done },
  errors: { 400: "no note (or not a text), or a note over 1000 characters", ...decisionErrors },
});

export type PendingService = Static<typeof PendingService>;
export type PeriodFilter = Static<typeof PeriodQuery>;
