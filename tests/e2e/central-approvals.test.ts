// Aprovações end to end (built app, real server, real Chromium): the central staff sign in on the same login; on a phone the
// services are cards, on a 1366x768 desktop a compact table where ten rows fit, with the attendant, both values, the evidence
// count ("Sem evidências" when there is none) and the waiting time; the evidence opens in a side panel (keyboard, axe); search
// by OS or plate; refuse with a required reason; approve with 10 s to undo (undone: the row is back); a second session's
// decision makes the first one's click a 409 naming who decided, and the row leaves; the selected rows are approved at once;
// the "Decididas" view lists who decided what, when and why; a payer's console shows no decide buttons. The attendant is told
// of the decisions, the OS shows them, the order finishes and its payout reaches Pagamentos (paying: central-payments.test.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, orderAction, startedOrderByApi, violations } from "./browser";
import { CENTRAL } from "./payee";

const base = inject("baseUrl");
const OTHER = { email: "outro@credenciado.com.br", password: "demo1234" };
const SMALL_DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, locale: "pt-BR" };
let browser: Browser;
let token = "";
let central = "";
let pointId = "";
let userId = "";
let order = { id: "", os: 0, plate: "" };
type Link = { id: string; label: string };
const linked: Link[] = [];
/** A second order of the point, started for the bulk approval (this file's own offset and hour). */
let bulkOrder = { id: "", os: 0 };
const bulkLinks: Link[] = [];

const api = <T>(path: string, body?: unknown) => apiCall<T>(base, token, path, body);
type Row = {
  IdSocioVeiculoAgenda: string;
  NumeroOS: number;
  StatusAgendamento: string;
  IdSocioVeiculoAgendaExecucao: string | null;
  Placa: string;
};

/** A short MP4 (magic bytes + filler) uploaded as the point: the order's start and final videos. */
async function video(): Promise<string> {
  const bytes = new Uint8Array(4096);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")]);
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "video/mp4" }), "video.mp4");
  const res = await fetch(`${base}/api/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form });
  return ((await res.json()) as { file: string }).file;
}

async function signInAt(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(`${base}${path}`);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** Links every catalogue service it can (at most `max`) to the order, each with the attendant's reason. */
async function linkServices(orderId: string, max: number, into: Link[]) {
  const catalogue = (
    await api<{ servicos: { IdServico: string; label: string; FornecidoPelaVcar: string }[] }>(`/ponto-atendimento/servicos/${pointId}`)
  ).servicos.filter((s) => s.FornecidoPelaVcar !== "S");
  for (const s of catalogue) {
    if (into.length === max) break;
    const res = await fetch(`${base}/api/agendamentos/vincular-servico`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify({ idSocioVeiculoAgenda: orderId, idServico: s.IdServico, descricao: `Pedido de teste: ${s.label}` }),
    });
    if (res.ok)
      into.push({
        id: ((await res.json()) as { idSocioVeiculoAgendaExecucaoServico: string }).idSocioVeiculoAgendaExecucaoServico,
        label: s.label,
      });
  }
  expect(into).toHaveLength(max);
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base, OTHER);
  central = await apiToken(base, CENTRAL);
  const me = (await api<{ data: { IdPontoAtendimento: string; IdPontoAtendimentoUsuario: string } }>("/credenciado/get")).data;
  pointId = me.IdPontoAtendimento;
  userId = me.IdPontoAtendimentoUsuario;
  // The second point's pending order (no other test works on that point's orders): started, then two services linked.
  const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
  const pending = rows.filter((r) => r.StatusAgendamento === "A" && !r.IdSocioVeiculoAgendaExecucao);
  const row = pending[pending.length - 1]!;
  order = { id: row.IdSocioVeiculoAgenda, os: row.NumeroOS, plate: row.Placa };
  await api("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: order.id, videoInicial: await video() });
  await api("/agendamentos/iniciar", { idSocioVeiculoAgenda: order.id });
  await linkServices(order.id, 2, linked);
  // The bulk approval's order: another of the point's, far ahead, with two services of its own.
  const started = await startedOrderByApi(base, token, { pointId, userId, offset: 520, hour: "09:00" });
  bulkOrder = { id: started.id, os: started.os };
  await linkServices(bulkOrder.id, 2, bulkLinks);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** A central console on the approvals, signed in through the login page. */
async function console_(options: BrowserContextOptions) {
  const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
  const page = await ctx.newPage();
  await signInAt(page, "/login", CENTRAL);
  await page.waitForURL((u) => u.pathname.startsWith("/central/"));
  await page.goto(`${base}/central/aprovacoes`);
  await page.getByRole("heading", { name: "Aprovações", level: 1 }).waitFor();
  return { ctx, page };
}

describe("central approvals", () => {
  it("keeps attendants out of the console, and a central user out of the point's screens", async () => {
    const { ctx, page } = await console_(DESKTOP);
    await page.goto(`${base}/espelho`);
    await page.waitForURL((u) => u.pathname.startsWith("/central/"));
    await ctx.close();
    const attendant = await browser.newContext(DESKTOP);
    const p = await attendant.newPage();
    await signInAt(p, "/central/aprovacoes", OTHER);
    await p.waitForURL((u) => u.pathname === "/");
    await attendant.close();
  });

  it("shows the pending services as cards on a phone: both values, the attendant, the evidence count; the panel opens; axe clean", async () => {
    const { ctx, page } = await console_(MOBILE);
    const list = page.getByRole("list", { name: "Serviços aguardando aprovação" });
    const card = list
      .getByRole("listitem")
      .filter({ hasText: `OS ${order.os}` })
      .filter({ hasText: linked[0]!.label });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain("Repasse");
    const text = await card.innerText();
    for (const part of ["Serviço", "Repasse", "R$", `Pedido de teste: ${linked[0]!.label}`, "Aguardando desde", "evidência"])
      expect(text).toContain(part);
    // An order of the seed with no video, photo or note says so (never approved blind).
    await page
      .getByRole("button", { name: /^Sem evidências: Evidências da OS/ })
      .first()
      .waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await card.getByRole("button", { name: /: Evidências da OS/ }).click();
    const panel = page.getByRole("dialog", { name: `Evidências da OS ${order.os}` });
    await panel.getByLabel(`Vídeo inicial da OS ${order.os}`).waitFor();
    await panel.getByRole("button", { name: "Aprovar" }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await ctx.close();
  });

  it("fits ten rows on 1366x768 with one Aprovar and one Recusar each; searches by OS or plate; the panel is keyboard operable", async () => {
    const { ctx, page } = await console_(SMALL_DESKTOP);
    const table = page.getByRole("table", { name: "Serviços aguardando aprovação" });
    const rows = table.locator("tbody tr");
    const row = rows.filter({ hasText: `OS ${order.os}` }).filter({ hasText: linked[0]!.label });
    await row.waitFor();
    expect(await row.getByRole("button").count()).toBe(3); // the evidence, Aprovar and Recusar
    await row.getByRole("button", { name: `Aprovar ${linked[0]!.label} da OS ${order.os}` }).waitFor();
    await row.getByRole("button", { name: `Recusar ${linked[0]!.label} da OS ${order.os}` }).waitFor();
    expect(await row.locator("td").first().getByRole("checkbox").count()).toBe(1);
    // The waiting time is relative, the exact one in its title.
    expect(await row.locator("time").getAttribute("title")).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    // Ten rows of the height these rows have fit under the header, filters and toolbar.
    const boxes = await rows.evaluateAll((trs) =>
      trs.map((tr) => tr.getBoundingClientRect()).map((r) => ({ top: r.top, height: r.height })),
    );
    const tallest = Math.max(...boxes.map((b) => b.height));
    expect(tallest).toBeLessThanOrEqual(48);
    expect(boxes[0]!.top + 10 * tallest).toBeLessThanOrEqual(768);
    if (boxes.length >= 10) expect(boxes[9]!.top + boxes[9]!.height).toBeLessThanOrEqual(768);
    expect(await violations(page)).toEqual([]);

    // Search by OS number, then by plate typed with a dash and in lower case.
    const search = page.getByRole("searchbox", { name: "OS ou placa" });
    await search.fill(String(order.os));
    await search.press("Enter");
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.includes(`OS ${order.os}`))).toBe(true);
    expect(new URL(page.url()).searchParams.get("busca")).toBe(String(order.os));
    await search.fill(`${order.plate.slice(0, 3)}-${order.plate.slice(3)}`.toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect.poll(async () => (await rows.allInnerTexts()).every((t) => t.includes(order.plate))).toBe(true);
    await search.fill("ZZZ9Z99");
    await search.press("Enter");
    await page.getByText("Nenhum serviço aguardando aprovação com esses filtros.").waitFor();
    await search.fill("");
    await row.waitFor();

    // The panel from the keyboard: opened with Enter, closed with Escape, the focus back on its button.
    const opener = row.getByRole("button", { name: /: Evidências da OS/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: `Evidências da OS ${order.os}` });
    await panel.getByLabel(`Vídeo inicial da OS ${order.os}`).waitFor();
    await panel.getByText(`Pedido de teste: ${linked[0]!.label}`).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await ctx.close();
  });

  it("refuses with a reason, approves with 10 s to undo; the attendant is told; a late click is a 409 naming who decided; Decididas shows it all", async () => {
    const [approved, rejected] = linked as [Link, Link];
    // The attendant works on the agenda (not the OS screen) on a phone.
    const phone = await browser.newContext(MOBILE);
    const attendant = await phone.newPage();
    await signInAt(attendant, "/", OTHER);
    await attendant.waitForURL((u) => u.pathname === "/");

    const { ctx: desk, page } = await console_(DESKTOP);
    const table = page.getByRole("table", { name: "Serviços aguardando aprovação" });
    const rowOf = (label: string) =>
      table
        .locator("tbody tr")
        .filter({ hasText: `OS ${order.os}` })
        .filter({ hasText: label });
    await rowOf(approved.label).waitFor();

    // Refuse: a reason is required.
    await rowOf(rejected.label)
      .getByRole("button", { name: `Recusar ${rejected.label} da OS ${order.os}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Recusar ${rejected.label}` });
    await dialog.getByRole("button", { name: "Recusar serviço" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Informe o motivo da recusa." }).waitFor();
    expect(await violations(page)).toEqual([]);
    await dialog.getByLabel("Motivo da recusa").fill("Serviço fora da cobertura do plano.");
    await dialog.getByRole("button", { name: "Recusar serviço" }).click();
    await page
      .getByRole("status", { name: "Decisão recente" })
      .filter({ hasText: `Serviço recusado — OS ${order.os}` })
      .waitFor();
    await rowOf(rejected.label).waitFor({ state: "detached" });

    // Approve, then undo within the 10 s: the service is pending again, and its row is back.
    await rowOf(approved.label)
      .getByRole("button", { name: `Aprovar ${approved.label} da OS ${order.os}` })
      .click();
    const bar = page.getByRole("status", { name: "Decisão recente" });
    await bar.filter({ hasText: `Serviço aprovado — OS ${order.os}` }).waitFor();
    await rowOf(approved.label).waitFor({ state: "detached" });
    expect(await violations(page)).toEqual([]);
    await bar.getByRole("button", { name: "Desfazer" }).click();
    await page.getByText("Decisão desfeita: o serviço voltou a aguardar aprovação.").first().waitFor();
    await rowOf(approved.label).waitFor();
    const statusOf = async (id: string) =>
      (await api<{ servicos: { id: string; status: string }[] }>(`/agendamentos/servicos-vinculados/${order.id}`)).servicos.find(
        (s) => s.id === id,
      )?.status;
    expect(await statusOf(approved.id)).toBe("P");

    // Approved again: the bar leaves after its 10 s, and the approval stands.
    await rowOf(approved.label)
      .getByRole("button", { name: `Aprovar ${approved.label} da OS ${order.os}` })
      .click();
    await bar.filter({ hasText: `Serviço aprovado — OS ${order.os}` }).waitFor();
    const shownAt = Date.now();
    await bar.waitFor({ state: "detached", timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(8_000);
    expect(await statusOf(approved.id)).toBe("A");

    // The attendant, on the agenda, is told of both (and of the undo) within a poll.
    await attendant.getByText(`Serviço aprovado: ${approved.label}`, { exact: false }).first().waitFor({ timeout: 45_000 });
    await attendant.getByText(`Serviço recusado: ${rejected.label}`, { exact: false }).first().waitFor({ timeout: 5_000 });

    // Decididas: who decided what, when and why; filtered to the refusals.
    await page.getByRole("button", { name: "Decididas" }).click();
    const decided = page.getByRole("table", { name: "Decisões registradas" });
    const decidedRow = (label: string) =>
      decided
        .locator("tbody tr")
        .filter({ hasText: `OS ${order.os}` })
        .filter({ hasText: label });
    await decidedRow(approved.label).filter({ hasText: "Aprovado" }).filter({ hasText: "Equipe Central (demonstração)" }).waitFor();
    await decidedRow(rejected.label).filter({ hasText: "Recusado" }).filter({ hasText: "Serviço fora da cobertura do plano." }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: /^Mostrando 1–\d+ de \d+ decis/ })
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel("Decisão").selectOption("R");
    await decidedRow(approved.label).waitFor({ state: "detached" });
    await decidedRow(rejected.label).waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("R");
    await decidedRow(rejected.label)
      .getByRole("button", { name: /: Evidências da OS/ })
      .click();
    const panel = page.getByRole("dialog", { name: `Evidências da OS ${order.os}` });
    await panel.getByText("Recusado por Equipe Central (demonstração)", { exact: false }).first().waitFor();
    await panel.getByText("Recusado", { exact: true }).first().waitFor(); // the history's entry
    expect(await panel.getByRole("button", { name: "Aprovar" }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await panel.getByRole("button", { name: "Fechar" }).click();

    // The OS screen shows the decisions, the refusal with its reason.
    await attendant.goto(`${base}/execucao-os/${order.id}`);
    const services = attendant.getByRole("region", { name: "Serviços", exact: true });
    await services.getByText("Serviço fora da cobertura do plano.").waitFor();

    // Nothing waits for approval any more: the attendant finishes the order, recording the final video with the camera.
    await orderAction(attendant, true, "Finalizar OS");
    const finishDialog = attendant.getByRole("dialog", { name: "Finalizar Ordem de Serviço" });
    await finishDialog.getByText("Nenhum serviço aguardando aprovação.").waitFor();
    const finish = finishDialog.getByRole("button", { name: "Finalizar OS" });
    await finishDialog.getByRole("button", { name: "Gravar vídeo" }).click();
    const camera = attendant.getByRole("dialog", { name: "Gravar vídeo" });
    await camera.getByRole("button", { name: "Gravar", exact: true }).click({ timeout: 15_000 });
    await attendant.waitForTimeout(1500); // the length of the recording itself
    await camera.getByRole("button", { name: "Parar" }).click();
    await expect.poll(() => finish.isEnabled(), { timeout: 15_000 }).toBe(true);
    await finish.click();
    await attendant.getByText("OS finalizada com sucesso!").waitFor({ timeout: 45_000 });

    // The approval is past undoing now: its payout exists, in the point's espelho, due.
    const late = await fetch(`${base}/api/central/aprovacoes/${approved.id}/desfazer`, {
      method: "POST",
      headers: { authToken: central, "content-type": "application/json" },
      body: "{}",
    });
    expect([late.status, ((await late.json()) as { message: string }).message]).toEqual([
      409,
      "O prazo para desfazer (10 segundos) terminou. A decisão foi mantida.",
    ]);
    const espelho = await api<{ NumeroOS: number; PagamentoFeito: string }[]>("/espelho/lista", { idPontoAtendimento: pointId });
    const due = espelho.filter((r) => r.NumeroOS === order.os);
    expect(due.length).toBeGreaterThan(0);
    expect(due.every((r) => r.PagamentoFeito === "N")).toBe(true);
    await phone.close();
    await desk.close();
  }, 150_000);

  it("tells who decided first when another session decided the row (409), and approves the selected rows at once", async () => {
    const [first, second] = bulkLinks as [Link, Link];
    const { ctx, page } = await console_(DESKTOP);
    const table = page.getByRole("table", { name: "Serviços aguardando aprovação" });
    const rowOf = (label: string) =>
      table
        .locator("tbody tr")
        .filter({ hasText: `OS ${bulkOrder.os}` })
        .filter({ hasText: label });
    await rowOf(first.label).waitFor();
    await rowOf(second.label).waitFor();
    // Both chosen; then another session of the central approves the first before this screen does.
    await rowOf(first.label).getByRole("checkbox").check();
    await rowOf(second.label).getByRole("checkbox").check();
    await page.getByText("2 selecionados", { exact: false }).waitFor();
    const other = await fetch(`${base}/api/central/aprovacoes/${first.id}/aprovar`, {
      method: "POST",
      headers: { authToken: central, "content-type": "application/json" },
      body: "{}",
    });
    expect(other.status).toBe(200);
    // A click on the row someone already decided: told who and when, and the row leaves the list.
    await rowOf(first.label)
      .getByRole("button", { name: `Aprovar ${first.label} da OS ${bulkOrder.os}` })
      .click();
    await page.getByText("Este serviço já foi aprovado por Equipe Central (demonstração) em", { exact: false }).first().waitFor();
    await rowOf(first.label).waitFor({ state: "detached" });
    // The selection keeps the rows still listed: one.
    const bulk = page.getByRole("button", { name: "Aprovar selecionados (1)" });
    await bulk.click();
    const confirm = page.getByRole("dialog", { name: "Aprovar 1 serviço" });
    expect(await violations(page)).toEqual([]);
    await confirm.getByRole("button", { name: "Aprovar serviços" }).click();
    await page.getByText("1 serviço aprovado.", { exact: false }).first().waitFor();
    await rowOf(second.label).waitFor({ state: "detached" });
    const links = (await api<{ servicos: { id: string; status: string }[] }>(`/agendamentos/servicos-vinculados/${bulkOrder.id}`)).servicos;
    expect(links.filter((s) => bulkLinks.some((b) => b.id === s.id)).map((s) => s.status)).toEqual(["A", "A"]);
    await ctx.close();
  });

  it("shows a payer's console without the decide buttons", async () => {
    const ctx = await browser.newContext({ ...DESKTOP, bypassCSP: true });
    // The role as the session gives it to the app: this signed-in user read as a payer (the server's 403 for a payer is
    // tested in tests/server/central.test.ts).
    await ctx.route("**/api/central/me", async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response: res, json: { data: { ...body.data, Papel: "payer" } } });
    });
    const page = await ctx.newPage();
    await signInAt(page, "/login", CENTRAL);
    await page.waitForURL((u) => u.pathname.startsWith("/central/"));
    await page.goto(`${base}/central/aprovacoes`);
    await page.getByText("Seu perfil na central é de pagamentos", { exact: false }).waitFor();
    const table = page.getByRole("table", { name: "Serviços aguardando aprovação" });
    await table.locator("tbody tr").first().waitFor();
    expect(await table.getByRole("button", { name: /^(Aprovar|Recusar) / }).count()).toBe(0);
    expect(await table.getByRole("checkbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Aprovar selecionados/ }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await ctx.close();
  });
});
