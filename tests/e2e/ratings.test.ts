// Avaliações dos Clientes and the contract page end to end (built app, real server, real Chromium, desktop and Pixel 7): the average,
// total, distribution and rows on screen equal the server's (get-average and get-all re-read through the API), the star filter
// narrows the rows and shows the empty text for a star with no rating, loading and error (with a working retry) states, axe clean;
// the contract page shows the point's data from /credenciado/get, prints through window.print and prints without the shell.
// Read-only: no test here changes data (the API offers no way to create a rating).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { apiCall, builtChunk, DESKTOP, launch, MOBILE, listRows, openSignedIn, violations, demoPoint } from "./browser";
import type { Avaliacao } from "../../src/features/avaliacoes/api/avaliacoes";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
type Rating = Avaliacao;
const serverAverage = () => api<{ MediaNotas: number | null; TotalAvaliacoes: number }>(`/avaliacoes/get-average/${pointId}`);
const serverRatings = () => api<Rating[]>(`/avaliacoes/get-all/${pointId}`);

// The expected texts, written here independently of the app's code.
const TZ = "America/Sao_Paulo";
const dateText = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));
const timeText = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
const oneDecimal = (n: number) => n.toFixed(1).replace(".", ",");
const plateText = (p: string) => (/^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p);
const starsText = (n: number) => (n === 1 ? "1 estrela" : `${n} estrelas`);
const totalText = (n: number) => (n === 1 ? "1 avaliação" : `${n} avaliações`);
const expectedPieces = (r: Rating) => [
  r.Cliente,
  [r.MarcaVeiculo, r.ModeloVeiculo, r.AnoVeiculo].filter(Boolean).join(" "),
  plateText(r.PlacaVeiculo),
  String(r.NumeroOS),
  dateText(r.DataLog),
  timeText(r.DataLog),
  `${r.Nota}/5`,
  r.Observacoes?.trim() || "Sem comentário",
];

beforeAll(async () => {
  browser = await launch();
  ({ token, pointId } = await demoPoint(base));
});
afterAll(() => browser?.close());

const openRatings = (ctx: BrowserContext): Promise<Page> =>
  openSignedIn(ctx, `${base}/avaliacoes`, (page) => page.getByRole("heading", { name: "Avaliações dos Clientes", level: 1 }));

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`ratings and contract on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    });
    afterAll(() => ctx?.close());

    const rowsOf = (page: Page): Locator => listRows(page, mobile, "Avaliações recebidas");

    async function expectRows(page: Page, expected: Rating[]) {
      const rows = rowsOf(page);
      await expect.poll(() => rows.count()).toBe(expected.length);
      for (const [i, r] of expected.entries()) {
        const text = (await rows.nth(i).innerText()).replace(/\s+/g, " ");
        for (const piece of expectedPieces(r)) expect(text, `row ${i} (OS ${r.NumeroOS})`).toContain(piece.replace(/\s+/g, " "));
        await expect(
          rows
            .nth(i)
            .getByRole("img", { name: `${r.Nota} de 5 estrelas` })
            .count(),
        ).resolves.toBe(1);
      }
    }

    it("shows the server's average, total, distribution and rows, newest first; axe clean", async () => {
      const page = await openRatings(ctx);
      await page.getByTestId("ratings-average").waitFor();
      const [average, ratings] = [await serverAverage(), await serverRatings()];
      expect(ratings.length).toBeGreaterThan(0);
      expect(average.TotalAvaliacoes).toBe(ratings.length);

      const avg = oneDecimal(average.MediaNotas ?? 0);
      await expect(page.getByTestId("ratings-average").innerText()).resolves.toBe(avg);
      await expect(page.getByRole("img", { name: `${avg} de 5 estrelas` }).count()).resolves.toBe(1);
      await expect(page.getByTestId("ratings-total").innerText()).resolves.toBe(totalText(average.TotalAvaliacoes));

      const bars = page.getByRole("list", { name: "Distribuição das notas" }).getByRole("listitem");
      await expect(bars.count()).resolves.toBe(5);
      for (const [i, star] of [5, 4, 3, 2, 1].entries()) {
        const count = ratings.filter((r) => r.Nota === star).length;
        const share = `${Math.round((count / ratings.length) * 100)}%`;
        await expect(
          bars
            .nth(i)
            .innerText()
            .then((t) => t.replace(/\s+/g, " ").trim()),
        ).resolves.toBe(`${starsText(star)} ${count} (${share})`);
      }

      await expectRows(page, ratings);
      expect(await violations(page)).toEqual([]);
    });

    it("narrows the rows with the star filter, shows the empty text for a star with none, and 'Todas' brings every row back", async () => {
      const page = await openRatings(ctx);
      const filter = page.getByRole("group", { name: "Filtrar por nota" });
      await filter.waitFor();
      const ratings = await serverRatings();
      const counts = [5, 4, 3, 2, 1].map((star) => ({ star, rows: ratings.filter((r) => r.Nota === star) }));
      const some = counts.find((c) => c.rows.length > 0 && c.rows.length < ratings.length);
      const none = counts.find((c) => c.rows.length === 0);
      expect(some, "a star held by some but not all ratings").toBeDefined();
      expect(none, "a star no rating has").toBeDefined();

      await filter.getByRole("button", { name: starsText(some!.star), exact: true }).click();
      await expect(filter.getByRole("button", { name: starsText(some!.star), exact: true }).getAttribute("aria-pressed")).resolves.toBe(
        "true",
      );
      await expectRows(page, some!.rows);
      await page.getByText(`Mostrando ${some!.rows.length} de ${ratings.length}`).waitFor();

      await filter.getByRole("button", { name: starsText(none!.star), exact: true }).click();
      await page.getByText("Nenhuma avaliação encontrada").waitFor();
      await expect(rowsOf(page).count()).resolves.toBe(0);
      expect(await violations(page)).toEqual([]);

      await filter.getByRole("button", { name: "Todas" }).click();
      await expectRows(page, ratings);
      await expect(page.getByText("Nenhuma avaliação encontrada").count()).resolves.toBe(0);
    });

    it("shows 'Carregando avaliações...' while the calls are under way, and an error with a working retry when they fail", async () => {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/avaliacoes/get-all/**", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${base}/avaliacoes`);
      await page.getByText("Carregando avaliações...").waitFor();
      release();
      await rowsOf(page).first().waitFor();
      await page.unroute("**/api/avaliacoes/get-all/**");

      await page.route("**/api/avaliacoes/get-all/**", (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: '{"message":"x"}' }),
      );
      await page.reload();
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByRole("alert").getByText("Erro ao carregar avaliações").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.unroute("**/api/avaliacoes/get-all/**");
      await retry.click();
      await expectRows(page, await serverRatings());
      await expect(retry.count()).resolves.toBe(0);
    });

    it("asks for the ratings while the screen's code is still downloading, and only once", async () => {
      // Its own context with no service worker: a precached chunk would not reach the route that holds it below.
      const own = await browser.newContext({ ...options, serviceWorkers: "block" });
      const page = await openRatings(own);
      const calls: string[] = [];
      page.on("request", (r) => {
        if (/\/api\/avaliacoes\/get-(average|all)\//.test(r.url())) calls.push(new URL(r.url()).pathname.split("/")[3]!);
      });
      // The ratings page's own chunk is held until both calls have gone out: they can only come from the route, not the page.
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      const pageChunk = builtChunk("src/features/avaliacoes/components/ratings-page.tsx");
      await own.route(
        (url) => url.pathname === pageChunk,
        async (route) => {
          await released;
          await route.continue();
        },
      );
      try {
        await page.goto(`${base}/avaliacoes`);
        await expect.poll(() => [...calls].sort(), { timeout: 15_000 }).toEqual(["get-all", "get-average"]);
        release();
        await expectRows(page, await serverRatings());
        await page.waitForTimeout(500);
        // The answers that arrived before the page mounted are used: no second request for either.
        expect([...calls].sort()).toEqual(["get-all", "get-average"]);
      } finally {
        release();
        await own.close();
      }
    });

    it("contract page: the point's data from the server, 'Imprimir' calls window.print, and the print layout has no shell", async () => {
      const me = (
        await api<{ data: { RazaoSocial: string; Descricao: string; Cnpj: string; NumeroMatricula: string | null } }>("/credenciado/get")
      ).data;
      const page = await openSignedIn(ctx, `${base}/contratos`, (p) =>
        p.getByRole("heading", { name: "Contrato de Credenciamento", level: 1 }),
      );
      const details = page.locator("dl.details");
      const field = (label: string) =>
        details
          .locator("div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd");
      await expect(field("Razão Social").innerText()).resolves.toBe(me.RazaoSocial);
      await expect(field("Nome fantasia").innerText()).resolves.toBe(me.Descricao);
      const digits = me.Cnpj.replace(/\D/g, "");
      await expect(field("CNPJ").innerText()).resolves.toBe(
        `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`,
      );
      if (me.NumeroMatricula) await expect(field("Matrícula").innerText()).resolves.toBe(me.NumeroMatricula);
      // Read-only: nothing on the page can be typed into.
      await expect(page.locator("main").locator("input, textarea, select, [contenteditable=true]").count()).resolves.toBe(0);
      expect(await violations(page)).toEqual([]);

      await page.evaluate(() => {
        const w = window as unknown as { printed: number };
        w.printed = 0;
        window.print = () => {
          w.printed += 1;
        };
      });
      await page.getByRole("button", { name: "Imprimir" }).click();
      await expect(page.evaluate(() => (window as unknown as { printed: number }).printed)).resolves.toBe(1);

      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("heading", { name: "Contrato de Credenciamento" }).isVisible()).resolves.toBe(true);
      await expect(field("Razão Social").isVisible()).resolves.toBe(true);
      for (const hidden of [".app-header", ".sidebar", ".bottom-bar"]) {
        await expect(page.locator(hidden).isVisible(), hidden).resolves.toBe(false);
      }
      await expect(page.getByRole("button", { name: "Imprimir" }).isVisible()).resolves.toBe(false);
      await page.emulateMedia({ media: "screen" });
      await expect(page.locator(mobile ? ".bottom-bar" : ".sidebar").isVisible()).resolves.toBe(true);
    });
  });
}
