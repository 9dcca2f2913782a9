// The last agenda and OS data kept on the device for offline use (main thread): TanStack Query's own dehydrate/hydrate, stored in
// IndexedDB under the signed-in attendant and service point, each query with the time its data was fetched (dataUpdatedAt).
// One owner's record at a time: signing in as someone else or signing out deletes the previous one, and empties the memory cache,
// so data of one point is never shown to another user on the same phone.
import {
  dehydrate,
  hydrate,
  partialMatchKey,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { DBSchema, IDBPDatabase } from "idb";
import { isOnline, reportRequestFailure, reportRequestSuccess, startNetworkWatch, subscribeOnline } from "./network";
import { queryRoots } from "../query-keys";

export const OFFLINE_DB = "portal-offline-cache";
const STORE = "queries";
/** Data older than this is not restored (and the queries it came from are kept in memory this long, unobserved). */
export const OFFLINE_MAX_AGE_MS = 24 * 60 * 60_000;
/** The newest queries kept per owner: a day of agenda ranges and visited orders, a few hundred KB at most. */
export const OFFLINE_MAX_QUERIES = 120;
const WRITE_DELAY_MS = 300;

export interface CacheOwner {
  userId: string;
  pointId: string;
}
export interface OfflineRecord {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

interface OfflineDb extends DBSchema {
  queries: { key: string; value: OfflineRecord };
}

export const ownerKey = (o: CacheOwner) => `${o.userId}@${o.pointId}`;

/** The screens that work offline: the agenda list (one per point and range) and every query of the OS screen. */
export function isOfflineQuery(key: QueryKey): boolean {
  return partialMatchKey(key, queryRoots.agendaList) || partialMatchKey(key, queryRoots.order);
}

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;
function db(): Promise<IDBPDatabase<OfflineDb>> {
  // idb is fetched with the first read, after the first screen is drawn (the session opens the screens before it reads, see
  // openOfflineCache), so it stays out of the entry chunk.
  dbPromise ??= import("idb").then(({ openDB }) =>
    openDB<OfflineDb>(OFFLINE_DB, 1, {
      upgrade(d) {
        d.createObjectStore(STORE, { keyPath: "owner" });
      },
    }),
  );
  return dbPromise;
}

let client: QueryClient | null = null;
let active: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Writes and deletions run one after the other, so a deletion is never overtaken by a write scheduled before it. */
let chain: Promise<unknown> = Promise.resolve();
const queue = (task: () => Promise<unknown>) => {
  chain = chain.then(task).catch(() => undefined);
  return chain;
};

/** Only what was really fetched: queries with data, as a success (an offline failure after it does not make the data wrong). */
export function snapshot(queryClient: QueryClient, now = Date.now()): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (q: Query) =>
      isOfflineQuery(q.queryKey) && q.state.data !== undefined && now - q.state.dataUpdatedAt < OFFLINE_MAX_AGE_MS,
    shouldDehydrateMutation: () => false,
  });
  const queries = state.queries
    .map((q) => ({
      ...q,
      state: { ...q.state, status: "success" as const, error: null, fetchStatus: "idle" as const, fetchFailureReason: null },
    }))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, OFFLINE_MAX_QUERIES);
  return { mutations: [], queries };
}

function write(owner: string) {
  if (active !== owner || !client) return chain;
  const record: OfflineRecord = { owner, savedAt: Date.now(), state: snapshot(client) };
  return queue(async () => {
    if (active === owner) await (await db()).put(STORE, record);
  });
}

function schedule() {
  if (!active || !client || timer) return;
  const owner = active;
  timer = setTimeout(() => {
    timer = null;
    void write(owner);
  }, WRITE_DELAY_MS);
}

/** Writes a pending snapshot now (page hidden, tests). */
export async function flushOfflineCache(): Promise<void> {
  if (timer && active) {
    cancelWrite();
    await write(active);
  }
  await chain;
}

let uninstall: (() => void) | null = null;
let flushOnHide = false;
let offOnline: (() => void) | null = null;
/**
 * From the QueryClient set-up (once per tab; a later call moves to the new client): the agenda list and the OS queries stay in
 * memory a day (the persisted copy is a snapshot of memory), every fetched answer of them is written (debounced) for the
 * signed-in owner, and request outcomes feed the online state (a failure is confirmed by a probe).
 */
export function setupOfflineCache(queryClient: QueryClient): void {
  uninstall?.();
  cancelWrite();
  client = queryClient;
  active = null;
  queryClient.setQueryDefaults(queryRoots.agendaList, { gcTime: OFFLINE_MAX_AGE_MS });
  queryClient.setQueryDefaults(queryRoots.order, { gcTime: OFFLINE_MAX_AGE_MS });
  startNetworkWatch();
  offOnline ??= subscribeOnline(restorePending);
  if (!flushOnHide && typeof document !== "undefined") {
    flushOnHide = true;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") void flushOfflineCache();
    });
  }
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated") return;
    if (event.action.type === "success" && !event.action.manual) {
      reportRequestSuccess();
      if (isOfflineQuery(event.query.queryKey)) schedule();
    } else if (event.action.type === "error") reportRequestFailure();
  });
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") reportRequestFailure();
  });
  uninstall = () => {
    offQueries();
    offMutations();
  };
}

/** Reads the stored record of one owner (undefined when none); exposed for tests. */
export async function readOfflineRecord(owner: CacheOwner): Promise<OfflineRecord | undefined> {
  await chain;
  return (await db()).get(STORE, ownerKey(owner));
}

/**
 * Called before the session becomes authenticated: another owner's data leaves memory and the device, then this owner's last
 * data (not older than a day) goes back into the cache, so the screens open with it even without a network.
 */
export async function openOfflineCache(owner: CacheOwner): Promise<void> {
  const key = ownerKey(owner);
  if (active !== key) {
    pending = null;
    cancelWrite();
    client?.clear();
  }
  active = key;
  try {
    const record = (await queue(async () => {
      const store = await db();
      const keys = await store.getAllKeys(STORE);
      await Promise.all(keys.filter((k) => k !== key).map((k) => store.delete(STORE, k)));
      return store.get(STORE, key);
    })) as OfflineRecord | undefined;
    if (!record || active !== key || !client) return;
    const now = Date.now();
    pending = record.state.queries.filter((q) => now - q.state.dataUpdatedAt < OFFLINE_MAX_AGE_MS);
    restorePending();
  } catch {
    // No IndexedDB (private mode, quota): the app works online as before.
  }
}

/**
 * The stored data waits until the network is lost (or the app opened offline): online, the screens ask the server first, so a
 * server error is shown as such and never hidden behind a day-old copy. hydrate keeps whatever is fresher in memory.
 */
let pending: DehydratedState["queries"] | null = null;
function restorePending() {
  if (!pending || !client || isOnline()) return;
  const queries = pending;
  pending = null;
  // A screen may already be waiting for these queries (a request hanging on one bar of signal). That fetch is cancelled first,
  // back to its idle state: left running, TanStack Query would revert the query to its pre-fetch state (no data) as soon as the
  // screen's last observer unmounts, erasing the copy hydrated here. The screens refetch when the network is back.
  const restored = new Set(queries.map((q) => q.queryHash));
  void client.cancelQueries({
    predicate: (q) => restored.has(q.queryHash) && q.state.data === undefined && q.state.fetchStatus !== "idle",
  });
  hydrate(client, { mutations: [], queries });
}

function cancelWrite() {
  if (timer) clearTimeout(timer);
  timer = null;
}

/** Sign-out: nothing more is written, the memory cache is emptied and every stored record is deleted. */
export async function closeOfflineCache(): Promise<void> {
  active = null;
  pending = null;
  cancelWrite();
  client?.clear();
  await queue(async () => (await db()).clear(STORE));
}
