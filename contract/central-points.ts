// The Central console's points (/central/pontos): every point with its figures, one point's registration, its payment data
// to check and confirm, and the history of the central's actions on an item (schemas shared by server and client; the client
// imports types only).
import { Type, type Static } from "typebox";
import { bool, Done, int, list, numOrNull, obj, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { IdParams } from "./central-approvals.ts";
import { Payee } from "./central-payments.ts";

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
  UltimaAtividade: strOrNull("the last booking, start or finish (ISO instant)"),
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

/** The point's payment data now, and whether its payouts are held. */
export const PayeeReview = obj({
  ...Payee.properties,
  Retido: bool("its payouts are held back"),
  MotivoRetencao: strOrNull("why, in pt-BR; null when not held"),
  AlteradoEm: strOrNull("the change to confirm (ISO instant): sent back as the confirmation's alteradoEm"),
  ConfirmadoEm: strOrNull("the central's last confirmation (ISO instant)"),
});

export const HistoryEntry = obj({
  Acao: str("aprovar, recusar, pagar or desfazer-pagamento"),
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
  summary: "Every point by trade name, with its ratings, open returns, this month's orders and last activity.",
  access: "central",
  response: { 200: obj({ data: list(PointSummary) }) },
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
  summary: "Confirms the point's new payment data as the user saw it (alteradoEm), so its held payouts can be paid; recorded.",
  access: "central",
  params: IdParams,
  body: Type.Object({ alteradoEm: Type.String({ maxLength: 40 }) }),
  response: { 200: Done },
  errors: { ...pointNotFound, 409: "no bank data, nothing to confirm, or the data changed since alteradoEm" },
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
export type HistoryEntry = Static<typeof HistoryEntry>;
