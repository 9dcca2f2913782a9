// 'Conferir dados de pagamento' (issue 49, item 4) in real Chromium at 360 px with the app's stylesheet, the server answering as
// the contract says (contract/central-points.ts): a switch to a personal e-mail key shown before and after with who changed
// it and when, the CPF warning, the point's phone as a tel: link and 'Registrar primeira confirmação'; the first confirmation
// of another user ('Aguardando segundo usuário', 'Confirmar como segundo usuário', the first confirmation sent back); the
// user's own first confirmation (no button); a company other than the point (its warning, one confirmation); a phone changed
// recently and no phone. axe finds nothing in each.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import { PayeeReviewModal } from "../../src/features/central/components/payee-review-modal";
import type { PayeeReview } from "../../contract/central-points";
import type { AuditPage } from "../../contract/auditoria";
import "../../src/styles.css";

const POINT = "7b1d2c3e-4f50-4a61-8b72-9c83d4e5f607";
const CHANGED = "2026-11-27T13:15:00.000Z";
const FIRST = "2026-11-27T14:20:00.000Z";
const realFetch = window.fetch;

const person = (): PayeeReview => ({
  RazaoSocial: "Auto Center Boa Viagem Ltda",
  Cnpj: "11.222.333/0001-81",
  IdDadoBancario: "b1",
  TipoChavePix: "EMAIL",
  ChavePix: "fulano.pessoal@gmail.com",
  Banco: "",
  NumeroAgencia: "",
  NumeroConta: "",
  TipoConta: "",
  NomeTitular: "Fulano de Tal",
  DocumentoTitular: "529.982.247-25",
  Retido: true,
  MotivoRetencao:
    "Dados de pagamento alterados em 27/11/2026 às 10:15 para um titular pessoa física (CPF): o repasse fica retido até dois usuários da central conferirem e confirmarem os novos dados.",
  AlteradoEm: CHANGED,
  ConfirmadoEm: null,
  AlteradoPor: "Marina Souza",
  Anterior: {
    RazaoSocial: "Auto Center Boa Viagem Ltda",
    Cnpj: "11.222.333/0001-81",
    IdDadoBancario: "b1",
    TipoChavePix: "CNPJ",
    ChavePix: "11222333000181",
    Banco: null,
    NumeroAgencia: null,
    NumeroConta: null,
    TipoConta: null,
    NomeTitular: "Auto Center Boa Viagem Ltda",
    DocumentoTitular: "11222333000181",
  },
  AnteriorOrigem: "original",
  AnteriorEm: null,
  Comparacao: [
    { Campo: "TipoChavePix", Antes: "CNPJ", Depois: "EMAIL", Alterado: true },
    { Campo: "ChavePix", Antes: "11222333000181", Depois: "fulano.pessoal@gmail.com", Alterado: true },
    { Campo: "NomeTitular", Antes: "Auto Center Boa Viagem Ltda", Depois: "Fulano de Tal", Alterado: true },
    { Campo: "DocumentoTitular", Antes: "11222333000181", Depois: "529.982.247-25", Alterado: true },
  ],
  TitularPessoaFisica: true,
  TitularEhOPonto: false,
  ConfirmacoesNecessarias: 2,
  PrimeiraConfirmacao: null,
  Telefone: "(81) 98888-1111",
  TelefoneContato: "Marina Souza",
  TelefoneAlteradoEm: null,
});

const audit: AuditPage = {
  data: [
    {
      Id: 7,
      DataHora: CHANGED,
      IdPontoAtendimento: POINT,
      NomeFantasia: "Auto Center Boa Viagem",
      TipoAutor: "ponto",
      Autor: "Marina Souza",
      Entidade: "dado_bancario",
      IdEntidade: "b1",
      Acao: "editar",
      Resumo: "Dados bancários alterados. Os repasses ficam retidos até a central conferir os novos dados (ou por 7 dias).",
      Alteracoes: [{ Campo: "Chave PIX", Antes: "••••0181", Depois: "••••m.br" }],
    },
  ],
  pagina: 1,
  porPagina: 10,
  total: 1,
};

let review: PayeeReview;
const posted: unknown[] = [];

beforeEach(async () => {
  await page.viewport(360, 800);
  review = person();
  posted.length = 0;
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url.includes(`/api/central/pontos/${POINT}/dados-pagamento`)) return Response.json({ data: review });
    if (url.includes("/api/auditoria")) return Response.json(audit);
    if (method === "POST" && url.endsWith(`/api/central/pontos/${POINT}/confirmar-dados-pagamento`)) {
      posted.push(JSON.parse(String(init?.body)));
      return Response.json({ success: true, message: "Primeira confirmação registrada.", Liberado: false });
    }
    return Response.json({ message: "?" }, { status: 404 });
  }) as typeof fetch;
});

afterEach(() => {
  window.fetch = realFetch;
});

const dialog = () => document.querySelector("dialog")!;
const text = () => (dialog()?.textContent ?? "").replace(/\s+/g, " ");
const button = (name: string) => [...document.querySelectorAll("dialog button")].find((b) => b.textContent === name) as HTMLButtonElement;
/** The comparison's rows as the user reads them: field (with its "alterado" tag), before, after. */
const diffRows = () =>
  [...document.querySelectorAll(".payee-diff tbody tr")].map((tr) =>
    [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").replace(/\s+/g, " ").trim()),
  );
const mount = async (onClose = () => {}) => {
  await renderWithQuery(
    <PayeeReviewModal point={{ id: POINT, name: "Auto Center Boa Viagem", count: 2, sum: 160, reason: null }} onClose={onClose} />,
  );
  await vi.waitFor(() => expect(document.querySelector(".payee-diff")).not.toBeNull());
  await vi.waitFor(() => expect(text()).toContain("Alterações recentes"));
};

describe("payee review modal", () => {
  it("shows a switch to a person's e-mail key before and after, who and when, the CPF warning and the phone to call", async () => {
    await mount();
    expect(diffRows()).toEqual([
      ["Tipo de chave PIXalterado", "CNPJ", "E-mail"],
      ["Chave PIXalterado", "11.222.333/0001-81", "fulano.pessoal@gmail.com"],
      ["Titularalterado", "Auto Center Boa Viagem Ltda", "Fulano de Tal"],
      ["CPF/CNPJ do titularalterado", "11.222.333/0001-81", "529.982.247-25"],
    ]);
    expect([...document.querySelectorAll(".payee-diff thead th")].map((th) => th.textContent)).toEqual(["Campo", "Antes", "Depois"]);
    expect(text()).toContain('"Antes": os dados do ponto antes da primeira alteração.');
    expect(text()).toContain("Alterados porMarina Souza");
    expect(text()).toContain("Alterados em27/11/2026, 10:15");
    expect(text()).toContain("CNPJ do ponto: 11.222.333/0001-81");
    const warning = document.querySelector(".payee-warning-strong")!;
    expect(warning.textContent).toContain("O titular é uma pessoa física (CPF), não o CNPJ do ponto.");
    expect(warning.textContent).toContain("dois usuários diferentes da central");
    const call = [...dialog().querySelectorAll("a")].find((a) => a.textContent === "(81) 98888-1111")!;
    expect(call.getAttribute("href")).toBe("tel:+5581988881111");
    expect(text()).toContain("Ligue para o ponto antes de confirmar");
    expect(text()).toContain("Marina Souza, usuário principal do ponto");
    expect(text()).not.toContain("Aguardando segundo usuário");
    const confirm = button("Registrar primeira confirmação");
    expect(document.getElementById(confirm.getAttribute("aria-describedby")!)!.textContent).toContain(
      "Esta é a primeira de duas confirmações",
    );
    expect(await axeViolations(document.body)).toEqual([]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);

    await userEvent.click(confirm);
    await vi.waitFor(() => expect(posted).toEqual([{ alteradoEm: CHANGED, primeiraConfirmacaoEm: null }]));
  });

  it("after another user's first confirmation: 'Aguardando segundo usuário', and the second confirmation sends the first back", async () => {
    review = {
      ...person(),
      MotivoRetencao:
        "Dados de pagamento alterados em 27/11/2026 às 10:15 para um titular pessoa física (CPF): primeira confirmação registrada. Aguardando a confirmação de um segundo usuário da central.",
      PrimeiraConfirmacao: { Usuario: "Bruno Conferente", DataHora: FIRST, Sua: false },
    };
    await mount();
    expect(document.querySelector(".payee-first-badge")!.textContent).toBe("Aguardando segundo usuário");
    expect(text()).toContain(
      "Primeira confirmação por Bruno Conferente em 27/11/2026 às 11:20. Aguardando a confirmação de um segundo usuário da central.",
    );
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(button("Confirmar como segundo usuário"));
    await vi.waitFor(() => expect(posted).toEqual([{ alteradoEm: CHANGED, primeiraConfirmacaoEm: FIRST }]));
  });

  it("after the user's own first confirmation: no button, another user must confirm", async () => {
    review = { ...person(), PrimeiraConfirmacao: { Usuario: "Equipe Central", DataHora: FIRST, Sua: true } };
    await mount();
    expect(text()).toContain("Aguardando segundo usuário");
    expect(text()).toContain(
      "Você fez a primeira confirmação em 27/11/2026 às 11:20. A segunda confirmação precisa ser feita por outro usuário da central.",
    );
    expect(button("Confirmar como segundo usuário")).toBeUndefined();
    expect(button("Registrar primeira confirmação")).toBeUndefined();
    expect(button("Fechar")).toBeDefined();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("a company other than the point: its warning and one confirmation; a phone changed recently, and no phone", async () => {
    review = {
      ...person(),
      TipoChavePix: "CNPJ",
      ChavePix: "45723174000110",
      NomeTitular: "Serra Azul Mecânica Eireli",
      DocumentoTitular: "45723174000110",
      TitularPessoaFisica: false,
      ConfirmacoesNecessarias: 1,
      AnteriorOrigem: "confirmado",
      AnteriorEm: "2026-11-20T12:00:00.000Z",
      Comparacao: [
        { Campo: "ChavePix", Antes: "11222333000181", Depois: "45723174000110", Alterado: true },
        { Campo: "TipoChavePix", Antes: "CNPJ", Depois: "CNPJ", Alterado: false },
      ],
      TelefoneAlteradoEm: "2026-11-27T13:10:00.000Z",
    };
    await mount();
    expect(document.querySelector(".payee-warning-strong")).toBeNull();
    expect(text()).toContain("O documento do titular não é o CNPJ do ponto (11.222.333/0001-81): confira com o ponto antes de confirmar.");
    expect(text()).toContain('"Antes": os dados que a central confirmou em 20/11/2026 às 09:00.');
    expect(diffRows()).toEqual([
      ["Chave PIXalterado", "11.222.333/0001-81", "45.723.174/0001-10"],
      ["Tipo de chave PIX", "CNPJ", "CNPJ"],
    ]);
    expect(text()).toContain("Este telefone foi alterado em 27/11/2026 às 10:10");
    expect(button("Confirmar dados")).toBeDefined();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("says when the point has no phone to call", async () => {
    review = { ...person(), Telefone: null, TelefoneContato: null };
    await mount();
    expect(dialog().querySelector("a[href^='tel:']")).toBeNull();
    expect(text()).toContain("O ponto não tem telefone cadastrado: confirme a alteração com o ponto por outro meio antes de confirmar.");
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
