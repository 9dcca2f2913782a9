// Central do Programa — Início, the worklist home, end to end (built app, real server, real Chromium, desktop and Pixel 7):
// the central user lands on /central/inicio; the counts shown are GET /api/central/inicio's, which match the seeded data as
// the lists hold it (approvals waiting, payouts due by point and total with the held part, points by flag); each count is a
// link that lands in its list filtered; stacked cards on a phone, a grid on desktop; loading and error (with a working
// retry) states; axe clean. Read-only: no test here changes data.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, signIn, violations } from "./browser";
import type { CentralHome, PointFlag, PointSummary } from "../../src/features/central/api/points";

const base = inject("baseUrl");
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
const HOME_URL = /\/api\/central\/inicio(\?.*)?$/;

// The expected texts, written here independently of the app's code.
const FLAG_LABELS: Record<PointFlag, string> = {
  "avaliacao-baixa": "Avaliação baixa",
  "retornos-abertos": "Retornos abertos",
  "sem-dados-bancarios": "Sem dados bancários",
  "dados-bancarios-alterados": "Dados bancários alterados",
  "aprovacoes-pendentes": "Aprovações pendentes",
  "repasses-devidos": "Repasses a pagar",
  "sem-atividade": "Sem atividade há 14 dias",
};
const brl = (n: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
function age(from: string, now: string) {
  const minutes = Math.max(1, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  const rtf = new Intl.RelativeTimeFormat("pt-BR", { numeric: "always" });
  if (minutes < 60) return rtf.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? rtf.format(-hours, "hour") : rtf.format(-Math.floor(hours / 24), "day");
}

let browser: Browser;
let token = "";
const api = <T>(p: string) => apiCall<T>(base, token, p);
const serverHome = async () => (await api<{ data: CentralHome }>("/central/inicio")).data;

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base, CENTRAL);
});
afterAll(() => browser?.close());

/** What the screen should say for a home answer, card by card (spaces as the screen's reading folds them: Intl's no-break ones too). */
function expectedTexts(h: CentralHome) {
  const a = h.Aprovacoes;
  const r = h.Repasses;
  const p = h.Pontos;
  const fold = (lines: string[]) => lines.map((l) => l.replace(/\s+/g, " "));
  const texts = {
    approvals: [
      a.Quantidade === 0
        ? "Nenhum serviço aguardando aprovação."
        : plural(a.Quantidade, "serviço aguardando aprovação", "serviços aguardando aprovação"),
      ...(a.MaisAntiga ? [`O pedido mais antigo espera ${age(a.MaisAntiga, h.GeradoEm)}.`] : []),
    ],
    payouts: [
      r.Quantidade === 0 ? "Nenhum repasse a pagar." : plural(r.Quantidade, "repasse a pagar", "repasses a pagar"),
      ...(r.Quantidade > 0 ? [`para ${plural(r.Pontos, "ponto", "pontos")}`, `Total a pagar ${brl(r.Total)}`] : []),
      ...(r.Retidos > 0
        ? [
            `${plural(r.Retidos, "repasse retido", "repasses retidos")} (${brl(r.TotalRetido)}) até o ponto regularizar os dados de pagamento.`,
          ]
        : []),
    ],
    points: [
      p.ComSinalizacao === 0
        ? "Nenhum ponto com sinalização."
        : `${p.ComSinalizacao} de ${plural(p.Total, "ponto", "pontos")} com alguma sinalização`,
      ...p.PorSinal.map((s) => `${FLAG_LABELS[s.Sinal]}: ${plural(s.Quantidade, "ponto", "pontos")}`),
    ],
  };
  return { approvals: fold(texts.approvals), payouts: fold(texts.payouts), points: fold(texts.points) };
}

/** The screen's texts, card by card: each card's lines (paragraphs, the total, the flags' items) without its heading. */
const shownTexts = (page: Page) =>
  page.evaluate(() => {
    const norm = (s: string) => s.replace(/\s+/g, " ").trim();
    const card = (name: string) => {
      const el = document.querySelector(`section[aria-labelledby="${name}"]`);
      if (!el) return [];
      return [...el.querySelectorAll(":scope > p, :scope > dl, :scope > ul > li")].map((n) => norm((n as HTMLElement).innerText));
    };
    return { approvals: card("inicio-aprovacoes"), payouts: card("inicio-pagamentos"), points: card("inicio-pontos") };
  });

async function openHome(ctx: BrowserContext): Promise<Page> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${base}/central/inicio`);
  const heading = page.getByRole("heading", { name: "Início", level: 1 });
  const login = page.getByLabel("E-mail");
  await heading.or(login).first().waitFor({ timeout: 15_000 });
  if (await login.isVisible()) await signIn(page, CENTRAL.email, CENTRAL.password);
  await heading.waitFor({ timeout: 15_000 });
  await page.locator(".home-grid").waitFor({ timeout: 15_000 });
  return page;
}

/**
 * The screen shows the server's counts. Other e2e files share the server (an approval, a payment): on a difference the screen is
 * reloaded and compared with the server's answer again.
 */
async function expectCounts(page: Page): Promise<CentralHome> {
  let shown: ReturnType<typeof expectedTexts> | undefined;
  let wanted: ReturnType<typeof expectedTexts> | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    shown = await shownTexts(page);
    const home = await serverHome();
    wanted = expectedTexts(home);
    if (JSON.stringify(shown) === JSON.stringify(wanted)) return home;
    await page.reload();
    await page.locator(".home-grid").waitFor({ timeout: 15_000 });
  }
  expect(shown).toEqual(wanted);
  throw new Error("unreachable");
}

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`central home on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    });
    afterAll(() => ctx?.close());

    it("lands on /central/inicio after sign-in and shows the server's counts, which match the lists; axe clean", async () => {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.goto(`${base}/login`);
      await page.getByLabel("E-mail").waitFor({ timeout: 15_000 });
      await signIn(page, CENTRAL.email, CENTRAL.password);
      await page.waitForURL(/\/central\/inicio$/, { timeout: 15_000 });
      await page.locator(".home-grid").waitFor({ timeout: 15_000 });
      const home = await expectCounts(page);

      // The seeded world has work in every card: pending approvals, payouts due (point 2's held: it has no bank data), flags.
      expect(home.Aprovacoes.Quantidade).toBeGreaterThan(0);
      expect(home.Repasses.Quantidade).toBeGreaterThan(0);
      expect(home.Repasses.Retidos).toBeGreaterThan(0);
      expect(home.Pontos.ComSinalizacao).toBeGreaterThan(0);
      // The counts are the lists' own: the approvals waiting and each flag's points.
      const approvals = (await api<{ data: unknown[] }>("/central/aprovacoes")).data;
      const fresh = await serverHome();
      expect(fresh.Aprovacoes.Quantidade).toBe(approvals.length);
      for (const { Sinal, Quantidade } of fresh.Pontos.PorSinal) {
        expect(Quantidade, Sinal).toBe((await api<{ data: PointSummary[] }>(`/central/pontos?sinal=${Sinal}`)).data.length);
      }
      expect(await violations(page)).toEqual([]);
    });

    it("stacks the cards on a phone and lays them side by side on desktop, without sideways scrolling", async () => {
      const page = await openHome(ctx);
      const boxes = await page.locator(".home-card").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      expect(boxes).toHaveLength(3);
      if (mobile) {
        for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
      } else {
        expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
        expect(boxes[1]!.left).toBeGreaterThanOrEqual(boxes[0]!.right);
      }
      const width = await page.evaluate(() => ({
        client: document.documentElement.clientWidth,
        scroll: document.documentElement.scrollWidth,
      }));
      expect(width.scroll).toBeLessThanOrEqual(width.client);
      // Each count's link is a comfortable touch target.
      for (const h of await page
        .locator(".home-figure a, .home-flag a")
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
        expect(h).toBeGreaterThanOrEqual(44);
    });

    it("links each count into its list, filtered", async () => {
      const page = await openHome(ctx);
      const home = await expectCounts(page);

      // A flag with points: its list shows exactly them, the filter chosen.
      const flag = home.Pontos.PorSinal.find((s) => s.Quantidade > 0)!;
      await page.getByRole("link", { name: `${FLAG_LABELS[flag.Sinal]}: ${plural(flag.Quantidade, "ponto", "pontos")}` }).click();
      await page.waitForURL(new RegExp(`/central/pontos\\?sinal=${flag.Sinal}$`));
      await page.getByRole("heading", { name: "Pontos de Atendimento", level: 1 }).waitFor({ timeout: 15_000 });
      await expect(page.getByLabel("Sinalização").inputValue()).resolves.toBe(flag.Sinal);
      const expected = (await api<{ data: PointSummary[] }>(`/central/pontos?sinal=${flag.Sinal}`)).data;
      const rows = mobile
        ? page.getByRole("list", { name: "Pontos de atendimento", exact: true }).getByRole("listitem")
        : page.getByRole("table", { name: "Pontos de atendimento", exact: true }).locator("tbody tr");
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(expected.length);
      for (const p of expected) await expect(rows.filter({ hasText: p.NomeFantasia }).count()).resolves.toBe(1);
      await page.goBack();
      await page.getByRole("heading", { name: "Início", level: 1 }).waitFor({ timeout: 15_000 });

      // The points with any flag: sorted by the number of flags.
      await page.getByRole("link", { name: /com alguma sinalização$/ }).click();
      await page.waitForURL(/\/central\/pontos\?ordem=sinalizacoes&direcao=desc$/);
      await expect(page.getByLabel("Ordenar por").inputValue()).resolves.toBe("sinalizacoes");
      await page.goBack();

      // Approvals and payouts due.
      await page.getByRole("link", { name: /serviços? aguardando aprovação$/ }).click();
      await page.waitForURL(/\/central\/aprovacoes$/);
      await page.goBack();
      await page
        .getByRole("link", { name: /repasses? a pagar$/ })
        .first()
        .click();
      await page.waitForURL(/\/central\/pagamentos\?status=PENDENTE$/);
    });

    it("shows its loading line, then its error with a working retry", async () => {
      const page = await openHome(ctx);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(HOME_URL, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await page.reload();
      await page.getByRole("status").filter({ hasText: "Carregando o resumo da central..." }).waitFor({ timeout: 15_000 });
      release();
      await page.locator(".home-grid").waitFor({ timeout: 15_000 });
      await page.unroute(HOME_URL);

      await page.route(HOME_URL, (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Serviço indisponível no momento." }) }),
      );
      await page.reload();
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByRole("alert").getByText("Serviço indisponível no momento.").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.unroute(HOME_URL);
      await retry.click();
      await page.locator(".home-grid").waitFor({ timeout: 15_000 });
      await expect(retry.count()).resolves.toBe(0);
      await expectCounts(page);
    });
  });
}
