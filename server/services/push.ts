// Web Push of new notifications to the point users' subscribed devices, VAPID-signed and encrypted by web-push, sent after
// the change's transaction committed and never awaited by the request: a failure is logged, a subscription the push
// service calls gone (404/410) is deleted (server only).
import webpush from "web-push";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { forAdministratorsOnly, notificationsByIds, type NotificationRow } from "../repositories/notifications.ts";
import { deleteSubscriptionById, pointSubscriptions, sharedKey, type PushSubscriptionRow } from "../repositories/push-subscriptions.ts";

export interface PushDeps {
  db: Db;
  config: ServerConfig;
  log: Pick<FastifyBaseLogger, "warn">;
}

type VapidKeys = { publicKey: string; privateKey: string };

/** A push service that does not answer within this is given up on (the notification stays in the inbox). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_S = 24 * 60 * 60;

const generated = new WeakMap<Db, Promise<VapidKeys>>();

/** The VAPID pair: the environment's, or one generated once and kept in the database (every instance then signs alike). */
export function vapidKeys(db: Db, config: ServerConfig): Promise<VapidKeys> {
  if (config.vapidKeys) return Promise.resolve(config.vapidKeys);
  let keys = generated.get(db);
  if (!keys) {
    keys = sharedKey<VapidKeys>(db, "vapid", () => webpush.generateVAPIDKeys());
    keys.catch(() => generated.delete(db));
    generated.set(db, keys);
  }
  return keys;
}

/**
 * Where the server may send a push: an https address of a named host (no IP literal, no localhost: the server does not post
 * to its own network for a client), or an origin of config.pushTestOrigins (the tests' local push service).
 */
export function pushEndpointAllowed(endpoint: string, config: Pick<ServerConfig, "pushTestOrigins">) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (config.pushTestOrigins.includes(url.origin)) return true;
  const host = url.hostname;
  const literal = /^[\d.]+$/.test(host) || host.startsWith("[") || host === "localhost" || host.endsWith(".localhost");
  return url.protocol === "https:" && !literal && !url.username && !url.password;
}

/** What the service worker shows (public/push-handler.js): title, body and the screen a click opens. */
export const pushPayload = (n: NotificationRow) =>
  JSON.stringify({
    title: n.title.slice(0, 200),
    body: n.body.slice(0, 1000),
    url: n.appointmentId ? `/execucao-os/${n.appointmentId}` : "/notificacoes",
    tag: n.id,
  });

async function deliver(deps: PushDeps, keys: VapidKeys, sub: PushSubscriptionRow, payload: string) {
  if (!pushEndpointAllowed(sub.endpoint, deps.config)) return;
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    vapidDetails: { subject: deps.config.vapidSubject, ...keys },
    TTL: PUSH_TTL_S,
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  const res = await fetch(details.endpoint, {
    method: "POST",
    headers,
    body: details.body ? new Uint8Array(details.body) : undefined,
    // A push service never redirects; following one would let a subscription point the server anywhere.
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) await deleteSubscriptionById(deps.db, sub.id);
  else if (!res.ok) deps.log.warn({ status: res.status, subscription: sub.id }, "push not accepted by the push service");
}

/** Sends each notification to its point's subscribed devices (not the author's); every delivery settles, none throws. */
export async function sendPushes(deps: PushDeps, ids: string[]) {
  if (ids.length === 0) return;
  const list = await notificationsByIds(deps.db, ids);
  const keys = await vapidKeys(deps.db, deps.config);
  for (const n of list) {
    const subs = await pointSubscriptions(deps.db, n.servicePointId, n.actorUserId, forAdministratorsOnly(n.kind));
    const payload = pushPayload(n);
    const results = await Promise.allSettled(subs.map((s) => deliver(deps, keys, s, payload)));
    for (const r of results)
      if (r.status === "rejected") deps.log.warn({ err: (r.reason as Error)?.message, notification: n.id }, "push not delivered");
  }
}

/** After the commit: starts the pushes without making the request wait or fail. */
export function pushAfterCommit(deps: PushDeps, ids: string[]) {
  if (ids.length === 0) return;
  void sendPushes(deps, ids).catch((err: Error) => deps.log.warn({ err: err.message }, "push not sent"));
}
