// Sign-out and change of user reach the upload worker (real Chromium, real server): a user's evidence is sent only with that user's own token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signIn, type TestSession } from "./helpers";
import { bus } from "../../src/lib/bus";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import { addToOutbox, listOutbox, startOutboxWorker, stopOutboxWorker } from "../../src/lib/outbox/outbox-bridge";
import type { OutboxEvent } from "../../workers/outbox/process";

let a: TestSession;
let b: TestSession;
const events: OutboxEvent[] = [];
const record = (e: OutboxEvent) => void events.push(e);
const sessionOf = (s: TestSession) => ({ token: s.token, owner: { userId: s.userId, pointId: s.pointId } });

async function jpeg(name: string): Promise<File> {
  const c = new OffscreenCanvas(64, 48);
  c.getContext("2d")!.fillRect(0, 0, 64, 48);
  return new File([await c.convertToBlob({ type: "image/jpeg" })], name, { type: "image/jpeg" });
}
const photo = (s: TestSession, name: string) =>
  jpeg(name).then((f) => addToOutbox(f, [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: s.appointment } }]));

const jobs = async (ids: string[]) => (await listOutbox()).filter((j) => ids.includes(j.id));
async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 1500));
const photos = async (s: TestSession) =>
  (
    (await (await fetch(`${api}/agendamentos/get-fotos/${s.appointment}`, { headers: { authToken: s.token } })).json()).fotos as {
      Foto: string;
    }[]
  ).map((f) => f.Foto);
// no-store: the answer is cacheable (private) and the browser cache does not vary by token.
const download = (name: string, s: TestSession) =>
  fetch(`${api}/uploads/files/${name}`, { headers: { authToken: s.token }, cache: "no-store" }).then((r) => r.status);

beforeAll(async () => {
  // A and B are attendants of different service points, so the server itself tells whose token an upload came with.
  [a, b] = await Promise.all([signIn(), signIn("outro@credenciado.com.br")]);
  bus.on("outbox:event", record);
  setOutboxSession(sessionOf(a));
  await startOutboxWorker({ apiBase: api, dbName: `outbox-session-${Date.now()}` });
});
afterAll(() => {
  bus.off("outbox:event", record);
  stopOutboxWorker();
  setOutboxSession(null);
});

describe("upload outbox across sign-out and change of user", () => {
  it("keeps A's jobs after logout, never sends them with B's token, sends B's own, and finishes A's when A returns", async () => {
    const aJobs = [await photo(a, "a1.jpg"), await photo(a, "a2.jpg")];
    setOutboxSession(null); // logout
    const sentFor = (ids: string[]) =>
      events.filter(
        (e) =>
          (e.type === "progress" && ids.includes(e.id)) ||
          (e.type === "state" && ids.includes(e.job.id) && e.job.state !== "compressing" && e.job.state !== "uploading"),
      );

    await settle();
    expect(sentFor(aJobs)).toEqual([]);
    expect((await jobs(aJobs)).map((j) => [j.state, j.storedName])).toEqual([
      ["uploading", undefined],
      ["uploading", undefined],
    ]);

    setOutboxSession(sessionOf(b));
    const bJob = await photo(b, "b1.jpg");
    await until(async () => (await jobs([bJob]))[0]?.state === "attached");
    await settle();
    expect(sentFor(aJobs)).toEqual([]);
    expect((await jobs(aJobs)).every((j) => j.state === "uploading" && !j.storedName && j.attempts === 0)).toBe(true);
    const bStored = (await jobs([bJob]))[0]!.storedName!;
    expect(await photos(b)).toContain(bStored);

    setOutboxSession(sessionOf(a));
    await until(async () => (await jobs(aJobs)).every((j) => j.state === "attached"));
    const aStored = (await jobs(aJobs)).map((j) => j.storedName!);
    expect(await photos(a)).toEqual(expect.arrayContaining(aStored));
    // Stored files belong to the uploading token's service point: A's were sent with A's token, none with B's.
    expect(await Promise.all(aStored.map((n) => download(n, a)))).toEqual([200, 200]);
    expect(await Promise.all(aStored.map((n) => download(n, b)))).toEqual([404, 404]);
  }, 60_000);
});
