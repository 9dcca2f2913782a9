// The approval loop end to end (built app, real server, real Chromium): the program's central staff sign in on the same
// login and land on /central/aprovacoes; a service an attendant of the second point linked is approved there, the attendant
// is told on another screen and the OS screen shows it approved; another is rejected with a note the OS screen shows; the
// attendant then finishes the order (final video recorded with the fake camera), its payout appears on the central staff's
// Pagamentos screen, they pay it there and the point's espelho shows it paid. The second point has no bank data (its payouts
// are held): the test gives it a selected PIX entry, confirmed by the central, just before paying, and deletes it at the end.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, orderAction, violations } from "./browser";
import { releasePayouts } from "./payee";

const base = inject("baseUrl");
const OTHER = { email: "outro@credenciado.com.br", password: "demo1234" };
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
let browser: Browser;
let token = "";
let pointId = "";
let order = { id: "", os: 0 };
const linked: { id: string; label: string }[] = [];

const api = <T>(path: string, body?: unknown) => apiCall<T>(base, token, path, body);
type Row = { IdSocioVeiculoAgenda: string; NumeroOS: number; StatusAgendamento: string; IdSocioVeiculoAgendaExecucao: string | null };

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

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base, OTHER);
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
  // The second point's pending order (no other test works on that point's orders): started, then two services linked.
  const rows = (await api<{ data: Row[] }>(`/agendamentos/lista/${pointId}`)).data;
  const pending = rows.filter((r) => r.StatusAgendamento === "A" && !r.IdSocioVeiculoAgendaExecucao);
  const row = pending[pending.length - 1]!;
  order = { id: row.IdSocioVeiculoAgenda, os: row.NumeroOS };
  await api("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: order.id, videoInicial: await video() });
  await api("/agendamentos/iniciar", { idSocioVeiculoAgenda: order.id });
  const catalogue = (
    await api<{ servicos: { IdServico: string; label: string; FornecidoPelaVcar: string }[] }>(`/ponto-atendimento/servicos/${pointId}`)
  ).servicos.filter((s) => s.FornecidoPelaVcar !== "S");
  for (const s of catalogue) {
    if (linked.length === 2) break;
    const res = await fetch(`${base}/api/agendamentos/vincular-servico`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify({ idSocioVeiculoAgenda: order.id, idServico: s.IdServico, descricao: `Pedido de teste: ${s.label}` }),
    });
    if (res.ok)
      linked.push({
        id: ((await res.json()) as { idSocioVeiculoAgendaExecucaoServico: string }).idSocioVeiculoAgendaExecucaoServico,
        label: s.label,
      });
  }
  expect(linked).toHaveLength(2);
}, 60_000);
/** The PIX entry this file gives the second point so its payout can be paid (other files rely on it having none). */
const HOLDER = "Serra Azul Mecânica Eireli (teste das aprovações)";
type BankRow = { IdDadoBancario: string; NomeTitular: string };
const testBanks = async () =>
  (await api<{ dadosBancarios: BankRow[] }>(`/ponto-atendimento/get-dados-bancarios/${pointId}`)).dadosBancarios.filter(
    (b) => b.NomeTitular === HOLDER,
  );
/** The point's payouts are held until it has selected bank data and the central confirmed it. */
async function makePayable() {
  if ((await testBanks()).length === 0) {
    await api("/ponto-atendimento/add-dado-bancario", {
      IdPontoAtendimento: pointId,
      TipoChavePix: "CNPJ",
      ChavePix: "45.723.174/0001-10",
      Banco: "",
      NumeroAgencia: "",
      NumeroConta: "",
      TipoConta: "",
      NomeTitular: HOLDER,
      DocumentoTitular: "45.723.174/0001-10",
      Selecionado: "S",
    });
  }
  await releasePayouts(base, pointId);
}

afterAll(async () => {
  if (pointId)
    for (const b of await testBanks()) await api("/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: b.IdDadoBancario });
  await browser?.close();
});

describe("central approvals", () => {
  it.each([
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as [string, BrowserContextOptions][])(
    "signs the central staff in to the console on %s, and keeps attendants out of it",
    async (_n, options) => {
      const ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
      const page = await ctx.newPage();
      await signInAt(page, "/login", CENTRAL);
      await page.getByRole("heading", { name: "Aprovações", level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/central/aprovacoes");
      await page.getByRole("navigation", { name: "Central do Programa" }).getByRole("link", { name: "Aprovações" }).waitFor();
      expect(await violations(page)).toEqual([]);
      // A point's screen is not theirs: back to the console.
      await page.goto(`${base}/espelho`);
      await page.getByRole("heading", { name: "Aprovações", level: 1 }).waitFor();
      await ctx.close();

      const attendant = await browser.newContext(options);
      const p = await attendant.newPage();
      await signInAt(p, "/central/aprovacoes", OTHER);
      await p.waitForURL((u) => u.pathname === "/");
      await attendant.close();
    },
  );

  it("approves one service and rejects another with a note; the attendant is told on another screen and the OS shows both; the order finishes, is paid, and the espelho shows it paid", async () => {
    const [approved, rejected] = linked as [{ id: string; label: string }, { id: string; label: string }];
    // The attendant works on the agenda (not the OS screen) on a phone.
    const phone = await browser.newContext(MOBILE);
    const attendant = await phone.newPage();
    await signInAt(attendant, "/", OTHER);
    await attendant.waitForURL((u) => u.pathname === "/");

    const desk = await browser.newContext({ ...DESKTOP, bypassCSP: true }); // only to load axe
    const central = await desk.newPage();
    await signInAt(central, "/central/aprovacoes", CENTRAL);
    await central.getByRole("heading", { name: "Aprovações", level: 1 }).waitFor();
    const table = central.getByRole("table", { name: "Serviços aguardando aprovação" });
    const rowOf = (label: string) =>
      table
        .locator("tbody tr")
        .filter({ hasText: String(order.os) })
        .filter({ hasText: label });
    await rowOf(approved.label).waitFor();

    // The order's evidence, in place.
    await rowOf(approved.label)
      .getByRole("button", { name: `Evidências da OS ${order.os}` })
      .click();
    const evidence = central.getByRole("dialog", { name: `Evidências da OS ${order.os}` });
    await evidence.getByLabel("Vídeo inicial da OS").waitFor();
    expect(await violations(central)).toEqual([]);
    await evidence.getByRole("button", { name: "Fechar" }).click();

    // Reject: a note is required.
    await rowOf(rejected.label)
      .getByRole("button", { name: `Recusar ${rejected.label}` })
      .click();
    const dialog = central.getByRole("dialog", { name: `Recusar ${rejected.label}` });
    await dialog.getByRole("button", { name: "Recusar serviço" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Informe o motivo da recusa." }).waitFor();
    expect(await violations(central)).toEqual([]);
    await dialog.getByLabel("Motivo da recusa").fill("Serviço fora da cobertura do plano.");
    await dialog.getByRole("button", { name: "Recusar serviço" }).click();
    await central.getByText("Serviço recusado.").first().waitFor();
    await rowOf(rejected.label).waitFor({ state: "detached" });

    await rowOf(approved.label)
      .getByRole("button", { name: `Aprovar ${approved.label}` })
      .click();
    await central.getByText("Serviço aprovado.").first().waitFor();
    await rowOf(approved.label).waitFor({ state: "detached" });

    // The attendant, on the agenda, is told of both within a poll.
    await attendant.getByText(`Serviço aprovado: ${approved.label}`, { exact: false }).first().waitFor({ timeout: 45_000 });
    await attendant.getByText(`Serviço recusado: ${rejected.label}`, { exact: false }).first().waitFor({ timeout: 5_000 });

    // The OS screen shows the decisions, the rejection with its note.
    await attendant.goto(`${base}/execucao-os/${order.id}`);
    const services = attendant.getByRole("region", { name: "Serviços", exact: true });
    await services.getByText("Serviço fora da cobertura do plano.").waitFor();
    const linkedNow = (
      await api<{ servicos: { id: string; status: string; Observacoes: string | null }[] }>(`/agendamentos/servicos-vinculados/${order.id}`)
    ).servicos;
    expect(linkedNow.find((s) => s.id === approved.id)?.status).toBe("A");
    expect(linkedNow.find((s) => s.id === rejected.id)).toMatchObject({ status: "R", Observacoes: "Serviço fora da cobertura do plano." });

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

    // Its payout appears for the central staff, who pay it on the Pagamentos screen (once the point has confirmed bank data).
    await makePayable();
    await central.goto(`${base}/central/pagamentos?ponto=${pointId}`);
    await central.getByRole("heading", { name: "Pagamentos", level: 1 }).waitFor();
    const boxes = central.getByRole("checkbox", { name: new RegExp(`^Selecionar OS ${order.os} — `) });
    await expect.poll(() => boxes.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    for (const box of await boxes.all()) await box.check();
    await central.getByRole("button", { name: "Marcar como pago" }).click();
    const pay = central.getByRole("dialog", { name: "Marcar como pago" });
    await pay.getByRole("button", { name: "Confirmar pagamento" }).click();
    await central.getByText("Pagamento registrado.").first().waitFor();

    // The attendant's espelho shows it PAGO.
    await attendant.goto(`${base}/espelho?status=PAGO`);
    await attendant.getByText(String(order.os)).first().waitFor({ timeout: 15_000 });
    type Payout = { NumeroOS: number; PagamentoFeito: string };
    const espelho = await api<Payout[]>("/espelho/lista", { idPontoAtendimento: pointId });
    const rows = espelho.filter((r) => r.NumeroOS === order.os);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.PagamentoFeito === "S")).toBe(true);
    await phone.close();
    await desk.close();
  }, 120_000);
});
