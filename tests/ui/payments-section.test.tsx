// Pagamentos' Repasses (issue 49) in real Chromium with the app's stylesheet, the server stubbed as the contract says: the payable
// headline for the payment date (today by default; a date moves it and the URL), each card filtering the list by its situation
// through the URL while the four figures stay whole; each row's situation (PAGÁVEL, RETIDO with its reason, AGUARDANDO EXECUÇÃO,
// EM REMESSA n linking to its run, PAGO, the bank's rejection), only payable rows selectable; 'Nova remessa' (the paying account
// chosen, the transfers and total, the request body, then the run's page with the server's message; a paying account added from
// it); an approver without the payer's buttons; axe clean on the section at 360 and 1024 px and on each dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import PaymentsSection from "../../src/features/central/components/payments-section";
import { addDays, isoToBr, monthRange, wallClock } from "../../src/domain/dates";
import type { BankProfile } from "../../src/features/central/api/payment-runs";
import type { Payout } from "../../src/features/central/api/payments";
import { axeViolations } from "./axe";
import {
  address,
  byRole,
  json,
  mountAt,
  payout,
  profile,
  run,
  RUN_ID,
  serve,
  text,
  totals,
  transfer,
  type Call,
} from "./central-payments-fixtures";
import "../../src/styles.css";

const TODAY = wallClock().date;
const MONTH = monthRange(TODAY);
const brl = (n: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(n).replace(/\s/g, " ");

const ROWS: Payout[] = [
  payout("10"),
  payout("13", { ValorRepasse: 95.5 }),
  payout("20", { IdPontoAtendimento: "p2", NomeFantasia: "Oficina Serra Azul", ValorRepasse: 10.1 }),
  payout("11", { Retido: true, Situacao: "retido", MotivoRetencao: "O ponto não tem dados bancários selecionados." }),
  payout("14", { Situacao: "aguardando_execucao", DataExecucao: addDays(TODAY, 3) }),
  payout("15", { Situacao: "em_remessa", IdRemessa: RUN_ID, NumeroRemessa: 12 }),
  payout("16", { MotivoRejeicao: "Conta encerrada (código BD)" }),
  payout("12", { PagamentoFeito: "S", Situacao: "pago", DataPagamento: "2026-11-18", ReferenciaPagamento: "TED-1" }),
];
const TOTALS = totals({ pagavel: 265.6, pagaveis: 4, retido: 80, retidos: 1, pontosRetidos: 1, aguardandoExecucao: 80, emRemessa: 80 });

let profiles: BankProfile[];
let calls: Call[];

beforeEach(async () => {
  await page.viewport(360, 800);
  profiles = [
    profile(),
    profile({ IdContaPagadora: "c2", Nome: "BB reserva", CodigoBanco: "001", NomeBanco: "Banco do Brasil", UltimoNsa: 7 }),
  ];
  calls = serve({
    "GET /central/pagamentos": ({ query }) =>
      json({
        data: query.situacao ? ROWS.filter((r) => r.Situacao === query.situacao) : ROWS,
        totais: { ...TOTALS, dataPagamento: query.dataPagamento ?? TODAY },
      }),
    "GET /central/pontos": () => json({ data: [] }),
    "GET /central/pagamentos/lotes": () => json({ data: [] }),
    "GET /central/pagamentos/contas-pagadoras": () => json({ data: profiles }),
    "POST /central/pagamentos/contas-pagadoras": ({ body }) => {
      const made = profile({ ...(body as Partial<BankProfile>), IdContaPagadora: "c9", UltimoNsa: 0 });
      profiles = [...profiles, made];
      return json({ success: true, message: `Conta pagadora "${made.Nome}" cadastrada.`, data: made });
    },
    "POST /central/pagamentos/remessas": () =>
      json({ success: true, message: "Remessa 12 criada em rascunho: 3 repasses em 2 transferências.", data: run() }),
    [`GET /central/pagamentos/remessas/${RUN_ID}`]: () => json({ data: run(), transferencias: [transfer(1), transfer(2)], repasses: [] }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const listCalls = () => calls.filter((c) => c.method === "GET" && c.path === "/central/pagamentos");
const card = (situation: string) => document.querySelector<HTMLElement>(`.payments-total[data-situation="${situation}"]`)!;
const cardButton = (situation: string) => card(situation).querySelector("button")!;
const rowOf = (id: string) =>
  document.querySelector<HTMLElement>(`.payments-cards > li[data-id="${id}"], .payments-table tbody tr[data-id="${id}"]`);
const waitRows = (n: number) =>
  vi.waitFor(() => expect(document.querySelectorAll(".payments-cards > li, .payments-table tbody tr")).toHaveLength(n), { timeout: 5000 });
const dialog = () => [...document.querySelectorAll("dialog")].at(-1)!;
const mount = (role: "payer" | "approver" | "admin" = "payer", at = "/central/pagamentos") => mountAt(at, <PaymentsSection role={role} />);
const search = () => Object.fromEntries(new URLSearchParams(address().split("?")[1] ?? ""));
/** A field of the 'Nova conta pagadora' dialog by its label. */
const field = (label: string) => page.getByRole("dialog", { name: "Nova conta pagadora" }).getByLabelText(label, { exact: true });
/** Fills the dialog: the bank by its code (the layout follows it), the agreement ABC123, the company and its address. */
async function fillAccount(code: string, bank: string) {
  await userEvent.fill(field("Nome da conta (como aparece na escolha)"), `${bank} folha`);
  await userEvent.click(field("Código do banco (3 dígitos)"));
  await userEvent.keyboard(code);
  await userEvent.fill(field("Nome do banco"), bank);
  await userEvent.fill(field("Convênio (código do banco para a empresa)"), "ABC123");
  await userEvent.fill(field("Agência"), "12a34");
  await userEvent.fill(field("Conta"), "998877");
  await userEvent.fill(field("Dígito da conta"), "x");
  await userEvent.fill(field("Razão social"), "Programa Clube Ltda");
  await userEvent.click(field("CNPJ"));
  await userEvent.keyboard("11222333000181");
  await userEvent.fill(field("Logradouro"), "Av. Boa Viagem");
  await userEvent.fill(field("Número"), "100");
  await userEvent.fill(field("Cidade"), "Recife");
  await userEvent.selectOptions(await field("UF").element(), "PE");
  await userEvent.click(field("CEP"));
  await userEvent.keyboard("51020000");
}

describe("Pagamentos: the payable headline", () => {
  it("shows what can be paid today, what is held, waits for execution and is in a run; each card filters through the URL", async () => {
    await mount();
    await waitRows(ROWS.length);
    expect(text(card("pagavel"))).toBe(`Pagável em ${isoToBr(TODAY)} ${brl(265.6)} 4 repasses`);
    expect(text(card("retido"))).toBe(`Retido ${brl(80)} 1 repasse de 1 ponto`);
    expect(text(card("aguardando_execucao"))).toBe(`Aguardando execução ${brl(80)} executados depois da data do pagamento`);
    expect(text(card("em_remessa"))).toBe(`Em remessa ${brl(80)} aguardando o retorno do banco`);
    // Each card is a region named by its button, which says what it shows and whether it is on.
    await expect.element(page.getByRole("region", { name: "Retido", exact: true })).toBeVisible();
    expect(cardButton("retido").getAttribute("aria-pressed")).toBe("false");
    expect(((await page.getByLabelText("Data do pagamento", { exact: true }).element()) as HTMLInputElement).value).toBe(TODAY);
    // Today's date and every situation: neither is sent (the server's defaults).
    expect(listCalls()[0]!.query).toEqual({ dataInicio: MONTH.first, dataFim: MONTH.last, status: "PENDENTE", dataReferencia: "execucao" });
    expect(await axeViolations(document.body)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);

    await userEvent.click(cardButton("retido"));
    await vi.waitFor(() => expect(search().situacao).toBe("retido"));
    await waitRows(1);
    expect(rowOf("11")).not.toBeNull();
    expect(listCalls().some((c) => c.query.situacao === "retido")).toBe(true);
    expect(cardButton("retido").getAttribute("aria-pressed")).toBe("true");
    expect(card("retido").classList.contains("is-active")).toBe(true);
    // The figures stay whole: they come from the same list without the situation.
    expect(text(card("pagavel"))).toContain(brl(265.6));
    expect(document.querySelector<HTMLSelectElement>("#pagamentos-situacao")!.value).toBe("retido");

    // Pressed again: every situation.
    await userEvent.click(cardButton("retido"));
    await vi.waitFor(() => expect(search().situacao).toBeUndefined());
    await waitRows(ROWS.length);

    // A card of a pending situation while 'Pagos' is chosen brings the status back to pending.
    await userEvent.selectOptions(document.querySelector<HTMLSelectElement>("#pagamentos-status")!, "PAGO");
    await vi.waitFor(() => expect(search().status).toBe("PAGO"));
    await userEvent.click(cardButton("em_remessa"));
    await vi.waitFor(() => expect([search().situacao, search().status]).toEqual(["em_remessa", "PENDENTE"]));
  });

  it("computes the situations for another payment date: the date in the URL, the request and the headline", async () => {
    await mount("payer", `/central/pagamentos?inicio=${MONTH.first}&fim=${MONTH.last}&status=PENDENTE`);
    await waitRows(ROWS.length);
    const date = page.getByLabelText("Data do pagamento", { exact: true });
    const later = addDays(TODAY, 2);
    await userEvent.fill(date, later);
    await vi.waitFor(() => expect(search().pagamento).toBe(later));
    await vi.waitFor(() => expect(listCalls().at(-1)!.query.dataPagamento).toBe(later));
    await vi.waitFor(() => expect(text(cardButton("pagavel"))).toBe(`Pagável em ${isoToBr(later)}`));
    // Back to today: the date leaves the URL (a link without it always means today).
    await userEvent.fill(date, TODAY);
    await vi.waitFor(() => expect(search().pagamento).toBeUndefined());
  });
});

describe("Pagamentos: the rows' situations", () => {
  it("tags each row, says why a blocked one cannot be chosen, links a row in a run to its run; only payable rows are selectable", async () => {
    await page.viewport(1280, 900);
    await mount();
    await waitRows(ROWS.length);
    // As laid out: the reason and the bank's rejection are lines of their own under the tag.
    const status = (id: string) => text(rowOf(id)!.querySelector("td:nth-last-child(2)"));
    expect(status("10")).toBe("PAGÁVEL");
    expect(status("11")).toBe("RETIDO O ponto não tem dados bancários selecionados.");
    expect(status("14")).toBe(
      `AGUARDANDO EXECUÇÃO OS executada em ${isoToBr(addDays(TODAY, 3))}, depois da data do pagamento: o repasse ainda não pode ser pago nela.`,
    );
    expect(status("15")).toBe("EM REMESSA 12");
    expect(status("16")).toBe("PAGÁVEL Rejeitado pelo banco: Conta encerrada (código BD)");
    expect(status("12")).toBe("PAGO em 18/11/2026 · Ref. TED-1");

    const box = (id: string) => rowOf(id)!.querySelector<HTMLInputElement>("input[type=checkbox]");
    for (const id of ["10", "13", "20", "16"]) expect(box(id)!.disabled).toBe(false);
    for (const id of ["11", "14"]) {
      expect(box(id)!.disabled).toBe(true);
      expect(document.getElementById(box(id)!.getAttribute("aria-describedby")!)).not.toBeNull();
    }
    expect(box("15")).toBeNull();
    expect(box("12")).toBeNull();

    await userEvent.click(page.getByLabelText("Selecionar todos"));
    await expect.element(page.getByRole("status").filter({ hasText: "selecionado" })).toHaveTextContent(`4 selecionados · ${brl(265.6)}`);
    expect(await axeViolations(document.body)).toEqual([]);

    // The run's tag opens its page.
    const link = byRole("link", "Em remessa 12: abrir a remessa")!;
    expect(link.getAttribute("href")).toBe(`/central/pagamentos?remessa=${RUN_ID}`);
    await userEvent.click(link);
    await vi.waitFor(() => expect(search().remessa).toBe(RUN_ID));
    await expect.element(page.getByRole("heading", { name: "Remessa 12" })).toBeVisible();
  });
});

describe("Pagamentos: Nova remessa", () => {
  async function selectThree() {
    await mount();
    await waitRows(ROWS.length);
    for (const id of ["10", "13", "20"]) await userEvent.click(rowOf(id)!.querySelector("input[type=checkbox]")!);
    await userEvent.click(byRole("button", "Nova remessa")!);
    await vi.waitFor(() => expect(dialog()?.getAttribute("open")).not.toBeNull());
  }
  /** 'Nova remessa' with no paying account yet, then 'Cadastrar conta pagadora': its dialog. */
  async function openProfileForm() {
    profiles = [];
    await selectThree();
    await vi.waitFor(() => expect(text(dialog())).toContain("Nenhuma conta pagadora cadastrada"));
    await userEvent.click(byRole("button", "Cadastrar conta pagadora", dialog())!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(2));
    return dialog();
  }

  it("chooses the paying account, shows the transfers and total, creates the run (the request's body) and opens it", async () => {
    await selectThree();
    await vi.waitFor(() => expect(dialog().querySelector("select")).not.toBeNull());
    expect(text(dialog())).toContain(`2 transferências (3 repasses), total de ${brl(185.6)}.`);
    expect(text(dialog())).toContain(`Data do pagamento ${isoToBr(TODAY)}`);
    const select = dialog().querySelector("select")!;
    expect([...select.options].map((o) => o.text)).toEqual([
      "Escolha a conta pagadora",
      "Itaú principal — 341 – Itaú Unibanco · último NSA 41",
      "BB reserva — 001 – Banco do Brasil · último NSA 7",
    ]);
    expect(await axeViolations(document.body)).toEqual([]);

    // No account chosen: said in the dialog, nothing sent.
    await userEvent.click(byRole("button", "Criar remessa", dialog())!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toBe("Escolha a conta pagadora."));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.selectOptions(select, "c2");
    await userEvent.click(byRole("button", "Criar remessa", dialog())!);
    await vi.waitFor(() => expect(search().remessa).toBe(RUN_ID));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        path: "/central/pagamentos/remessas",
        query: {},
        body: { ids: ["10", "13", "20"], dataPagamento: TODAY, idContaPagadora: "c2" },
      },
    ]);
    await expect.element(page.getByRole("heading", { name: "Remessa 12" })).toBeVisible();
    await vi.waitFor(() =>
      expect(text(document.querySelector(".payments-run-feedback[role=status]"))).toBe(
        "Remessa 12 criada em rascunho: 3 repasses em 2 transferências.",
      ),
    );
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("refuses a past payment date before any call", async () => {
    await mount("payer", `/central/pagamentos?pagamento=${addDays(TODAY, -1)}`);
    await waitRows(ROWS.length);
    await userEvent.click(rowOf("10")!.querySelector("input[type=checkbox]")!);
    await userEvent.click(byRole("button", "Nova remessa")!);
    await vi.waitFor(() => expect(text(dialog().querySelector("[role=alert]"))).toContain("não pode ser anterior a hoje"));
    await userEvent.click(byRole("button", "Criar remessa", dialog())!);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("adds a paying account from the dialog (masks, checks, the body) and chooses it", async () => {
    const form = await openProfileForm();
    expect(text(form.querySelector("h2"))).toBe("Nova conta pagadora");
    expect(await axeViolations(document.body)).toEqual([]);

    // Sent empty: each error under its field, the first one focused, nothing sent.
    await userEvent.click(byRole("button", "Cadastrar conta", form)!);
    await vi.waitFor(() => expect(form.querySelectorAll("[aria-invalid=true]").length).toBeGreaterThan(5));
    expect(text(document.getElementById(`${(await field("CNPJ").element()).id}-erro`))).toBe("CNPJ inválido.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);

    await fillAccount("033", "Santander");
    // The masks and the digits-only fields, as the user sees them; the bank's own layout followed its code.
    expect(((await field("CNPJ").element()) as HTMLInputElement).value).toBe("11.222.333/0001-81");
    expect(((await field("CEP").element()) as HTMLInputElement).value).toBe("51020-000");
    expect(((await field("Agência").element()) as HTMLInputElement).value).toBe("1234");
    expect(((await field("Leiaute do arquivo").element()) as HTMLSelectElement).value).toBe("033");

    await userEvent.click(byRole("button", "Cadastrar conta", form)!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      Nome: "Santander folha",
      CodigoBanco: "033",
      NomeBanco: "Santander",
      Layout: "033",
      Convenio: "ABC123",
      Agencia: "1234",
      DigitoAgencia: "",
      Conta: "998877",
      DigitoConta: "X",
      RazaoSocial: "Programa Clube Ltda",
      Cnpj: "11222333000181",
      Logradouro: "Av. Boa Viagem",
      Numero: "100",
      Complemento: "",
      Cidade: "Recife",
      Cep: "51020-000",
      Uf: "PE",
      CodigoCompromisso: "",
      ParametroTransmissao: "",
    });
    // The new account is the one chosen (the only one).
    await vi.waitFor(() => expect(dialog().querySelector("select")?.value).toBe("c9"));
  });

  it("a Caixa account asks for its agreement's commitment code and transmission parameter, the agreement in digits", async () => {
    const form = await openProfileForm();
    // Not asked of another bank.
    expect(form.textContent).not.toContain("Código do compromisso (Caixa)");
    await fillAccount("104", "Caixa");
    expect(((await field("Leiaute do arquivo").element()) as HTMLSelectElement).value).toBe("104");
    await userEvent.click(byRole("button", "Cadastrar conta", form)!);
    const error = async (label: string) => text(document.getElementById(`${(await field(label).element()).id}-erro`));
    await vi.waitFor(async () =>
      expect(await error("Convênio (código do banco para a empresa)")).toBe("Na Caixa, o convênio tem só números, até 6 dígitos."),
    );
    expect(await error("Código do compromisso (Caixa)")).toBe("Só números, até 4 dígitos.");
    expect(await error("Parâmetro de transmissão (Caixa)")).toBe("Dois caracteres (números ou letras), como a Caixa informou.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.fill(field("Convênio (código do banco para a empresa)"), "444773");
    await userEvent.fill(field("Código do compromisso (Caixa)"), "12");
    await userEvent.fill(field("Parâmetro de transmissão (Caixa)"), "a1");
    await userEvent.click(byRole("button", "Cadastrar conta", form)!);
    await vi.waitFor(() => expect(document.querySelectorAll("dialog")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      CodigoBanco: "104",
      Layout: "104",
      Convenio: "444773",
      CodigoCompromisso: "12",
      ParametroTransmissao: "A1",
    });
  });
});

describe("Pagamentos: Exportar", () => {
  it("exports the selection as CSV only: no bank file, no paying account nor NSA kept in the browser", async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((b: Blob | MediaSource) => {
      blob = b as Blob;
      return "blob:test/csv";
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download && blob) saved.push({ name: this.download, blob });
    });
    const stored = Object.keys(localStorage);
    await mount();
    await waitRows(ROWS.length);
    for (const id of ["10", "20"]) await userEvent.click(rowOf(id)!.querySelector("input[type=checkbox]")!);
    await userEvent.click(byRole("button", "Exportar")!);
    await vi.waitFor(() => expect(text(dialog().querySelector("h2"))).toBe("Exportar lote"));
    expect(text(dialog())).toContain(`2 transferências (2 repasses), total de ${brl(90.1)}.`);
    expect(text(dialog())).toContain("O arquivo do banco (CNAB 240) é gerado pelo servidor, numa remessa: use “Nova remessa”.");
    expect(dialog().querySelectorAll("input")).toHaveLength(0);
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(byRole("button", "Baixar arquivo", dialog())!);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`pagamentos-lote-${TODAY}.csv`);
    expect((await saved[0]!.blob.text()).split("\r\n")[0]).toMatch(/^Ponto;Razão social;CNPJ;/);
    expect(Object.keys(localStorage)).toEqual(stored);
  });
});

describe("Pagamentos for an approver", () => {
  it("shows the situations and the CSV export, but neither Nova remessa nor Marcar como pago", async () => {
    await mount("approver");
    await waitRows(ROWS.length);
    expect(byRole("button", "Nova remessa")).toBeUndefined();
    expect(byRole("button", "Marcar como pago")).toBeUndefined();
    expect(byRole("button", "Exportar")).toBeDefined();
    expect(text(document.body)).toContain("Seu perfil (Aprovador) não registra pagamentos nem cria remessas");
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
