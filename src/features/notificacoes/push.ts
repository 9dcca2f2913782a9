// This device's Web Push subscription: what the browser allows, subscribing with the server's VAPID key and handing the
// subscription to the server, and undoing it. The service worker (public/push-handler.js) shows what arrives (main thread).
import { NOTIFICATIONS_MSG } from "../../config/messages/notifications.pt-BR";
import { getPushKey, subscribePush, unsubscribePush } from "./api/notificacoes";

/** on: subscribed here; off: not yet; blocked: the user refused in the browser; unavailable: no push in this browser or app. */
export type PushState = "on" | "off" | "blocked" | "unavailable";

/** How long to wait for the service worker (absent in development, or while the app installs). */
const WORKER_WAIT_MS = 5_000;

const supported = () =>
  typeof navigator !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** A base64url VAPID key as the bytes pushManager.subscribe takes. */
function keyBytes(key: string) {
  const base64 = key
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(key.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

async function save(sub: PushSubscription): Promise<string | null> {
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return NOTIFICATIONS_MSG.notifications.push.saveFailed;
  const res = await subscribePush({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
  return res.ok ? null : (res.message ?? NOTIFICATIONS_MSG.notifications.push.saveFailed);
}

/** The state now; a subscription already here is handed to the server again (it belongs to whoever is signed in). */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unavailable";
  if (Notification.permission === "denied") return "blocked";
  const reg = await registration();
  if (!reg) return "unavailable";
  const sub = await reg.pushManager.getSubscription();
  if (!sub || Notification.permission !== "granted") return "off";
  return (await save(sub)) ? "off" : "on";
}

/** Asks the permission, subscribes and tells the server; the message says why it did not work. */
export async function enablePush(): Promise<{ state: PushState; error?: string }> {
  if (!supported()) return { state: "unavailable" };
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { state: "blocked" };
  if (permission !== "granted") return { state: "off" };
  const reg = await registration();
  if (!reg) return { state: "unavailable" };
  const key = await getPushKey();
  if (!key.ok) return { state: "off", error: key.message ?? NOTIFICATIONS_MSG.notifications.push.saveFailed };
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.data.chavePublica) });
  } catch {
    // No push service reachable (offline, a browser without one) or the browser refused: nothing was subscribed.
    return { state: "off", error: NOTIFICATIONS_MSG.notifications.push.failed };
  }
  const error = await save(sub);
  if (error) {
    await sub.unsubscribe().catch(() => undefined);
    return { state: "off", error };
  }
  return { state: "on" };
}

/** Unsubscribes this device, here and on the server. */
export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await unsubscribePush(sub.endpoint);
    await sub.unsubscribe().catch(() => undefined);
  }
  return "off";
}
