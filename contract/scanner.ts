// The /scanner routes of the contract: a plate's member vehicle (and its open appointment) at the point, and the WhatsApp
// invitation for a plate that is not a member's (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { intOrNull, MAX, Message, obj, oneOfOrNull, params, str, strOrNull, text } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** A member's active vehicle by plate, with its latest open appointment at the point when it has one (else those fields are null). */
export const PlateLookup = obj({
  NomeSocio: str("the member's name"),
  IdSocio: str(),
  IdSocioVeiculoAgenda: strOrNull("the open appointment here; null: none"),
  IdSocioVeiculo: str(),
  IdPontoAtendimento: str(),
  DataAgendamento: strOrNull("dd/MM/yyyy"),
  HoraAgendamento: strOrNull("HH:mm"),
  StatusAgendamento: oneOfOrNull(["A"], "A (open) when an appointment was found"),
  NumeroOS: intOrNull(),
  AnoVeiculo: intOrNull(),
  PlacaVeiculo: str("as registered (old plates with their hyphen)"),
  LitragemVeiculo: strOrNull("engine size"),
  MarcaVeiculo: str(),
  ModeloVeiculo: str(),
  InicioExecucaoOS: strOrNull("when the order was started: PostgreSQL's timestamptz text; null: not started"),
});

export const findByPlate = defineRoute({
  method: "GET",
  url: "/scanner/get-agendamento-pontoatendimento-by-placa/:idPontoAtendimento/:placa",
  summary: "A member's vehicle by plate (with its latest open appointment here), or false for a plate that is none or not a member's.",
  access: "point",
  params: params("idPontoAtendimento", "placa"),
  response: {
    200: Type.Union([PlateLookup, Type.Literal(false)], { description: "false: not a plate, or not a member's active vehicle" }),
  },
  errors: { 404: "another point's id" },
});

export const sendInvite = defineRoute({
  method: "POST",
  url: "/scanner/enviar-convite",
  summary: "Keeps a WhatsApp invitation to the program for a phone and a plate in the outbox.",
  access: "point",
  body: Type.Object({
    /** As typed: digits with DDD, punctuation allowed; 55 is added to national numbers. */
    telefone: text(MAX.phone),
    placa: text(MAX.plate),
  }),
  response: { 200: Message },
  errors: { 400: "no phone, an invalid phone, or an invalid plate" },
});

export type PlateLookup = Static<typeof PlateLookup>;
