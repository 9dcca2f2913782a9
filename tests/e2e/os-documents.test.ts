// OS screen end to end (built app, real server, real Chromium, desktop and Pixel 7): Anotações Gerais (add, blank refused,
// delete after confirmation) and Laudos / Recibos sent through the outbox (progress, listed by their original name, kept after a
// reload, link to the stored file, delete, .txt refused), checked on the server; axe with each modal open.
// Uses only the seeded in-progress order of the Hyundai Creta (RFT4G56).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from "playwright-core";
import {
  apiCall,
  DESKTOP,
  launch,
  MOBILE,
  orderAction as action,
  openSignedIn,
  violations,
  apiToken,
  holdFirstUpload,
  reloadSettled,
} from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let orderId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
type Note = { IdSocioVeiculoAgendaExecucaoAnotacao: string; Anotacao: string };
type Doc = { Arquivo: string; NomeArquivo: string; NomeOriginal: string };
const serverNotes = async () => (await api<{ anotacoes: Note[] }>(`/agendamentos/get-anotacoes/${orderId}`)).anotacoes;
const serverReports = async () => (await api<{ laudos: Doc[] }>(`/agendamentos/get-laudos/${orderId}`)).laudos;
const serverReceipts = async () => (await api<{ notas: Doc[] }>(`/agendamentos/get-notas-fiscais/${orderId}`)).notas;

/** A minimal valid PDF (one empty page, correct xref offsets): the server checks the real type from the bytes. */
function pdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Counts the calls of the context (pages and the upload worker) whose URL ends with one of the given API paths. */
function countCalls(ctx: BrowserContext) {
  const seen: Record<string, number> = {};
  ctx.on("request", (r) => {
    const m = /\/api(\/.*)$/.exec(new URL(r.url()).pathname);
    if (m) seen[m[1]!] = (seen[m[1]!] ?? 0) + 1;
  });
  return seen;
}

const openOrder = (ctx: BrowserContext): Promise<Page> =>
  openSignedIn(ctx, `${base}/execucao-os/${orderId}`, (page) => page.getByRole("heading", { name: "Anotações Gerais" }));

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  const pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
  type Row = { StatusAgendamento: string; IdSocioVeiculoAgendaExecucao: string | null; IdSocioVeiculoAgenda: string; Placa: string };
  const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
  const creta = rows.find((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao && r.Placa === "RFT4G56");
  if (!creta) throw new Error("the seeded in-progress order of RFT4G56 is missing");
  orderId = creta.IdSocioVeiculoAgenda;
});
afterAll(() => browser?.close());

const viewports: [string, BrowserContextOptions, boolean][] = [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
];

describe.each(viewports)("OS notes and documents (%s)", (label, options, mobile) => {
  const tag = `${mobile ? "m" : "d"}${Date.now().toString(36)}`;

  it("adds a note (blank refused without a call), then deletes it after confirmation; axe clean with the modal open", async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    const calls = countCalls(ctx);
    const page = await openOrder(ctx);
    await page.getByRole("button", { name: "Gerenciar anotações" }).click();
    const dialog = page.getByRole("dialog", { name: "Anotações Gerais" });
    await dialog.waitFor();

    const field = dialog.getByLabel("Nova anotação");
    expect(await field.getAttribute("maxlength")).toBe("2000");
    await field.fill("   \n  ");
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Digite a anotação antes de adicionar." }).waitFor();
    expect(calls["/agendamentos/adicionar-anotacao"] ?? 0).toBe(0);

    const text = `Pastilhas trocadas, disco dentro da medida (${label} ${tag})`;
    await field.fill(`  ${text}  `);
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await page.getByText("Anotação adicionada com sucesso!").waitFor();
    const region = dialog.getByRole("region", { name: "Anotações registradas" });
    await region.getByText(text, { exact: true }).waitFor();
    expect(await field.inputValue()).toBe("");
    const stored = (await serverNotes()).filter((n) => n.Anotacao === text);
    expect(stored).toHaveLength(1);
    // The region scrolls within its limit (300 px desktop, 250 px phone) and is reachable by keyboard.
    expect(await region.getAttribute("tabindex")).toBe("0");
    expect(await region.evaluate((el) => getComputedStyle(el).maxHeight)).toBe(mobile ? "250px" : "300px");
    // The card behind the modal lists it too, with its date.
    await page.getByRole("list", { name: "Anotações registradas" }).getByText(text).waitFor({ state: "attached" });

    expect(await violations(page)).toEqual([]);

    await region
      .getByRole("listitem")
      .filter({ hasText: text })
      .getByRole("button", { name: /^Excluir/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Excluir anotação" });
    await confirm.getByText("Esta ação não pode ser desfeita.").waitFor();
    await confirm.getByRole("button", { name: "Sim, excluir" }).click();
    await page.getByText("Anotação removida com sucesso!").waitFor();
    await region.getByText(text, { exact: true }).waitFor({ state: "detached" });
    expect((await serverNotes()).some((n) => n.Anotacao === text)).toBe(false);
    await ctx.close();
  }, 120_000);

  it("keeps a note typed offline: 'Salvo no aparelho', kept across a reload, sent once when the connection returns (issue 50)", async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    const calls = countCalls(ctx);
    // The route is in place before the page and its upload worker start (a route added later did not always reach the
    // worker's requests in a loaded run); it cuts the API while `offline`.
    let offline = false;
    await ctx.route("**/api/**", (route) => void (offline ? route.abort("internetdisconnected") : route.continue()));
    const page = await openOrder(ctx);
    // The service worker's precache must be complete before the network goes (the reload below is served by it).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.getByRole("button", { name: "Gerenciar anotações" }).click();
    const dialog = page.getByRole("dialog", { name: "Anotações Gerais" });
    await dialog
      .getByRole("region", { name: "Anotações registradas" })
      .or(dialog.getByText("Nenhuma anotação registrada."))
      .first()
      .waitFor();
    // Offline for the page AND the upload worker (Chromium's offline emulation alone lets a dedicated worker's requests through).
    offline = true;
    await ctx.setOffline(true);
    await dialog.getByText(/^Sem conexão: a anotação fica salva no aparelho/).waitFor();
    const text = `Cliente relatou ruído na roda dianteira (offline ${label} ${tag})`;
    await dialog.getByLabel("Nova anotação").fill(text);
    const add = dialog.getByRole("button", { name: "Adicionar" });
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    const pending = dialog.getByRole("list", { name: "Anotações a enviar" });
    await pending.getByRole("listitem").filter({ hasText: "Salvo no aparelho" }).filter({ hasText: "Cliente relatou ruído" }).waitFor();
    expect(await dialog.getByLabel("Nova anotação").inputValue()).toBe("");
    await page.getByText("1 anotação salva no aparelho").waitFor();
    expect(await violations(page)).toEqual([]);
    // Closing the dialog keeps it (the card lists it), and so does a reload while still offline.
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await page.getByRole("list", { name: "Anotações a enviar" }).getByText("Salvo no aparelho").waitFor();
    await reloadSettled(page);
    await page.getByRole("heading", { name: "Anotações Gerais" }).waitFor({ timeout: 30_000 });
    await page.getByRole("list", { name: "Anotações a enviar" }).getByText("Salvo no aparelho").waitFor();
    expect((await serverNotes()).some((n) => n.Anotacao === text)).toBe(false);

    offline = false;
    await ctx.setOffline(false);
    await page.getByText("Anotação adicionada com sucesso!").waitFor({ timeout: 30_000 });
    if (mobile) {
      // The toast leaves the OS number and status (the page's title and its header) uncovered on the phone (issue 50).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(800);
      const toast = (await page.locator(".Toastify__toast").filter({ hasText: "Anotação adicionada com sucesso!" }).boundingBox())!;
      const head = (await page.locator("main h1").first().boundingBox())!;
      expect(toast.y >= head.y + head.height || toast.y + toast.height <= head.y).toBe(true);
    }
    await page.getByRole("list", { name: "Anotações registradas" }).getByText(text).waitFor();
    await page.getByRole("list", { name: "Anotações a enviar" }).waitFor({ state: "detached" });
    // One toast for the event: the note's own, not also the files' 'Arquivo enviado…' (issue 50).
    expect(await page.locator(".Toastify__toast").filter({ hasText: "Anotação adicionada com sucesso!" }).count()).toBe(1);
    expect(
      await page
        .locator(".Toastify__toast")
        .filter({ hasText: /enviado/ })
        .count(),
    ).toBe(0);
    const stored = (await serverNotes()).filter((n) => n.Anotacao === text);
    expect(stored).toHaveLength(1);
    expect(calls["/agendamentos/adicionar-anotacao"]).toBeGreaterThanOrEqual(1);
    await api("/agendamentos/deletar-anotacao", { idSocioVeiculoAgendaExecucaoAnotacao: stored[0]!.IdSocioVeiculoAgendaExecucaoAnotacao });
    await ctx.close();
  }, 120_000);

  it("sends a laudo and a recibo through the outbox, lists them after a reload, links the stored file, deletes one; .txt refused", async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    const calls = countCalls(ctx);
    const page = await openOrder(ctx);
    const laudoName = `laudo-${tag}.pdf`;
    const reciboName = `recibo-${tag}.pdf`;

    // Each upload is held until 'enviando' has been seen, so the progress row is checked for real, not raced.
    const held: Route[] = [];
    await ctx.route("**/api/uploads/tus**", (route) => void held.push(route));
    const release = async () => {
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      for (const r of held.splice(0)) await r.continue();
    };

    await action(page, mobile, "Adicionar Laudos");
    let dialog = page.getByRole("dialog", { name: "Laudos" });
    await dialog.waitFor();
    const laudoInput = dialog.getByLabel("Adicionar laudo");
    expect(await laudoInput.getAttribute("accept")).toBe(".pdf,.jpg,.jpeg,.png,.doc,.docx");
    expect(await laudoInput.getAttribute("multiple")).toBeNull();
    await laudoInput.setInputFiles({ name: `anotacoes-${tag}.txt`, mimeType: "text/plain", buffer: Buffer.from("texto") });
    await dialog
      .getByRole("alert")
      .filter({ hasText: `anotacoes-${tag}.txt: tipo de arquivo não permitido.` })
      .waitFor();

    await laudoInput.setInputFiles({ name: laudoName, mimeType: "application/pdf", buffer: pdf() });
    const pending = dialog.getByRole("list", { name: "Arquivos a enviar" });
    await pending.getByText(laudoName).waitFor({ timeout: 15_000 });
    await pending.getByText(/^Enviando \d+%$/).waitFor();
    expect(await violations(page)).toEqual([]);
    await release();
    await page.getByText("Laudo adicionado com sucesso!").waitFor({ timeout: 30_000 });
    const laudoLink = dialog.getByRole("link", { name: `Abrir ${laudoName}` });
    await laudoLink.waitFor();
    await expect.poll(async () => (await serverReports()).filter((d) => d.NomeOriginal === laudoName).length).toBe(1);
    const laudo = (await serverReports()).find((d) => d.NomeOriginal === laudoName)!;
    expect(laudo.Arquivo).not.toBe(laudoName);
    expect(new URL((await laudoLink.getAttribute("href"))!, base).pathname).toBe(`/api/uploads/files/${laudo.Arquivo}`);
    expect(await laudoLink.getAttribute("target")).toBe("_blank");
    expect(await laudoLink.getAttribute("rel")).toContain("noopener");
    // The link works with the page's session cookie alone (no authToken header): it serves the PDF that was sent.
    const file = await page.request.get(new URL((await laudoLink.getAttribute("href"))!, base).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(calls["/uploads/tus"]).toBe(1); // the .txt never left the device
    expect(calls["/agendamentos/adicionar-laudo"]).toBe(1);

    // Recibos: the same outbox flow, then kept after a reload.
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await dialog.waitFor({ state: "detached" });
    await action(page, mobile, "Adicionar Recibos");
    dialog = page.getByRole("dialog", { name: "Recibos" });
    await dialog.getByLabel("Adicionar recibo").setInputFiles({ name: reciboName, mimeType: "application/pdf", buffer: pdf() });
    await dialog
      .getByRole("list", { name: "Arquivos a enviar" })
      .getByText(/^Enviando \d+%$/)
      .waitFor({ timeout: 15_000 });
    await release();
    await page.getByText("Recibo adicionado com sucesso!").waitFor({ timeout: 30_000 });
    await dialog.getByRole("link", { name: `Abrir ${reciboName}` }).waitFor();
    await expect.poll(async () => (await serverReceipts()).filter((d) => d.NomeOriginal === reciboName).length).toBe(1);
    expect(await violations(page)).toEqual([]);
    // Laudos and recibos are told by their own messages, never also as generic sent files.
    expect(await page.getByText(/arquivo\(s\) enviado\(s\)/).count()).toBe(0);

    await page.reload();
    await page.getByRole("heading", { name: "Anotações Gerais" }).waitFor({ timeout: 15_000 });
    await action(page, mobile, "Adicionar Laudos");
    dialog = page.getByRole("dialog", { name: "Laudos" });
    await dialog.getByRole("link", { name: `Abrir ${laudoName}` }).waitFor();
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await action(page, mobile, "Adicionar Recibos");
    dialog = page.getByRole("dialog", { name: "Recibos" });
    await dialog.getByRole("link", { name: `Abrir ${reciboName}` }).waitFor();

    // Delete the recibo: confirmation, message, gone on the server and from the list; the laudo stays.
    await dialog.getByRole("button", { name: `Excluir ${reciboName}` }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir recibo" });
    await confirm.getByText("Tem certeza que deseja excluir este recibo?").waitFor();
    await confirm.getByRole("button", { name: "Sim, excluir" }).click();
    await page.getByText("Recibo removido com sucesso!").waitFor();
    await dialog.getByRole("link", { name: `Abrir ${reciboName}` }).waitFor({ state: "detached" });
    expect((await serverReceipts()).some((d) => d.NomeOriginal === reciboName)).toBe(false);
    expect((await serverReports()).some((d) => d.NomeOriginal === laudoName)).toBe(true);
    await ctx.close();
  }, 180_000);

  it("a laudo resumed after a reload is told with its dialog closed, and is on the server once", async () => {
    const ctx = await browser.newContext({ ...options, bypassCSP: true });
    const calls = countCalls(ctx);
    const page = await openOrder(ctx);
    const name = `laudo-recarregado-${tag}.pdf`;
    const upload = await holdFirstUpload(ctx);
    await action(page, mobile, "Adicionar Laudos");
    const dialog = page.getByRole("dialog", { name: "Laudos" });
    await dialog.getByLabel("Adicionar laudo").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf() });
    await upload.arrived();
    // The page is reloaded mid-upload; the dialog is not opened again: the outbox finishes the job and the screen tells it.
    await page.reload();
    await upload.abort();
    await page.getByText("Laudo adicionado com sucesso!").waitFor({ timeout: 30_000 });
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(async () => (await serverReports()).filter((d) => d.NomeOriginal === name).length).toBe(1);
    expect(calls["/agendamentos/adicionar-laudo"]).toBe(1);
    await ctx.close();
  });
});
