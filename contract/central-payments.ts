// The Central console's payments (/central/pagamentos): every point's payouts with their totals and holds, paying them and
// undoing a payment the same day (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { bool, Done, int, list, literal, nonBlank, num, numOrNull, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { IdParams, ISO_DATE, PeriodQuery } from "./central-approvals.ts";
import { FileAnswers } from "./uploads.ts";

/** What a point's payouts are paid to: its company and its selected bank or PIX data (full values: the central pays them). */
export const Payee = obj({
  RazaoSocial: str(),
  Cnpj: str(),
  IdDadoBancario: strOrNull("the selected bank record; null when the point has none"),
  TipoChavePix: strOrNull("CPF, CNPJ, EMAIL, TELEFONE or CHAVE_ALEATORIA"),
  ChavePix: strOrNull(),
  Banco: strOrNull(),
  NumeroAgencia: strOrNull(),
  NumeroConta: strOrNull(),
  TipoConta: strOrNull("CORRENTE or POUPANCA"),
  NomeTitular: strOrNull(),
  DocumentoTitular: strOrNull("the holder's CPF or CNPJ"),
});

/** One payout of a point's statement, with the point's selected bank data now and why it is held, if it is. */
export const Payout = obj({
  IdFinanceiroEspelho: str(),
  IdPontoAtendimento: str(),
  NomeFantasia: str("the point's trade name"),
  RazaoSocial: str("as recorded on the payout"),
  Cnpj: str("as recorded on the payout"),
  NumeroOS: int(),
  Placa: str(),
  NomeServico: str(),
  DataAgendamento: str("yyyy-MM-dd"),
  ValorRepasse: numOrNull("BRL"),
  PagamentoFeito: oneOf(["S", "N"], "S paid, N pending"),
  DataPagamento: strOrNull("yyyy-MM-dd, Brasília"),
  PodeDesfazer: bool("paid by a central action today (Brasília): the only payments that may still be undone"),
  Banco: strOrNull("the point's selected account now"),
  Agencia: strOrNull(),
  Conta: strOrNull(),
  TipoConta: strOrNull("CORRENTE or POUPANCA"),
  TipoChavePix: strOrNull(),
  ChavePix: strOrNull(),
  NomeTitular: strOrNull(),
  DocumentoTitular: strOrNull(),
  DataExecucao: strOrNull("the OS's execution date, yyyy-MM-dd Brasília; a payment cannot be dated before it"),
  MotivoRetencao: strOrNull("why it is held, in pt-BR; null when not held (or paid)"),
  DadosPagamentoAlteradosEm: strOrNull("when the point's payment data last changed (ISO instant)"),
  PagoPara: Type.Union([Payee, Type.Null()], {
    description: "what it was paid to, recorded at payment; null before (or for payments older than the record)",
  }),
  Retido: bool("held back: no selected bank data, or payment data changed and not yet confirmed by the central"),
  IdLote: strOrNull("the payment batch that paid it (null while pending, and for payments older than batches)"),
  ReferenciaPagamento: strOrNull("the batch's payment reference (the bank's transfer id); null while pending"),
  IdRemessa: strOrNull("the payment run that holds it (from its draft until the bank's return file decides), or paid it"),
  NumeroRemessa: numOrNull("that run's number"),
  Situacao: oneOf(
    ["pago", "em_remessa", "retido", "aguardando_execucao", "pagavel"],
    "paid; in a run not yet decided; held; executed after the payment date asked (or not executed); or payable on that date",
  ),
  MotivoRejeicao: strOrNull("why the bank rejected its last transfer (it is payable again); null otherwise"),
});

export const PayoutTotals = obj({
  quantidade: int("rows listed"),
  total: num("BRL"),
  pendente: num("BRL"),
  pago: num("BRL"),
  retido: num("the held payouts' sum, part of pendente (BRL)"),
  aPagar: num("the payable payouts' sum: pending and not held (BRL)"),
  beneficiarios: int("points with payable payouts: one transfer each"),
  retidos: int("held payouts listed"),
  pontosRetidos: int("points with held payouts"),
  pagavel: num("payable on the payment date asked (default today): pending, not held, in no run, executed by then (BRL)"),
  pagaveis: int("payouts payable on that date"),
  aguardandoExecucao: num("pending, not held, in no run, but executed after that date (BRL)"),
  emRemessa: num("in a run the bank has not decided yet (BRL)"),
  dataPagamento: str("the payment date the figures are for, yyyy-MM-dd"),
});

export const PaymentsQuery = Type.Object({
  ...PeriodQuery.properties,
  status: Type.Optional(Type.Union([Type.Literal("PENDENTE"), Type.Literal("PAGO")])),
  /** Which date the period filters: the OS's execution (default; an order booked last month and finished this month is here) or the appointment. */
  dataReferencia: Type.Optional(Type.Union([Type.Literal("execucao"), Type.Literal("agendamento")])),
  /** The payment date the payable figures and the situation are for (default today, Brasília). */
  dataPagamento: Type.Optional(Type.String({ pattern: ISO_DATE })),
  situacao: Type.Optional(
    Type.Union([
      Type.Literal("pago"),
      Type.Literal("em_remessa"),
      Type.Literal("retido"),
      Type.Literal("aguardando_execucao"),
      Type.Literal("pagavel"),
    ]),
  ),
});

export const listPayouts = defineRoute({
  method: "GET",
  url: "/central/pagamentos",
  summary:
    "Every point's payouts (at most 2000) by execution (or appointment) date and OS, with totals; by point, period (execution by default, or appointment) and status.",
  access: "central",
  querystring: PaymentsQuery,
  response: { 200: obj({ data: list(Payout), totais: PayoutTotals }) },
  errors: { 400: "a date that is not a real calendar day" },
});

export const payPayouts = defineRoute({
  method: "POST",
  url: "/central/pagamentos/pagar",
  summary: "Pays the selected payouts on a date as one batch with its payment reference, all or nothing, recording what each was paid to.",
  access: "central",
  body: Type.Object({
    ids: Type.Array(Type.String({ maxLength: 36 }), { minItems: 1, maxItems: 1000 }),
    dataPagamento: Type.String({ pattern: ISO_DATE }),
    referencia: Type.String({ maxLength: 80, description: "the payment reference (the bank's transfer id); required, not blank" }),
  }),
  response: {
    200: obj({ success: literal(true), message: str(), quantidade: int("payouts paid"), idLote: str("the batch created") }),
  },
  errors: {
    400: "a future date, a date before an OS's execution, or a blank reference",
    404: "an unknown payout",
    409: "a payout already paid (nothing is paid), or a point's payouts held",
  },
});

/** Undoing money asks why: the reason goes to the journal of money actions. */
const UndoBody = Type.Object({ motivo: nonBlank(500) });

export const undoPayment = defineRoute({
  method: "POST",
  url: "/central/pagamentos/:id/desfazer",
  summary: "Undoes a payment registered today (Brasília), with a required reason: the payout is pending again; recorded with it.",
  access: "central",
  params: IdParams,
  body: UndoBody,
  response: { 200: Done },
  errors: { 400: "no reason", 404: "an unknown payout", 409: "not paid, paid on another day, or paid by the bank through a run" },
});

/** A payment batch: the payouts paid together by one central action. */
export const Batch = obj({
  IdLote: str(),
  Referencia: str("the payment reference (the bank's transfer id)"),
  DataPagamento: str("yyyy-MM-dd, the payment's date"),
  RegistradoEm: str("when it was registered (ISO instant)"),
  PagoPor: str("the central user who registered it"),
  Quantidade: int("payouts paid by it"),
  Beneficiarios: int("points paid by it (one transfer each)"),
  Total: num("BRL"),
  Comprovante: strOrNull("the proof's original file name; null without a proof"),
  DesfeitoEm: strOrNull("when it was undone (ISO instant); null while paid"),
  DesfeitoPor: strOrNull("who undid it"),
  PodeDesfazer: bool("paid today (Brasília) and not undone: the only batches that may still be undone"),
});

export const BatchQuery = Type.Object({
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
});

export const listBatches = defineRoute({
  method: "GET",
  url: "/central/pagamentos/lotes",
  summary: "The payment batches registered in a period (Brasília days of registration, both ends included), newest first (at most 500).",
  access: "central",
  querystring: BatchQuery,
  response: { 200: obj({ data: list(Batch) }) },
  errors: { 400: "a date that is not a real calendar day" },
});

export const getBatch = defineRoute({
  method: "GET",
  url: "/central/pagamentos/lotes/:id",
  summary: "One batch with its payouts and what each was paid to (PagoPara), to export its file again.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: Batch, repasses: list(Payout) }) },
  errors: { 404: "an unknown batch" },
});

export const uploadBatchProof = defineRoute({
  method: "POST",
  url: "/central/pagamentos/lotes/:id/comprovante",
  summary: "Attaches (or replaces) the batch's proof of payment: multipart/form-data, part `file`, an image or a PDF.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ success: literal(true), message: str(), Comprovante: str("the proof's original file name") }) },
  errors: {
    400: "not multipart, no part named file, or an empty file",
    404: "an unknown batch",
    409: "the batch was undone",
    413: "over the document size limit",
    415: "neither an image nor a PDF",
  },
});

export const getBatchProof = defineRoute({
  method: "GET",
  url: "/central/pagamentos/lotes/:id/comprovante",
  summary: "The batch's proof of payment (an attachment; Range, ETag/304).",
  access: "central",
  params: IdParams,
  response: FileAnswers,
  errors: { 404: "an unknown batch, or one without a proof" },
});

export const undoBatch = defineRoute({
  method: "POST",
  url: "/central/pagamentos/lotes/:id/desfazer",
  summary:
    "Undoes a batch registered today (Brasília), with a required reason: its payouts are pending again; recorded with it and told to the points. Asked again by the user who undid it, it answers 200 (a double click is no failure).",
  access: "central",
  params: IdParams,
  body: UndoBody,
  response: { 200: obj({ success: literal(true), message: str(), quantidade: int("payouts back to pending (0 when already undone)") }) },
  errors: {
    400: "no reason",
    404: "an unknown batch",
    409: "undone by another user, registered on another day, or a payout of it paid again since",
  },
});

export type Batch = Static<typeof Batch>;
export type BatchFilter = Static<typeof BatchQuery>;
export type Payee = Static<typeof Payee>;
export type Payout = Static<typeof Payout>;
export type PayoutTotals = Static<typeof PayoutTotals>;
export type PayoutFilter = Static<typeof PaymentsQuery>;
