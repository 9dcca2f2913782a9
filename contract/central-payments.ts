// The Central console's payments (/central/pagamentos): every point's payouts with their totals and holds, paying them and
// undoing a payment the same day (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { bool, Done, int, list, literal, num, numOrNull, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { IdParams, ISO_DATE, PeriodQuery } from "./central-approvals.ts";

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
});

export const PayoutTotals = obj({
  quantidade: int("rows listed"),
  total: num("BRL"),
  pendente: num("BRL"),
  pago: num("BRL"),
  retido: num("the held payouts' sum, part of pendente (BRL)"),
});

export const PaymentsQuery = Type.Object({
  ...PeriodQuery.properties,
  status: Type.Optional(Type.Union([Type.Literal("PENDENTE"), Type.Literal("PAGO")])),
});

export const listPayouts = defineRoute({
  method: "GET",
  url: "/central/pagamentos",
  summary: "Every point's payouts (at most 2000) by appointment date and OS, with totals; by point, period (appointment) and status.",
  access: "central",
  querystring: PaymentsQuery,
  response: { 200: obj({ data: list(Payout), totais: PayoutTotals }) },
  errors: { 400: "a date that is not a real calendar day" },
});

export const payPayouts = defineRoute({
  method: "POST",
  url: "/central/pagamentos/pagar",
  summary: "Pays the selected payouts on a date, all or nothing, recording what each was paid to.",
  access: "central",
  body: Type.Object({
    ids: Type.Array(Type.String({ maxLength: 36 }), { minItems: 1, maxItems: 1000 }),
    dataPagamento: Type.String({ pattern: ISO_DATE }),
  }),
  response: { 200: obj({ success: literal(true), message: str(), quantidade: int("payouts paid") }) },
  errors: {
    400: "a future date, or a date before an OS's execution",
    404: "an unknown payout",
    409: "a payout already paid (nothing is paid), or a point's payouts held",
  },
});

export const undoPayment = defineRoute({
  method: "POST",
  url: "/central/pagamentos/:id/desfazer",
  summary: "Undoes a payment registered today (Brasília): the payout is pending again; recorded.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: Done },
  errors: { 404: "an unknown payout", 409: "not paid, or paid on another day" },
});

export type Payee = Static<typeof Payee>;
export type Payout = Static<typeof Payout>;
export type PayoutTotals = Static<typeof PayoutTotals>;
export type PayoutFilter = Static<typeof PaymentsQuery>;
