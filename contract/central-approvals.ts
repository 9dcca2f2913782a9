// The Central console's approvals (/central/aprovacoes): the services awaiting the central's decision across every point,
// approving (one, or the selected ones at once) and rejecting them, undoing one's own decision within seconds, and the
// decisions on record; also the request parts the central's other contract files share (schemas shared by server and client;
// the client imports types only).
import { Type, type Static } from "typebox";
import { Done, int, list, literal, MAX, num, obj, oneOf, str, strOrNull, uuid } from "./fields.ts";
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
  ValorServico: num("the service's price (BRL), what the member's plan covers"),
  ValorRepasse: num("what the point is paid for it (BRL), as its payout will be written when the order finishes"),
  QtdeEvidencias: int("the initial video, the order's photos and notes, and the service's own photos and video, counted"),
  ItemVistoria: Type.Union(
    [
      obj({
        rotulo: str(),
        status: oneOf(["atencao", "critico"] as const),
        observacao: str(),
        fotos: list(str("a stored file name (GET /central/arquivos/:name)")),
      }),
      Type.Null(),
    ],
    { description: "the check-in inspection's finding the attendant linked this service to (issue 53), or null" },
  ),
});

/** How long the user who decided may take the decision back (the database's clock). */
export const UNDO_SECONDS = 10;

/** The approvals' filters: the period's and the point's, and a search by OS number or plate (both views). */
export const ApprovalsQuery = Type.Object({
  ...PeriodQuery.properties,
  busca: Type.Optional(Type.String({ maxLength: MAX.plate, description: "an OS number (exact) or part of a plate" })),
});

export const listPendingServices = defineRoute({
  method: "GET",
  url: "/central/aprovacoes",
  summary:
    "The services awaiting approval across every point (at most 500), oldest request first, by point, period and OS or plate; `total` counts them all.",
  access: "central",
  querystring: ApprovalsQuery,
  response: { 200: obj({ data: list(PendingService), total: int("how many match, beyond the 500 listed") }) },
  errors: { 400: "a date that is not a real calendar day" },
});

/** A decided service as the record keeps it: the pending row's fields, the decision, who took it, when, and the refusal reason. */
export const DecidedService = obj({
  ...PendingService.properties,
  StatusAprovacao: oneOf(["A", "R"] as const, "A approved, R refused"),
  DecididoPor: str("the central user who decided"),
  DecididoEm: str("when (ISO instant)"),
  MotivoRecusa: strOrNull("the refusal's reason, which the point sees"),
});

export const listDecidedServices = defineRoute({
  method: "GET",
  url: "/central/aprovacoes/decididas",
  summary: "The central's decisions on record, newest first, a page at a time: by status, point, period of the decision and OS or plate.",
  access: "central",
  querystring: Type.Object({
    ...ApprovalsQuery.properties,
    status: Type.Optional(
      Type.Unsafe<"A" | "R">({ type: "string", enum: ["A", "R"], maxLength: 1, description: "A approved, R refused; both if absent" }),
    ),
    pagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,5}$" })),
    porPagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,2}$" })),
  }),
  response: {
    200: obj({
      data: list(DecidedService),
      total: int("how many decisions match"),
      pagina: int("this page (from 1)"),
      porPagina: int("entries per page (at most 100, 50 if absent)"),
    }),
  },
  errors: { 400: "a date that is not a real calendar day, an unknown status, a page that is not a number" },
});

const decisionErrors = {
  404: "no such linked service",
  409: "not awaiting approval any more: the message names who decided it and when",
} as const;

export const approveService = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/:id/aprovar",
  summary:
    "Approves a pending service (only a pending one changes), recording who and when; the point is told. The same user may undo it for UNDO_SECONDS.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: obj({ ...Done.properties, desfazerEmSegundos: int("how long the undo stays open (UNDO_SECONDS)") }) },
  errors: { 403: "the user's role may not decide", ...decisionErrors },
});

/** One service the bulk approval did not approve because someone had decided it first. */
export const AlreadyDecided = obj({
  IdSocioVeiculoAgendaExecucaoServico: str(),
  NumeroOS: int(),
  Servico: str(),
  StatusAprovacao: oneOf(["A", "R"] as const),
  DecididoPor: strOrNull("who decided it (null for a decision older than the record)"),
});

export const approveSelected = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/aprovar-selecionados",
  summary:
    "Approves the selected services in one request, each one atomically: those still pending are approved (recorded, the points told); the answer lists them and those someone else decided first.",
  access: "central",
  body: Type.Object({ ids: Type.Array(uuid, { minItems: 1, maxItems: 100, uniqueItems: true }) }),
  response: {
    200: obj({
      success: literal(true),
      message: str("pt-BR summary: how many approved, and who had decided the others"),
      aprovados: list(str("an approved linked service's id")),
      jaDecididos: list(AlreadyDecided),
      naoEncontrados: list(str("an id that names no linked service")),
    }),
  },
  errors: { 400: "no ids, more than 100, repeated or malformed ids", 403: "the user's role may not decide" },
});

export const undoDecision = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/:id/desfazer",
  summary:
    "Takes back one's own approval or refusal within UNDO_SECONDS (the database's clock) while nothing depends on it (the order open, nothing paid): the service awaits approval again, recorded, and the point is told.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: Done },
  errors: {
    403: "the user's role may not decide, or someone else took the decision",
    404: "no such linked service",
    409: "nothing to undo, the time to undo is over, or the order was finished or paid meanwhile",
  },
});

export const rejectService = defineRoute({
  method: "POST",
  url: "/central/aprovacoes/:id/recusar",
  summary: "Rejects a pending service with a required note, which the attendant sees; recorded, and the point is told.",
  access: "central",
  params: IdParams,
  body: Type.Object({ observacao: Type.Optional(Type.Unknown()) }),
  response: { 200: obj({ ...Done.properties, desfazerEmSegundos: int("how long the undo stays open (UNDO_SECONDS)") }) },
  errors: { 400: "no note (or not a text), or a note over 1000 characters", 403: "the user's role may not decide", ...decisionErrors },
});

export type PendingService = Static<typeof PendingService>;
export type DecidedService = Static<typeof DecidedService>;
export type AlreadyDecided = Static<typeof AlreadyDecided>;
export type ApprovalsFilter = Static<typeof ApprovalsQuery>;
export type DecidedFilter = Static<(typeof listDecidedServices)["querystring"]>;
export type PeriodFilter = Static<typeof PeriodQuery>;
