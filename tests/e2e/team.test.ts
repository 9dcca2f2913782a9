// Equipe and access links end to end (built app, real server, real Chromium, desktop and Pixel 7): the admin opens Equipe from
// the menu, adds an attendant (masked phone) and gets the invitation dialog (WhatsApp link, copy); the attendant opens the link in
// another browser, is refused a short password, sets one, lands on the agenda and signs in again with it; the admin deactivates
// them and their open page is sent to /login, which says the access was deactivated (and says it again after the right
// password, never after a wrong one); a reset link from 'Gerar link de acesso' replaces a password and works once; a
// non-administrator sees no Equipe; another administrator gets no link for the principal and cannot change the principal's
// e-mail; 'Esqueci minha senha' answers neutrally. axe on the screens and dialogs. Creates its own
// uniquely named users (never edits seeded ones) and deactivates them at the end.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { apiCall, apiToken, DEMO, demoPoint, DESKTOP, launch, MOBILE, openMenu, signIn, violations } from "./browser";

const base = inject("baseUrl");
let browser: Browser;
let adminToken = "";
let pointId = "";

type TeamRow = { IdPontoAtendimentoUsuario: string; Nome: string; Email: string; AtivoInativo: "A" | "I" };
type UserType = { IdUsuarioTipo: string | number; Descricao: string; Administrativo: "S" | "N" };
type Access = { Tipo: string; Link: string; ExpiraEm: string };

const api = <T>(p: string, body?: unknown) => apiCall<T>(base, adminToken, p, body);
const team = async () => (await api<{ data: TeamRow[] }>(`/usuarios/lista/${pointId}?inativos=S`)).data;
const rawPost = (p: string, body: unknown) =>
  fetch(`${base}/api${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const tokenOf = (link: string) => link.slice(link.indexOf("#") + 1);
const DEACTIVATED = "Seu acesso foi desativado pelo administrador do ponto. Fale com ele para voltar a entrar.";

beforeAll(async () => {
  browser = await launch();
  ({ token: adminToken, pointId } = await demoPoint(base));
});
afterAll(() => browser?.close());

/** Waits until the page's main heading reads `title`. */
const heading = (page: Page, title: string) => page.getByRole("heading", { name: title, level: 1 }).waitFor({ timeout: 15_000 });

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`team accounts on ${name}`, () => {
    const tag = `${mobile ? "m" : "d"}${Date.now().toString(36)}`;
    const invited = { name: `Atendente Convite ${tag}`, email: `convite.${tag}@equipe.test`, password: `nova-senha-${tag}` };
    const reset = { name: `Atendente Reset ${tag}`, email: `reset.${tag}@equipe.test`, old: `antiga-${tag}`, fresh: `trocada-${tag}` };
    let admin: BrowserContext;
    let adminPage: Page;
    let attendant: BrowserContext;
    let attendantPage: Page;
    let inviteLink = "";
    const contexts: BrowserContext[] = [];
    const newContext = async (extra: Parameters<Browser["newContext"]>[0] = {}) => {
      const ctx = await browser.newContext({ ...options, bypassCSP: true, ...extra }); // bypassCSP only to load axe
      contexts.push(ctx);
      return ctx;
    };

    beforeAll(async () => {
      admin = await newContext({ permissions: ["clipboard-read", "clipboard-write"] });
      adminPage = await admin.newPage();
    });
    afterAll(async () => {
      // Whatever this run created, deactivated (the seeded users are never touched).
      for (const u of (await team()).filter((x) => x.Nome.endsWith(tag) && x.AtivoInativo === "A")) {
        await api("/usuarios/deletar", { IdPontoAtendimentoUsuario: u.IdPontoAtendimentoUsuario });
      }
      for (const ctx of contexts) await ctx.close();
    });

    const menu = (page: Page) => openMenu(page, mobile);
    const entry = (nav: Locator, label: string) => nav.getByRole("link", { name: label, exact: true });
    /** Only administrators have Equipe, right after Retorno de Serviço in Operações. */
    async function expectEquipeEntry(page: Page, shown: boolean) {
      const nav = await menu(page);
      await entry(nav, "Retorno de Serviço").waitFor();
      expect(await entry(nav, "Equipe").count()).toBe(shown ? 1 : 0);
      if (mobile) {
        await nav.getByRole("button", { name: "Fechar menu" }).click();
        await expect.poll(() => nav.count()).toBe(0);
      }
    }
    /** A user's row in this viewport's layout: a card on the phone, a table row on desktop. */
    const rowOf = (page: Page, who: string): Locator =>
      (mobile ? page.locator(".team-cards > li") : page.locator(".team-table tbody tr")).filter({ hasText: who });

    it("(a) the admin opens Equipe from the menu, adds an attendant with a phone and gets the invitation link; axe clean", async () => {
      await adminPage.goto(`${base}/login`);
      await signIn(adminPage);
      await adminPage.waitForURL(`${base}/`);
      await expectEquipeEntry(adminPage, true);
      await entry(await menu(adminPage), "Equipe").click();
      await adminPage.waitForURL(`${base}/equipe`);
      await heading(adminPage, "Equipe");
      await rowOf(adminPage, "Marina Souza").waitFor();
      // The principal user: its badge, and no Desativar (neither on one's own row).
      await rowOf(adminPage, "Marina Souza").getByText("Principal", { exact: true }).waitFor();
      expect(
        await rowOf(adminPage, "Marina Souza")
          .getByRole("button", { name: /^Desativar/ })
          .count(),
      ).toBe(0);
      expect(await violations(adminPage)).toEqual([]);

      await adminPage.getByRole("button", { name: "Adicionar usuário" }).click();
      const form = adminPage.getByRole("dialog", { name: "Adicionar usuário" });
      await form.waitFor();
      await form.getByRole("button", { name: "Salvar" }).click();
      await form.getByText("Informe o nome.").waitFor();
      await form.getByText("Selecione o cargo.").waitFor();
      expect(await violations(adminPage)).toEqual([]);
      await form.getByLabel("Nome").fill(invited.name);
      await form.getByLabel("E-mail").fill(invited.email);
      const phone = form.getByLabel("Telefone");
      await phone.pressSequentially("81988881111");
      expect(await phone.inputValue()).toBe("(81) 98888-1111");
      await form.getByLabel("Cargo").selectOption({ label: "Atendente" });
      await form.getByRole("button", { name: "Salvar" }).click();

      const dialog = adminPage.getByRole("dialog", { name: "Convite de primeiro acesso" });
      await dialog.waitFor();
      await dialog.getByText(/funciona uma única vez e expira em 72 horas/).waitFor();
      inviteLink = await dialog.getByLabel("Link de acesso").inputValue();
      expect(inviteLink).toMatch(new RegExp(`^${base}/primeiro-acesso#.{20,}$`));
      const whatsapp = dialog.getByRole("link", { name: "Enviar pelo WhatsApp" });
      const href = (await whatsapp.getAttribute("href"))!;
      expect(href.startsWith("https://wa.me/5581988881111?text=")).toBe(true);
      expect(href).toContain(encodeURIComponent(inviteLink));
      expect(decodeURIComponent(href.split("?text=")[1]!)).toMatch(
        new RegExp(
          `^Olá, ${invited.name}! Você foi cadastrado\\(a\\) no Portal do Credenciado\\. Crie sua senha pelo link: .+ \\(válido até \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\)\\.$`,
        ),
      );
      expect(await whatsapp.getAttribute("target")).toBe("_blank");
      expect(await whatsapp.getAttribute("rel")).toContain("noopener");
      expect(await violations(adminPage)).toEqual([]);
      await dialog.getByRole("button", { name: "Copiar link" }).click();
      await dialog.getByText("Link copiado.").waitFor();
      expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
      await dialog.getByRole("button", { name: "Fechar" }).first().click();
      await expect.poll(() => dialog.count()).toBe(0);
      await rowOf(adminPage, invited.name).getByText("Convite pendente").waitFor();
    });

    it("(b) the attendant opens the link elsewhere, is refused a short password, sets one, lands on the agenda and signs in again", async () => {
      attendant = await newContext();
      attendantPage = await attendant.newPage();
      await attendantPage.goto(inviteLink);
      await heading(attendantPage, "Primeiro acesso");
      await attendantPage.getByText(`Olá, ${invited.name}`).waitFor();
      await attendantPage.getByText(invited.email).waitFor();
      expect(await violations(attendantPage)).toEqual([]);
      const password = attendantPage.getByLabel("Nova senha", { exact: true });
      const confirmation = attendantPage.getByLabel("Confirmar senha", { exact: true });
      expect(await password.getAttribute("autocomplete")).toBe("new-password");
      expect(await password.getAttribute("type")).toBe("password");
      await password.fill("curta");
      await confirmation.fill("curta");
      await attendantPage.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await attendantPage.getByText("A senha deve ter pelo menos 8 caracteres.").waitFor();
      await confirmation.fill(`${invited.password}x`);
      await password.fill(invited.password);
      await attendantPage.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await attendantPage.getByText("A confirmação não confere com a senha.").waitFor();
      await confirmation.fill(invited.password);
      await attendantPage.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await attendantPage.waitForURL(`${base}/`);
      await heading(attendantPage, "Agenda");
      // An attendant's menu has no Equipe.
      await expectEquipeEntry(attendantPage, false);

      await attendantPage.getByRole("button", { name: new RegExp(invited.name) }).click();
      await attendantPage.getByRole("menuitem", { name: "Sair" }).click();
      await attendantPage.waitForURL(/\/login/);
      await signIn(attendantPage, invited.email, invited.password);
      await attendantPage.waitForURL(`${base}/`);
      await heading(attendantPage, "Agenda");
      // The admin's list now has a last sign-in instead of the pending invitation.
      await adminPage.reload();
      await rowOf(adminPage, invited.name).waitFor();
      expect(await rowOf(adminPage, invited.name).getByText("Convite pendente").count()).toBe(0);
    });

    it("(c) the admin deactivates the attendant after a confirmation; the attendant's open page goes to /login on its next call, which says why", async () => {
      const row = rowOf(adminPage, invited.name);
      await row.getByRole("button", { name: `Desativar ${invited.name}` }).click();
      const confirm = adminPage.getByRole("dialog", { name: "Desativar usuário" });
      await confirm.waitFor();
      expect(await violations(adminPage)).toEqual([]);
      await confirm.getByRole("button", { name: "Desativar", exact: true }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      await row.getByText("Inativo", { exact: true }).waitFor();
      await row.getByRole("button", { name: `Reativar ${invited.name}` }).waitFor();

      const ratings = mobile
        ? attendantPage.getByRole("navigation", { name: "Menu inferior" }).getByRole("link", { name: "Avaliações" })
        : entry(await menu(attendantPage), "Avaliações");
      await ratings.click();
      await attendantPage.waitForURL(/\/login\?redirect=%2Favaliacoes$/);
      // The login says why, instead of a blank form.
      await attendantPage.getByRole("alert").filter({ hasText: DEACTIVATED }).waitFor();
      expect(await violations(attendantPage)).toEqual([]);
      // A fresh login page (nothing remembered) hears it from the server after the right password; a wrong one stays neutral.
      await attendantPage.reload();
      await attendantPage.getByLabel("E-mail").waitFor();
      expect(await attendantPage.getByText(DEACTIVATED).count()).toBe(0);
      await signIn(attendantPage, invited.email, `${invited.password}-errada`);
      await attendantPage.getByRole("alert").filter({ hasText: "Credenciais inválidas." }).waitFor();
      await signIn(attendantPage, invited.email, invited.password);
      await attendantPage.getByRole("alert").filter({ hasText: DEACTIVATED }).waitFor();
      expect(attendantPage.url()).toMatch(/\/login/);
    });

    it("(d) 'Gerar link de acesso' gives a reset link that replaces the password, signs in, and works only once", async () => {
      const types = (await api<{ data: UserType[] }>("/usuarios/tipos")).data;
      const attendantType = types.find((t) => t.Administrativo === "N")!;
      const added = await api<{ acesso: Access }>("/usuarios/adicionar", {
        Nome: reset.name,
        Email: reset.email,
        Telefone: null,
        IdPontoAtendimento: pointId,
        IdUsuarioTipo: String(attendantType.IdUsuarioTipo),
      });
      const set = await rawPost("/credenciado/definir-senha", {
        token: tokenOf(added.acesso.Link),
        senha: reset.old,
        confirmacao: reset.old,
      });
      expect(set.status).toBe(200);

      await adminPage.reload();
      const row = rowOf(adminPage, reset.name);
      await row.getByRole("button", { name: `Gerar link de acesso ${reset.name}` }).click();
      const dialog = adminPage.getByRole("dialog", { name: "Link para nova senha" });
      await dialog.waitFor();
      const link = await dialog.getByLabel("Link de acesso").inputValue();
      expect(link).toMatch(new RegExp(`^${base}/redefinir-senha#.{20,}$`));
      // No phone: no WhatsApp link, and why.
      expect(await dialog.getByRole("link", { name: "Enviar pelo WhatsApp" }).count()).toBe(0);
      await dialog.getByText("Cadastre um telefone para enviar o link pelo WhatsApp.").waitFor();
      expect(await violations(adminPage)).toEqual([]);
      await adminPage.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);

      const user = await newContext();
      const page = await user.newPage();
      await page.goto(link);
      await heading(page, "Criar nova senha");
      await page.getByText(`Olá, ${reset.name}`).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByLabel("Nova senha", { exact: true }).fill(reset.fresh);
      await page.getByLabel("Confirmar senha", { exact: true }).fill(reset.fresh);
      await page.getByRole("button", { name: "Salvar senha e entrar" }).click();
      await page.waitForURL(`${base}/`);
      await heading(page, "Agenda");
      await page.getByRole("button", { name: new RegExp(reset.name) }).waitFor();

      const login = (password: string) => rawPost("/credenciado/login", { email: reset.email, password });
      expect((await login(reset.old)).status).toBe(401);
      expect((await login(reset.fresh)).status).toBe(200);

      // The same link again: the server's message and the way back to the login.
      const again = await (await newContext()).newPage();
      await again.goto(link);
      await heading(again, "Criar nova senha");
      await again.getByRole("alert").filter({ hasText: "Este link é inválido, já foi usado ou expirou." }).waitFor();
      await again.getByRole("link", { name: "Ir para o login" }).click();
      await again.waitForURL(`${base}/login`);
    });

    it("(e) a non-administrator sees no Equipe entry and /equipe says it is restricted", async () => {
      const ctx = await newContext();
      const page = await ctx.newPage();
      await page.goto(`${base}/login`);
      await signIn(page, "carlos@credenciado.com.br", DEMO.password);
      await page.waitForURL(`${base}/`);
      await expectEquipeEntry(page, false);
      await page.goto(`${base}/equipe`);
      await heading(page, "Equipe");
      await page.getByText("Acesso restrito aos administradores do ponto.").waitFor();
      expect(await page.getByRole("button", { name: "Adicionar usuário" }).count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      // The server refuses the list too.
      const carlos = await apiToken(base, { email: "carlos@credenciado.com.br", password: DEMO.password });
      const res = await fetch(`${base}/api/usuarios/lista/${pointId}`, { headers: { authToken: carlos } });
      expect(res.status).toBe(403);
    });

    /** A user added through the API with the role asked, who set their password by the invitation and signed in on a new page. */
    async function signedInUser(who: { name: string; email: string; password: string }, administrative: "S" | "N") {
      const types = (await api<{ data: UserType[] }>("/usuarios/tipos")).data;
      const typeOf = (admin: "S" | "N") => String(types.find((t) => t.Administrativo === admin)!.IdUsuarioTipo);
      const added = await api<{ id: string; acesso: Access }>("/usuarios/adicionar", {
        Nome: who.name,
        Email: who.email,
        IdPontoAtendimento: pointId,
        IdUsuarioTipo: typeOf(administrative),
      });
      expect(
        (await rawPost("/credenciado/definir-senha", { token: tokenOf(added.acesso.Link), senha: who.password, confirmacao: who.password }))
          .status,
      ).toBe(200);
      const page = await (await newContext()).newPage();
      await page.goto(`${base}/login`);
      await signIn(page, who.email, who.password);
      await page.waitForURL(`${base}/`);
      return { added, page, typeOf };
    }

    it("(g) a role change shows in the app: promoted, Equipe appears on the next opening; demoted, the next refused call hides it", async () => {
      const who = { name: `Atendente Cargo ${tag}`, email: `cargo.${tag}@equipe.test`, password: `cargo-senha-${tag}` };
      const { added, page, typeOf } = await signedInUser(who, "N");
      await expectEquipeEntry(page, false);

      const setRole = (administrative: "S" | "N") =>
        api("/usuarios/atualizar", { IdPontoAtendimentoUsuario: added.id, IdUsuarioTipo: typeOf(administrative) });
      expect(await setRole("S")).toEqual({ success: true });
      await page.reload();
      await heading(page, "Agenda");
      await expectEquipeEntry(page, true);
      await entry(await menu(page), "Equipe").click();
      await heading(page, "Equipe");
      await rowOf(page, who.name).waitFor();

      // Demoted while the screen is open: the next action is refused (403) and the app reads the user's role again.
      expect(await setRole("N")).toEqual({ success: true });
      await rowOf(page, who.name)
        .getByRole("button", { name: `Gerar link de acesso ${who.name}` })
        .click();
      await page.getByText("Acesso restrito aos administradores do ponto.").first().waitFor();
      await expect.poll(() => page.getByRole("button", { name: "Adicionar usuário" }).count()).toBe(0);
      await expectEquipeEntry(page, false);
    });

    it("(h) another administrator gets no access link for the principal and cannot change their e-mail (nor can the server)", async () => {
      const who = { name: `Administrador Dois ${tag}`, email: `admin2.${tag}@equipe.test`, password: `admin-senha-${tag}` };
      const { page } = await signedInUser(who, "S");
      await page.goto(`${base}/equipe`);
      await heading(page, "Equipe");
      const principal = rowOf(page, "Marina Souza");
      await principal.getByRole("button", { name: "Editar Marina Souza" }).waitFor();
      // No link for the principal's account; their own row (and any other) keeps it.
      expect(await principal.getByRole("button", { name: /^Gerar link de acesso/ }).count()).toBe(0);
      await rowOf(page, who.name)
        .getByRole("button", { name: `Gerar link de acesso ${who.name}` })
        .waitFor();
      expect(await violations(page)).toEqual([]);

      await principal.getByRole("button", { name: "Editar Marina Souza" }).click();
      const form = page.getByRole("dialog", { name: "Editar usuário" });
      await form.waitFor();
      const email = form.getByLabel("E-mail");
      await expect(email.inputValue()).resolves.toBe(DEMO.email);
      await expect(email.getAttribute("readonly")).resolves.not.toBeNull();
      const hint = "Somente o próprio usuário principal pode alterar o e-mail dele.";
      await form.getByText(hint).waitFor();
      const describedBy = (await email.getAttribute("aria-describedby"))!.split(" ");
      const hints = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
      expect(hints).toContain(hint);
      await email.focus();
      await page.keyboard.type("x");
      await expect(email.inputValue()).resolves.toBe(DEMO.email);
      expect(await violations(page)).toEqual([]);
      await form.getByRole("button", { name: "Cancelar" }).click();
      await form.waitFor({ state: "detached" });

      // The server refuses both, whatever a client sends.
      const token = await apiToken(base, { email: who.email, password: who.password });
      const marina = (await team()).find((u) => u.Nome === "Marina Souza")!;
      const asSecond = (path: string, body: unknown) =>
        fetch(`${base}/api${path}`, {
          method: "POST",
          headers: { authToken: token, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const link = await asSecond("/usuarios/link-acesso", { IdPontoAtendimentoUsuario: marina.IdPontoAtendimentoUsuario });
      expect(link.status).toBe(403);
      expect(((await link.json()) as { message: string }).message).toBe(
        "Somente o próprio usuário principal pode gerar um link de acesso para a conta dele.",
      );
      const edit = await asSecond("/usuarios/atualizar", {
        IdPontoAtendimentoUsuario: marina.IdPontoAtendimentoUsuario,
        Email: `outro.${tag}@equipe.test`,
      });
      expect(edit.status).toBe(403);
      expect((await team()).find((u) => u.Nome === "Marina Souza")!.Email).toBe(DEMO.email);
    });

    it("(f) 'Esqueci minha senha' from the login page answers with the neutral message", async () => {
      const ctx = await newContext();
      const page = await ctx.newPage();
      await page.goto(`${base}/login`);
      await page.getByRole("link", { name: "Esqueci minha senha" }).click();
      await page.waitForURL(`${base}/esqueci-senha`);
      await heading(page, "Esqueci minha senha");
      await page.getByRole("button", { name: "Enviar" }).click();
      await page.getByText("Informe o e-mail.").waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByLabel("E-mail").fill(`ninguem.${tag}@equipe.test`);
      await page.getByRole("button", { name: "Enviar" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: /Se este e-mail estiver cadastrado/ })
        .waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("link", { name: "Voltar para o login" }).click();
      await page.waitForURL(`${base}/login`);
    });
  });
}

describe("team screens on a 360 px phone", () => {
  const PHONE_360 = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: "pt-BR" };
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it("Equipe, its dialogs and the public access pages fit without sideways scrolling", async () => {
    const ctx = await browser.newContext(PHONE_360);
    try {
      const page = await ctx.newPage();
      await page.goto(`${base}/equipe`);
      await signIn(page);
      await page.waitForURL(`${base}/equipe`);
      await heading(page, "Equipe");
      await page.locator(".team-cards > li").first().waitFor();
      expect(await fits(page), "Equipe").toBe(true);
      await page.getByRole("button", { name: "Adicionar usuário" }).click();
      const form = page.getByRole("dialog", { name: "Adicionar usuário" });
      await form.getByLabel("Cargo").waitFor();
      expect(await fits(page), "Adicionar usuário").toBe(true);
      await form.getByRole("button", { name: "Cancelar" }).click();
      await expect.poll(() => form.count()).toBe(0);

      // The access link dialog, for a user of this test (deactivated at the end).
      const who = `Atendente Estreito ${Date.now().toString(36)}`;
      const types = (await api<{ data: UserType[] }>("/usuarios/tipos")).data;
      const added = await api<{ id: string }>("/usuarios/adicionar", {
        Nome: who,
        Email: `${who.split(" ").pop()}.estreito@equipe.test`,
        Telefone: "(81) 97777-2222",
        IdPontoAtendimento: pointId,
        IdUsuarioTipo: String(types.find((t) => t.Administrativo === "N")!.IdUsuarioTipo),
      });
      try {
        await page.reload();
        await page.getByRole("button", { name: `Gerar link de acesso ${who}` }).click();
        const dialog = page.getByRole("dialog", { name: "Convite de primeiro acesso" });
        await dialog.getByRole("link", { name: "Enviar pelo WhatsApp" }).waitFor();
        expect(await fits(page), "Link de acesso").toBe(true);
      } finally {
        await api("/usuarios/deletar", { IdPontoAtendimentoUsuario: added.id });
      }

      const visitor = await browser.newContext(PHONE_360);
      const open = await visitor.newPage();
      for (const [path, title] of [
        ["/esqueci-senha", "Esqueci minha senha"],
        ["/primeiro-acesso#token-que-nao-existe", "Primeiro acesso"],
        ["/redefinir-senha", "Criar nova senha"],
      ] as const) {
        await open.goto(`${base}${path}`);
        await heading(open, title);
        expect(await fits(open), path).toBe(true);
      }
      await open.getByRole("alert").filter({ hasText: "Link de acesso inválido." }).waitFor();
      await visitor.close();
    } finally {
      await ctx.close();
    }
  });
});
