// The /retorno-servico routes of the contract: service returns (warranty claims) on the point's concluded orders: list,
// create, update, add files, delete, and the orders a return may refer to (schemas shared by server and client; the client
// imports types only).
import { Type, type Static } from "typebox";
import { Done, idText, int, intOrNull, list, literal, MAX, nullableText, numOrNull, obj, oneOf, params, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** Tipo as stored (the body's spellings without accents are mapped to these). */
export const TIPOS_RETORNO = ["PEÇA", "MÃO DE OBRA", "ATENDIMENTO", "OUTROS"] as const;
/** Status as stored: A open, P in a claim (EM CHAMADO), C concluded. */
export const STATUS_RETORNO = ["A", "P", "C"] as const;

/** One return, with its order, vehicle and member. */
export const RetornoServico = obj({
  IdRetornoServico: str(),
  Tipo: oneOf(TIPOS_RETORNO),
  Descricao: str(),
  Videos: strOrNull("stored file names, comma-separated"),
  Fotos: strOrNull("stored file names, comma-separated"),
  IdSocioVeiculoAgenda: str(),
  IdSocioVeiculo: str(),
  IdServico: intOrNull("the order's motivation id (the contract's name for it)"),
  IdFinanceiroEspelho: strOrNull("the order's first payout row"),
  Status: oneOf(STATUS_RETORNO, "A open, P in a claim (EM CHAMADO), C concluded"),
  MotivoStatus: strOrNull(),
  DataLog: str("when it was registered: PostgreSQL's timestamptz text, e.g. '2025-11-18 17:05:56.743+00'"),
  PlacaVeiculo: str(),
  NomeServico: strOrNull("a member's return: the service the member chose; else the order's motivation, else its catalogue service"),
  NomeSocio: str(),
  NumeroOS: int(),
  DataAgendamento: str("the order's day: yyyy-MM-ddT00:00:00.000Z"),
  Origem: oneOf(["ponto", "socio"] as const, "who asked for it: the point, or the member through the follow link (issue 39)"),
});

/** A concluded order of the point with a payout row: one a return may be opened for. */
export const AgendamentoDisponivel = obj({
  IdSocioVeiculoAgenda: str(),
  IdSocioVeiculo: str(),
  IdMotivacao: intOrNull(),
  NumeroOS: int(),
  DataAgendamento: str("the order's day: yyyy-MM-ddT00:00:00.000Z"),
  ValorServico: numOrNull("the order's value (BRL)"),
  Placa: str(),
  NomeServico: str("the order's motivation, else the payout's service"),
  SocioNome: str(),
  ValorRepasse: numOrNull("the payout (BRL)"),
  IdFinanceiroEspelho: str(),
});

/** Comma-separated file names or an array of them (the contract's clients send both). */
const fileList = Type.Unsafe<string | string[] | null>({
  type: ["string", "array", "null"],
  maxLength: MAX.list,
  maxItems: 100,
  items: { type: "string", maxLength: MAX.file },
});
const returnData = Type.Object({
  IdSocioVeiculoAgenda: Type.Optional(nullableText(MAX.param)),
  IdRetornoServico: Type.Optional(nullableText(MAX.param)),
  /** PEÇA, MÃO DE OBRA, ATENDIMENTO or OUTROS (accents optional). */
  Tipo: Type.Optional(nullableText(40)),
  /** A (also ABERTO, PENDENTE), P (EM CHAMADO) or C (CONCLUIDO). */
  Status: Type.Optional(nullableText(40)),
  Descricao: Type.Optional(nullableText(MAX.description)),
  MotivoStatus: Type.Optional(nullableText(MAX.description)),
  Fotos: Type.Optional(fileList),
  Videos: Type.Optional(fileList),
});
const returnBody = Type.Object({ idRetornoServico: Type.Optional(idText), data: Type.Optional(returnData) });

const byPoint = params("idPontoAtendimento");
const returnErrors = {
  400: "data missing, a required field empty, or an invalid Tipo or Status",
  404: "not this point's return, or a file the point did not store",
} as const;

export const listReturns = defineRoute({
  method: "GET",
  url: "/retorno-servico/lista/:idPontoAtendimento",
  summary: "The point's service returns, newest first.",
  access: "point",
  params: byPoint,
  response: { 200: obj({ success: literal(true), data: list(RetornoServico) }) },
  errors: { 404: "another point's id" },
});

export const listReturnableAppointments = defineRoute({
  method: "GET",
  url: "/retorno-servico/agendamentos-disponiveis/:idPontoAtendimento",
  summary: "The point's concluded orders with a payout row (a return may be opened for them), newest day first.",
  access: "point",
  params: byPoint,
  response: { 200: obj({ success: literal(true), data: list(AgendamentoDisponivel) }) },
  errors: { 404: "another point's id" },
});

export const addReturn = defineRoute({
  method: "POST",
  url: "/retorno-servico/adicionar",
  summary: "Opens a service return on a concluded order of the point.",
  access: "point",
  body: returnBody,
  response: { 200: obj({ success: literal(true), message: str(), data: obj({ IdRetornoServico: str() }) }) },
  errors: {
    400: "data missing, no order, a required field empty, an invalid Tipo or Status, or an order not concluded",
    404: "another point's order, or a file the point did not store",
  },
});

export const updateReturn = defineRoute({
  method: "POST",
  url: "/retorno-servico/atualizar",
  summary: "Changes a return's type, status, description and files (the order stays).",
  access: "point",
  body: returnBody,
  response: { 200: Done },
  errors: returnErrors,
});

export const addReturnFiles = defineRoute({
  method: "POST",
  url: "/retorno-servico/atualizar-arquivos",
  summary: "Adds stored photos and videos to a return; names already listed are skipped, so a replay changes nothing.",
  access: "point",
  body: Type.Object({
    IdRetornoServico: Type.Optional(idText),
    idRetornoServico: Type.Optional(idText),
    fotos: Type.Optional(fileList),
    videos: Type.Optional(fileList),
  }),
  response: { 200: Done },
  errors: { 400: "no file sent, or more than 20 photos or 20 videos in all", 404: returnErrors[404] },
});

export const deleteReturn = defineRoute({
  method: "POST",
  url: "/retorno-servico/deletar",
  summary: "Deletes a return of the point.",
  access: "point",
  body: returnBody,
  response: { 200: Done },
  errors: { 404: "not this point's return" },
});

export type RetornoServico = Static<typeof RetornoServico>;
export type AgendamentoDisponivel = Static<typeof AgendamentoDisponivel>;
export type ReturnData = Static<typeof returnData>;
