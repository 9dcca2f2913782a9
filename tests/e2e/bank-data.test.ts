// Dados Bancários end to end (built app, real server, real Chromium, desktop and Pixel 7): every required and invalid-value message
// of the form (nothing sent while any shows), masks per key type, PIX rows (CPF, e-mail, phone, random UUID) and a TRANSFERÊNCIA
// row created, viewed, edited and deleted, each checked on the server; filters narrowing the rows; fields disabled while saving;
// axe on the page and on every modal. Creates its own rows (never selected, so the seeded selected entry stays selected) and
// deletes them; each change holds the point's payouts, so the central confirms the data at the end (tests/e2e/payee.ts), as the
// other files that pay expect to find it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { apiCall, DESKTOP, launch, MOBILE, openSignedIn, violations, demoPoint } from "./browser";
import type { BankDataFields } from "../../src/domain/bank-data";
import { releasePayouts } from "./payee";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

type Bank = BankDataFields & { IdDadoBancario: string };
const api = <T>(p: string, body?: unknown) => apiCall<T>(base, token, p, body);
const serverRows = async () => (await api<{ dadosBancarios: Bank[] }>(`/ponto-atendimento/get-dados-bancarios/${pointId}`)).dadosBancarios;
const serverRow = async (holder: string) => (await serverRows()).find((r) => r.NomeTitular === holder);

beforeAll(async () => {
  browser = await launch();
  ({ token, pointId } = await demoPoint(base));
});
afterAll(async () => {
  if (pointId) await releasePayouts(base, pointId);
  await browser?.close();
});

const openPage = (ctx: BrowserContext, query = ""): Promise<Page> =>
  openSignedIn(ctx, `${base}/dados-bancarios${query}`, (page) => page.getByRole("heading", { name: "Dados Bancários", level: 1 }));

/** Counts the add/edit calls the page makes, to prove an invalid form sends nothing. */
function countWrites(page: Page) {
  const seen = { writes: 0 };
  page.on("request", (r) => {
    if (/\/api\/ponto-atendimento\/(add|edit)-dado-bancario$/.test(new URL(r.url()).pathname)) seen.writes++;
  });
  return seen;
}

for (const [name, options, mobile] of [
  ["desktop", DESKTOP, false],
  ["Pixel 7", MOBILE, true],
] as const) {
  describe(`bank data on ${name}`, () => {
    const tag = `${mobile ? "M" : "D"}${Date.now().toString(36)}`;
    const holder = (what: string) => `Titular ${what} ${tag}`;
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true }); // bypassCSP only to load axe
    });
    afterAll(async () => {
      // Whatever a failed run left behind.
      for (const r of (await serverRows()).filter((x) => x.NomeTitular.endsWith(tag))) {
        await api("/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: r.IdDadoBancario });
      }
      await ctx?.close();
    });

    /** The row of a holder in the layout of this viewport: a card on the phone, a table row on desktop. */
    const rowOf = (page: Page, who: string): Locator =>
      (mobile ? page.locator(".bank-cards > li") : page.locator(".bank-table tbody tr")).filter({ hasText: who });
    const form = (page: Page, title = "Novo Dado Bancário") => page.getByRole("dialog", { name: title });
    const errorsOf = async (dialog: Locator) => (await dialog.locator(".form-error").allTextContents()).filter(Boolean);

    it("shows every required and invalid-value message, sends nothing while any shows, clears a message on edit; closing resets; axe clean", async () => {
      const page = await openPage(ctx);
      const calls = countWrites(page);
      await page.getByText(/Carregando dados bancários/).waitFor({ state: "hidden" });
      expect(await violations(page)).toEqual([]);

      await page.getByRole("button", { name: "Novo Dado", exact: true }).click();
      const dialog = form(page);
      await dialog.waitFor();
      // The spec's defaults: PIX, key type CPF, not selected.
      expect(await dialog.getByLabel("Tipo de Pagamento").inputValue()).toBe("PIX");
      expect(await dialog.getByLabel("Tipo de Chave PIX").inputValue()).toBe("CPF");
      expect(await dialog.getByLabel("Chave PIX", { exact: true }).getAttribute("placeholder")).toBe("000.000.000-00");
      expect(await dialog.getByRole("checkbox", { name: "Selecionado" }).isChecked()).toBe(false);
      expect(await violations(page)).toEqual([]);

      const save = dialog.getByRole("button", { name: "Salvar" });
      await save.click();
      await dialog.getByText("Chave PIX é obrigatória").waitFor();
      expect(await errorsOf(dialog)).toEqual(["Chave PIX é obrigatória", "Nome do titular é obrigatório", "CPF do titular é obrigatório"]);
      // The first field with a problem takes the focus.
      await expect.poll(() => dialog.getByLabel("Chave PIX", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await violations(page)).toEqual([]);
      await dialog.getByLabel("Tipo de Chave PIX").selectOption("");
      await save.click();
      await dialog.getByText("Tipo de chave PIX é obrigatório").waitFor();

      // Each key type: its mask and placeholder, and a value a bank would refuse.
      const key = dialog.getByLabel("Chave PIX", { exact: true });
      const refused = [
        ["CPF", "000.000.000-00", "12345678900", "123.456.789-00", "Chave PIX inválida: informe um CPF válido (confira os dígitos)."],
        [
          "CNPJ",
          "00.000.000/0000-00",
          "11222333000180",
          "11.222.333/0001-80",
          "Chave PIX inválida: informe um CNPJ válido (confira os dígitos).",
        ],
        [
          "TELEFONE",
          "(00) 00000-0000",
          "8133334444",
          "(81) 33334-444",
          "Chave PIX inválida: informe um celular com DDD, como (81) 99999-0000.",
        ],
        [
          "EMAIL",
          "nome@empresa.com.br",
          "financeiro@oficina",
          "financeiro@oficina",
          "Chave PIX inválida: informe um e-mail válido, como nome@empresa.com.br.",
        ],
        [
          "CHAVE_ALEATORIA",
          "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
          "123e4567zz89b",
          "123e4567-89b",
          "Chave PIX inválida: a chave aleatória tem 32 caracteres no formato xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.",
        ],
      ] as const;
      for (const [type, placeholder, typed, shown, message] of refused) {
        await dialog.getByLabel("Tipo de Chave PIX").selectOption(type);
        expect(await key.inputValue(), `${type} starts empty`).toBe("");
        expect(await key.getAttribute("placeholder")).toBe(placeholder);
        await key.pressSequentially(typed);
        expect(await key.inputValue(), type).toBe(shown);
        await save.click();
        await dialog.getByText(message).waitFor();
      }

      // Holder: a message clears as soon as its field is edited; a CPF/CNPJ with wrong check digits is refused.
      await dialog.getByLabel("Nome do Titular").fill("Alguém");
      expect(await dialog.getByText("Nome do titular é obrigatório").count()).toBe(0);
      const doc = dialog.getByLabel("CPF/CNPJ do Titular");
      await doc.pressSequentially("11111111111");
      expect(await doc.inputValue()).toBe("111.111.111-11");
      await save.click();
      await dialog.getByText("CPF/CNPJ do titular inválido: confira os dígitos.").waitFor();

      // Transfer: the bank fields' required messages, then invalid agency and account.
      await dialog.getByLabel("Tipo de Pagamento").selectOption("TRANSFERENCIA");
      await dialog.getByLabel("Tipo de Conta").selectOption("");
      await save.click();
      await dialog.getByText("Nome do banco é obrigatório").waitFor();
      expect(await errorsOf(dialog)).toEqual([
        "Nome do banco é obrigatório",
        "Número da agência é obrigatório",
        "Número da conta é obrigatório",
        "Tipo de conta é obrigatório",
        "CPF/CNPJ do titular inválido: confira os dígitos.",
      ]);
      expect(await violations(page)).toEqual([]);
      await dialog.getByLabel("Agência").pressSequentially("12");
      await dialog.getByLabel("Conta", { exact: true }).pressSequentially("123");
      await save.click();
      await dialog.getByText("Número da agência inválido: use 4 dígitos e o dígito verificador, se houver (0000-0).").waitFor();
      await dialog.getByText("Número da conta inválido: informe o número com o dígito verificador (0000000-0).").waitFor();
      expect(calls.writes).toBe(0);

      // Escape (the phone's back, the overlay, ×) on the filled form asks first (issue 50); staying keeps what was typed.
      const asked: string[] = [];
      page.once("dialog", (d) => {
        asked.push(d.message());
        void d.dismiss();
      });
      await page.keyboard.press("Escape");
      await expect.poll(() => asked).toEqual(["Descartar o que você preencheu? Toque em Cancelar para continuar editando."]);
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel("Agência").inputValue()).not.toBe("");

      // Closing resets the form.
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Novo Dado", exact: true }).click();
      await form(page).waitFor();
      expect(await form(page).getByLabel("Tipo de Pagamento").inputValue()).toBe("PIX");
      expect(await form(page).getByLabel("Nome do Titular").inputValue()).toBe("");
      expect(await errorsOf(form(page))).toEqual([]);
      await page.keyboard.press("Escape");
      await form(page).waitFor({ state: "detached" });
      expect(calls.writes).toBe(0);
    });

    it("creates PIX rows (CPF, e-mail, phone, random UUID) with masked keys; fields are disabled while saving; the server stores them", async () => {
      const page = await openPage(ctx);
      const uuid = randomUUID().toUpperCase();
      const cases = [
        ["CPF", "52998224725", "529.982.247-25", "529.982.247-25"],
        ["EMAIL", `Financeiro.${tag}@Oficina.com.br`, `Financeiro.${tag}@Oficina.com.br`, `financeiro.${tag.toLowerCase()}@oficina.com.br`],
        ["TELEFONE", "81999990000", "(81) 99999-0000", "(81) 99999-0000"],
        ["CHAVE_ALEATORIA", uuid, uuid.toLowerCase(), uuid.toLowerCase()],
      ] as const;
      for (const [type, typed, shown, stored] of cases) {
        const who = holder(type);
        await page.getByRole("button", { name: "Novo Dado", exact: true }).click();
        const dialog = form(page);
        await dialog.getByLabel("Tipo de Chave PIX").selectOption(type);
        await dialog.getByLabel("Chave PIX", { exact: true }).pressSequentially(typed);
        expect(await dialog.getByLabel("Chave PIX", { exact: true }).inputValue()).toBe(shown);
        await dialog.getByLabel("Nome do Titular").fill(who);
        await dialog.getByLabel("CPF/CNPJ do Titular").pressSequentially("11222333000181");
        expect(await dialog.getByLabel("CPF/CNPJ do Titular").inputValue()).toBe("11.222.333/0001-81");
        let release = () => {};
        let passed = Promise.resolve();
        if (type === "CPF") {
          // Holds the first save on its way to the server, to see the form while it is saving.
          const held = new Promise<void>((resolve) => (release = resolve));
          let through = () => {};
          passed = new Promise<void>((resolve) => (through = resolve));
          await page.route("**/api/ponto-atendimento/add-dado-bancario", async (route) => {
            await held;
            await route.continue();
            through();
          });
        }
        await dialog.getByRole("button", { name: "Salvar" }).click();
        if (type === "CPF") {
          await dialog.getByRole("button", { name: "Salvando..." }).waitFor();
          for (const field of ["Tipo de Pagamento", "Tipo de Chave PIX", "Chave PIX", "Nome do Titular", "CPF/CNPJ do Titular"]) {
            expect(await dialog.getByLabel(field, { exact: true }).isDisabled(), field).toBe(true);
          }
          expect(await dialog.getByRole("button", { name: "Cancelar" }).isDisabled()).toBe(true);
          release();
          await passed;
          await page.unroute("**/api/ponto-atendimento/add-dado-bancario");
        }
        await page.getByText("Dados bancários criados com sucesso!").first().waitFor();
        await dialog.waitFor({ state: "detached" });
        await rowOf(page, who).waitFor();
        expect(await rowOf(page, who).textContent()).toContain(stored);
        const row = await serverRow(who);
        expect(row, who).toMatchObject({
          TipoChavePix: type,
          ChavePix: stored,
          Banco: "",
          NumeroAgencia: "",
          NumeroConta: "",
          TipoConta: "",
          DocumentoTitular: "11.222.333/0001-81",
          Selecionado: "N",
        });
      }
    });

    it("creates a TRANSFERÊNCIA row with a bank chosen from the COMPE list, views it, edits it; the server has each change", async () => {
      const page = await openPage(ctx);
      const who = holder("Transferência");
      await page.getByRole("button", { name: "Novo Dado", exact: true }).click();
      const dialog = form(page);
      await dialog.getByLabel("Tipo de Pagamento").selectOption("TRANSFERENCIA");
      const bank = dialog.getByRole("combobox", { name: "Banco" });
      await bank.click();
      await bank.fill("341");
      const banks = dialog.getByRole("listbox", { name: "Banco" });
      const itau = banks.getByRole("option", { name: /^341 - / });
      await itau.waitFor();
      for (const label of await banks.getByRole("option").allTextContents()) expect(label).toContain("341");
      await itau.click();
      await dialog.getByLabel("Agência").pressSequentially("12345");
      expect(await dialog.getByLabel("Agência").inputValue()).toBe("1234-5");
      await dialog.getByLabel("Conta", { exact: true }).pressSequentially("12345678");
      expect(await dialog.getByLabel("Conta", { exact: true }).inputValue()).toBe("1234567-8");
      await dialog.getByLabel("Tipo de Conta").selectOption("POUPANCA");
      await dialog.getByLabel("Nome do Titular").fill(who);
      await dialog.getByLabel("CPF/CNPJ do Titular").pressSequentially("52998224725");
      expect(await violations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Salvar" }).click();
      await page.getByText("Dados bancários criados com sucesso!").first().waitFor();
      await dialog.waitFor({ state: "detached" });
      const created = await serverRow(who);
      expect(created).toMatchObject({
        TipoChavePix: "",
        ChavePix: "",
        NumeroAgencia: "1234-5",
        NumeroConta: "1234567-8",
        TipoConta: "POUPANCA",
        DocumentoTitular: "529.982.247-25",
      });
      expect(created!.Banco).toMatch(/^341 - /);
      const row = rowOf(page, who);
      await row.waitFor();
      expect(await row.textContent()).toContain("Ag. 1234-5 · Conta 1234567-8 (Poupança)");

      // View.
      await page.getByRole("button", { name: `Visualizar ${who}` }).click();
      const view = page.getByRole("dialog", { name: "Visualizar Dados Bancários" });
      await view.waitFor();
      for (const text of ["TRANSFERÊNCIA", created!.Banco, "1234-5", "1234567-8", "Poupança", who, "529.982.247-25", "NÃO"]) {
        expect(await view.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      }
      expect(await violations(page)).toEqual([]);
      await view.getByRole("button", { name: "Fechar" }).last().click();
      await view.waitFor({ state: "detached" });

      // Edit: prefilled; an invalid account is refused; then the change is stored.
      await page.getByRole("button", { name: `Editar ${who}` }).click();
      const edit = form(page, "Editar Dados Bancários");
      await edit.waitFor();
      expect(await edit.getByLabel("Agência").inputValue()).toBe("1234-5");
      expect(await edit.getByLabel("Tipo de Conta").inputValue()).toBe("POUPANCA");
      expect(await edit.getByRole("combobox", { name: "Banco" }).inputValue()).toBe(created!.Banco);
      const account = edit.getByLabel("Conta", { exact: true });
      await account.fill("");
      await account.pressSequentially("765");
      await edit.getByRole("button", { name: "Atualizar" }).click();
      await edit.getByText("Número da conta inválido: informe o número com o dígito verificador (0000000-0).").waitFor();
      expect(await violations(page)).toEqual([]);
      await account.pressSequentially("4321x");
      expect(await account.inputValue()).toBe("7654321-X");
      await edit.getByLabel("Tipo de Conta").selectOption("CORRENTE");
      await edit.getByRole("button", { name: "Atualizar" }).click();
      await page.getByText("Dados bancários atualizados com sucesso!").first().waitFor();
      await edit.waitFor({ state: "detached" });
      expect(await serverRow(who)).toMatchObject({
        NumeroConta: "7654321-X",
        TipoConta: "CORRENTE",
        NumeroAgencia: "1234-5",
        Banco: created!.Banco,
      });
      await rowOf(page, who)
        .getByText(/Conta 7654321-X \(Corrente\)/)
        .waitFor();

      // Edit a PIX row into another key type: the server keeps only the new key.
      const pixWho = holder("EMAIL");
      await page.getByRole("button", { name: `Editar ${pixWho}` }).click();
      const editPix = form(page, "Editar Dados Bancários");
      expect(await editPix.getByLabel("Tipo de Chave PIX").inputValue()).toBe("EMAIL");
      await editPix.getByLabel("Tipo de Chave PIX").selectOption("CNPJ");
      await editPix.getByLabel("Chave PIX", { exact: true }).pressSequentially("11222333000181");
      await editPix.getByRole("button", { name: "Atualizar" }).click();
      await editPix.waitFor({ state: "detached" });
      expect(await serverRow(pixWho)).toMatchObject({ TipoChavePix: "CNPJ", ChavePix: "11.222.333/0001-81" });
    });

    it("filters by Tipo de Pagamento and Selecionado (kept in the URL); selected rows are highlighted", async () => {
      const page = await openPage(ctx);
      const transfer = holder("Transferência");
      const pix = holder("CPF");
      await rowOf(page, transfer).waitFor();
      const typeFilter = page.getByRole("search").getByLabel("Tipo de Pagamento");
      const selectedFilter = page.getByRole("search").getByLabel("Selecionado");

      await typeFilter.selectOption("PIX");
      await rowOf(page, transfer).waitFor({ state: "detached" });
      await rowOf(page, pix).waitFor();
      expect(page.url()).toContain("tipo=PIX");
      await typeFilter.selectOption("TRANSFERENCIA");
      await rowOf(page, pix).waitFor({ state: "detached" });
      await rowOf(page, transfer).waitFor();
      await typeFilter.selectOption("");

      // Every row of this test is not selected; the seeded entry of the demo point is.
      await selectedFilter.selectOption("S");
      await rowOf(page, transfer).waitFor({ state: "detached" });
      const shown = mobile ? page.locator(".bank-cards > li") : page.locator(".bank-table tbody tr");
      await shown.first().waitFor();
      for (const r of await shown.all()) {
        expect(await r.textContent()).toContain("SIM");
        expect(await r.getAttribute("class")).toContain("is-selected");
      }
      expect(await violations(page)).toEqual([]);
      await selectedFilter.selectOption("N");
      await rowOf(page, transfer).waitFor();
      expect((await rowOf(page, transfer).getAttribute("class")) ?? "").not.toContain("is-selected");

      // Kept through a reload.
      await page.reload();
      await rowOf(page, transfer).waitFor();
      expect(await page.getByRole("search").getByLabel("Selecionado").inputValue()).toBe("N");
    });

    it("deletes after 'Confirmar Exclusão' (Cancelar keeps the row); the server no longer has it; axe clean on the confirmation", async () => {
      const page = await openPage(ctx);
      const who = holder("Transferência");
      await rowOf(page, who).waitFor();
      await page.getByRole("button", { name: `Excluir ${who}` }).click();
      const confirm = page.getByRole("dialog", { name: "Confirmar Exclusão" });
      await confirm.waitFor();
      for (const text of [who, "Tem certeza que deseja excluir esta conta bancária?"]) await confirm.getByText(text).waitFor();
      await confirm.getByText(/Ag\. 1234-5 · Conta 7654321-X/).waitFor();
      expect(await violations(page)).toEqual([]);
      await confirm.getByRole("button", { name: "Cancelar" }).click();
      await confirm.waitFor({ state: "detached" });
      expect(await serverRow(who)).toBeDefined();

      await page.getByRole("button", { name: `Excluir ${who}` }).click();
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await page.getByText("Dados bancários excluídos com sucesso!").first().waitFor();
      await rowOf(page, who).waitFor({ state: "detached" });
      expect(await serverRow(who)).toBeUndefined();

      // A PIX row: the confirmation names its key.
      const pixWho = holder("CPF");
      await page.getByRole("button", { name: `Excluir ${pixWho}` }).click();
      await confirm.getByText("CPF: 529.982.247-25").waitFor();
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await rowOf(page, pixWho).waitFor({ state: "detached" });
      expect(await serverRow(pixWho)).toBeUndefined();
    });
  });
}
