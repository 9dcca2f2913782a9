// Central do Programa — Pontos de Atendimento end to end (built app, real server, real Chromium, desktop and Pixel 7): the
// central user signs in and lands on /central/inicio, opens Pontos from the console's tabs; every point of GET
// /api/central/pontos is listed with the same figures (name, CNPJ, flags, city/UF, rating average and count, open returns,
// orders this month, last activity); the flag filter and the order (in the URL, as the home's links use them) show the API's
// rows in the API's order; the search narrows the list by name, city or CNPJ (kept on reload); 'Abrir ponto' opens the
// point's page (registration with the API's values, team, masked bank data and its history, latest orders, links to its
// approvals, payouts and record filtered by it); loading, empty and error states (with a working retry) of the list and the
// page; axe clean; each profile kept on its own screens; on a 360 px phone nothing scrolls sideways and no tab of the
// console is cut: the tab row scrolls, shows it does, and keeps the current tab in view. Read-only: no test here changes data.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { apiCall, apiToken, DEMO, DESKTOP, launch, listRows, MOBILE, reloadSettled, signIn, violations } from "./browser";
import type { PointRegistration } from "../../src/features/central/api/central";
import type { PointFlag, PointPage, PointSummary } from "../../src/features/central/api/points";

const base = inject("baseUrl");
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
const SEEDED = ["Auto Center Boa Viagem", "Oficina Serra Azul"];
const PHONE_360: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
const LIST_URL = /\/api\/central\/pontos(\?.*)?$/;
const PAGE_URL = /\/api\/central\/pontos\/[^/?]+\/pagina(\?.*)?$/;
const TABS = ["Início", "Aprovações", "Pagamentos", "Pontos", "Alterações", "Equipe"];
const SECTION_URLS: Record<string, string> = {
  Início: "/central/inicio",
  Aprovações: "/central/aprovacoes",
  Pagamentos: "/central/pagamentos",
  Pontos: "/central/pontos",
  Alterações: "/central/registro-alteracoes",
  Equipe: "/central/equipe",
};
// The flags' labels, written here independently of the app's code.
const FLAG_LABELS: Record<PointFlag, string> = {
  "avaliacao-baixa": "Avaliação baixa",
  "retornos-abertos": "Retornos abertos",
  "sem-dados-bancarios": "Sem dados bancários",
  "dados-bancarios-alterados": "Dados bancários alterados",
  "aprovacoes-pendentes": "Aprovações pendentes",
  "repasses-devidos": "Repasses a pagar",
  "sem-atividade": "Sem atividade há 14 dias",
};

let browser: Browser;
let token = "";
const api = <T>(p: string) => apiCall<T>(base, token, p);
const serverPoints = async (query = "") => (await api<{ data: PointSummary[] }>(`/central/pontos${query}`)).data;
const serverPoint = async (id: string) => (await api<{ data: PointRegistration }>(`/central/pontos/${id}`)).data;
const serverPage = async (id: string) => (await api<{ data: PointPage }>(`/central/pontos/${id}/pagina`)).data;

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
// The badges read as one line, separated by commas screen readers hear (visually hidden).
const flagsText = (p: PointSummary) => (p.Sinalizacoes.length ? p.Sinalizacoes.map((f) => FLAG_LABELS[f]).join(", ") : "Nenhuma");

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
          ((n as HTMLElement | null)?.innerText ?? "").replace("★", "").replace(/\s+/g, " ").replace(/ ,/g, ",").trim();
        const out: Record<string, string> = {};
        if (isCard) {
          out.Ponto = text(el.querySelector("h2"));
          out.CNPJ = text(el.querySelector(".points-card-cnpj"));
          for (const dt of el.querySelectorAll("dt")) out[text(dt)] = text(dt.nextElementSibling);
          out.Página = text(el.querySelector("a.btn"));
          return out;
        }
        const headers = [...el.closest("table")!.querySelectorAll("thead th")].map((th) => text(th));
        [...el.children].forEach((td, i) => (out[headers[i]!] = text(td)));
        return out;
      }, mobile);

    const expectedFields = (p: PointSummary): Record<string, string> => ({
      ...(mobile ? { Ponto: p.NomeFantasia, CNPJ: `CNPJ ${cnpjText(p.Cnpj)}` } : { Ponto: `${p.NomeFantasia} ${cnpjText(p.Cnpj)}` }),
      Sinalizações: flagsText(p),
      "Cidade/UF": placeText(p),
      Avaliação: ratingText(p),
      "Retornos abertos": String(p.RetornosAbertos),
      "Ordens no mês": String(p.OrdensNoMes),
      "Última atividade": activityText(p),
      Página: "Abrir ponto",
    });

    async function expectRows(page: Page, expected: PointSummary[], query = "") {
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
        const fresh = await serverPoints(query);
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

    it("signs in as central on /central/inicio, opens Pontos from the tabs and lists every point with the API's figures; axe clean", async () => {
      const page = await signInAt(ctx, CENTRAL, /\/central\/inicio$/);
      const tabs = page.getByRole("navigation", { name: "Central do Programa" });
      await expect(tabs.getByRole("link", { name: "Início" }).getAttribute("aria-current")).resolves.toBe("page");
      await tabs.getByRole("link", { name: "Pontos" }).click();
      await page.waitForURL(/\/central\/pontos$/);
      await heading(page).waitFor({ timeout: 15_000 });
      await expect(tabs.getByRole("link", { name: "Pontos" }).getAttribute("aria-current")).resolves.toBe("page");
      await expect(tabs.getByRole("link", { name: "Início" }).getAttribute("aria-current")).resolves.toBeNull();

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

    /** The point page's part (a card headed by an h2). */
    const part = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

    it("filters by a flag and sorts as the API does, both kept in the URL (back returns); an unknown flag shows every point; axe clean", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      await expectRows(page, points);
      const flag = page.getByLabel("Sinalização");
      const sort = page.getByLabel("Ordenar por");
      // A flag the seed gives at least one point, and one it leaves some point without.
      const flagged = (Object.keys(FLAG_LABELS) as PointFlag[]).find((f) => points.some((p) => p.Sinalizacoes.includes(f)))!;
      expect(flagged).toBeDefined();
      await flag.selectOption({ label: FLAG_LABELS[flagged] });
      await expect.poll(() => new URL(page.url()).searchParams.get("sinal")).toBe(flagged);
      const only = await serverPoints(`?sinal=${flagged}`);
      expect(only.length).toBeGreaterThan(0);
      expect(only.every((p) => p.Sinalizacoes.includes(flagged))).toBe(true);
      await expectRows(page, only, `?sinal=${flagged}`);
      await page
        .getByRole("status")
        .filter({ hasText: `com “${FLAG_LABELS[flagged]}”` })
        .waitFor();
      expect(await violations(page)).toEqual([]);

      await flag.selectOption({ label: "Todas" });
      await expect.poll(() => new URL(page.url()).searchParams.get("sinal")).toBeNull();
      await expectRows(page, points);

      for (const [label, ordem, direcao] of [
        ["Mais sinalizações primeiro", "sinalizacoes", "desc"],
        ["Atividade mais antiga primeiro", "atividade", "asc"],
        ["Menor avaliação primeiro", "avaliacao", "asc"],
        ["Maior avaliação primeiro", "avaliacao", "desc"],
      ] as const) {
        await sort.selectOption({ label });
        await expect.poll(() => new URL(page.url()).search).toBe(`?ordem=${ordem}&direcao=${direcao}`);
        const query = `?ordem=${ordem}&direcao=${direcao}`;
        await expectRows(page, await serverPoints(query), query);
      }
      // Back returns to the previous order.
      await page.goBack();
      await expect.poll(() => new URL(page.url()).search).toBe("?ordem=avaliacao&direcao=asc");
      await expect(sort.inputValue()).resolves.toBe("avaliacao-menor");

      // A link with a flag lands filtered (the home's links); an unknown flag is read as none.
      await page.goto(`${base}/central/pontos?sinal=sem-dados-bancarios&ordem=nome`);
      await heading(page).waitFor({ timeout: 15_000 });
      await expect(flag.inputValue()).resolves.toBe("sem-dados-bancarios");
      await expectRows(page, await serverPoints("?sinal=sem-dados-bancarios"), "?sinal=sem-dados-bancarios");
      await page.goto(`${base}/central/pontos?sinal=vermelho`);
      await heading(page).waitFor({ timeout: 15_000 });
      await expect(flag.inputValue()).resolves.toBe("");
      await expectRows(page, points);
    });

    it("opens a point's page from its row: registration, team, masked bank data with its history, latest orders, filtered links; axe clean", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      await expectRows(page, points);
      const point = points.find((p) => p.NomeFantasia === SEEDED[0])!;
      const id = point.IdPontoAtendimento;
      await page.getByRole("link", { name: `Abrir ponto ${point.NomeFantasia}` }).click();
      await page.waitForURL(new RegExp(`/central/pontos/${id}$`));
      await page.getByRole("heading", { name: point.NomeFantasia, level: 1 }).waitFor({ timeout: 15_000 });
      const data = await serverPage(id);
      // The Pontos tab stays current on the point's page.
      const tabs = page.getByRole("navigation", { name: "Central do Programa" });
      await expect(tabs.getByRole("link", { name: "Pontos" }).getAttribute("aria-current")).resolves.toBe("page");

      // Flags: the API's, as badges.
      const flags = part(page, "Sinalizações");
      if (data.Ponto.Sinalizacoes.length === 0) await flags.getByText("Nenhuma sinalização").waitFor();
      else
        await expect
          .poll(async () => (await flags.locator(".points-flag").allInnerTexts()).map((x) => x.replace(/,\s*$/, "").trim()))
          .toEqual(data.Ponto.Sinalizacoes.map((f) => FLAG_LABELS[f]));

      // Registration ("Contatos e cadastro"), read-only, with the API's values.
      const registration = part(page, "Contatos e cadastro");
      await expect(modalFields(registration)).resolves.toEqual(expectedRegistration(await serverPoint(id)));
      await expect(registration.locator("input, textarea, select, [contenteditable=true]").count()).resolves.toBe(0);
      expect((await modalFields(registration)).CNPJ).toBe("11.222.333/0001-81");

      // Team: every user of the point, read-only, with e-mail and status.
      const team = listRows(page, mobile, "Equipe do ponto");
      await expect(team.count()).resolves.toBe(data.Equipe.length);
      const teamText = (await team.allInnerTexts()).join("\n");
      for (const member of data.Equipe) {
        expect(teamText).toContain(member.Nome);
        expect(teamText).toContain(member.Email);
      }
      expect(data.Equipe.some((m) => !m.Ativo)).toBe(true);
      expect(teamText).toContain("Inativo");
      await expect(part(page, "Equipe").getByRole("button").count()).resolves.toBe(0);

      // Bank data: masked by the server, shown as it came.
      const bank = listRows(page, mobile, "Dados bancários do ponto");
      await expect(bank.count()).resolves.toBe(data.DadosBancarios.length);
      const key = data.DadosBancarios[0]!.ChavePix!;
      expect(key).toContain("•");
      await expect(bank.first().innerText()).resolves.toContain(key);
      await part(page, "Dados bancários").getByText("Histórico de alterações dos dados de pagamento").waitFor();

      // Latest orders: the API's, newest first.
      const orders = listRows(page, mobile, "Ordens de serviço recentes do ponto");
      await expect(orders.count()).resolves.toBe(data.Ordens.length);
      await expect(orders.first().innerText()).resolves.toContain(String(data.Ordens[0]!.NumeroOS));

      // Links into the lists, filtered by this point.
      const links = part(page, "Listas deste ponto");
      for (const [name, path] of [
        [/^Aprovações do ponto/, "/central/aprovacoes"],
        [/^Repasses do ponto/, "/central/pagamentos"],
        ["Registro de alterações do ponto", "/central/registro-alteracoes"],
      ] as const) {
        await expect(links.getByRole("link", { name }).getAttribute("href")).resolves.toBe(`${path}?ponto=${id}`);
      }
      expect(await violations(page)).toEqual([]);

      await links.getByRole("link", { name: /^Repasses do ponto/ }).click();
      await page.waitForURL(new RegExp(`/central/pagamentos\\?ponto=${id}$`));
      await expect(page.getByLabel("Ponto de atendimento").inputValue()).resolves.toBe(id);
      await page.goBack();
      await page.getByRole("link", { name: "← Voltar aos pontos" }).click();
      await page.waitForURL(/\/central\/pontos$/);
      await heading(page).waitFor();
    });

    it("shows the point page's loading line, its error with a working retry, and 404 for an unknown point", async () => {
      const page = await openPoints(ctx);
      const points = await serverPoints();
      const point = points.find((p) => p.NomeFantasia === SEEDED[1])!;
      const release = await hold(page, PAGE_URL);
      await page.goto(`${base}/central/pontos/${point.IdPontoAtendimento}`);
      await page.getByRole("status").filter({ hasText: "Carregando o ponto de atendimento..." }).waitFor({ timeout: 15_000 });
      release();
      await page.getByRole("heading", { name: point.NomeFantasia, level: 1 }).waitFor({ timeout: 15_000 });
      await page.unroute(PAGE_URL);
      // Point 2 has no bank data: the page says its payouts are held.
      await part(page, "Dados bancários").getByText("O ponto não cadastrou dados bancários.").waitFor();
      await part(page, "Sinalizações")
        .getByText(/^Repasses retidos:/)
        .waitFor();

      await page.route(PAGE_URL, (r) =>
        r.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Serviço indisponível no momento." }) }),
      );
      await reloadSettled(page);
      const retry = page.getByRole("button", { name: "Tentar novamente" });
      await retry.waitFor({ timeout: 15_000 });
      await page.getByRole("alert").getByText("Serviço indisponível no momento.").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.unroute(PAGE_URL);
      await retry.click();
      await page.getByRole("heading", { name: point.NomeFantasia, level: 1 }).waitFor({ timeout: 15_000 });
      await expect(retry.count()).resolves.toBe(0);

      await page.goto(`${base}/central/pontos/00000000-0000-4000-8000-000000000009`);
      await page.getByRole("alert").getByText("Ponto de atendimento não encontrado.").waitFor({ timeout: 15_000 });
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
        MediaAvaliacao30Dias: null,
        AvaliacoesRecentes: 0,
        AprovacoesPendentes: 0,
        RepassesDevidos: 0,
        ValorDevido: 0,
        DadosPagamentoAlteradosEm: null,
        Sinalizacoes: [],
      };
      await page.route(LIST_URL, (r) =>
        r.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: [bare] }) }),
      );
      await reloadSettled(page);
      await expectRows(page, [bare]);
      const fields = await fieldsOf(rowsOf(page).first());
      expect([fields["Avaliação"], fields["Última atividade"], fields["Cidade/UF"], fields["Sinalizações"]]).toEqual([
        "Sem avaliações",
        "Sem atividade",
        "Não informado",
        "Nenhuma",
      ]);
      expect(await violations(page)).toEqual([]);
      await page.unroute(LIST_URL);
    });

    it("keeps each profile on its own screens: an attendant on /central/pontos goes to the agenda, central on / to its home", async () => {
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
      await page.waitForURL(/\/central\/inicio$/, { timeout: 15_000 });
      await expect(
        page.getByRole("navigation", { name: "Central do Programa" }).getByRole("link", { name: "Início" }).getAttribute("aria-current"),
      ).resolves.toBe("page");
    });
  });
}

describe("central points on a 360 px phone", () => {
  it("fits the width with the list and with a point's page; axe clean", async () => {
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
      // Every card's link is a comfortable touch target.
      for (const box of await page
        .getByRole("link", { name: /^Abrir ponto / })
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
        expect(box).toBeGreaterThanOrEqual(44);

      await page.getByRole("link", { name: `Abrir ponto ${SEEDED[0]}` }).click();
      await page.getByRole("heading", { name: SEEDED[0], level: 1 }).waitFor({ timeout: 15_000 });
      await page.getByRole("list", { name: "Ordens de serviço recentes do ponto", exact: true }).waitFor();
      const onPage = await width();
      expect(onPage.scroll).toBeLessThanOrEqual(onPage.client);
      expect(await violations(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it("cuts no tab of the console: each label whole, the row scrolls with a visible cue, the current tab always in view", async () => {
    const ctx = await browser.newContext({ ...PHONE_360, bypassCSP: true });
    try {
      const page = await openPoints(ctx);
      const nav = page.getByRole("navigation", { name: "Central do Programa" });
      await expect(nav.getByRole("link").allInnerTexts()).resolves.toEqual(TABS.map((label) => expect.stringContaining(label)));
      // Each label is drawn whole inside its tab (no ellipsis, no overflow), at a readable size.
      const labels = await nav.locator(".nav-label").evaluateAll((els) =>
        els.map((e) => ({
          text: e.textContent,
          scroll: e.scrollWidth,
          client: e.clientWidth,
          size: parseFloat(getComputedStyle(e).fontSize),
        })),
      );
      for (const l of labels) {
        expect(l.scroll, l.text ?? "").toBeLessThanOrEqual(l.client);
        expect(l.size).toBeGreaterThanOrEqual(12);
      }
      // The row is wider than the phone and scrolls itself (the page does not), with a shadow at the side that has more tabs.
      const row = await nav.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        overflow: getComputedStyle(el).overflowX,
        background: getComputedStyle(el).backgroundImage,
      }));
      expect(row.scroll).toBeGreaterThan(row.client);
      expect(row.overflow).toBe("auto");
      expect(row.background).toContain("radial-gradient");
      const page360 = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(page360).toBeLessThanOrEqual(360);

      /** The tab's box against the row's visible box: whole when inside it. */
      const inView = (label: string) =>
        nav.getByRole("link", { name: label }).evaluate((tab) => {
          const r = tab.getBoundingClientRect();
          const n = tab.parentElement!.getBoundingClientRect();
          return r.left >= n.left - 0.5 && r.right <= n.right + 0.5;
        });
      for (const label of TABS) {
        await page.goto(`${base}${SECTION_URLS[label]}`);
        const tab = nav.getByRole("link", { name: label });
        await expect.poll(() => tab.getAttribute("aria-current"), { timeout: 15_000 }).toBe("page");
        await expect.poll(() => inView(label), { timeout: 5_000 }).toBe(true);
      }
      // From the last section, the first tab is out of view but reachable: a swipe of the row brings it back whole.
      expect(await inView("Início")).toBe(false);
      await nav.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect.poll(() => inView("Início")).toBe(true);
      await nav.getByRole("link", { name: "Pontos" }).click();
      await page.waitForURL(/\/central\/pontos$/);
      await expect.poll(() => inView("Pontos")).toBe(true);
      expect(await violations(page)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
