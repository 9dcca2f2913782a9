// Equipe da central end to end (built app, real server, real Chromium, desktop): the demo admin invites an approver, who opens
// the link in another browser, chooses a password on 'Primeiro acesso' and lands in the console with a read-only staff list
// (and the server's pt-BR 403 when their session tries to pay); the admin makes them Pagador, deactivates them (their open
// session ends, the login says the account is inactive) and reactivates them; they change their own password, which ends
// their other session only. axe on the screens and the dialogs. Only accounts this file creates change (other files sign in
// as the demo central user).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { DESKTOP, launch, listRows, signIn, violations } from "./browser";

const base = inject("baseUrl");
const CENTRAL = { email: "central@programa.com.br", password: "demo1234" };
const COLLEAGUE = { name: "Larissa Teixeira Prado", email: `larissa.prado.${Date.now()}@programa.com.br` };
const FIRST_PASSWORD = "Jacaranda-Lilas-6604";
const SECOND_PASSWORD = "Mangue-Seco-Azul-3187";

let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
let link = "";

beforeAll(async () => {
  browser = await launch();
  adminCtx = await browser.newContext({ ...DESKTOP, bypassCSP: true }); // bypassCSP only to load axe
  admin = await adminCtx.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh desktop browser (its own storage: another person's computer). */
async function newBrowser() {
  const ctx = await browser.newContext({ ...DESKTOP, bypassCSP: true });
  return { ctx, page: await ctx.newPage() };
}

const staffRow = (page: Page, name: string) =>
  page.getByRole("table", { name: "Equipe da central" }).locator("tbody tr").filter({ hasText: name });
const heading = (page: Page) => page.getByRole("heading", { name: "Equipe da central", level: 1 });

async function openStaff(page: Page) {
  await page.getByRole("navigation", { name: "Central do Programa" }).getByRole("link", { name: "Equipe" }).click();
  await heading(page).waitFor();
}

describe("central staff", () => {
  it("the admin invites an approver by link; the colleague chooses a password and sees the staff read-only", async () => {
    await admin.goto(`${base}/login`);
    await signIn(admin, CENTRAL.email, CENTRAL.password);
    await admin.waitForURL(/\/central\//);
    await openStaff(admin);
    expect(new URL(admin.url()).pathname).toBe("/central/equipe");
    await admin.getByText("Você entrou como Equipe Central (demonstração) · Administrador").waitFor();
    await staffRow(admin, "Equipe Central (demonstração)").getByText("Você").waitFor();
    expect(await violations(admin)).toEqual([]);

    await admin.getByRole("button", { name: "Convidar colega" }).click();
    const dialog = admin.getByRole("dialog", { name: "Convidar colega" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Criar convite" }).click();
    await dialog.getByText("Informe o nome do colega.").waitFor();
    await dialog.getByText("Informe o e-mail do colega.").waitFor();
    // An e-mail already in use is refused by the server, in the dialog.
    await dialog.getByLabel("Nome").fill(COLLEAGUE.name);
    await dialog.getByLabel("E-mail").fill(CENTRAL.email);
    await dialog.getByRole("button", { name: "Criar convite" }).click();
    await dialog.getByText("Já existe um usuário com este e-mail (na central ou em um ponto de atendimento).").waitFor();
    await dialog.getByLabel("E-mail").fill(COLLEAGUE.email);
    await dialog.getByRole("radio", { name: "Aprovador" }).check();
    expect(await violations(admin)).toEqual([]);
    await dialog.getByRole("button", { name: "Criar convite" }).click();

    const linkDialog = admin.getByRole("dialog", { name: "Link de convite" });
    await linkDialog.waitFor();
    link = await linkDialog.getByLabel("Link de acesso").inputValue();
    expect(link.startsWith(`${base}/primeiro-acesso#`)).toBe(true);
    await linkDialog.getByText(/funciona uma única vez e vale por 72 horas/).waitFor();
    expect(await violations(admin)).toEqual([]);
    // The dialog's own 'Fechar' (the × in its corner has the same name).
    await linkDialog.locator(".modal-actions").getByRole("button", { name: "Fechar" }).click();
    await staffRow(admin, COLLEAGUE.name)
      .getByText(/Convite pendente \(válido até/)
      .waitFor();
    expect(await staffRow(admin, COLLEAGUE.name).textContent()).toContain("Aprovador");

    // The colleague, on their own computer.
    const { ctx, page } = await newBrowser();
    await page.goto(link);
    await page.getByRole("heading", { name: "Primeiro acesso" }).waitFor();
    await page.getByText(`Olá, ${COLLEAGUE.name}`).waitFor();
    await page.getByLabel("Nova senha").fill(FIRST_PASSWORD);
    await page.getByLabel("Confirmar senha").fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Salvar senha e entrar" }).click();
    await page.waitForURL(`${base}/central/inicio`);
    await openStaff(page);
    await page.getByText(`Você entrou como ${COLLEAGUE.name} · Aprovador`).waitFor();
    await page.getByText("Somente administradores da central convidam colegas, mudam papéis e desativam contas.").waitFor();
    expect(await page.getByRole("button", { name: "Convidar colega" }).count()).toBe(0);
    expect(await page.getByRole("group", { name: /^Ações de/ }).count()).toBe(0);
    await staffRow(page, COLLEAGUE.name).getByText("Você").waitFor();
    expect(await violations(page)).toEqual([]);
    // Their session may not pay: the server's answer, in pt-BR.
    const refused = await page.evaluate(async () => {
      const res = await fetch("/api/central/pagamentos/pagar", {
        method: "POST",
        headers: { "content-type": "application/json", authToken: localStorage.getItem("authToken") ?? "" },
        body: JSON.stringify({ ids: ["00000000-0000-4000-8000-000000000001"], dataPagamento: "2026-01-05", referencia: "TESTE" }),
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    });
    expect(refused).toEqual({ status: 403, message: "Seu perfil na central não permite registrar ou desfazer pagamentos." });
    // The link is spent.
    const { ctx: other, page: again } = await newBrowser();
    await again.goto(link);
    await again.getByText("Este link é inválido, já foi usado ou expirou. Peça um novo a um administrador da central.").waitFor();
    await other.close();
    await ctx.close();
  });

  it("the admin changes the colleague's role, deactivates them (their session ends at once) and reactivates them", async () => {
    const { ctx, page } = await newBrowser();
    await page.goto(`${base}/login`);
    await signIn(page, COLLEAGUE.email, FIRST_PASSWORD);
    await page.waitForURL(/\/central\//);
    await openStaff(page);

    await admin.reload();
    await heading(admin).waitFor();
    await admin.getByRole("button", { name: `Mudar papel: ${COLLEAGUE.name}` }).click();
    const roleDialog = admin.getByRole("dialog", { name: "Mudar papel" });
    await roleDialog.getByRole("radio", { name: "Pagador" }).check();
    expect(await violations(admin)).toEqual([]);
    await roleDialog.getByRole("button", { name: "Salvar papel" }).click();
    await admin.getByText(`${COLLEAGUE.name} agora é Pagador.`).waitFor();
    await expect.poll(async () => staffRow(admin, COLLEAGUE.name).textContent()).toContain("Pagador");
    await page.reload();
    await page.getByText(`Você entrou como ${COLLEAGUE.name} · Pagador`).waitFor();

    await admin.getByRole("button", { name: `Desativar: ${COLLEAGUE.name}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Desativar colega" });
    await confirm.getByText(/as sessões abertas serão encerradas agora/).waitFor();
    expect(await violations(admin)).toEqual([]);
    await confirm.getByRole("button", { name: "Desativar" }).click();
    await admin.getByText(`${COLLEAGUE.name} foi desativado(a): as sessões abertas foram encerradas.`).waitFor();
    await staffRow(admin, COLLEAGUE.name).getByText("Inativo").waitFor();
    // Their open session ends: the next call is a 401 and the app sends them to the login, where the account is refused.
    await page.reload();
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    await signIn(page, COLLEAGUE.email, FIRST_PASSWORD);
    await page.getByText("Usuário inativo. Entre em contato com o administrador.").waitFor();

    await admin.getByRole("button", { name: `Reativar: ${COLLEAGUE.name}` }).click();
    await admin.getByText(`${COLLEAGUE.name} foi reativado(a).`).waitFor();
    await staffRow(admin, COLLEAGUE.name).getByText("Ativo", { exact: true }).waitFor();
    await signIn(page, COLLEAGUE.email, FIRST_PASSWORD);
    await page.waitForURL(/\/central\//);
    await ctx.close();
  });

  it("the colleague changes their own password: this session stays, the other one ends", async () => {
    const first = await newBrowser();
    const second = await newBrowser();
    for (const { page } of [first, second]) {
      await page.goto(`${base}/login`);
      await signIn(page, COLLEAGUE.email, FIRST_PASSWORD);
      await page.waitForURL(/\/central\//);
    }
    const page = first.page;
    await openStaff(page);
    const card = page.getByRole("region", { name: "Alterar minha senha" });
    await card.getByRole("button", { name: "Alterar senha" }).click();
    await card.getByText("Informe a senha atual.").waitFor();
    await card.getByLabel("Senha atual").fill("senha-errada-123");
    await card.getByLabel("Nova senha", { exact: true }).fill(SECOND_PASSWORD);
    await card.getByLabel("Confirme a nova senha").fill(`${SECOND_PASSWORD}!`);
    await card.getByRole("button", { name: "Alterar senha" }).click();
    await card.getByText("A confirmação não confere com a senha.").waitFor();
    await card.getByLabel("Confirme a nova senha").fill(SECOND_PASSWORD);
    await card.getByRole("button", { name: "Alterar senha" }).click();
    await card.getByText("A senha atual não confere.").waitFor();
    expect(await violations(page)).toEqual([]);
    await card.getByLabel("Senha atual").fill(FIRST_PASSWORD);
    await card.getByRole("button", { name: "Alterar senha" }).click();
    await page.getByText("Senha alterada. As suas outras sessões foram encerradas.").waitFor();
    expect(await card.getByLabel("Senha atual").inputValue()).toBe("");

    // This session stays; the other browser is signed out on its next call.
    await page.reload();
    await page.getByText(`Você entrou como ${COLLEAGUE.name} · Pagador`).waitFor();
    await second.page.reload();
    await second.page.getByRole("button", { name: "Entrar" }).waitFor();
    await signIn(second.page, COLLEAGUE.email, FIRST_PASSWORD);
    await second.page.getByText("Credenciais inválidas.").waitFor();
    await signIn(second.page, COLLEAGUE.email, SECOND_PASSWORD);
    await second.page.waitForURL(/\/central\//);
    await first.ctx.close();
    await second.ctx.close();
  });

  it("fits a 360 px phone: the colleagues as cards with their actions, the password card, no sideways scroll", async () => {
    const ctx = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: "pt-BR",
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await signIn(page, CENTRAL.email, CENTRAL.password);
    await page.waitForURL(/\/central\//);
    await page.goto(`${base}/central/equipe`);
    await heading(page).waitFor();
    const card = listRows(page, true, "Equipe da central").filter({ hasText: COLLEAGUE.name });
    await card.getByRole("button", { name: `Mudar papel: ${COLLEAGUE.name}` }).waitFor();
    expect(await card.textContent()).toContain("Pagador");
    await page.getByRole("region", { name: "Alterar minha senha" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Convidar colega" }).click();
    await page.getByRole("dialog", { name: "Convidar colega" }).getByRole("radio", { name: "Administrador" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await ctx.close();
  });
});
