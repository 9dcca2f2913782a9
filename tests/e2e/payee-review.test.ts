// Payee review with two central users end to end (built app, real server, real Chromium, Pixel 7; issue 49, item 4): the demo
// point's administrator switches the point's payout account to a PIX e-mail key held by a natural person (CPF), through the API;
// on the phone the administrator's Espelho Financeiro shows the unpaid rows RETIDO with the reason and the bell's inbox has
// 'Repasses retidos'; the demo central admin opens Pagamentos, finds the held point and 'Conferir dados de pagamento': every
// payee field before and after, who changed it and when, the CPF warning, the point's phone as a tel: link (axe clean); the
// first confirmation keeps the payouts held ('Aguardando a confirmação de um segundo usuário da central') and the same user is
// offered no second confirmation (the server answers 409 too); a payer invited through the real invitation flow (API) sees
// who confirmed first and when, confirms on their own phone, and the payouts are released (the held point leaves the list, no
// row RETIDO on screen or in /central/pagamentos); the administrator's inbox has 'Repasses liberados' and the Espelho no longer
// shows RETIDO. Leaves the data as it found it, also after a failure: the original account selected again and that change
// confirmed by the central (tests/e2e/payee.ts), the new account deleted, the invited payer deactivated.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import {
  addDays,
  apiCall,
  apiToken,
  brasiliaToday,
  demoPoint,
  launch,
  listRows,
  MOBILE,
  openSignedIn,
  signIn,
  violations,
} from "./browser";
import { CENTRAL, payeeOf, releasePayouts } from "./payee";

const base = inject("baseUrl");
const stamp = Date.now();
const tag = stamp.toString(36);
/** The demo central admin's name, as the console and the review name them. */
const CENTRAL_NAME = "Equipe Central (demonstração)";
/** The payer this file invites (a unique e-mail per run). */
const PAYER = {
  name: "Paula Pagadora Ramos",
  email: `paula.pagadora.${stamp}@programa.com.br`,
  password: "Cajueiro-Maracuja-7319",
};
/** The new payee: an e-mail PIX key held by a natural person (a valid CPF). */
const NEW_PAYEE = {
  TipoChavePix: "EMAIL",
  ChavePix: `renata.lins.${tag}@gmail.com`,
  NomeTitular: "Renata Cavalcanti Lins",
  DocumentoTitular: "529.982.247-25",
};

type Bank = {
  IdDadoBancario: string;
  TipoChavePix: string;
  ChavePix: string;
  Banco: string;
  NumeroAgencia: string;
  NumeroConta: string;
  TipoConta: string;
  NomeTitular: string;
  DocumentoTitular: string;
  Selecionado: string;
};
type Me = { Nome: string; Telefone: string | null; Descricao: string; Cnpj: string };
type Payout = {
  IdFinanceiroEspelho: string;
  IdPontoAtendimento: string;
  PagamentoFeito: string;
  Retido: boolean;
  MotivoRetencao: string | null;
};
type EspelhoRow = { IdFinanceiroEspelho: string; PagamentoFeito: string; MotivoRetencao: string | null };

let browser: Browser;
let pointToken = "";
let centralToken = "";
let pointId = "";
let me: Me;
/** The account selected before this file: selected again at the end. */
let original: Bank | undefined;
let payerId = "";
/** When the point's data changed (the server's instant), and when the first confirmation was registered. */
let changedAt = "";
let firstAt = "";
let pointCtx: BrowserContext;

const today = brasiliaToday();
/** The seed's concluded orders are 6 to 20 days old: 60 days either side of today holds them (as the other payment files open). */
const first = addDays(today, -60);
const last = addDays(today, 60);

/** One real request with its status (apiCall answers the body only). */
async function post<T = { message: string }>(token: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { authToken: token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T & { message: string } };
}
const banks = async () =>
  (await apiCall<{ dadosBancarios: Bank[] }>(base, pointToken, `/ponto-atendimento/get-dados-bancarios/${pointId}`)).dadosBancarios;
const pointPayouts = async () =>
  (
    await apiCall<{ data: Payout[] }>(
      base,
      centralToken,
      `/central/pagamentos?${new URLSearchParams({ idPontoAtendimento: pointId, dataInicio: first, dataFim: last, status: "PENDENTE" })}`,
    )
  ).data;
const espelho = () =>
  apiCall<EspelhoRow[]>(base, pointToken, "/espelho/lista", {
    idPontoAtendimento: pointId,
    dataInicio: first,
    dataFim: last,
    pagamentoFeito: "N",
  });

// Expected texts computed here, independently of the app's code.
const spaces = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const digits = (s: string | null) => (s ?? "").replace(/\D/g, "");
/** A CPF or CNPJ punctuated (000.000.000-00, 00.000.000/0000-00). */
const documentText = (s: string) => {
  const d = digits(s);
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
  return s;
};
const brasilia = (iso: string) => {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part("day")}/${part("month")}/${part("year")}`, time: `${part("hour")}:${part("minute")}` };
};
/** "27/11/2026 às 10:15" (the sentences), and "27/11/2026, 10:15" (the review's dates). */
const atText = (iso: string) => `${brasilia(iso).date} às ${brasilia(iso).time}`;
const dateTime = (iso: string) => `${brasilia(iso).date}, ${brasilia(iso).time}`;
const heldReason = () =>
  `Dados de pagamento alterados em ${atText(changedAt)} para um titular pessoa física (CPF): o repasse fica retido até dois usuários da central conferirem e confirmarem os novos dados.`;
const waitingReason = () =>
  `Dados de pagamento alterados em ${atText(changedAt)} para um titular pessoa física (CPF): primeira confirmação registrada. Aguardando a confirmação de um segundo usuário da central.`;

/** The review's comparison as a user reads it: every account field with a value on either side, "alterado" on the changed. */
const FIELDS = [
  ["Banco", "Banco"],
  ["NumeroAgencia", "Agência"],
  ["NumeroConta", "Conta"],
  ["TipoConta", "Tipo de conta"],
  ["TipoChavePix", "Tipo de chave PIX"],
  ["ChavePix", "Chave PIX"],
  ["NomeTitular", "Titular"],
  ["DocumentoTitular", "CPF/CNPJ do titular"],
] as const;
const KEY_TYPES: Record<string, string> = {
  CPF: "CPF",
  CNPJ: "CNPJ",
  EMAIL: "E-mail",
  TELEFONE: "Telefone",
  CHAVE_ALEATORIA: "Chave aleatória",
};
const ACCOUNT_TYPES: Record<string, string> = { CORRENTE: "Corrente", POUPANCA: "Poupança" };
function shown(bank: Omit<Bank, "IdDadoBancario" | "Selecionado">, field: (typeof FIELDS)[number][0]): string | null {
  const value = (bank[field] ?? "").trim();
  if (!value) return null;
  if (field === "TipoChavePix") return KEY_TYPES[value] ?? value;
  if (field === "TipoConta") return ACCOUNT_TYPES[value] ?? value;
  if (field === "DocumentoTitular") return documentText(value);
  if (field === "ChavePix" && (bank.TipoChavePix === "CPF" || bank.TipoChavePix === "CNPJ")) return documentText(value);
  return value;
}
function expectedDiff(before: Bank) {
  const after = { ...NEW_PAYEE, Banco: "", NumeroAgencia: "", NumeroConta: "", TipoConta: "" };
  return FIELDS.flatMap(([field, label]) => {
    const [a, b] = [shown(before, field), shown(after, field)];
    if (a === null && b === null) return [];
    return [[`${label}${a !== b ? "alterado" : ""}`, a ?? "—", b ?? "—"]];
  });
}

beforeAll(async () => {
  browser = await launch();
  ({ token: pointToken, pointId } = await demoPoint(base));
  centralToken = await apiToken(base, CENTRAL);
  me = (await apiCall<{ data: Me }>(base, pointToken, "/credenciado/get")).data;
  // Another file may have left a change of the point's data unconfirmed: confirmed first, so the review's "before" is the
  // account selected now.
  await releasePayouts(base, pointId, centralToken);
  original = (await banks()).find((b) => b.Selecionado === "S");
  expect(original, "the demo point has a selected account").toBeDefined();
  expect((await pointPayouts()).length, "the demo point has pending payouts in the period").toBeGreaterThan(0);

  // 1. The point's administrator selects a new account: an e-mail key of a natural person.
  const added = await post(pointToken, "/ponto-atendimento/add-dado-bancario", {
    IdPontoAtendimento: pointId,
    ...NEW_PAYEE,
    Selecionado: "S",
  });
  expect([added.status, added.body.message]).toEqual([200, "Dados bancários criados com sucesso"]);
  const review = await payeeOf(base, centralToken, pointId);
  expect(review).toMatchObject({ Retido: true, TipoChavePix: "EMAIL", ChavePix: NEW_PAYEE.ChavePix });
  changedAt = review.AlteradoEm!;

  // 2. A payer of the central, invited by the demo admin; the password chosen through the invitation's link.
  const invited = await post<{ Id: string; acesso: { Link: string } }>(centralToken, "/central/equipe/convidar", {
    Nome: PAYER.name,
    Email: PAYER.email,
    Papel: "payer",
  });
  expect(invited.status, invited.body.message).toBe(200);
  payerId = invited.body.Id;
  const token = invited.body.acesso.Link.split("#")[1]!;
  const accepted = await fetch(`${base}/api/credenciado/definir-senha`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, senha: PAYER.password, confirmacao: PAYER.password }),
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);

  pointCtx = await browser.newContext({ ...MOBILE, bypassCSP: true }); // bypassCSP only to load axe
}, 120_000);

afterAll(async () => {
  const steps: [string, () => Promise<unknown>][] = [
    // The original account selected again (a company's data: one confirmation of the central releases the payouts), the
    // account this file added deleted once it is no longer the selected one.
    [
      "restore the selected account",
      async () => {
        if (!original || !pointToken) return;
        if ((await banks()).find((b) => b.IdDadoBancario === original!.IdDadoBancario)?.Selecionado === "S") return;
        const { IdDadoBancario, TipoChavePix, ChavePix, Banco, NumeroAgencia, NumeroConta, TipoConta, NomeTitular, DocumentoTitular } =
          original;
        const res = await post(pointToken, "/ponto-atendimento/edit-dado-bancario", {
          IdDadoBancario,
          TipoChavePix,
          ChavePix,
          Banco,
          NumeroAgencia,
          NumeroConta,
          TipoConta,
          NomeTitular,
          DocumentoTitular,
          Selecionado: "S",
        });
        if (res.status !== 200) throw new Error(`restore: ${res.status} ${res.body.message}`);
      },
    ],
    [
      "delete the added account",
      async () => {
        if (!pointToken) return;
        for (const b of (await banks()).filter((x) => x.ChavePix === NEW_PAYEE.ChavePix && x.Selecionado !== "S")) {
          await post(pointToken, "/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: b.IdDadoBancario });
        }
      },
    ],
    ["confirm the restored data", async () => pointId && releasePayouts(base, pointId, centralToken || undefined)],
    [
      "check the point is payable again",
      async () => {
        if (!original || !pointId) return;
        const payee = await payeeOf(base, centralToken, pointId);
        if (payee.Retido || payee.IdDadoBancario !== original.IdDadoBancario) throw new Error(`left held: ${JSON.stringify(payee)}`);
      },
    ],
    ["deactivate the payer", async () => payerId && post(centralToken, `/central/equipe/${payerId}/desativar`, {})],
    ["close the browser", async () => browser?.close()],
  ];
  const failed: string[] = [];
  for (const [name, step] of steps) await step().catch((e: unknown) => failed.push(`${name}: ${String(e)}`));
  expect(failed).toEqual([]);
}, 120_000);

/** Signs `who` in on /login, opens Pagamentos by its tab and narrows it to the demo point over the seed's period. */
async function openPayments(page: Page, who: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await signIn(page, who.email, who.password);
  await page.waitForURL(/\/central\/inicio$/, { timeout: 15_000 });
  await page.getByRole("navigation", { name: "Central do Programa" }).getByRole("link", { name: "Pagamentos" }).click();
  await page.getByRole("heading", { name: "Pagamentos", level: 1 }).waitFor({ timeout: 15_000 });
  await page.getByLabel("Ponto de atendimento").selectOption({ label: me.Descricao });
  await page.getByLabel("Data inicial").fill(first);
  await page.getByLabel("Data final").fill(last);
  await page.waitForURL((u) => u.searchParams.get("inicio") === first && u.searchParams.get("fim") === last);
}
/** The cards on screen are the demo point's pending payouts of the period, as the server lists them. */
async function expectRowsOf(page: Page) {
  const ids = (await pointPayouts()).map((p) => p.IdFinanceiroEspelho);
  await expect
    .poll(() => listRows(page, true, "Repasses").evaluateAll((els) => els.map((e) => e.getAttribute("data-id"))), { timeout: 15_000 })
    .toEqual(ids);
}
const heldPoints = (page: Page) => page.getByRole("region", { name: "Pontos com repasses retidos" });
const heldPoint = (page: Page) => heldPoints(page).getByRole("listitem").filter({ hasText: me.Descricao });
const reviewDialog = (page: Page) => page.getByRole("dialog", { name: "Conferir dados de pagamento" });
async function openReview(page: Page): Promise<Locator> {
  await heldPoint(page)
    .getByRole("button", { name: `Conferir dados de pagamento de ${me.Descricao}` })
    .click();
  const dialog = reviewDialog(page);
  await dialog.waitFor();
  await dialog.getByRole("table", { name: "Antes e depois" }).waitFor({ timeout: 15_000 });
  // The record of recent changes loads beside it: the dialog is whole once it shows.
  await dialog.getByRole("list", { name: "Alterações recentes" }).waitFor({ timeout: 15_000 });
  return dialog;
}
/** The value beside a term of the review's dates ('Alterados por', 'Alterados em'). */
const termValue = (dialog: Locator, term: string) =>
  dialog.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
const confirmButtons = (dialog: Locator) =>
  dialog.getByRole("button", { name: /^(Registrar primeira confirmação|Confirmar como segundo usuário|Confirmar dados)$/ });
/** The Espelho's cards of the point's unpaid rows, on the period (as the administrator would open it). */
const openMirror = () =>
  openSignedIn(pointCtx, `${base}/espelho?inicio=${first}&fim=${last}&status=PENDENTE`, (page) =>
    page.getByRole("heading", { name: "Espelho Financeiro", level: 1 }),
  );
const mirrorCard = (page: Page, id: string) => page.locator(`.mirror-cards > li[data-id="${id}"]`);
/** The newest notification titled `title` in the inbox (opened by the bell). */
async function inboxItem(page: Page, title: string) {
  await page
    .getByRole("link", { name: /^Notificações/ })
    .first()
    .click();
  await page.getByRole("heading", { name: "Notificações", level: 1 }).waitFor({ timeout: 15_000 });
  const item = page
    .getByRole("list", { name: "Notificações, da mais recente à mais antiga" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) })
    .first();
  await item.waitFor({ timeout: 15_000 });
  return item;
}

describe("payee review by two central users on Pixel 7", () => {
  it("the point's administrator sees the payouts held: the Espelho's rows RETIDO with the reason, 'Repasses retidos' in the inbox", async () => {
    // The server holds every unpaid row of the point, with the reason the central sees.
    const rows = await espelho();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.MotivoRetencao).toBe(heldReason());
    const payouts = await pointPayouts();
    expect(payouts.length).toBeGreaterThan(0);
    for (const p of payouts) expect([p.Retido, p.MotivoRetencao]).toEqual([true, heldReason()]);

    const page = await openMirror();
    for (const r of rows) {
      const card = mirrorCard(page, r.IdFinanceiroEspelho);
      await card.waitFor({ timeout: 15_000 });
      await card.getByText("RETIDO", { exact: true }).waitFor();
      await card.getByText(heldReason(), { exact: true }).waitFor();
      expect(spaces(await card.textContent())).not.toContain("PENDENTE");
    }

    const item = await inboxItem(page, "Repasses retidos: dados de pagamento alterados");
    await item.getByText("Repasses retidos", { exact: true }).waitFor();
    const body = spaces(await item.locator(".notification-body").textContent());
    expect(body).toContain(`${me.Nome} alterou os dados de pagamento do ponto em ${atText(changedAt)}`);
    expect(body).toContain("O novo titular é uma pessoa física (CPF)");
    expect(body).toContain("Se você não reconhece esta alteração, fale com a central imediatamente.");
    expect(spaces(await item.locator("dl").textContent())).toContain(`Por${me.Nome}`);
  });

  it("the central admin checks the change before and after, who and when, the CPF warning and the phone; the first confirmation keeps the payouts held", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    try {
      const page = await ctx.newPage();
      await openPayments(page, CENTRAL);
      const held = heldPoint(page);
      await held.waitFor({ timeout: 15_000 });
      await held.getByText(heldReason(), { exact: true }).waitFor();
      // The point's rows on screen (the server's, once the filters' list has landed) say RETIDO.
      const rows = listRows(page, true, "Repasses");
      await expectRowsOf(page);
      for (const text of await rows.allTextContents()) expect(text).toContain("RETIDO");

      const dialog = await openReview(page);
      await dialog.getByText(heldReason(), { exact: true }).waitFor();
      await dialog.getByText(`CNPJ do ponto: ${documentText(me.Cnpj)}`, { exact: true }).waitFor();
      // Every field before and after: the old key and holder, the new e-mail key and the CPF holder.
      const diff = await dialog
        .getByRole("table", { name: "Antes e depois" })
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim())),
        );
      expect(diff).toEqual(expectedDiff(original!));
      expect(diff).toContainEqual(["Chave PIXalterado", shown(original!, "ChavePix"), NEW_PAYEE.ChavePix]);
      expect(diff).toContainEqual(["CPF/CNPJ do titularalterado", shown(original!, "DocumentoTitular"), NEW_PAYEE.DocumentoTitular]);
      // Who changed it and when.
      expect(spaces(await termValue(dialog, "Alterados por").textContent())).toBe(me.Nome);
      expect(spaces(await termValue(dialog, "Alterados em").textContent())).toBe(dateTime(changedAt));
      // The holder is a person, not the point: the stronger warning, and two confirmations needed.
      await dialog.getByText("O titular é uma pessoa física (CPF), não o CNPJ do ponto.", { exact: true }).waitFor();
      await dialog.getByText(/os repasses só são liberados depois da confirmação de dois usuários diferentes da central/).waitFor();
      // The point's phone to call first, as a tel: link.
      await dialog.getByText("Ligue para o ponto antes de confirmar", { exact: true }).waitFor();
      const call = dialog.getByRole("link", { name: me.Telefone!, exact: true });
      expect(await call.getAttribute("href")).toBe(`tel:+55${digits(me.Telefone)}`);
      await dialog.getByText(`${me.Nome}, usuário principal do ponto`).waitFor();
      // The point's change is in the record below, by its administrator.
      await dialog
        .getByRole("list", { name: "Alterações recentes" })
        .getByRole("listitem")
        .filter({ hasText: "Dados bancários incluídos e selecionados para os pagamentos." })
        .filter({ hasText: me.Nome })
        .first()
        .waitFor();
      expect(await violations(page)).toEqual([]);

      // The first of two confirmations: said so beside the button.
      const confirm = dialog.getByRole("button", { name: "Registrar primeira confirmação", exact: true });
      const hint = await confirm.getAttribute("aria-describedby");
      expect(spaces(await page.locator(`[id="${hint}"]`).textContent())).toContain("Esta é a primeira de duas confirmações");
      await confirm.click();
      await page
        .getByText(
          "Primeira confirmação registrada. Os repasses continuam retidos até um segundo usuário da central confirmar os mesmos dados.",
        )
        .first()
        .waitFor();
      await dialog.waitFor({ state: "detached" });
      // Still held, now waiting for a second user.
      await held.getByText(waitingReason(), { exact: true }).waitFor({ timeout: 15_000 });
      const after = await payeeOf(base, centralToken, pointId);
      expect([after.Retido, after.MotivoRetencao]).toEqual([true, waitingReason()]);
      for (const p of await pointPayouts()) expect([p.Retido, p.MotivoRetencao]).toEqual([true, waitingReason()]);
      const review = (
        await apiCall<{ data: { PrimeiraConfirmacao: { Usuario: string; DataHora: string; Sua: boolean } | null } }>(
          base,
          centralToken,
          `/central/pontos/${pointId}/dados-pagamento`,
        )
      ).data;
      expect(review.PrimeiraConfirmacao).toMatchObject({ Usuario: CENTRAL_NAME, Sua: true });
      firstAt = review.PrimeiraConfirmacao!.DataHora;

      // Opened again: the user's own first confirmation, and nothing to confirm for them.
      const again = await openReview(page);
      await again.getByText("Aguardando segundo usuário", { exact: true }).waitFor();
      await again
        .getByText(
          `Você fez a primeira confirmação em ${atText(firstAt)}. A segunda confirmação precisa ser feita por outro usuário da central.`,
          { exact: true },
        )
        .waitFor();
      expect(await confirmButtons(again).count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      // The footer's 'Fechar' (the × in the corner has the same name).
      await again.getByRole("button", { name: "Fechar", exact: true }).last().click();
      await again.waitFor({ state: "detached" });
      // The server refuses the same user's second confirmation too.
      const twice = await post(centralToken, `/central/pontos/${pointId}/confirmar-dados-pagamento`, {
        alteradoEm: changedAt,
        primeiraConfirmacaoEm: firstAt,
      });
      expect([twice.status, twice.body.message]).toEqual([
        409,
        "Você já fez a primeira confirmação destes dados. A segunda confirmação precisa ser feita por outro usuário da central.",
      ]);
      expect((await payeeOf(base, centralToken, pointId)).Retido).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it("the Espelho says the payouts wait for a second central user", async () => {
    const page = await openMirror();
    const rows = await espelho();
    for (const r of rows) {
      expect(r.MotivoRetencao).toBe(waitingReason());
      const card = mirrorCard(page, r.IdFinanceiroEspelho);
      await card.getByText(waitingReason(), { exact: true }).waitFor({ timeout: 15_000 });
      await card.getByText("RETIDO", { exact: true }).waitFor();
    }
  });

  it("a payer invited by the admin sees who confirmed first and when, confirms on their phone, and the payouts are released", async () => {
    const ctx = await browser.newContext({ ...MOBILE, bypassCSP: true });
    try {
      const page = await ctx.newPage();
      await openPayments(page, PAYER);
      await heldPoint(page).getByText(waitingReason(), { exact: true }).waitFor({ timeout: 15_000 });
      const dialog = await openReview(page);
      await dialog.getByText("Aguardando segundo usuário", { exact: true }).waitFor();
      await dialog
        .getByText(
          `Primeira confirmação por ${CENTRAL_NAME} em ${atText(firstAt)}. Aguardando a confirmação de um segundo usuário da central.`,
          { exact: true },
        )
        .waitFor();
      // The same change as the first user saw.
      const diff = await dialog
        .getByRole("table", { name: "Antes e depois" })
        .locator("tbody tr")
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim())),
        );
      expect(diff).toEqual(expectedDiff(original!));
      await dialog.getByText("O titular é uma pessoa física (CPF), não o CNPJ do ponto.", { exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);

      await dialog.getByRole("button", { name: "Confirmar como segundo usuário", exact: true }).click();
      await page
        .getByText("Segunda confirmação registrada: dados de pagamento confirmados. Os repasses voltam a poder ser pagos.")
        .first()
        .waitFor();
      await dialog.waitFor({ state: "detached" });
      // The point is no longer held: its rows on screen are not RETIDO, and no held point is listed for it.
      await heldPoints(page).waitFor({ state: "detached", timeout: 15_000 });
      const rows = listRows(page, true, "Repasses");
      await expectRowsOf(page);
      await expect.poll(async () => (await rows.allTextContents()).filter((t) => t.includes("RETIDO")).length).toBe(0);
      // The server's rows too.
      const payouts = await pointPayouts();
      expect(payouts.length).toBeGreaterThan(0);
      for (const p of payouts) expect([p.Retido, p.MotivoRetencao]).toEqual([false, null]);
      expect(await payeeOf(base, centralToken, pointId)).toMatchObject({ Retido: false, MotivoRetencao: null });
    } finally {
      await ctx.close();
    }
  });

  it("the point's administrator is told of the release ('Repasses liberados', by both users) and the Espelho shows no RETIDO", async () => {
    const page = await openMirror();
    const rows = await espelho();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.MotivoRetencao).toBeNull();
      const card = mirrorCard(page, r.IdFinanceiroEspelho);
      await card.getByText("PENDENTE", { exact: true }).waitFor({ timeout: 15_000 });
      expect(spaces(await card.textContent())).not.toContain("RETIDO");
    }

    const item = await inboxItem(page, "Repasses liberados: dados de pagamento confirmados");
    await item.getByText("Repasses liberados", { exact: true }).waitFor();
    const body = spaces(await item.locator(".notification-body").textContent());
    expect(body).toBe(
      `A central conferiu e confirmou os dados de pagamento alterados em ${atText(changedAt)} (confirmados por ${CENTRAL_NAME} e ${PAYER.name}). Os repasses retidos voltam a poder ser pagos.`,
    );
    expect(spaces(await item.locator("dl").textContent())).toContain(`Por${PAYER.name}`);
    await pointCtx.close();
  });
});
