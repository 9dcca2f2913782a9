// The Central console's points (/central/pontos): every point with its figures and the flags that ask for attention (filter
// and sort), one point's registration, its page (team, masked bank data, recent orders), its payment data to check and
// confirm, and the history of the central's actions on an item (schemas shared by server and client; the client imports
// types only).
import { Type, type Static } from "typebox";
import { bool, int, list, literal, num, numOrNull, obj, oneOf, oneOfOrNull, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { IdParams } from "./central-approvals.ts";
import { Payee } from "./central-payments.ts";

/**
 * What makes a point need attention (issue 38), each computed in SQL at the request's instant: a rating average under 3.5
 * over the last 30 days, service returns not concluded, no selected bank data, payment data changed in the last 7 days (to a
 * natural person: at any time) and not confirmed by the central, services awaiting approval, payouts not paid, no activity (booking, start, finish) in 14 days.
 */
export const POINT_FLAGS = [
  "avaliacao-baixa",
  "retornos-abertos",
  "sem-dados-bancarios",
  "dados-bancarios-alterados",
  "aprovacoes-pendentes",
  "repasses-devidos",
  "sem-atividade",
] as const;
export type PointFlag = (typeof POINT_FLAGS)[number];

/** The list's orders: trade name, number of flags, last activity, rating average (all time). */
export const POINT_SORTS = ["nome", "sinalizacoes", "atividade", "avaliacao"] as const;
export type PointSort = (typeof POINT_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Below this 30-day rating average a point is flagged (avaliacao-baixa). */
export const LOW_RATING = 3.5;
export const RATING_DAYS = 30;
export const IDLE_DAYS = 14;

export const PointFlagField = oneOf(POINT_FLAGS);

export const PointSummary = obj({
  IdPontoAtendimento: str(),
  NomeFantasia: str(),
  RazaoSocial: str(),
  Cnpj: str(),
  Cidade: strOrNull(),
  Uf: strOrNull(),
  MediaAvaliacao: numOrNull("the average rating, 2 decimals; null with no rating"),
  QuantidadeAvaliacoes: int(),
  RetornosAbertos: int("service returns not concluded"),
  OrdensNoMes: int("this month's orders (Brasília), cancelled ones left out"),
  UltimaAtividade: strOrNull("the last booking, start or finish up to now (ISO instant; a future one never counts)"),
  MediaAvaliacao30Dias: numOrNull("the average rating of the last 30 days, 2 decimals; null with none"),
  AvaliacoesRecentes: int("ratings of the last 30 days"),
  AprovacoesPendentes: int("linked services awaiting the central's decision"),
  RepassesDevidos: int("payouts not paid yet"),
  ValorDevido: num("their sum (BRL)"),
  DadosPagamentoAlteradosEm: strOrNull(
    "an unconfirmed change of payment data in the last 7 days, or to a natural person not yet confirmed twice (ISO instant); else null",
  ),
  Sinalizacoes: Type.Array(PointFlagField, { description: "the flags that ask for attention, in POINT_FLAGS order" }),
});

/** The points list's filter and order; each value is checked by the handler (400 with a pt-BR message otherwise). */
export const PointsQuery = Type.Object({
  sinal: Type.Optional(Type.String({ maxLength: 40, description: `only points with this flag: ${POINT_FLAGS.join(", ")}` })),
  ordem: Type.Optional(Type.String({ maxLength: 40, description: `${POINT_SORTS.join(", ")} (default nome)` })),
  direcao: Type.Optional(
    Type.String({ maxLength: 10, description: "asc or desc; default asc for nome and avaliacao, desc for sinalizacoes and atividade" }),
  ),
});

export const PointRegistration = obj({
  IdPontoAtendimento: str(),
  NomeFantasia: str(),
  RazaoSocial: str(),
  Cnpj: str(),
  InscricaoEstadual: strOrNull(),
  Matricula: strOrNull(),
  QuantidadeElevadores: int("lifts: bookings at one time"),
  Cep: strOrNull(),
  Endereco: strOrNull(),
  Complemento: strOrNull(),
  Bairro: strOrNull(),
  Cidade: strOrNull(),
  Uf: strOrNull(),
});

/** The payee's fields the review sets side by side (src/domain/payee.ts PAYEE_DIFF_FIELDS). */
export const PAYEE_DIFF_FIELDS = [
  "RazaoSocial",
  "Cnpj",
  "Banco",
  "NumeroAgencia",
  "NumeroConta",
  "TipoConta",
  "TipoChavePix",
  "ChavePix",
  "NomeTitular",
  "DocumentoTitular",
] as const;

/** Where the review's "before" comes from. */
export const PAYEE_BEFORE_SOURCES = ["confirmado", "original", "pago"] as const;

/** One payee field before and after the change under review, unmasked (the central pays it). */
export const PayeeDiffRow = obj({
  Campo: oneOf(PAYEE_DIFF_FIELDS, "the field: the account's when either side has a value; RazaoSocial and Cnpj only when changed"),
  Antes: strOrNull("its value before (see AnteriorOrigem); null: none or unknown"),
  Depois: strOrNull("its value now"),
  Alterado: bool("the values differ (false when the before is unknown)"),
});

/** The first of the two confirmations a natural-person payee needs. */
export const FirstConfirmation = obj({
  Usuario: str("the central user's name"),
  DataHora: str("ISO instant: sent back as the second confirmation's primeiraConfirmacaoEm"),
  Sua: bool("made by the user asking: the second must be another user's"),
});

/** The point's payment data now, and whether its payouts are held. */
export const PayeeReview = obj({
  ...Payee.properties,
  Retido: bool("its payouts are held back"),
  MotivoRetencao: strOrNull("why, in pt-BR; null when not held"),
  AlteradoEm: strOrNull("the change to confirm (ISO instant): sent back as the confirmation's alteradoEm"),
  ConfirmadoEm: strOrNull("the central's last confirmation (ISO instant)"),
  AlteradoPor: strOrNull("the point user who made the last change of payment data; null when not recorded"),
  Anterior: Type.Union([Payee, Type.Null()], { description: "the payee before the change (unmasked; see AnteriorOrigem)" }),
  AnteriorOrigem: oneOfOrNull(
    PAYEE_BEFORE_SOURCES,
    "confirmado: as the central last confirmed it (at AnteriorEm); original: as it was before the point's first change; " +
      "pago: what its payouts were last paid to (at AnteriorEm); null: no data before is known",
  ),
  AnteriorEm: strOrNull("when the before was confirmed or paid (ISO instant); null for original or unknown"),
  Comparacao: Type.Array(PayeeDiffRow, { description: "the payee field by field, before and after, in the review's order" }),
  TitularPessoaFisica: bool("the holder is a natural person: a CPF holder or a PIX key of type CPF"),
  TitularEhOPonto: bool("the holder's document is the point's own CNPJ"),
  ConfirmacoesNecessarias: int("1, or 2 (by two different central users) when the holder is a natural person"),
  PrimeiraConfirmacao: Type.Union([FirstConfirmation, Type.Null()], {
    description: "the first of two confirmations of this change, when made; null otherwise",
  }),
  Telefone: strOrNull("the point's phone to call before confirming: its principal user's, as registered; null when none"),
  TelefoneContato: strOrNull("whose phone it is (the principal user's name)"),
  TelefoneAlteradoEm: strOrNull("that phone's last change in the record, when in the last 30 days (ISO instant); else null"),
});

/** What the user confirms: the change and the first confirmation they saw (a change or a confirmation since: 409). */
export const ConfirmPayeeBody = Type.Object({
  alteradoEm: Type.String({ maxLength: 40, description: "the review's AlteradoEm" }),
  primeiraConfirmacaoEm: Type.Optional(
    Type.Unsafe<string | null>({
      type: ["string", "null"],
      maxLength: 40,
      description: "the review's PrimeiraConfirmacao.DataHora; null or absent when it showed none",
    }),
  ),
});

export const ConfirmPayeeAnswer = obj({
  success: literal(true),
  message: str("pt-BR text for the user"),
  Liberado: bool("the payouts are released; false after the first of two confirmations"),
});

export const HistoryEntry = obj({
  Acao: str("aprovar, recusar, pagar, desfazer-pagamento, primeira-confirmacao-dados-pagamento or confirmar-dados-pagamento …"),
  Usuario: str("the central user's name"),
  DataHora: str("ISO instant"),
  ValorAnterior: strOrNull("the status before (P/A/R for approvals, N/S for payouts)"),
  ValorNovo: strOrNull("the status after"),
  Observacao: strOrNull("the rejection note, or the payment's date"),
});

const pointNotFound = { 404: "an unknown point" } as const;

export const listPoints = defineRoute({
  method: "GET",
  url: "/central/pontos",
  summary: "Every point with its figures and flags (by trade name unless sorted), optionally only the points with one flag.",
  access: "central",
  querystring: PointsQuery,
  response: { 200: obj({ data: list(PointSummary) }) },
  errors: { 400: "an unknown flag, sort or direction" },
});

export const getPoint = defineRoute({
  method: "GET",
  url: "/central/pontos/:id",
  summary: "One point's registration data.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: PointRegistration }) },
  errors: pointNotFound,
});

export const getPayee = defineRoute({
  method: "GET",
  url: "/central/pontos/:id/dados-pagamento",
  summary: "What the point's payouts go to now, and whether they are held: what the central checks before confirming.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: PayeeReview }) },
  errors: pointNotFound,
});

export const confirmPayee = defineRoute({
  method: "POST",
  url: "/central/pontos/:id/confirmar-dados-pagamento",
  summary:
    "Confirms the point's new payment data as the user saw it (alteradoEm), so its held payouts can be paid; a natural-person " +
    "holder needs two confirmations by different central users (the first keeps them held); each recorded.",
  access: "central",
  params: IdParams,
  body: ConfirmPayeeBody,
  response: { 200: ConfirmPayeeAnswer },
  errors: {
    ...pointNotFound,
    403: "a central user without permission to pay",
    409:
      "no bank data, nothing to confirm, the data changed since alteradoEm, a confirmation was made since the one seen, or the " +
      "same user confirming twice",
  },
});

/** One of the point's users as the central sees them (read only). */
export const PointTeamMember = obj({
  IdPontoAtendimentoUsuario: str(),
  Nome: str(),
  Email: str(),
  Telefone: strOrNull(),
  Cargo: str("the user's type (Administrador, Atendente …)"),
  Administrador: bool(),
  Ativo: bool(),
  Principal: bool("the point's oldest account: always active, always an administrator"),
});

/** A bank/PIX record of the point, masked: the last characters of the account, key and document only. */
export const MaskedBankAccount = obj({
  IdDadoBancario: str(),
  Selecionado: bool("the account that receives the payouts"),
  TipoPagamento: oneOf(["PIX", "TRANSFERENCIA"]),
  TipoChavePix: strOrNull("CPF, CNPJ, EMAIL, TELEFONE or CHAVE_ALEATORIA"),
  ChavePix: strOrNull("masked: ab•••@example.com, •••.456.789-••, (••) •••••-4321, 1a2b…9f0e"),
  Banco: strOrNull(),
  NumeroAgencia: strOrNull(),
  NumeroConta: strOrNull("masked: •••• 1234"),
  TipoConta: strOrNull("CORRENTE or POUPANCA"),
  NomeTitular: str(),
  DocumentoTitular: strOrNull("masked like a PIX key of its kind"),
  CriadoEm: str("ISO instant"),
});

/** One of the point's latest orders. */
export const PointOrder = obj({
  IdSocioVeiculoAgenda: str(),
  NumeroOS: int(),
  DataAgendamento: str("yyyy-MM-dd"),
  HoraAgendamento: str("HH:mm"),
  Placa: str(),
  Situacao: oneOf(["PENDENTE", "EM ANDAMENTO", "CONCLUÍDO", "CANCELADO"]),
  ServicosPendentes: int("its linked services awaiting approval"),
  ValorRepasse: numOrNull("its payouts' sum (BRL); null before it is concluded"),
  Pago: oneOfOrNull(["S", "N", "PARCIAL"], "whether its payouts are paid; null with none"),
});

export const PointPage = obj({
  Ponto: PointSummary,
  Cadastro: PointRegistration,
  Equipe: list(PointTeamMember),
  DadosBancarios: list(MaskedBankAccount),
  Retido: bool("its unpaid payouts are held back"),
  MotivoRetencao: strOrNull("why, in pt-BR"),
  Ordens: Type.Array(PointOrder, { description: "the latest 20 orders by appointment date, newest first" }),
});

export const getPointPage = defineRoute({
  method: "GET",
  url: "/central/pontos/:id/pagina",
  summary: "One point's page: its figures and flags, registration, team (read only), masked bank data, hold and latest orders.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: PointPage }) },
  errors: pointNotFound,
});

export const getHistory = defineRoute({
  method: "GET",
  url: "/central/historico/:id",
  summary: "The central's actions on a linked service or a payout, newest first (a non-uuid id: none).",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: list(HistoryEntry) }) },
});

export type PointSummary = Static<typeof PointSummary>;
export type PointRegistration = Static<typeof PointRegistration>;
export type PayeeReview = Static<typeof PayeeReview>;
export type PayeeDiffRow = Static<typeof PayeeDiffRow>;
export type HistoryEntry = Static<typeof HistoryEntry>;
export type PointsFilter = Static<typeof PointsQuery>;
export type PointTeamMember = Static<typeof PointTeamMember>;
export type MaskedBankAccount = Static<typeof MaskedBankAccount>;
export type PointOrder = Static<typeof PointOrder>;
export type PointPage = Static<typeof PointPage>;
