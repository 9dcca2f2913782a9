// 'Esqueci minha senha' end to end by e-mail (built app, real server mailing through a real SMTP server, real Chromium, desktop
// and Pixel 7): the login page's link, the neutral answer (the same text for an unknown e-mail, and no mail), the mailed link
// opening 'Criar nova senha', the rules' messages, signed in on the agenda, the old password refused, the link dead after use;
// axe on each page. Each run creates its own user through the administrator's API, so the seeded accounts keep their passwords.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiCall, apiToken, DESKTOP, launch, MOBILE, violations } from "./browser";

const base = inject("baseUrl");
const inbox = inject("mailInboxUrl");
let browser: Browser;
let admin = "";
let pointId = "";

beforeAll(async () => {
  browser = await launch();
  admin = await apiToken(base);
  pointId = (await apiCall<{ data: { IdPontoAtendimento: string } }>(base, admin, "/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(() => browser?.close());

const mailsTo = async (email: string) => (await (await fetch(`${inbox}?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];

async function waitForMail(email: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail for ${email}`);
}

/** A new attendant of the demo point with a password, made through the API as the administrator. */
async function newAttendant(email: string, password: string) {
  const tipos = (await apiCall<{ data: { IdUsuarioTipo: number; Administrativo: string }[] }>(base, admin, "/usuarios/tipos")).data;
  const added = await apiCall<{ id: string; acesso: { Link: string } }>(base, admin, "/usuarios/adicionar", {
    Nome: "Sofia Reset",
    Email: email,
    IdPontoAtendimento: pointId,
    IdUsuarioTipo: tipos.find((t) => t.Administrativo === "N")!.IdUsuarioTipo,
  });
  const token = added.acesso.Link.split("#")[1];
  const res = await fetch(`${base}/api/credenciado/definir-senha`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, senha: password, confirmacao: password }),
  });
  expect(res.status).toBe(200);
  return added.id;
}

const loginStatus = async (email: string, password: string) =>
  (
    await fetch(`${base}/api/credenciado/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    })
  ).status;

for (const [name, options] of [
  ["desktop", DESKTOP],
  ["Pixel 7", MOBILE],
] as const) {
  describe(`'Esqueci minha senha' by e-mail on ${name}`, () => {
    const email = `sofia.${name === "desktop" ? "d" : "m"}${Date.now().toString(36)}@teste.com.br`;
    let userId = "";
    let ctx: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      userId = await newAttendant(email, "senha-antiga-1");
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
      page = await ctx.newPage();
    });
    afterAll(async () => {
      await apiCall(base, admin, "/usuarios/deletar", { IdPontoAtendimentoUsuario: userId });
      await ctx?.close();
    });

    it("answers an unknown e-mail with the neutral message and mails nobody", async () => {
      await page.goto(`${base}/login`);
      await page.getByRole("link", { name: "Esqueci minha senha" }).click();
      await page.getByRole("heading", { name: "Esqueci minha senha", level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/esqueci-senha");
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Enviar" }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Informe o e-mail.");
      const unknown = `ninguem.${Date.now().toString(36)}@teste.com.br`;
      await page.getByLabel("E-mail").fill(unknown);
      await page.getByRole("button", { name: "Enviar" }).click();
      const neutral = page.getByRole("status");
      await neutral.waitFor();
      expect(await neutral.textContent()).toMatch(/^Se este e-mail estiver cadastrado, enviaremos um link/);
      expect(await violations(page)).toEqual([]);
      await new Promise((r) => setTimeout(r, 500));
      expect(await mailsTo(unknown)).toEqual([]);
    });

    it("mails a link that opens 'Criar nova senha', checks the rules, signs in on the agenda and works once", async () => {
      await page.goto(`${base}/esqueci-senha`);
      await page.getByLabel("E-mail").fill(email.toUpperCase());
      await page.getByRole("button", { name: "Enviar" }).click();
      const neutral = page.getByRole("status");
      await neutral.waitFor();
      expect(await neutral.textContent()).toMatch(/^Se este e-mail estiver cadastrado, enviaremos um link/);
      const [mail] = await waitForMail(email, 1);
      expect(mail!.text).toContain("Olá, Sofia Reset!");
      const link = /(http:\/\/\S+\/redefinir-senha#[\w-]+)/.exec(mail!.text)![1]!;
      expect(link.startsWith(base)).toBe(true);

      await page.goto(link);
      await page.getByRole("heading", { name: "Criar nova senha", level: 1 }).waitFor();
      await page.getByText("Olá, Sofia Reset").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByLabel("Nova senha", { exact: true }).fill("curta");
      await page.getByLabel("Confirmar senha", { exact: true }).fill("curta");
      await page.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await page.getByText("A senha deve ter pelo menos 8 caracteres.").waitFor();
      await page.getByLabel("Nova senha", { exact: true }).fill("senha-nova-22");
      await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-nova-23");
      await page.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await page.getByText("A confirmação não confere com a senha.").waitFor();
      await page.getByLabel("Confirmar senha", { exact: true }).fill("senha-nova-22");
      await page.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await page.getByRole("heading", { name: "Agenda", level: 1 }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe("/");

      expect(await loginStatus(email, "senha-antiga-1")).toBe(401);
      expect(await loginStatus(email, "senha-nova-22")).toBe(200);
      // The same link again: refused, with the way back to the login.
      await page.goto(link);
      await page.getByText("Este link é inválido, já foi usado ou expirou.", { exact: false }).waitFor();
      expect(await page.getByRole("link", { name: "Ir para o login" }).isVisible()).toBe(true);
    });
  });
}
