// The /espelho route of the contract: the point's payout statement (financial mirror), filtered by period and payment status
// (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { dateText, int, list, MAX, nullableText, numOrNull, obj, oneOf, str, strOrNull, uuid } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { FileAnswers } from "./uploads.ts";

const LEGACY = "SQL Server's legacy text, e.g. 'Nov 18 2025 12:00AM' (English month; day and hour padded with a space)";

/** One payout of the statement: a service approved on a concluded order, and whether the central paid it. */
export const EspelhoRow = obj({
  IdFinanceiroEspelho: str(),
  IdSocioVeiculoAgenda: str(),
  IdSocioVeiculo: str(),
  IdPontoAtendimento: str(),
  IdSocioVeiculoAgendaExecucaoServico: str("the linked service the payout is for"),
  RazaoSocial: str("the point's company name when the payout was written"),
  Cnpj: str("the point's CNPJ when the payout was written"),
  Matricula: strOrNull("the point's number in the program"),
  DataAgendamento: str(`the order's day: ${LEGACY}`),
  DataPagamento: strOrNull("when the central registered the payment: dd/MM/yyyy HH:mm:ss Brasília; null while unpaid"),
  ValorRepasse: numOrNull("the payout (BRL)"),
  PagamentoFeito: oneOf(["S", "N"], "S paid, N pending"),
  Placa: str(),
  VeiculoPlaca: str("the same plate (both names are the contract's)"),
  SocioNome: str("the member's name"),
  NomeServico: str(),
  StatusAgendamento: str("the order's status when the payout was written (C: concluded)"),
  NumeroOS: int(),
  DataExecucaoOS: strOrNull(`when the order was finished, Brasília: ${LEGACY}`),
  CodigoEspelho: str("the statement line's code"),
  TipoEspelho: str("e.g. Mensal"),
  TipoComissao: str("e.g. Básica"),
  Descricao: str(),
  IdDadoBancario: strOrNull("the bank record the payout was paid to"),
  ComprovantePagamento: strOrNull(
    "the payment's proof file name (the central's batch proof); download it with GET /espelho/comprovante/:id; null without one",
  ),
  SocioCpf: strOrNull("the member's (client's) CPF as recorded; the 'Documento' beside the client's name"),
  ReferenciaPagamento: strOrNull("the payment reference (the bank's transfer id) the central recorded; null while unpaid"),
  MotivoRetencao: strOrNull(
    "an unpaid payout held back from payment, why, in pt-BR (no selected bank data, or payment data changed and not yet " +
      "confirmed by the central); the screen shows it RETIDO. null when paid or payable. PagamentoFeito stays N",
  ),
});

export const listStatement = defineRoute({
  method: "POST",
  url: "/espelho/lista",
  summary: "The point's payouts in a period of order days (both ends included) and payment status, newest OS first.",
  access: "point",
  body: Type.Object({
    idPontoAtendimento: uuid,
    /** Sent by the original client; not read. */
    idSocio: Type.Optional(nullableText(MAX.param)),
    /** yyyy-MM-dd or dd/MM/yyyy, both ends included. */
    dataInicio: Type.Optional(dateText),
    dataFim: Type.Optional(dateText),
    /** S paid, N pending, "" or none: both. */
    pagamentoFeito: Type.Optional(Type.Enum(["S", "N", ""])),
  }),
  response: { 200: list(EspelhoRow) },
  errors: { 400: "a date that is not one, or out of range", 404: "another point's id" },
});

export const getStatementProof = defineRoute({
  method: "GET",
  url: "/espelho/comprovante/:id",
  summary: "The proof of payment of one of the point's paid payouts (the central's batch proof): an attachment, Range, ETag/304.",
  access: "point",
  params: Type.Object({ id: Type.String({ maxLength: 36 }) }),
  response: FileAnswers,
  errors: { 404: "another point's payout, one not paid, or paid without a proof" },
});

export type EspelhoRow = Static<typeof EspelhoRow>;
