// The whole outbox path in real Chromium: save -> compress (image worker) -> upload (upload worker, under the tab lock) -> attach.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bus } from "../../src/lib/bus";
import { enqueueUpload, listUploads, startUploads, stopUploads } from "../../src/lib/workers/upload-bridge";
import type { OutboxEvent } from "../../workers/upload/process";

const api = inject("apiUrl");
let token = "";
let appointment = "";

async function noisePng(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const img = ctx.createImageData(width, height);
  const view = new Uint32Array(img.data.buffer);
  let x = 88172645;
  for (let i = 0; i < view.length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    view[i] = (x >>> 0) | 0xff000000;
  }
  ctx.putImageData(img, 0, 0);
  return new File([await canvas.convertToBlob({ type: "image/png" })], "foto.png", { type: "image/png" });
}

beforeAll(async () => {
  const login = await fetch(`${api}/credenciado/login`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" }),
  });
  token = (await login.json()).token;
  const user = (await (await fetch(`${api}/credenciado/get`, { headers: { authToken: token } })).json()).data;
  const list = (await (await fetch(`${api}/agendamentos/lista/${user.IdPontoAtendimento}`, { headers: { authToken: token } })).json()).data;
  appointment = list.find((r: { StatusAgendamento: string }) => r.StatusAgendamento === "C").IdSocioVeiculoAgenda;
  await startUploads(token, { apiBase: api, dbName: `outbox-bridge-${Date.now()}` });
});
afterAll(() => stopUploads());

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
    id = await enqueueUpload(file, "adicionar-foto", { idSocioVeiculoAgenda: appointment }, "foto");
    const stored = await attached;
    expect(states).toEqual(["uploaded", "attached"]);
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
