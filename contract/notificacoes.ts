// The /notificacoes routes of the contract: the signed-in user's notifications (the central's decisions and payments, a
// return a colleague registered), newest first and paged, read state per user, and this device's Web Push subscription
// (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { bool, Done, int, intOrNull, list, MAX, nonBlank, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

/**
 * What a notification tells: a service approved or refused, that decision taken back by the central within seconds
 * (decisao-desfeita: the service awaits approval again), a payment made or undone, a service return registered or changed,
 * the point's payouts held because its payment data changed (retido) and released by the central's confirmation (liberado),
 * a member's rating of an order through the follow link (avaliacao).
 */
export const TIPOS_NOTIFICACAO = [
  "aprovado",
  "recusado",
  "decisao-desfeita",
  "pago",
  "pagamento-desfeito",
  "retorno",
  "retido",
  "liberado",
  "avaliacao",
] as const;

/** Kinds only the point's administrators are shown (and pushed): about its payment data, which only they see. */
export const TIPOS_SO_ADMINISTRADORES = ["retido", "liberado"] as const satisfies readonly (typeof TIPOS_NOTIFICACAO)[number][];

/** How many notifications one page brings at most (and by default). */
export const NOTIFICACOES_POR_PAGINA = 50;

export const Notificacao = obj({
  IdNotificacao: str(),
  Tipo: oneOf(TIPOS_NOTIFICACAO, "aprovado, recusado, decisao-desfeita, pago, pagamento-desfeito, retorno, retido, liberado or avaliacao"),
  Titulo: str(),
  Conteudo: str(),
  Motivo: strOrNull("the central's refusal note, a return's status reason; null when none"),
  Autor: strOrNull("who did it: the central user's or the point user's name"),
  IdSocioVeiculoAgenda: strOrNull("the order it is about; null for a payment of several orders"),
  NumeroOS: intOrNull("that order's number"),
  DataHora: str("when it was written (ISO instant)"),
  Lida: bool("read by this user"),
});

export const NotificationPage = obj({
  data: list(Notificacao),
  naoLidas: int("this user's unread notifications (all pages)"),
  proxima: strOrNull("the cursor of the next (older) page, to pass as `antes`; null on the last page"),
});

export const listNotices = defineRoute({
  method: "GET",
  url: "/notificacoes",
  summary: "The user's notifications of the last 90 days, newest first, paged, each with its read state for this user.",
  access: "point",
  querystring: Type.Object({
    /** The `proxima` cursor of the page before. */
    antes: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,17}$" })),
    /** Notifications per page, 1 to 50 (default 50). */
    limite: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d?$" })),
  }),
  response: { 200: NotificationPage },
});

export const markNoticesRead = defineRoute({
  method: "POST",
  url: "/notificacoes/lidas",
  summary: "Marks notifications read for this user (ids that are not the point's, or not ids, change nothing).",
  access: "point",
  body: Type.Object({ ids: Type.Array(Type.String({ maxLength: 36 }), { maxItems: 100 }) }),
  response: { 200: Done },
});

export const markAllNoticesRead = defineRoute({
  method: "POST",
  url: "/notificacoes/lidas/todas",
  summary: "Marks every notification of this user read ('Marcar todas como lidas').",
  access: "point",
  response: { 200: Done },
});

export const pushKey = defineRoute({
  method: "GET",
  url: "/notificacoes/push/chave",
  summary: "The server's VAPID public key, for the browser's pushManager.subscribe (applicationServerKey).",
  access: "point",
  response: { 200: obj({ chavePublica: str("the VAPID public key, base64url (an uncompressed P-256 point)") }) },
});

/** A subscription's endpoint: the push service's https address the browser gave. */
const endpoint = nonBlank(1000);

export const subscribePush = defineRoute({
  method: "POST",
  url: "/notificacoes/push/inscrever",
  summary: "Keeps this device's push subscription for the user (the same endpoint again replaces it, whoever had it).",
  access: "point",
  body: Type.Object({
    endpoint,
    keys: Type.Object({
      /** The browser's P-256 public key, base64url (65 bytes). */
      p256dh: Type.String({ maxLength: 100 }),
      /** The browser's auth secret, base64url (16 bytes). */
      auth: Type.String({ maxLength: 40 }),
    }),
  }),
  response: { 200: Done },
  errors: { 400: "an endpoint that is not an https address, or keys of the wrong size" },
});

export const unsubscribePush = defineRoute({
  method: "POST",
  url: "/notificacoes/push/remover",
  summary: "Deletes this user's subscription of that endpoint (anyone else's, or none: nothing changes).",
  access: "point",
  body: Type.Object({ endpoint }),
  response: { 200: Done },
});

export type TipoNotificacao = (typeof TIPOS_NOTIFICACAO)[number];
export type Notificacao = Static<typeof Notificacao>;
export type NotificationPage = Static<typeof NotificationPage>;
