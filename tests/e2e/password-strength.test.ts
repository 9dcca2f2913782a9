// Issue 33 in the browser (built app, real server, real Chromium, desktop and Pixel 7): the first-access page shows the new
// password's strength while typing ('Força da senha: fraca / razoável / boa / forte' and why, in a live region the field
// describes itself by), refuses weak and space-padded passwords with the reason, shows the server's refusal when the
// estimator could not load, and loads the estimator's chunk on that page only; the login goes only to same-origin paths of
// the app after signing in (`/login?redirect=/%5Cevil.example` lands on the agenda). axe on the page with the meter shown.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, signIn, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let admin = "";
let pointId = "";
let attendantType = "";
const created: string[] = [];
const CHUNK = /\/assets\/password-strength-[^/]+\.js$/;

beforeAll(async () => {
  browser = await launch();
  admin = await apiToken(base);
  pointId = (await apiCall<{ data: { IdPontoAtendimento: string } }>(base, admin, "/credenciado/get")).data.IdPontoAtendimento;
  const types = (await apiCall<{ data: { IdUsuarioTipo: number; Administrativo: string }[] }>(base, admin, "/usuarios/tipos")).data;
  attendantType = String(types.find((t) => t.Administrativo === "N")!.IdUsuarioTipo);
});
afterAll(async () => {
  for (const id of created) await apiCall(base, admin, "/usuarios/deletar", { IdPontoAtendimentoUsuario: id });
  await browser?.close();
});

/** A new attendant named Joana Prado with a pending invitation; the link to open. */
async function invitation(tag: string) {
  const added = await apiCall<{ id: string; acesso: { Link: string } }>(base, admin, "/usuarios/adicionar", {
    Nome: "Joana Prado",
    Email: `jp.${tag}@teste.com.br`,
    IdPontoAtendimento: pointId,
    IdUsuarioTipo: attendantType,
  });
  created.push(added.id);
  return { email: `jp.${tag}@teste.com.br`, link: `${base}${added.acesso.Link.slice(added.acesso.Link.indexOf("/primeiro-acesso"))}` };
}

for (const [name, options] of [
  ["desktop", DESKTOP],
  ["Pixel 7", MOBILE],
] as const) {
  describe(`new password strength and login redirect on ${name}`, () => {
    const tag = `${name === "desktop" ? "d" : "m"}${Date.now().toString(36)}`;
    let ctx: BrowserContext;
    let page: Page;
    const chunkRequests: string[] = [];
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
      page = await ctx.newPage();
      page.on("request", (r) => CHUNK.test(new URL(r.url()).pathname) && chunkRequests.push(page.url()));
    });
    afterAll(() => ctx?.close());

    const password = () => page.getByLabel("Nova senha", { exact: true });
    const confirmation = () => page.getByLabel("Confirmar senha", { exact: true });
    const meter = () => page.getByRole("status");
    const submit = () => page.getByRole("button", { name: "Salvar senha e entrar" }).click();
    const fieldError = () => page.getByRole("alert");

    it("shows the strength while typing, refuses weak and space-padded passwords saying why, and accepts a strong one", async () => {
      // The login page does not load the estimator.
      await page.goto(`${base}/login`);
      await page.getByRole("heading", { name: "Portal do Credenciado", level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(chunkRequests).toEqual([]);

      const { link } = await invitation(tag);
      await page.goto(link);
      await page.getByRole("heading", { name: "Primeiro acesso", level: 1 }).waitFor();
      await page.getByText("Olá, Joana Prado").waitFor();
      // The field names the meter among its descriptions (read with the field by a screen reader).
      const meterId = await meter().getAttribute("id");
      expect((await password().getAttribute("aria-describedby"))!.split(" ")).toContain(meterId);

      const reads = async (typed: string, expected: string | RegExp) => {
        await password().fill(typed);
        await expect.poll(() => meter().textContent(), { timeout: 10_000 }).toMatch(expected);
      };
      await reads("12345678", /^Força da senha: fraca\. Esta é uma senha muito usada\. Adicione mais palavras menos comuns\.$/);
      await reads("joana2024", /^Força da senha: fraca\. /);
      await reads("onibus22", /^Força da senha: razoável\. Adicione mais palavras menos comuns\.$/);
      await reads("bicicleta-laranja", /^Força da senha: boa\.$/);
      await reads("bicicleta-laranja-chuva-7", /^Força da senha: forte\.$/);
      await reads("curta", /^Força da senha: fraca\. A senha deve ter pelo menos 8 caracteres\.$/);
      expect(chunkRequests.length).toBeGreaterThan(0);
      expect(chunkRequests.every((u) => u.includes("/primeiro-acesso"))).toBe(true);

      // The user's own name and year: refused on sending, with the rule and zxcvbn's reason; the meter keeps to the level.
      await reads("PradoJoana77", /^Força da senha: fraca\. A senha não deve conter os seus dados/);
      await confirmation().fill("PradoJoana77");
      expect(await violations(page)).toEqual([]);
      await submit();
      await expect
        .poll(() => fieldError().textContent())
        .toBe(
          "Senha fácil de adivinhar: escolha uma com força boa ou forte. A senha não deve conter os seus dados, como o seu nome, o seu e-mail ou o nome do ponto. Espaços, pontuação, números ou anos não bastam: acrescente palavras que não sejam o seu nome, o seu e-mail, o nome ou a cidade do ponto.",
        );
      expect(await meter().textContent()).toBe("Força da senha: fraca.");
      expect(await password().getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("new-password");
      expect(await violations(page)).toEqual([]);

      // Eight spaces.
      await password().fill("        ");
      await confirmation().fill("        ");
      await submit();
      await expect.poll(() => fieldError().textContent()).toBe("A senha não pode começar nem terminar com espaço.");

      await password().fill("Trocar o óleo do Fusca azul");
      await confirmation().fill("Trocar o óleo do Fusca azul");
      await expect.poll(() => meter().textContent()).toBe("Força da senha: forte.");
      await submit();
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor({ timeout: 15_000 });
    });

    it("shows the server's refusal, with its reason, when the estimator could not be loaded", async () => {
      const other = await ctx.browser()!.newContext({ ...options });
      try {
        const p = await other.newPage();
        await p.route(CHUNK, (route) => route.abort());
        const { link } = await invitation(`${tag}x`);
        await p.goto(link);
        await p.getByRole("heading", { name: "Primeiro acesso", level: 1 }).waitFor();
        await p.getByLabel("Nova senha", { exact: true }).fill("12345678");
        await p.getByLabel("Confirmar senha", { exact: true }).fill("12345678");
        // No estimate: no meter, never a lasting 'Avaliando…'.
        await expect.poll(() => p.getByRole("status").textContent()).toBe("");
        await p.getByRole("button", { name: "Salvar senha e entrar" }).click();
        await expect
          .poll(() => p.getByRole("alert").textContent())
          .toBe(
            "Senha fácil de adivinhar: escolha uma com força boa ou forte. Esta é uma senha muito usada. Adicione mais palavras menos comuns.",
          );
      } finally {
        await other.close();
      }
    });

    it("goes to the agenda after the login for a redirect that leaves the app (/%5Cevil.example and others)", async () => {
      for (const redirect of [
        "/%5Cevil.example",
        "%2F%5Cevil.example",
        "/%255Cevil.example",
        "//evil.example",
        "https://evil.example",
        "/%09/evil.example",
      ]) {
        await ctx.clearCookies();
        await page.goto(`${base}/login`);
        await page.evaluate(() => localStorage.clear());
        await page.goto(`${base}/login?redirect=${redirect}`);
        await signIn(page);
        await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor({ timeout: 15_000 });
        expect(page.url(), redirect).toBe(`${base}/`);
        expect(await page.getByText("Não foi possível carregar esta tela.").count()).toBe(0);
        // Signed in, the login page bounces the same way.
        await page.goto(`${base}/login?redirect=${redirect}`);
        await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor({ timeout: 15_000 });
        expect(page.url(), redirect).toBe(`${base}/`);
      }
      // A path of the app is still followed.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${base}/login?redirect=%2Favaliacoes`);
      await signIn(page);
      await page.waitForURL(`${base}/avaliacoes`);
    });
  });
}
