// The whole outbox path in real Chromium: save -> compress (image worker) -> upload (upload worker, under the tab lock) -> attach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, demoSession } from "./helpers";
import { noisePng } from "../support/media-fixtures";
import { bus } from "../../src/lib/bus";
import { addToOutbox, listOutbox, startOutboxWorker, stopOutboxWorker } from "../../src/lib/outbox/outbox-bridge";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import type { OutboxEvent } from "../../workers/outbox/process";

let token = "";
let appointment = "";

beforeAll(async () => {
  const demo = await demoSession();
  ({ token, appointment } = demo);
  setOutboxSession({ token, owner: { userId: demo.userId, pointId: demo.pointId } });
});
afterAll(() => {
  stopOutboxWorker();
  setOutboxSession(null);
});

describe("upload bridge", () => {
  it("saves, compresses, uploads and attaches a 3 MB photo, reporting each state, even when chosen before the queue started", async () => {
    const file = await noisePng(1000, 1000);
    expect(file.size).toBeGreaterThan(2 * 1024 * 1024);
    // Every job's states by id: the id is known only once the queue has taken the file, after its first events.
    const seen = new Map<string, string[]>();
    const attached = new Promise<string>((resolve) => {
      const on = (e: OutboxEvent) => {
        if (e.type !== "state") return;
        seen.set(e.job.id, [...(seen.get(e.job.id) ?? []), e.job.state]);
        if (e.job.state === "attached") {
          bus.off("outbox:event", on);
          resolve(e.job.storedName!);
        }
      };
      bus.on("outbox:event", on);
    });
    // Chosen while the shell's background work is still loading: the file waits for the queue instead of being refused.
    let settled = false;
    const queued = addToOutbox(file, [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: appointment } }]).finally(
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    await startOutboxWorker({ apiBase: api, dbName: `outbox-bridge-${Date.now()}` });
    const id = await queued;
    const stored = await attached;
    expect(seen.get(id)).toEqual(["compressing", "uploading", "uploaded", "attached"]);
    expect(stored).toMatch(/\.jpg$/);
    const fotos = (await (await fetch(`${api}/agendamentos/get-fotos/${appointment}`, { headers: { authToken: token } })).json()).fotos;
    expect(fotos.map((f: { Foto: string }) => f.Foto)).toContain(stored);
    const download = await fetch(`${api}/uploads/files/${stored}`, { headers: { authToken: token } });
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(Number(download.headers.get("content-length"))).toBeLessThan(file.size);
    const job = (await listOutbox()).find((j) => j.id === id)!;
    expect(job).toMatchObject({ state: "attached", name: "compressed_foto.jpeg" });
  }, 60_000);
});
