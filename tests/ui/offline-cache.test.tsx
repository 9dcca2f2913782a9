// Offline data in real Chromium (real IndexedDB): the agenda list and OS queries are stored per user and point with their fetch
// time, restored into a fresh cache, never restored for another owner (whose sign-in deletes them), dropped on sign-out and when
// older than a day; the notice shows the Brasília time of the oldest data on screen while offline.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider, onlineManager, useQuery } from "@tanstack/react-query";
import { openDB } from "idb";
import { OfflineNotice } from "../../src/app/offline-notice";
import {
  closeOfflineCache,
  flushOfflineCache,
  OFFLINE_DB,
  OFFLINE_MAX_AGE_MS,
  openOfflineCache,
  readOfflineRecord,
  setupOfflineCache,
  snapshot,
} from "../../src/lib/offline/persist";
import { isOnline } from "../../src/lib/offline/network";
import { dataTimeLabel } from "../../src/lib/offline/shown-data";

const A = { userId: "user-a", pointId: "point-1" };
const B = { userId: "user-b", pointId: "point-2" };
const listKey = ["agenda", "list", "point-1", "2025-05-01", "2025-05-31"];
const rowsA = [{ IdSocioVeiculoAgenda: "ag-1", Placa: "RFT4G56", NumeroOS: 1234 }];
const orderA = { agendamento: { IdSocioVeiculoAgenda: "ag-1", NumeroOS: 1234 } };

let client: QueryClient;
let root: Root | undefined;
let host: HTMLElement | undefined;
const fresh = () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setupOfflineCache(client);
  return client;
};
const allRecords = async () => {
  const db = await openDB(OFFLINE_DB);
  try {
    return await db.getAll("queries");
  } finally {
    db.close();
  }
};

beforeEach(async () => {
  fresh();
  await closeOfflineCache();
});
afterEach(async () => {
  // Back online while a provider is still mounted: TanStack's onlineManager only listens while a client is mounted.
  window.dispatchEvent(new Event("online"));
  await act(async () => root?.unmount());
  root = undefined;
  host?.remove();
});

describe("offline cache (IndexedDB)", () => {
  it("stores the agenda list and the OS queries of the signed-in owner with their fetch time, and nothing else", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: listKey, queryFn: async () => rowsA });
    await client.fetchQuery({ queryKey: ["order", "ag-1", "details"], queryFn: async () => orderA });
    await client.fetchQuery({ queryKey: ["bank-data", "list"], queryFn: async () => [{ secret: 1 }] });
    await flushOfflineCache();
    const record = await readOfflineRecord(A);
    expect(record?.owner).toBe("user-a@point-1");
    const keys = record!.state.queries.map((q) => q.queryKey);
    expect(keys).toEqual(expect.arrayContaining([listKey, ["order", "ag-1", "details"]]));
    expect(keys).not.toContainEqual(["bank-data", "list"]);
    const list = record!.state.queries.find((q) => q.queryKey[0] === "agenda")!;
    expect(list.state.data).toEqual(rowsA);
    expect(list.state.dataUpdatedAt).toBe(client.getQueryState(listKey)!.dataUpdatedAt);
  });

  it("restores the owner's data into a fresh cache (same fetch time) once offline, and keeps it when a refetch then fails", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: listKey, queryFn: async () => rowsA });
    const fetchedAt = client.getQueryState(listKey)!.dataUpdatedAt;
    await flushOfflineCache();

    fresh();
    await openOfflineCache(A);
    // Online, the stored copy waits: the screens ask the server first, so its errors are not hidden behind old data.
    expect(client.getQueryData(listKey)).toBeUndefined();
    window.dispatchEvent(new Event("offline"));
    expect(client.getQueryData(listKey)).toEqual(rowsA);
    expect(client.getQueryState(listKey)!.dataUpdatedAt).toBe(fetchedAt);
    await client.refetchQueries({ queryKey: listKey }).catch(() => undefined);
    // A failed refetch while offline: the stored copy keeps the data as a success.
    client
      .getQueryCache()
      .find({ queryKey: listKey })!
      .setState({ status: "error", error: new Error("rede") });
    expect(snapshot(client).queries.find((q) => q.queryKey[0] === "agenda")?.state).toMatchObject({ status: "success", data: rowsA });
  });

  it("keeps the restored data when the screen that was waiting for the server unmounts (its request still hanging)", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: ["order", "ag-1", "details"], queryFn: async () => orderA });
    await flushOfflineCache();

    fresh();
    await openOfflineCache(A);
    // One bar of signal: the screen opens and asks the server, whose answer never comes (the request honours its abort signal).
    const hanging = ({ signal }: { signal: AbortSignal }) =>
      new Promise<typeof orderA>((_, reject) => signal.addEventListener("abort", () => reject(new Error("abortado"))));
    function Screen() {
      const q = useQuery({ queryKey: ["order", "ag-1", "details"], queryFn: hanging });
      return <p>{q.data ? `OS #${q.data.agendamento.NumeroOS}` : "Carregando"}</p>;
    }
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>,
      ),
    );
    expect(host.textContent).toBe("Carregando");
    // The network is found lost: the stored copy is shown.
    await act(async () => void window.dispatchEvent(new Event("offline")));
    await expect.poll(() => host?.textContent).toBe("OS #1234");
    // The screen changes layout (its last observer leaves, then another mounts): the copy must stay, not revert to the
    // state from before the hanging request.
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <p>outra tela</p>
        </QueryClientProvider>,
      ),
    );
    expect(client.getQueryData(["order", "ag-1", "details"])).toEqual(orderA);
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>,
      ),
    );
    await expect.poll(() => host?.textContent).toBe("OS #1234");
    // Still there a moment later (a revert would come with the next render).
    await new Promise((r) => setTimeout(r, 200));
    expect(host.textContent).toBe("OS #1234");
  });

  it("another owner signing in never sees the data: memory emptied and the previous owner's record deleted", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: ["order", "ag-1", "details"], queryFn: async () => orderA });
    await flushOfflineCache();
    expect(await readOfflineRecord(A)).toBeDefined();

    await openOfflineCache(B);
    expect(client.getQueryData(["order", "ag-1", "details"])).toBeUndefined();
    expect(await readOfflineRecord(A)).toBeUndefined();
    await client.fetchQuery({
      queryKey: ["order", "ag-9", "details"],
      queryFn: async () => ({ agendamento: { IdSocioVeiculoAgenda: "ag-9" } }),
    });
    await flushOfflineCache();
    const records = await allRecords();
    expect(records.map((r) => r.owner)).toEqual(["user-b@point-2"]);
    expect(JSON.stringify(records)).not.toContain("RFT4G56");
    expect(JSON.stringify(records)).not.toContain("ag-1");
  });

  it("sign-out empties memory and the store; a write scheduled before it never lands", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: listKey, queryFn: async () => rowsA });
    await closeOfflineCache();
    await new Promise((r) => setTimeout(r, 500));
    expect(client.getQueryData(listKey)).toBeUndefined();
    expect(await allRecords()).toEqual([]);
  });

  it("data older than a day is not restored", async () => {
    await openOfflineCache(A);
    await client.fetchQuery({ queryKey: listKey, queryFn: async () => rowsA });
    await flushOfflineCache();
    const db = await openDB(OFFLINE_DB);
    const record = await db.get("queries", "user-a@point-1");
    record.state.queries[0].state.dataUpdatedAt = Date.now() - OFFLINE_MAX_AGE_MS - 60_000;
    await db.put("queries", record);
    db.close();
    fresh();
    await openOfflineCache(A);
    window.dispatchEvent(new Event("offline"));
    expect(client.getQueryData(listKey)).toBeUndefined();
  });
});

describe("offline notice", () => {
  it("labels the time in Brasília, with the day when it is not today", () => {
    const at = Date.parse("2025-05-12T17:32:00Z"); // 14:32 in Brasília
    expect(dataTimeLabel(at, new Date("2025-05-12T20:00:00Z"))).toBe("14:32");
    expect(dataTimeLabel(at, new Date("2025-05-13T20:00:00Z"))).toBe("12/05 14:32");
  });

  it("shows 'Sem conexão — dados de HH:MM' (oldest data on screen) while offline, and nothing once back online", async () => {
    const older = Date.now() - 3 * 60_000;
    client.setQueryData(["order", "x", "details"], orderA, { updatedAt: older });
    client.setQueryData(listKey, rowsA);
    function Screen() {
      useQuery({ queryKey: ["order", "x", "details"], queryFn: async () => orderA, enabled: false });
      useQuery({ queryKey: listKey, queryFn: async () => rowsA, enabled: false });
      return <OfflineNotice />;
    }
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>,
      ),
    );
    const notice = host.querySelector("[role=status]")!;
    expect(notice.textContent).toBe("");

    await act(async () => void window.dispatchEvent(new Event("offline")));
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    expect(notice.textContent).toBe(`Sem conexão — dados de ${dataTimeLabel(older)}`);

    // Back online: the notice goes (a failed request would first be confirmed by a probe of the API).
    await act(async () => void window.dispatchEvent(new Event("online")));
    const end = Date.now() + 5000;
    while (!isOnline() && Date.now() < end) await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(onlineManager.isOnline()).toBe(true);
    expect(notice.textContent).toBe("");
  });
});
