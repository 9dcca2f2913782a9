// The execution routes of the contract: an order's initial and final video, its start and its finish (which writes the
// payouts) (schemas shared by server and client; the client imports types only).
import { Type } from "typebox";
import { MAX, Message, nonBlank, text, uuid } from "./fields.ts";
import { defineRoute } from "./route.ts";

const videoErrors = {
  404: "not found, another point's order, or a file this point did not upload",
  409: "the order is no longer open (concluded or cancelled, also when that lands during the call)",
} as const;

export const setInitialVideo = defineRoute({
  method: "POST",
  url: "/agendamentos/atualizar-video-inicial",
  summary: "Sets the open order's initial video (an upload of this point); the start needs it.",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgenda: uuid, videoInicial: nonBlank(MAX.file) }),
  response: { 200: Message },
  errors: videoErrors,
});

export const setFinalVideo = defineRoute({
  method: "POST",
  url: "/agendamentos/atualizar-video-final",
  summary: "Sets the open order's final video (an upload of this point); the finish needs it.",
  access: "point",
  body: Type.Object({ idSocioVeiculoAgenda: uuid, videoFinal: nonBlank(MAX.file) }),
  response: { 200: Message },
  errors: videoErrors,
});

export const startOrder = defineRoute({
  method: "POST",
  url: "/agendamentos/iniciar",
  summary: "Starts a pending order that has its initial video (EM ANDAMENTO); a repeated start keeps the first start time.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgenda: uuid,
    /** The acting attendant, when not the token's user. */
    idPontoAtendimentoUsuario: Type.Optional(uuid),
    /** Sent by the original client; not read. */
    idSocio: Type.Optional(uuid),
    /** The start the attendant confirmed (dd/MM/yyyy or yyyy-MM-dd, and HH:mm Brasília); else the server's clock. */
    data: Type.Optional(text(MAX.short)),
    hora: Type.Optional(text(10)),
  }),
  response: { 200: Message },
  errors: {
    400: "no initial video yet",
    404: "another point's order, or an attendant who is not an active user of this point",
    409: "the order is not pending (cancelled, or concluded)",
  },
});

export const finishOrder = defineRoute({
  method: "POST",
  url: "/agendamentos/concluir",
  summary: "Concludes a started order with its final video and no service awaiting approval; one payout per approved service.",
  access: "point",
  body: Type.Object({
    idSocioVeiculoAgenda: uuid,
    /** The acting attendant, when not the token's user. */
    idPontoAtendimentoUsuario: Type.Optional(uuid),
    /** idSocio and data: sent by the clients; not read (the server's clock is the finish time). */
    idSocio: Type.Optional(uuid),
    data: Type.Optional(text(MAX.date)),
    /** Who received the vehicle back. */
    responsavel: Type.Optional(text(MAX.name)),
    observacao: Type.Optional(text(MAX.note)),
    km: Type.Optional(text(MAX.short)),
  }),
  response: { 200: Message },
  errors: {
    400: "no final video yet",
    404: "another point's order, or an attendant who is not an active user of this point",
    409: "a cancelled order, an order not started, or services awaiting the central's approval",
  },
});
