// The upload indicator and the upload notices in real Chromium: files saved on the device, progress of files being sent, failed
// files with 'Falhou — tentar de novo'/discard, sign-in request, and one success toast when the queue drains.
import { afterEach, describe, expect, it } from "vitest";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { ToastContainer } from "react-toastify";
import { bus } from "../../src/lib/bus";
import { OutboxIndicator } from "../../src/features/outbox/components/outbox-indicator";
import { drainNotice, noticeFor, showOutboxNotices } from "../../src/features/outbox/outbox-notices";
import { documentAddedNotice, watchDocuments } from "../../src/features/ordem-servico/document-watcher";
import { outboxStore } from "../../src/lib/outbox/outbox-store";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import { OutboxDb, type OutboxRecord } from "../../workers/outbox/outbox-db";
import { processDue, type HttpAnswer, type OutboxEvent } from "../../workers/outbox/process";

const job = (id: string, state: OutboxRecord["state"], extra: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id,
  state,
  kind: "image",
  name: `${id}.jpg`,
  type: "image/jpeg",
  size: 10,
  attempts: 0,
  nextAttemptAt: 0,
  progress: 0,
  createdAt: 0,
  owner: { userId: "u1", pointId: "p1" },
  steps: [{ kind: "adicionar-foto", body: {} }],
  ...extra,
});

let root: Root | undefined;
let host: HTMLElement;
async function mount() {
  setOutboxSession({ token: "t1", owner: { userId: "u1", pointId: "p1" } });
  // As the shell's background work does before the queue starts (once per tab; later calls change nothing).
  showOutboxNotices();
  watchDocuments();
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <>
        <OutboxIndicator />
        <ToastContainer />
      </>,
    ),
  );
}
const emit = (e: OutboxEvent) => act(async () => bus.emit("outbox:event", e));

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  // Signed out between tests: the next one starts with no jobs and nothing counted as sent.
  setOutboxSession(null);
  outboxStore.jobs = {};
  outboxStore.landed = {};
  outboxStore.authRequired = false;
  // Toasts of one test must not be read by the next.
  document.querySelectorAll(".Toastify").forEach((n) => n.remove());
});
const toasts = () => [...document.querySelectorAll(".Toastify__toast")].map((n) => n.textContent ?? "");
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

describe("upload indicator", () => {
  it("is hidden with nothing to send, then shows pending files and their progress", async () => {
    await mount();
    expect(host.querySelector(".upload-indicator")).toBeNull();
    await emit({ type: "state", job: job("a", "uploading") });
    await emit({ type: "state", job: job("b", "uploaded", { progress: 100 }) });
    await emit({ type: "progress", id: "a", percent: 40 });
    expect(host.textContent).toContain("Enviando 2 arquivos");
    expect(host.querySelector("progress")!.value).toBe(70);
  });

  it("lists failed files with the message, 'Falhou — tentar de novo' and Descartar", async () => {
    await mount();
    await emit({ type: "state", job: job("c", "failed", { error: "Tipo de arquivo não permitido." }) });
    const row = host.querySelector("[aria-label='Arquivos que falharam'] li")!;
    expect(row.textContent).toContain("c.jpg");
    expect(row.textContent).toContain("Tipo de arquivo não permitido.");
    const [retry, discard] = [...host.querySelectorAll("button")];
    expect([retry.textContent, discard.textContent]).toEqual(["Falhou — tentar de novo", "Descartar"]);
    expect(retry.getAttribute("aria-label")).toBe("Falhou — tentar de novo: c.jpg");
    await act(async () => retry.click());
    expect(outboxStore.jobs.c.state).toBe("uploading");
    await emit({ type: "state", job: job("c", "failed", { error: "x" }) });
    await act(async () => host.querySelectorAll("button")[1].click());
    expect(outboxStore.jobs.c).toBeUndefined();
    expect(host.querySelector(".upload-indicator")).toBeNull();
  });

  it("announces compression of videos and images once per job, and only while it lasts (issue 50)", async () => {
    const MB = 1024 * 1024;
    await mount();
    await emit({ type: "state", job: job("v", "compressing", { kind: "video", size: 60 * MB }) });
    await emit({ type: "state", job: job("v", "compressing", { kind: "video", size: 60 * MB }) });
    await emit({ type: "state", job: job("i", "compressing", { kind: "image", size: 3 * MB }) });
    // A small photo is not compressed: no toast, and its row says it is on the device, not 'Comprimindo…'.
    await emit({ type: "state", job: job("s", "compressing", { kind: "image", size: 200_000 }) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const text = document.body.textContent ?? "";
    expect(text.split("Comprimindo vídeo, aguarde...").length - 1).toBe(1);
    expect(text.split("Comprimindo imagem, aguarde...").length - 1).toBe(1);
    expect(host.textContent).toContain("Enviando 2 arquivos");
    expect(host.textContent).toContain("1 arquivo salvo no aparelho");
    // The video's compression ended and its upload began: its toast goes, as the card moves on to 'Enviando'.
    await emit({ type: "state", job: job("v", "uploading", { kind: "video", size: 9 * MB }) });
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(toasts().some((t) => t.includes("Comprimindo vídeo"))).toBe(false);
    expect(toasts().some((t) => t.includes("Comprimindo imagem"))).toBe(true);
  });

  it("counts notes apart from files, without a bar of their own (issue 50)", async () => {
    await mount();
    const note = (id: string, state: OutboxRecord["state"]) =>
      job(id, state, { kind: "note", name: "Anotação: Cliente relatou ruído", steps: [{ kind: "adicionar-anotacao", body: {} }] });
    await emit({ type: "state", job: note("n1", "uploaded") });
    expect(host.textContent).toContain("Enviando 1 anotação");
    expect(host.querySelector("progress")).toBeNull();
    await emit({ type: "state", job: job("f", "uploading", { progress: 40 }) });
    await emit({ type: "progress", id: "f", percent: 40 });
    expect(host.textContent).toContain("Enviando 1 arquivo e 1 anotação");
    expect(host.querySelector("progress")!.value).toBe(40);
  });

  it("asks to sign in again on 401 and toasts the count once the queue is empty", async () => {
    await mount();
    await emit({ type: "auth-required" });
    expect(host.querySelector("[role=alert]")!.textContent).toBe(
      "Sua sessão expirou. Entre novamente para continuar o envio dos arquivos.",
    );
    await emit({ type: "state", job: job("d", "uploading") });
    await emit({ type: "state", job: job("e", "uploading") });
    await emit({ type: "state", job: job("d", "attached") });
    expect(document.body.textContent).not.toMatch(/enviado(\(s\))? com sucesso/);
    await emit({ type: "state", job: job("e", "attached") });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.body.textContent).toContain("2 arquivo(s) enviado(s) com sucesso!");
  });

  it("toasts the spec's video messages: sent, failed, and no connection (once per job)", async () => {
    await mount();
    await emit({ type: "state", job: job("v1", "uploading", { kind: "video" }) });
    await emit({ type: "state", job: job("v1", "uploading", { kind: "video", attempts: 1, retryReason: "network" }) });
    await emit({ type: "state", job: job("v1", "uploading", { kind: "video", attempts: 2, retryReason: "network" }) });
    await emit({ type: "state", job: job("v1", "attached", { kind: "video" }) });
    await emit({ type: "state", job: job("v2", "failed", { kind: "video", error: "Arquivo muito grande." }) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const text = document.body.textContent ?? "";
    expect(text.split("Erro ao enviar o vídeo. Verifique sua conexão e tente novamente.").length - 1).toBe(1);
    expect(text).toContain("Vídeo enviado com sucesso!");
    expect(text).toContain("Erro ao enviar o vídeo. Tente novamente.");
    expect(text).not.toMatch(/arquivo(\(s\))? enviado(\(s\))?/i);
    expect(host.textContent).toContain("v2.jpg");
    expect(host.textContent).toContain("Arquivo muito grande.");
  });

  it("leaves a start job's success to the agenda and shows a refused start by the server's message, not as a failed video", async () => {
    await mount();
    const start = {
      kind: "video" as const,
      storedName: "v.mp4",
      steps: [
        { kind: "atualizar-video-inicial" as const, body: {}, done: true },
        { kind: "iniciar" as const, body: {} },
      ],
    };
    await emit({ type: "state", job: job("s1", "uploaded", start) });
    await emit({ type: "state", job: job("s1", "attached", start) });
    await emit({ type: "state", job: job("s2", "uploaded", start) });
    await emit({ type: "state", job: job("s2", "failed", { ...start, error: "Somente agendamentos pendentes podem ser iniciados." }) });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const text = document.body.textContent ?? "";
    expect(text).not.toContain("Vídeo enviado com sucesso!");
    expect(text).not.toContain("Erro ao enviar o vídeo");
    expect(host.textContent).toContain("s2.jpg");
    expect(host.textContent).toContain("Somente agendamentos pendentes podem ser iniciados.");
  });

  it("tells a lone laudo or recibo by its own toast, and several files of any kind, sent together, as one count", async () => {
    await mount();
    const laudo = { kind: "document" as const, name: "laudo.pdf", steps: [{ kind: "adicionar-laudo" as const, body: {} }] };
    const recibo = { kind: "document" as const, name: "recibo.pdf", steps: [{ kind: "adicionar-nota-fiscal" as const, body: {} }] };
    await emit({ type: "state", job: job("l1", "uploading", laudo) });
    await emit({ type: "state", job: job("l1", "attached", laudo) });
    await emit({ type: "state", job: job("r1", "uploading", recibo) });
    await emit({ type: "state", job: job("r1", "attached", recibo) });
    await settle();
    expect(toasts()).toEqual(["Laudo adicionado com sucesso!", "Recibo adicionado com sucesso!"]);
    document.querySelectorAll(".Toastify__toast").forEach((n) => n.remove());
    // The network came back with a photo, a video, a laudo and a recibo saved on the device: one summary once all are attached.
    const video = { kind: "video" as const, name: "v.mp4" };
    await emit({ type: "state", job: job("p1", "uploading") });
    await emit({ type: "state", job: job("v1", "uploading", video) });
    await emit({ type: "state", job: job("l2", "uploading", laudo) });
    await emit({ type: "state", job: job("r2", "uploading", recibo) });
    for (const [id, extra] of [
      ["p1", {}],
      ["v1", video],
      ["l2", laudo],
      ["r2", recibo],
    ] as const) {
      await emit({ type: "state", job: job(id, "uploaded", { ...extra, storedName: `${id}.bin` }) });
      await emit({ type: "state", job: job(id, "attached", { ...extra, storedName: `${id}.bin` }) });
      await settle();
      if (id !== "r2") expect(toasts()).toEqual([]);
    }
    expect(toasts()).toEqual(["4 arquivo(s) enviado(s) com sucesso!"]);
  });

  it("tells the files sent before the last one on its way was discarded", async () => {
    await mount();
    await emit({ type: "state", job: job("ok", "uploading") });
    await emit({ type: "state", job: job("ruim", "uploading") });
    await emit({ type: "state", job: job("ok", "attached", { storedName: "ok.jpg" }) });
    await settle();
    expect(toasts()).toEqual([]);
    await emit({ type: "state", job: job("ruim", "failed", { error: "Tipo de arquivo não permitido." }) });
    await settle();
    expect(toasts()).toEqual(["Arquivo enviado com sucesso!"]);
  });

  it("says 'salvo no aparelho', never 'enviado', while a file waits for the network, and 'Enviando NN%' once bytes move", async () => {
    await mount();
    await emit({ type: "state", job: job("w", "stored") });
    expect(host.textContent).toContain("1 arquivo salvo no aparelho");
    await emit({ type: "state", job: job("w", "compressing") });
    await emit({ type: "state", job: job("w", "uploading") });
    // The first attempt got no answer: nothing moves until the next one.
    await emit({ type: "state", job: job("w", "uploading", { attempts: 1, retryReason: "network" }) });
    await emit({ type: "state", job: job("w", "uploading", { attempts: 2, retryReason: "network" }) });
    expect(host.textContent).toContain("1 arquivo salvo no aparelho");
    expect(host.querySelector("progress")).toBeNull();
    await settle();
    expect(document.body.textContent).not.toMatch(/enviado/i);
    // The connection is back: the next attempt sends bytes.
    await emit({ type: "progress", id: "w", percent: 30 });
    expect(host.textContent).toContain("Enviando 1 arquivo");
    expect(host.querySelector("progress")!.value).toBe(30);
    await emit({ type: "state", job: job("w", "uploaded", { storedName: "w.jpg", progress: 100 }) });
    expect(document.body.textContent).not.toMatch(/enviado/i);
    await emit({ type: "state", job: job("w", "attached", { storedName: "w.jpg" }) });
    await settle();
    expect(toasts().filter((text) => /enviado/i.test(text))).toEqual(["Arquivo enviado com sucesso!"]);
    expect(host.querySelector(".upload-indicator")).toBeNull();
  });

  it("tells why a file waits when the server answers 429 (the point's quota), once, keeps the file, and sends it afterwards", async () => {
    await mount();
    // The upload worker's own pass (processDue over a store in IndexedDB), its events delivered to the page's bus.
    const store = await OutboxDb.open(`outbox-quota-${Date.now()}`);
    const quota =
      "Há muitos envios em andamento neste ponto (no máximo 30 arquivos ou 4 GB por vez). Este arquivo continua salvo no " +
      "aparelho e será enviado automaticamente quando os outros envios terminarem.";
    const answers: HttpAnswer[] = [
      { status: 429, body: { success: false, message: quota } },
      { status: 429, body: { success: false, message: quota } },
      { status: 200, body: { success: true, file: "0b1e6f7e-0000-4000-8000-000000000001.jpg" } },
    ];
    const posts: string[] = [];
    let clock = 1_000;
    const pass = () =>
      processDue({
        store,
        transport: {
          upload: async () => answers.shift()!,
          post: async (path) => (posts.push(path), { status: 200, body: { success: true } }),
        },
        session: () => ({ token: "t1", owner: { userId: "u1", pointId: "p1" } }),
        emit: (e) => void bus.emit("outbox:event", e),
        now: () => clock,
        random: () => 1,
      });
    const file = new Blob(["foto"], { type: "image/jpeg" });
    await store.add(job("q", "uploading", { steps: [{ kind: "adicionar-foto", body: { idSocioVeiculoAgenda: "os-1" } }] }), file);
    await act(pass);
    const waiting = host.querySelector(".upload-waiting");
    expect(waiting?.textContent).toBe(quota);
    expect(await store.get("q")).toMatchObject({ state: "uploading", attempts: 1, retryReason: "server" });
    expect(await store.file("q")).toEqual(file);
    // Retried after its backoff, refused again: still told in the indicator, not toasted twice.
    clock += 1_000;
    await act(pass);
    expect(await store.get("q")).toMatchObject({ state: "uploading", attempts: 2 });
    expect(host.querySelector(".upload-waiting")?.textContent).toBe(quota);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect((document.body.textContent ?? "").split(quota).length - 1).toBe(2); // the indicator's line and one toast
    // A place is free: the next attempt sends it and the notice is gone.
    clock += 2_000;
    await act(pass);
    expect(await store.get("q")).toMatchObject({ state: "attached" });
    expect(posts).toEqual(["/agendamentos/adicionar-foto"]);
    expect(await store.file("q")).toBeUndefined();
    expect(host.querySelector(".upload-waiting")).toBeNull();
    store.close();
  });

  it("shows only the signed-in attendant's files, and nothing once signed out", async () => {
    await mount();
    await emit({ type: "state", job: job("outro", "uploading", { owner: { userId: "u2", pointId: "p1" } }) });
    expect(host.querySelector(".upload-indicator")).toBeNull();
    await emit({ type: "state", job: job("meu", "failed", { error: "Arquivo muito grande." }) });
    expect(host.textContent).toContain("meu.jpg");
    expect(host.textContent).toContain("Arquivo muito grande.");
    await act(async () => setOutboxSession(null));
    expect(host.querySelector(".upload-indicator")).toBeNull();
  });
});

describe("upload notices (logic)", () => {
  const state = (j: OutboxRecord): OutboxEvent => ({ type: "state", job: j });
  it("tells nothing about a file being sent until the queue drains", () => {
    for (const st of ["stored", "uploading", "uploaded", "attached"] as const) expect(noticeFor(state(job("x", st)), undefined)).toBeNull();
  });

  it("tells a compression only for a file that is compressed, and takes it away when the compression ends (issue 50)", () => {
    const MB = 1024 * 1024;
    const viewOf = (j: OutboxRecord) => ({ ...j, kinds: [], startsOrder: false }) as unknown as Parameters<typeof noticeFor>[1];
    // A 6 MB phone video is sent as it is: no 'Comprimindo vídeo…' beside its 'Enviando 6%'.
    expect(noticeFor(state(job("small", "compressing", { kind: "video", size: 6 * MB })), viewOf(job("small", "stored")))).toBeNull();
    const big = job("big", "compressing", { kind: "video", size: 60 * MB });
    expect(noticeFor(state(big), viewOf(job("big", "stored")))).toEqual({ compressing: "video", id: "big" });
    const before = viewOf(big);
    expect(noticeFor(state(job("big", "uploading", { kind: "video", size: 9 * MB })), before)).toEqual({ compressed: "big" });
  });

  it("tells a video cut off by the network once, but not one captured while the app already shows it is offline", () => {
    const cut = state(job("v", "uploading", { kind: "video", attempts: 1, retryReason: "network" }));
    expect(noticeFor(cut, undefined, true)).toEqual({ video: "network" });
    expect(noticeFor(cut, undefined, false)).toBeNull();
    const again = state(job("v", "uploading", { kind: "video", attempts: 2, retryReason: "network" }));
    expect(noticeFor(again, undefined, true)).toBeNull();
  });

  it("drains to the item's own message when one file landed, a count when several did", () => {
    const photo = job("p", "attached");
    const video = job("v", "attached", { kind: "video" });
    const laudo = job("l", "attached", { kind: "document", steps: [{ kind: "adicionar-laudo", body: {} }] });
    const recibo = job("r", "attached", { kind: "document", steps: [{ kind: "adicionar-nota-fiscal", body: {} }] });
    expect(drainNotice([])).toBeNull();
    expect(drainNotice([photo])).toEqual({ sent: 1 });
    expect(drainNotice([video])).toEqual({ video: "sent" });
    expect(drainNotice([laudo])).toBeNull();
    expect(documentAddedNotice([laudo])).toBe("Laudo adicionado com sucesso!");
    expect(documentAddedNotice([recibo])).toBe("Recibo adicionado com sucesso!");
    expect(drainNotice([photo, video, laudo, recibo])).toEqual({ sent: 4 });
    expect(documentAddedNotice([laudo, recibo])).toBeNull();
    expect(documentAddedNotice([photo])).toBeNull();
  });
});
