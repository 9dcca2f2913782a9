// The whole outbox path in real Chromium: save -> compress (image worker) -> upload (upload worker, under the tab lock) -> attach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, demoSession } from "./helpers";
import { noisePng } from "../support/media-fixtures";
import { bus } from "../../src/lib/bus";
import { enqueueUpload, listUploads, startUploads, stopUploads } from "../../src/lib/workers/upload-bridge";
import { setUploadSession } from "../../src/lib/uploads/upload-session";
import type { OutboxEvent } from "../../workers/upload/process";

let token = "";
let appointment = "";

beforeAll(async () => {
  const demo = await demoSession();
  ({ token, appointment } = demo);
  setUploadSession({ token, owner: { userId: demo.userId, pointId: demo.pointId } });
  await startUploads({ apiBase: api, dbName: `outbox-bridge-${Date.now()}` });
});
afterAll(() => {
  stopUploads();
  setUploadSession(null);
});

describe("upload bridge", () => {
  it("saves, compresses, uploads and attaches a 3 MB photo, reporting each state", async () => {
    const file = await noisePng(1000, 1000);
    expect(file.size).toBeGreaterThan(2 * 1024 * 1024);
    const states: string[] = [];
    let id = "";
    const attached = new Promise<string>((resolve) => {
      const on = (e: OutboxEvent) => {
        if (e.type === "state" && e.job.id === id) {
          states.push(e.job.state);
          if (e.job.state === "attached") {
            bus.off("upload:event", on);
            resolve(e.job.storedName!);
          }
        }
      };
      bus.on("upload:event", on);
    });
    id = await enqueueUpload(file, [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: appointment } }]);
    const stored = await attached;
    expect(states).toEqual(["compressing", "uploading", "uploaded", "attached"]);
    expect(stored).toMatch(/\.jpg$/);
    const fotos = (await (await fetch(`${api}/agendamentos/get-fotos/${appointment}`, { headers: { authToken: token } })).json()).fotos;
    expect(fotos.map((f: { Foto: string }) => f.Foto)).toContain(stored);
    const download = await fetch(`${api}/uploads/files/${stored}`, { headers: { authToken: token } });
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(Number(download.headers.get("content-length"))).toBeLessThan(file.size);
    const job = (await listUploads()).find((j) => j.id === id)!;
    expect(job).toMatchObject({ state: "attached", name: "compressed_foto.jpeg" });
  }, 60_000);
});
