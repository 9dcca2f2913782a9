// /notificacoes: the signed-in user's notifications (the central's decisions and payments, a colleague's service return), paged,
// read state per user, and this device's Web Push subscription (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { isUuid } from "../db/rows.ts";
import { badRequest } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/notificacoes.ts";
import { markRead, notificationPage } from "../repositories/notifications.ts";
import { deleteSubscription, saveSubscription } from "../repositories/push-subscriptions.ts";
import { pushEndpointAllowed, validPushKey, vapidKeys } from "../services/push.ts";

/** base64url of exactly `bytes` bytes (a P-256 public key is 65 bytes starting with 4, an auth secret 16). */
function base64urlBytes(text: string, bytes: number) {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const raw = Buffer.from(text, "base64url");
  return raw.length === bytes ? raw : null;
}

export async function notificacoesRoutes(plain: FastifyInstance, { db, config }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.listNotices.url, { schema: schemaOf(C.listNotices) }, async (request) => {
    const { antes, limite } = request.query;
    const limit = Math.min(Number(limite ?? C.NOTIFICACOES_POR_PAGINA), C.NOTIFICACOES_POR_PAGINA);
    return notificationPage(db, request.auth, antes === undefined ? undefined : Number(antes), limit);
  });

  app.post(C.markNoticesRead.url, { schema: schemaOf(C.markNoticesRead) }, async (request) => {
    const ids = request.body.ids.filter(isUuid);
    if (ids.length > 0) await markRead(db, request.auth, ids);
    return { success: true as const, message: "Notificações marcadas como lidas." };
  });

  app.post(C.markAllNoticesRead.url, { schema: schemaOf(C.markAllNoticesRead) }, async (request) => {
    await markRead(db, request.auth, "all");
    return { success: true as const, message: "Todas as notificações foram marcadas como lidas." };
  });

  app.get(C.pushKey.url, { schema: schemaOf(C.pushKey) }, async () => ({ chavePublica: (await vapidKeys(db, config)).publicKey }));

  app.post(C.subscribePush.url, { schema: schemaOf(C.subscribePush) }, async (request) => {
    const { endpoint, keys } = request.body;
    if (!pushEndpointAllowed(endpoint.trim(), config))
      throw badRequest("Endereço de inscrição inválido: use o endereço https de um serviço de push de navegador.");
    const p256dh = base64urlBytes(keys.p256dh, 65);
    const auth = base64urlBytes(keys.auth, 16);
    if (!p256dh || !validPushKey(p256dh) || !auth) throw badRequest("Chaves da inscrição inválidas.");
    await saveSubscription(db, request.auth, endpoint.trim(), keys.p256dh, keys.auth);
    return { success: true as const, message: "Notificações ativadas neste aparelho." };
  });

  app.post(C.unsubscribePush.url, { schema: schemaOf(C.unsubscribePush) }, async (request) => {
    await deleteSubscription(db, request.auth.userId, request.body.endpoint.trim());
    return { success: true as const, message: "Notificações desativadas neste aparelho." };
  });
}
