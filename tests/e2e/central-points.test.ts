// Central do Programa — Pontos de Atendimento end to end (built app, real server, real Chromium, desktop and Pixel 7): the
// central user signs in and lands on /central/aprovacoes, opens Pontos from the console's tabs; every point of GET
// /api/central/pontos is listed with the same figures (name, CNPJ, city/UF, rating average and count, open returns, orders this
// month, last activity); the search narrows the list by name, city or CNPJ (kept on reload); 'Ver cadastro' opens the point's
// registration read-only (formatted CNPJ and CEP, the same values as GET /api/central/pontos/:id), keyboard operable with the
// focus back on its button; loading, empty and error states (with a working retry) of the list and the modal; axe clean; each
// profile kept on its own screens; nothing scrolls sideways on a 360 px phone. Read-only: no test here changes data.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { apiCall, apiToken, DEMO, DESKTOP, launch, listRows, MOBILE, signIn, violations } from "./browser";
import type { PointRegistration, PointSummary } from "../../src/features/central/api/central";

const base = inject("baseUrl");
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
const SEEDED = ["Auto Center Boa Viagem", "Oficina Serra Azul"];
const PHONE_360: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const LIST_URL = /\/api\/central\/pontos(\?.*)?$/;
const POINT_URL = /\/api\/central\/pontos\/[^/?]+(\?.*)?$/;

let browser: Browser;
let token = "";
const api = <T>(p: string) => apiCall<T>(base, token, p);
const serverPoints = async () => (await api<{ data: PointSummary[] }>("/central/pontos")).data;
const serverPoint = async (id: string) => (await api<{ data: PointRegistration }>(`/central/pontos/${id}`)).data;

// The expected texts, written here independently of the app's code.
const TZ = "America/Sao_Paulo";
const dateText = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));
const timeText = (iso: string) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
const oneDecimal = (n: number) => new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
const cnpjText = (v: string) => {
  const d = v.replace(/\D/g, "");
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
};
const cepText = (v: string) => {
  const d = v.replace(/\D/g, "");
  return `${d.slice(0, 5)}-${d.slice(5)}`;
};
const ratingText = (p: PointSummary) =>
  p.MediaAvaliacao === null || p.QuantidadeAvaliacoes === 0
    ? "Sem avaliações"
    : `${oneDecimal(p.MediaAvaliacao)} (${p.QuantidadeAvaliacoes} ${p.QuantidadeAvaliacoes === 1 ? "avaliação" : "avaliações"})`;
const activityText = (p: PointSummary) =>
  p.UltimaAtividade ? `${dateText(p.UltimaAtividade)} às ${timeText(p.UltimaAtividade)}` : "Sem atividade";
const placeText = (p: PointSummary) => [p.Cidade, p.Uf].filter(Boolean).join("/") || "Não informado";
const none = (v: string | number | null) => (v === null || String(v).trim() === "" ? "Não informado" : String(v));

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base, CENTRAL);
});
afterAll(() => browser?.close());

/** Signs in on /login with the given account and waits for the URL it lands on. */
async function signInAt(ctx: BrowserContext, account: { email: string; password: string }, landing: RegExp): Promise<Page> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.goto(`${base}/login`);
  await page.getByLabel("E-mail").waitFor({ timeout: 15_000 });
  await signIn(page, account.email, account.password);
  await page.waitForURL(landing, { timeout: 15_000 });
  return page;
}

const heading = (page: Page) => page.getByRole("heading", { name: "Pontos de Atendimento", level: 1 });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Buscar por nome, CNPJ ou cidade" });

/** Opens /central/pontos in the context's page (signing in as central if asked) and waits for the heading. */
async function openPoints(ctx: BrowserContext, query = ""): Promise<Page> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  // A closed modal takes its history entry back (history.back()); let it before leaving the page.
  if (page.url().startsWith("http")) {
    await page.waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 }).catch(() => {});
  }
  await page.goto(`${base}/central/pontos${query}`);
  const login = page.getByLabel("E-mail");
  await heading(page).or(login).first().waitFor({ timeout: 15_000 });
  if (await login.isVisible()) await signIn(page, CENTRAL.email, CENTRAL.password);
  await heading(page).waitFor({ timeout: 15_000 });
  return page;
}

/** Holds the requests matching `url` until released, then lets them through to the real server; unroute once they are in. */
/**
 * A reload once the page is settled: closing the app's modal steps the history back, and a reload in that moment is aborted
 * (ERR_ABORTED, seen on the Pixel 7 right after 'Fechar'); as gotoSettled in browser.ts, it waits for that step, and tries
 * once more if it was aborted anyway.
 */
async function reloadSettled(page: Page) {
  await page.waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 }).catch(() => {});
  await page.reload().catch(async (e: unknown) => {
    if (!/ERR_ABORTED/.test(String(e))) throw e;
    await page.reload();
  });
}

async function hold(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    // A request the page dropped meanwhile (a reload) is already handled: nothing to let through.
    await route.continue().catch(() => {});
  });
  return release;
}

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`central points on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // only to load axe
    });
    afterAll(() => ctx?.close());

    const rowsOf = (page: Page): Locator => listRows(page, mobile, "Pontos de atendimento");

    /** A row's values by their labels: the table's headers on desktop, the card's title, dt/dd pairs and button on a phone. */
    const fieldsOf = (row: Locator): Promise<Record<string, string>> =>
      row.evaluate((el, isCard) => {
        const text = (n: Element | null | undefined) =>
          ((n as HTMLElement | null)?.innerText ?? "").replace("★", "").replace(/\s+/g, " ").trim();
        const out: Record<string, string> = {};
        if (isCard) {
          out.Ponto = text(el.querySelector("h2"));
          out.CNPJ = text(el.querySelector(".points-card-cnpj"));
          for (const dt of el.querySelectorAll("dt")) out[text(dt)] = text(dt.nextElementSibling);
          out.Cadastro = text(el.querySelector("button"));
          return out;
        }
        const headers = [...el.closest("table")!.querySelectorAll("thead th")].map((th) => text(th));
        [...el.children].forEach((td, i) => (out[headers[i]!] = text(td)));
        return out;
      }, mobile);

    const expectedFields = (p: PointSummary): Record<string, string> => ({
      ...(mobile ? { Ponto: p.NomeFantasia, CNPJ: `CNPJ ${cnpjText(p.Cnpj)}` } : { Ponto: `${p.NomeFantasia} ${cnpjText(p.Cnpj)}` }),
      "Cidade/UF": placeText(p),
      Avaliação: ratingText(p),
      "Retornos abertos": String(p.RetornosAbertos),
      "Ordens no mês": String(p.OrdensNoMes),
      "Última atividade": activityText(p),
      Cadastro: "Ver cadastro",
    });

    async function expectRows(page: Page, expected: PointSummary[]) {
      const rows = rowsOf(page);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(expected.length);
      // Other e2e files share the server: an order started or finished there moves a point's figures between the answer the
      // screen got and the one read here. The screen must show the server's figures: compared with the server's current ones,
      // and on a difference the screen is reloaded (its search stays in the URL) and compared again.
      const ids = expected.map((p) => p.IdPontoAtendimento);
      let shown: Record<string, string>[] = [];
      let wanted: Record<string, string>[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        shown = await Promise.all(ids.map((_, i) => fieldsOf(rows.nth(i))));
        const fresh = await serverPoints();
        // A point the server does not have is a stubbed answer of this test: it is its own expectation.
        wanted = expected.map((e) => expectedFields(fresh.find((p) => p.IdPontoAtendimento === e.IdPontoAtendimento) ?? e));
        if (JSON.stringify(shown) === JSON.stringify(wanted)) return;
        await reloadSettled(page);
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(expected.length);
      }
      expect(shown).toEqual(wanted);
    }

    /** The registration modal's values by their labels. */
    const modalFields = (dialog: Locator): Promise<Record<string, string>> =>
      dialog.evaluate((el) =>
        Object.fromEntries(
          [...el.querySelectorAll("dt")].map((dt) => [
            (dt as HTMLElement).innerText.trim(),
            ((dt.nextElementSibling as HTMLElement).innerText ?? "").trim(),
          ]),
        ),
      );
    const expectedRegistration = (r: PointRegistration) => ({
      "Nome fantasia": r.NomeFantasia,
      "Razão social": r.RazaoSocial,
      CNPJ: cnpjText(r.Cnpj),
      "Inscrição estadual": none(r.InscricaoEstadual),
      Matrícula: none(r.Matricula),
      "Qtde. elevadores": String(r.QuantidadeElevadores),
      CEP: r.Cep ? cepText(r.Cep) : "Não informado",
      Endereço: none(r.Endereco),
      Complemento: none(r.Complemento),
      Bairro: none(r.Bairro),
      Cidade: none(r.Cidade),
      UF: none(r.Uf),
    });

    it("signs in as central on /central/aprovacoes, opens Pontos from the tabs and lists every point with the API's figures; axe clean", async () => {
      const page = await signInAt(ctx, CENTRAL, /\/central\/aprovacoes$/);
      const tabs = page.getByRole("navigation", { name: "Central do Programa" });
      await expect(tabs.getByRole("link", { name: "Aprovações" }).getAttribute("aria-current")).resolves.toBe("page");
      await tabs.getByRole("link", { name: "Pontos" }).click();
      await page.waitForURL(/\/central\/pontos$/);
      await heading(page).waitFor({ timeout: 15_000 });
      await expect(tabs.getByRole("link", { name: "Pontos" }).getAttribute("aria-current")).resolves.toBe("page");
      await expect(tabs.getByRole("link", { name: "Aprovações" }).getAttribute("aria-current")).resolves.toBeNull();

      const points = await serverPoints();
      for (const seeded of SEEDED) expect(points.map((p) => p.NomeFantasia)).toContain(seeded);
      await expectRows(page, points);
      await page
        .getByRole("status")
        .filter({ hasText: `${points.length} pontos de atendimento` })
        .waitFor();
      // The seeded figures are really shown, not only zeros: the first point has ratings, an open return and activity.
      const first = points.find((p) => p.NomeFantasia === SEEDED[0])!;
      expect(first.QuantidadeAvaliacoes).toBeGreaterThan(0);
      expect(first.RetornosAbertos).toBeGreaterThan(0);
      expect(first.UltimaAtividade).not.toBeNull();
      expect(await violations(page)).toEqual([]);
    });

    it("narrows the list by name, city or CNPJ (accents and case aside), says when nothing matches, keeps the search on reload", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      const boa = points.find((p) => p.NomeFantasia === SEEDED[0])!;
      const serra = points.find((p) => p.NomeFantasia === SEEDED[1])!;
      await expectRows(page, points);
      const search = searchBox(page);

      await search.pressSequentially("serra"); // key by key: each letter rewrites the URL, none is lost
      await expect(search.inputValue()).resolves.toBe("serra");
      await expectRows(page, [serra]);
      await page
        .getByRole("status")
        .filter({ hasText: `Mostrando 1 de ${points.length} pontos` })
        .waitFor();
      await search.fill("RECIFE");
      await expectRows(page, [boa]);
      await search.fill("belo horizonte");
      await expectRows(page, [serra]);
      await search.fill(boa.Cnpj.replace(/\D/g, "").slice(0, 8));
      await expectRows(page, [boa]);
      await search.fill(cnpjText(serra.Cnpj));
      await expectRows(page, [serra]);
      await search.fill("mecânica"); // the corporate name, with its accent
      await expectRows(page, [serra]);
      await search.fill("mecanica");
      await expectRows(page, [serra]);

      await search.fill("xyz inexistente");
      await page.getByText("Nenhum ponto encontrado para “xyz inexistente”.").waitFor();
      await expect(rowsOf(page).count()).resolves.toBe(0);
      await page
        .getByRole("status")
        .filter({ hasText: `Mostrando 0 de ${points.length} pontos` })
        .waitFor();
      expect(await violations(page)).toEqual([]);

      // 'Limpar busca' brings every row back and leaves the focus on the field.
      await page.getByRole("button", { name: "Limpar busca" }).click();
      await expectRows(page, points);
      await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      // The search is in the URL (replaced, not pushed): a reload keeps it.
      await search.fill("boa viagem");
      await expectRows(page, [boa]);
      await expect.poll(() => new URL(page.url()).searchParams.get("busca")).toBe("boa viagem");
      await reloadSettled(page);
      await heading(page).waitFor({ timeout: 15_000 });
      await expect(searchBox(page).inputValue()).resolves.toBe("boa viagem");
      await expectRows(page, [boa]);
      await searchBox(page).fill("");
      await expectRows(page, points);
      await expect.poll(() => new URL(page.url()).search).toBe("");

      // The Pontos tab, clicked during a search, opens the section without it: the field follows the URL.
      await searchBox(page).fill("serra");
      await expectRows(page, [serra]);
      await page.getByRole("navigation", { name: "Central do Programa" }).getByRole("link", { name: "Pontos" }).click();
      await expect.poll(() => new URL(page.url()).search).toBe("");
      await expect(searchBox(page).inputValue()).resolves.toBe("");
      await expectRows(page, points);
    });

    it("opens a point's registration read-only from the keyboard, with the API's values; Escape closes it back to its button; axe clean", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      await expectRows(page, points);
      for (const [i, pointName] of SEEDED.entries()) {
        const point = points.find((p) => p.NomeFantasia === pointName)!;
        const registration = await serverPoint(point.IdPontoAtendimento);
        const opener = page.getByRole("button", { name: `Ver cadastro de ${pointName}` });
        await opener.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: `Cadastro de ${pointName}` });
        await dialog.getByText("Dados do credenciado").waitFor({ timeout: 15_000 });
        await expect(modalFields(dialog)).resolves.toEqual(expectedRegistration(registration));
        // Read-only: nothing in it can be typed into; the focus is inside the modal.
        await expect(dialog.locator("input, textarea, select, [contenteditable=true]").count()).resolves.toBe(0);
        await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
        if (i === 0) {
          // The seeded values, formatted: CNPJ 00.000.000/0000-00 and CEP 00000-000.
          const fields = await modalFields(dialog);
          expect(fields.CNPJ).toBe("11.222.333/0001-81");
          expect(fields.CEP).toBe("51020-000");
          expect(await violations(page)).toEqual([]);
          await page.keyboard.press("Escape");
        } else {
          expect((await modalFields(dialog))["Inscrição estadual"]).toBe("Não informado");
          await dialog.locator("footer").getByRole("button", { name: "Fechar" }).click();
        }
        await dialog.waitFor({ state: "detached" });
        await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      }
    });

    it("shows the modal's loading line, then its error with a working retry", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      await expectRows(page, points);
      const point = points.find((p) => p.NomeFantasia === SEEDED[1])!;

      const release = await hold(page, POINT_URL);
      await page.getByRole("button", { name: `Ver cadastro de ${point.NomeFantasia}` }).click();
      const dialog = page.getByRole("dialog", { name: `Cadastro de ${point.NomeFantasia}` });
      await dialog.getByRole("status").filter({ hasText: "Carregando cadastro..." }).waitFor();
      release();
      await dialog.getByText("Dados do credenciado").waitFor({ timeout: 15_000 });
      await page.unroute(POINT_URL);
      await dialog.locator("footer").getByRole("button", { name: "Fechar" }).click();
      await dialog.waitFor({ state: "detached" });

      // A fresh page (no cached copy) whose call fails: the server's message and 'Tentar novamente' inside the modal.
      await page.route(POINT_URL, (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Serviço indisponível no momento." }) }),
      );
      await reloadSettled(page);
      await heading(page).waitFor({ timeout: 15_000 });
      await page.getByRole("button", { name: `Ver cadastro de ${point.NomeFantasia}` }).click();
      const retry = dialog.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await dialog.getByRole("alert").getByText("Serviço indisponível no momento.").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.unroute(POINT_URL);
      await retry.click();
      await dialog.getByText("Dados do credenciado").waitFor({ timeout: 15_000 });
      await expect(modalFields(dialog)).resolves.toEqual(expectedRegistration(await serverPoint(point.IdPontoAtendimento)));
      await expect(retry.count()).resolves.toBe(0);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    });

    it("shows the list's loading line, its error with a working retry, the empty text, and a point with no rating nor activity", async () => {
      const page = await openPoints(ctx);
      const release = await hold(page, LIST_URL);
      await reloadSettled(page);
      await page.getByRole("status").filter({ hasText: "Carregando pontos de atendimento..." }).waitFor({ timeout: 15_000 });
      release();
      await expectRows(page, await serverPoints());
      await page.unroute(LIST_URL);

      await page.route(LIST_URL, (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Serviço indisponível no momento." }) }),
      );
      await reloadSettled(page);
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByRole("alert").getByText("Serviço indisponível no momento.").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.unroute(LIST_URL);
      await retry.click();
      await expectRows(page, await serverPoints());
      await expect(retry.count()).resolves.toBe(0);

      await page.route(LIST_URL, (r) => r.fulfill({ status: 200, contentType: "application/json", body: '{"data":[]}' }));
      await reloadSettled(page);
      await page.getByText("Nenhum ponto de atendimento cadastrado.").waitFor({ timeout: 15_000 });
      await expect(rowsOf(page).count()).resolves.toBe(0);
      await page.unroute(LIST_URL);

      const bare: PointSummary = {
        IdPontoAtendimento: "00000000-0000-4000-8000-000000000001",
        NomeFantasia: "Ponto Novo",
        RazaoSocial: "Ponto Novo Ltda",
        Cnpj: "11444777000161",
        Cidade: null,
        Uf: null,
        MediaAvaliacao: null,
        QuantidadeAvaliacoes: 0,
        RetornosAbertos: 0,
        OrdensNoMes: 0,
        UltimaAtividade: null,
      };
      await page.route(LIST_URL, (r) =>
        r.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: [bare] }) }),
      );
      await reloadSettled(page);
      await expectRows(page, [bare]);
      const fields = await fieldsOf(rowsOf(page).first());
      expect([fields["Avaliação"], fields["Última atividade"], fields["Cidade/UF"]]).toEqual([
        "Sem avaliações",
        "Sem atividade",
        "Não informado",
      ]);
      expect(await violations(page)).toEqual([]);
      await page.unroute(LIST_URL);
    });

    it("keeps each profile on its own screens: an attendant on /central/pontos goes to the agenda, central on / to the approvals", async () => {
      const attendant = await browser.newContext(options);
      try {
        const page = await signInAt(attendant, DEMO, new RegExp(`^${base}/$`));
        const centralCalls: string[] = [];
        page.on("request", (r) => {
          if (r.url().includes("/api/central/")) centralCalls.push(r.url());
        });
        await page.goto(`${base}/central/pontos`);
        await page.waitForURL(`${base}/`, { timeout: 15_000 });
        await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor({ timeout: 15_000 });
        await expect(heading(page).count()).resolves.toBe(0);
        expect(centralCalls).toEqual([]);
      } finally {
        await attendant.close();
      }

      const page = await openPoints(ctx);
      await page.goto(`${base}/`);
      await page.waitForURL(/\/central\/aprovacoes$/, { timeout: 15_000 });
      await expect(
        page
          .getByRole("navigation", { name: "Central do Programa" })
          .getByRole("link", { name: "Aprovações" })
          .getAttribute("aria-current"),
      ).resolves.toBe("page");
    });
  });
}

describe("central points on a 360 px phone", () => {
  it("fits the width with the list and with the registration modal open; axe clean", async () => {
    const ctx = await browser.newContext({ ...PHONE_360, bypassCSP: true });
    try {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      await expect
        .poll(() => page.getByRole("list", { name: "Pontos de atendimento", exact: true }).getByRole("listitem").count(), {
          timeout: 15_000,
        })
        .toBe(points.length);
      const width = () =>
        page.evaluate(() => ({ client: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
      const list = await width();
      expect(list.scroll).toBeLessThanOrEqual(list.client);
      // Every card's button is a comfortable touch target.
      for (const box of await page
        .getByRole("button", { name: /^Ver cadastro de / })
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
        expect(box).toBeGreaterThanOrEqual(44);

      await page.getByRole("button", { name: `Ver cadastro de ${SEEDED[0]}` }).click();
      const dialog = page.getByRole("dialog", { name: `Cadastro de ${SEEDED[0]}` });
      await dialog.getByText("Dados do credenciado").waitFor({ timeout: 15_000 });
      const inDialog = await dialog.evaluate((el) => ({
        client: el.clientWidth,
        scroll: el.scrollWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(inDialog.scroll).toBeLessThanOrEqual(inDialog.client);
      expect(inDialog.right).toBeLessThanOrEqual(360);
      expect(await violations(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
