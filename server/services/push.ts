// Web Push of new notifications to the point users' subscribed devices, VAPID-signed and encrypted by web-push, sent after
// the change's transaction committed and never awaited by the request: a failure is logged, a subscription the push
// service calls gone (404/410) is deleted (server only).
import { ECDH } from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
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
 * The push services browsers subscribe to (issue 50): Chrome, Edge on Android, Samsung and Opera (FCM), Firefox (Mozilla's
 * autopush), Safari (Apple) and Edge on Windows (WNS). A subscription names one of them, or its host a subdomain of one.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
] as const;

/**
 * Where the server may send a push: https on the default port to a push service's host (PUSH_SERVICE_HOSTS; a trailing dot,
 * an IP literal, a port or credentials are refused), or an origin of config.pushTestOrigins (the tests' local push service).
 * Each send then checks the addresses the host resolves to (pushLookup).
 */
export function pushEndpointAllowed(endpoint: string, config: Pick<ServerConfig, "pushTestOrigins">) {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (config.pushTestOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** A p256dh key a push can be encrypted to: an uncompressed point on P-256 (65 bytes, 0x04, x, y on the curve). */
export function validPushKey(key: Buffer) {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    // OpenSSL decodes the point and refuses one off the curve.
    ECDH.convertKey(key, "prime256v1");
    return true;
  } catch {
    return false;
  }
}

/**
 * Addresses a push never goes to: unspecified, loopback, private, shared (CGNAT), link-local (the cloud metadata service at
 * 169.254.169.254 and fd00:ec2::254 among them), documentation, benchmarking, multicast and reserved ranges, IPv4 embedded
 * in IPv6 (mapped, NAT64) and unique-local IPv6. node:net's BlockList holds the ranges.
 */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

export function publicAddress(address: string, family: number) {
  if (!net.isIP(address)) return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one; BlockList compares IPv4 with the IPv6 rules
  // in that mapped form, so the mapped range itself is not a rule.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return publicAddress(mapped, 4);
  if (/^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** A push host that resolves to an address no push may reach. */
export class PushAddressError extends Error {
  readonly code = "EPUSHADDRESS";
}

/**
 * The lookup of a push's connection: every address the host resolves to must be public, and the socket connects to the
 * address checked here (no second resolution between the check and the connection).
 */
export const pushLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err);
    const bad = addresses.find((a) => !publicAddress(a.address, a.family));
    if (bad || addresses.length === 0)
      return callback(new PushAddressError(`push host ${hostname} resolves to ${bad?.address ?? "nothing"}, not a public address`));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as net.LookupFunction;

/** One POST to the push service: no redirect followed, the connection to a checked address (test origins: as they are). */
function postPush(endpoint: string, headers: Record<string, string>, body: Buffer | undefined, checked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, ...(body ? { "content-length": String(body.length) } : {}) },
        ...(checked ? { lookup: pushLookup } : {}),
        // A socket of its own: a pooled one may have been opened to another host's address.
        agent: false,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
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
  // A push service never redirects (http.request follows none); a test's local service is not address-checked.
  const checked = !deps.config.pushTestOrigins.includes(new URL(details.endpoint).origin);
  const status = await postPush(details.endpoint, headers, details.body ?? undefined, checked);
  if (status === 404 || status === 410) await deleteSubscriptionById(deps.db, sub.id);
  else if (status < 200 || status > 299) deps.log.warn({ status, subscription: sub.id }, "push not accepted by the push service");
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
