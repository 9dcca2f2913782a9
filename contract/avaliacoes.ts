// The /avaliacoes routes of the contract: the average and the list of the point's ratings by its members (schemas shared by
// server and client; the client imports types only).
import type { Static } from "typebox";
import { int, intOrNull, list, num, obj, params, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

export const MediaAvaliacoes = obj({
  MediaNotas: num("the average score (1 to 5), two decimals; 0 with no ratings"),
  TotalAvaliacoes: int(),
});

/** One rating of an order by its member, with the vehicle. */
export const Avaliacao = obj({
  IdPontoAtendimento: str(),
  IdSocioVeiculoAgenda: str(),
  NumeroOS: int(),
  Nota: int("the score, 1 to 5"),
  Observacoes: strOrNull("the member's comment"),
  DataLog: str("when it was rated: PostgreSQL's timestamptz text, e.g. '2025-11-18 17:05:56.743+00'"),
  AnoVeiculo: intOrNull(),
  PlacaVeiculo: str(),
  MarcaVeiculo: str(),
  ModeloVeiculo: str(),
  Cliente: str("the member's name"),
});

export const getRatingAverage = defineRoute({
  method: "GET",
  url: "/avaliacoes/get-average/:idPontoAtendimento",
  summary: "The point's average score and how many ratings it has.",
  access: "point",
  params: params("idPontoAtendimento"),
  response: { 200: MediaAvaliacoes },
  errors: { 404: "another point's id" },
});

export const listRatings = defineRoute({
  method: "GET",
  url: "/avaliacoes/get-all/:idPontoAtendimento",
  summary: "The point's ratings, newest first.",
  access: "point",
  params: params("idPontoAtendimento"),
  response: { 200: list(Avaliacao) },
  errors: { 404: "another point's id" },
});

export type MediaAvaliacoes = Static<typeof MediaAvaliacoes>;
export type Avaliacao = Static<typeof Avaliacao>;
