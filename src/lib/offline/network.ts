// Whether the portal API can be reached right now (main thread): the browser's own online/offline state, plus a failed request
// confirmed by a probe (one bar of signal: the phone says "online" while nothing gets through). Drives TanStack Query's
// onlineManager, so queries pause instead of failing and refetch the moment the network is back, and `useOnline()`.
import { useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";
import { apiUrl } from "../api-client";

/** While the API is unreachable, how often a probe checks whether it came back (the 'online' event also triggers one). */
export const PROBE_INTERVAL_MS = 10_000;

let browserOnline = typeof navigator === "undefined" ? true : navigator.onLine !== false;
let reachable = true;
let probing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

export const isOnline = () => browserOnline && reachable;

function emit() {
  for (const l of listeners) l();
}

function setReachable(next: boolean) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = next || !browserOnline ? null : setTimeout(() => void probe(), PROBE_INTERVAL_MS);
  if (next === reachable) return;
  reachable = next;
  emit();
}

/** Any HTTP answer, even an error status, means the server is reachable; only a network failure means it is not. */
async function probe(): Promise<void> {
  probing ??= (async () => {
    try {
      await fetch(apiUrl("/"), { method: "HEAD", cache: "no-store", credentials: "omit" });
      setReachable(true);
    } catch {
      setReachable(false);
    } finally {
      probing = null;
    }
  })();
  return probing;
}

/** A request failed: when it was the network (not the server's answer), the app switches to its offline state. */
export function reportRequestFailure(): void {
  if (browserOnline) void probe();
}

/** A request got an answer: the server is reachable. */
export function reportRequestSuccess(): void {
  if (!reachable) setReachable(true);
}

let started = false;
/** Listens to the browser's online/offline events and hands the combined state to TanStack Query (once per tab). */
export function startNetworkWatch(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("offline", () => {
    browserOnline = false;
    setReachable(reachable);
    emit();
  });
  window.addEventListener("online", () => {
    browserOnline = true;
    emit();
    // The phone has a network again; whether the API answers is checked before the app leaves its offline state.
    if (!reachable) void probe();
  });
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(isOnline());
    listeners.add(update);
    update();
    return () => listeners.delete(update);
  });
}

export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the API can be reached; false offline or while requests fail with a network error. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
