// The member's follow link end to end (issue 39), built app + real server + real Chromium: the attendant makes the link on
// the OS screen, the member opens it in a fresh phone context (no sign-in), follows the order from scheduled to concluded
// (the page refreshes by itself), verifies the evidence, rates the service and asks for a return with a photo; the point
// sees both. Then, on a server of its own over PostgreSQL, one byte of a stored file and one row of the evidence chain are
// altered and "Verificar evidências" names each.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiCall, apiToken, bookFirstFree, DESKTOP, launch, MOBILE, openSignedIn, orderAction, violations } from "./browser";
import { CENTRAL } from "./payee";
import { startServer, type TestServer } from "../support/start-server";

const base = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Bytes of a tiny MP4 (magic bytes + filler), different per `seed`. */
function mp4(seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(4096 + seed);
  bytes.fill(seed % 251, 32);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")]);
  return bytes;
}
/** A stored name as the verifier names it: "3f…e1.png". */
const short = (name: string) => `${name.slice(0, 2)}…${name.slice(name.lastIndexOf(".") - 2)}`;
/** A 1x1 PNG. */
const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

/** Uploads a file as the point, declaring its SHA-256 as the phone does (a multipart field before the file). */
async function upload(
  at: string,
  token: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append("sha256", sha256(bytes));
  form.append("sha256original", sha256(bytes));
  form.append("capturedat", new Date().toISOString());
  form.append("file", new Blob([bytes], { type }), name);
  const res = await fetch(`${at}/api/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form });
  const body = (await res.json()) as { file: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.file;
}

type Order = Awaited<ReturnType<typeof bookFirstFree>>;
const book = bookFirstFree;

/** Starts the order with an initial video, links a service with a warranty (approved by the central), adds photos and notes. */
async function runOrder(
  at: string,
  token: string,
  userId: string,
  pointId: string,
  order: Order,
  central: string,
  plate: Record<string, string> = {},
) {
  const api = <T>(p: string, body?: unknown) => apiCall<T>(at, token, p, body);
  const initial = await upload(at, token, mp4(1), "inicial.mp4", "video/mp4", plate);
  await api("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: order.id, videoInicial: initial });
  await api("/agendamentos/iniciar", {
    idSocioVeiculoAgenda: order.id,
    idPontoAtendimentoUsuario: userId,
    idSocio: order.idSocio,
    data: order.day.split("-").reverse().join("/"),
    hora: "08:00",
  });
  const catalogue = (await api<{ servicos: { IdServico: string; label: string }[] }>(`/ponto-atendimento/servicos/${pointId}`)).servicos;
  // A service with a warranty (oil change 90 days, alignment 30, brakes 60) this vehicle has not had recently.
  let link: { id: string; label: string } | undefined;
  for (const s of catalogue.filter((c) => /^(TROCA DE ÓLEO|ALINHAMENTO|REVISÃO DE FREIOS)/.test(c.label))) {
    const res = await fetch(`${at}/api/agendamentos/vincular-servico`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify({ idSocioVeiculoAgenda: order.id, idServico: s.IdServico, idPontoAtendimentoUsuario: userId }),
    });
    if (res.ok) {
      link = {
        id: ((await res.json()) as { idSocioVeiculoAgendaExecucaoServico: string }).idSocioVeiculoAgendaExecucaoServico,
        label: s.label,
      };
      break;
    }
  }
  expect(link, "a service with a warranty could be linked").toBeDefined();
  const approved = await fetch(`${at}/api/central/aprovacoes/${link!.id}/aprovar`, {
    method: "POST",
    headers: { authToken: central, "content-type": "application/json" },
    body: "{}",
  });
  expect(approved.status).toBe(200);
  const photo = await upload(at, token, PNG, "foto.png", "image/png");
  await api("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: order.id, idPontoAtendimentoUsuario: userId, foto: photo });
  await api("/agendamentos/adicionar-anotacao", {
    idSocioVeiculoAgenda: order.id,
    idPontoAtendimentoUsuario: userId,
    anotacao: "Óleo trocado e filtro novo.",
    visivelSocio: true,
  });
  await api("/agendamentos/adicionar-anotacao", {
    idSocioVeiculoAgenda: order.id,
    idPontoAtendimentoUsuario: userId,
    anotacao: "Nota interna: cobrar peça do fornecedor.",
  });
  return { link: link!, photo, initial };
}

async function finishOrder(at: string, token: string, userId: string, order: Order) {
  const final = await upload(at, token, mp4(2), "final.mp4", "video/mp4");
  await apiCall(at, token, "/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: order.id, videoFinal: final });
  const done = await apiCall<{ message: string }>(at, token, "/agendamentos/concluir", {
    idSocioVeiculoAgenda: order.id,
    idPontoAtendimentoUsuario: userId,
    responsavel: "Fernanda Lima",
  });
  expect(done.message).toBe("Execução finalizada com sucesso");
  return final;
}

/** Opens the OS screen signed in as the demo attendant. */
async function openOrder(ctx: BrowserContext, at: string, order: Order): Promise<Page> {
  return openSignedIn(ctx, `${at}/execucao-os/${order.id}`, (p) => p.getByRole("heading", { name: `OS #${order.os}`, level: 1 }));
}

/** Makes the link from the OS screen's "Enviar acompanhamento" and answers it as the member would receive it. */
async function makeLink(page: Page, mobile: boolean): Promise<string> {
  await orderAction(page, mobile, "Enviar acompanhamento");
  const dialog = page.getByRole("dialog", { name: "Acompanhamento do sócio" });
  await dialog.getByRole("button", { name: "Gerar link de acompanhamento" }).click();
  const address = dialog.getByLabel("Link de acompanhamento");
  await expect.poll(() => address.inputValue()).toMatch(/\/acompanhar#[A-Za-z0-9_-]{43}$/);
  const link = await address.inputValue();
  const whatsapp = await dialog.getByRole("link", { name: "Enviar pelo WhatsApp" }).getAttribute("href");
  // The member's phone (31) 99456-7890 with Brazil's code, and the link itself in the text.
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/5531994567890\?text=/);
  expect(decodeURIComponent(whatsapp!.split("text=")[1]!)).toContain(link);
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  return link;
}

describe("the member follows the order from the link", () => {
  let token = "";
  let central = "";
  let pointId = "";
  let userId = "";

  beforeAll(async () => {
    token = await apiToken(base);
    central = await apiToken(base, CENTRAL);
    const me = (await apiCall<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>(base, token, "/credenciado/get"))
      .data;
    pointId = me.IdPontoAtendimento;
    userId = me.IdPontoAtendimentoUsuario;
  });

  it("the attendant sends it; the member follows to the end, verifies, rates and asks for a return; the point sees both", async () => {
    const order = await book(base, token, pointId, "QWE5R67", 3, "08:00");
    // bypassCSP: axe is injected as a script (the pages' CSP allows none inline).
    const pointCtx = await browser.newContext({ ...DESKTOP, bypassCSP: true });
    const pointPage = await openOrder(pointCtx, base, order);
    const link = await makeLink(pointPage, false);
    expect(new URL(link).origin).toBe(base);

    // The member: a fresh phone, no session, no service worker of the app.
    const memberCtx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    const member = await memberCtx.newPage();
    const seen: string[] = [];
    memberCtx.on("request", (r) => seen.push(r.url() + " " + (r.headers()["referer"] ?? "")));
    await member.goto(link);
    await member.getByRole("heading", { name: `Ordem de serviço nº ${order.os}` }).waitFor();
    await expect.poll(() => member.getByText("Agendado", { exact: true }).first().isVisible()).toBe(true);
    await member.getByText("Olá, Fernanda!").waitFor();
    expect(await violations(member)).toEqual([]);

    // The order starts: the open page turns "Em andamento" by itself (it refreshes every 30 s while the order is open).
    await runOrder(base, token, userId, pointId, order, central);
    await member.getByText("Em andamento", { exact: true }).first().waitFor({ timeout: 45_000 });

    // It ends: the end, the approved service with its warranty, the member-visible note only.
    await finishOrder(base, token, userId, order);
    await member.reload();
    await member.getByText("Concluído", { exact: true }).first().waitFor();
    await member.getByText("Óleo trocado e filtro novo.").waitFor();
    expect(await member.getByText("Nota interna").count()).toBe(0);
    await member
      .getByText(/Garantia até \d{2}\/\d{2}\/\d{4}/)
      .first()
      .waitFor();
    await member.getByRole("heading", { name: "Vídeos e fotos" }).waitFor();
    expect(await member.locator("video").count()).toBeGreaterThanOrEqual(2);

    // Every file recomputed in the member's browser, the chain and the server's signature checked.
    // The verifier loads when its section comes near the screen (kept out of the page's first load).
    await member.getByRole("heading", { name: "Evidências", exact: true }).scrollIntoViewIfNeeded();
    await member.getByRole("button", { name: "Verificar evidências" }).click();
    await member.getByText("Evidências íntegras").waitFor({ timeout: 30_000 });
    await member.getByText(/cadeia e assinatura conferidas/).waitFor();

    // Rates once.
    await member.getByRole("radio", { name: "5 estrelas" }).check({ force: true });
    await member.getByLabel("Comentário (opcional)").fill("Atendimento rápido e caprichado.");
    await member.getByRole("button", { name: "Enviar avaliação" }).click();
    await member.getByText("Obrigado pela avaliação!").waitFor();

    // Asks for a return of the service, with a photo.
    await member.getByRole("button", { name: "Pedir retorno" }).click();
    const choice = member.getByLabel("Serviço", { exact: true });
    // The form is its own chunk, loaded on the tap.
    await choice.locator("option", { hasText: "Garantia até" }).first().waitFor({ state: "attached" });
    const option = (await choice.locator("option").allTextContents()).find((t) => /Garantia até/.test(t));
    expect(option, "the service within its warranty is offered").toBeDefined();
    await choice.selectOption({ label: option! });
    await member.getByLabel("Descreva o problema").fill("Barulho no motor depois da troca.");
    await member
      .getByLabel("Foto do problema (opcional)")
      .setInputFiles({ name: "problema.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
    await member.getByRole("button", { name: "Enviar pedido" }).click();
    await member.getByText(/Pedido de retorno enviado em/).waitFor();
    expect(await violations(member)).toEqual([]);

    // The token never left the page in a URL or a Referer.
    const tokenText = link.split("#")[1]!;
    expect(seen.filter((s) => s.includes(tokenText))).toEqual([]);

    // The point sees the rating in Avaliações and the return, marked as the member's, in Retorno de Serviço.
    await pointPage.goto(`${base}/avaliacoes`);
    await pointPage.getByText("Atendimento rápido e caprichado.").first().waitFor();
    await pointPage.goto(`${base}/retorno-servico`);
    const row = pointPage.getByText("Barulho no motor depois da troca.").first();
    await row.waitFor();
    await pointPage.getByText("Pedido pelo sócio").first().waitFor();

    // And the attendant's own check of the same evidence on the OS screen.
    await pointPage.goto(`${base}/execucao-os/${order.id}`);
    await pointPage.getByRole("button", { name: "Verificar evidências" }).click();
    await pointPage.getByText("Evidências íntegras").waitFor({ timeout: 30_000 });

    // Revoked by the point: the member's page says the link no longer works.
    const revoked = await fetch(`${base}/api/execucao/${order.id}/acompanhamento`, { method: "DELETE", headers: { authToken: token } });
    expect(revoked.status).toBe(200);
    await member.reload();
    await member.getByText("Este link de acompanhamento não é válido ou expirou.", { exact: false }).waitFor();
    await memberCtx.close();
    await pointCtx.close();
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("a tampered file and a tampered chain row are named (PostgreSQL)", () => {
  let server: TestServer;
  let uploadDir = "";
  let dbName = "";
  let adminUrl = "";
  const pgQuery = async (url: string, text: string, values: unknown[] = []) => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  const dbUrl = () => {
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    return u.href;
  };

  beforeAll(async () => {
    adminUrl = process.env.TEST_DATABASE_URL!;
    dbName = `e2e_evidence_${process.pid}_${Date.now()}`;
    await pgQuery(adminUrl, `create database ${dbName}`);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-evidence-"));
    server = await startServer({ STATIC_DIR: await staticDir(), DATABASE_URL: dbUrl(), UPLOAD_DIR: uploadDir });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pgQuery(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  it("passes untouched, then names the altered file and the broken link on the OS screen and in the central's panel", async () => {
    const at = server.url;
    const token = await apiToken(at);
    const central = await apiToken(at, CENTRAL);
    const me = (await apiCall<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>(at, token, "/credenciado/get"))
      .data;
    const order = await book(at, token, me.IdPontoAtendimento, "QWE5R67", 3, "09:00");
    // The phone's OCR read another plate in the initial video and the attendant confirmed it was this car.
    const { photo } = await runOrder(at, token, me.IdPontoAtendimentoUsuario, me.IdPontoAtendimento, order, central, {
      platechecked: "1",
      platevideo: "ABC1D23",
      plateconfirmed: "1",
    });
    await finishOrder(at, token, me.IdPontoAtendimentoUsuario, order);

    for (const mobile of [true, false]) {
      const ctx = await browser.newContext(mobile ? MOBILE : DESKTOP);
      const page = await openOrder(ctx, at, order);
      const verify = async () => {
        await page.getByRole("button", { name: /^Verificar (evidências|de novo)$/ }).click();
        await page.getByText(/^Evidências íntegras$|^As evidências não conferem$/).waitFor({ timeout: 30_000 });
      };
      if (mobile) {
        await verify();
        await page.getByText("Evidências íntegras").waitFor();
        // One byte of the stored photo changed on the storage.
        const file = path.join(uploadDir, photo);
        const bytes = fs.readFileSync(file);
        bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) % 256;
        fs.writeFileSync(file, bytes);
        // One row of the chain changed in the database: the initial video's claimed capture time (its entry is seq 1).
        await pgQuery(
          dbUrl(),
          "update evidence_chain set captured_at = captured_at - interval '1 day' where appointment_id = $1 and seq = 1",
          [order.id],
        );
      }
      if (!mobile) await verify();
      else {
        await page.reload();
        await verify();
      }
      await page.getByText("As evidências não conferem").waitFor();
      await page.getByText(`Arquivo alterado: foto (arquivo ${short(photo)}, item`).waitFor();
      await page.getByText(/Elo da cadeia quebrado no item 1 \(vídeo inicial/).waitFor();
      expect(await page.getByText("Evidências íntegras").count()).toBe(0);
      await ctx.close();
    }

    // The central's evidence panel: the plate read in the video against the order's, and the same two failures named.
    const ctx = await browser.newContext({ ...DESKTOP, bypassCSP: true });
    const page = await ctx.newPage();
    await page.goto(`${at}/central/aprovacoes`);
    await page.getByLabel("E-mail").fill(CENTRAL.email);
    await page.getByLabel("Senha", { exact: true }).fill(CENTRAL.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/central/"));
    await page.goto(`${at}/central/aprovacoes`);
    await page.getByRole("button", { name: "Decididas" }).click();
    await page
      .getByRole("table", { name: "Decisões registradas" })
      .locator("tbody tr")
      .filter({ hasText: `OS ${order.os}` })
      .getByRole("button", { name: /: Evidências da OS/ })
      .click();
    const panel = page.getByRole("dialog", { name: `Evidências da OS ${order.os}` });
    await panel.getByText("Placa no vídeo: ABC1D23 (não confere, confirmada pelo atendente)").waitFor();
    await panel.getByRole("button", { name: "Verificar evidências" }).click();
    await panel.getByText("As evidências não conferem").waitFor({ timeout: 30_000 });
    await panel.getByText(`Arquivo alterado: foto (arquivo ${short(photo)}, item`).waitFor();
    await panel.getByText(/Elo da cadeia quebrado no item 1 \(vídeo inicial/).waitFor();
    expect(await violations(page)).toEqual([]);
    await ctx.close();
  });
});

/** The built app the global setup serves (its STATIC_DIR). */
async function staticDir(): Promise<string> {
  return inject("staticDir");
}
