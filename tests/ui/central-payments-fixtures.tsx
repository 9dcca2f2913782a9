// Shared by the Pagamentos UI tests (issue 49): contract-shaped payouts, runs, transfers, paying accounts and journal entries; the
// server as the page sees it (fetch stubbed: each route's answer, every call recorded with its method, path, query and body); an
// address kept in memory for wouter, so the section's links and filters move it without touching the test page's own URL; and
// the section mounted inside them (browser tests, real Chromium).
import { useSyncExternalStore, type ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import type { Payout, PayoutTotals } from "../../src/features/central/api/payments";
import type { BankProfile, JournalEntry, PaymentRun, PaymentTransfer } from "../../src/features/central/api/payment-runs";
import { renderWithQuery } from "./render";

export const payout = (id: string, over: Partial<Payout> = {}): Payout => ({
  IdFinanceiroEspelho: id,
  IdPontoAtendimento: "p1",
  NomeFantasia: "Auto Center Boa Viagem",
  RazaoSocial: "Auto Center Boa Viagem Ltda",
  Cnpj: "11222333000181",
  NumeroOS: Number(id.replace(/\D/g, "")) || 1,
  Placa: "ABC1234",
  NomeServico: "TROCA DE ÓLEO",
  DataAgendamento: "2026-11-05",
  ValorRepasse: 80,
  PagamentoFeito: "N",
  DataPagamento: null,
  PodeDesfazer: false,
  Banco: null,
  Agencia: null,
  Conta: null,
  TipoConta: null,
  TipoChavePix: "CNPJ",
  ChavePix: "11222333000181",
  NomeTitular: "Auto Center Boa Viagem Ltda",
  DocumentoTitular: "11222333000181",
  Retido: false,
  MotivoRetencao: null,
  DadosPagamentoAlteradosEm: null,
  DataExecucao: "2026-11-05",
  PagoPara: null,
  IdLote: null,
  ReferenciaPagamento: null,
  IdRemessa: null,
  NumeroRemessa: null,
  Situacao: "pagavel",
  MotivoRejeicao: null,
  ...over,
});

export const totals = (over: Partial<PayoutTotals> = {}): PayoutTotals => ({
  quantidade: 0,
  total: 0,
  pendente: 0,
  pago: 0,
  retido: 0,
  aPagar: 0,
  beneficiarios: 0,
  retidos: 0,
  pontosRetidos: 0,
  pagavel: 0,
  pagaveis: 0,
  aguardandoExecucao: 0,
  emRemessa: 0,
  dataPagamento: "2026-11-20",
  ...over,
});

export const profile = (over: Partial<BankProfile> = {}): BankProfile => ({
  IdContaPagadora: "c1",
  Nome: "Itaú principal",
  CodigoBanco: "341",
  NomeBanco: "Itaú Unibanco",
  Layout: "341",
  Convenio: "CONV1",
  Agencia: "1234",
  DigitoAgencia: "",
  Conta: "56789",
  DigitoConta: "0",
  RazaoSocial: "Programa Clube",
  Cnpj: "11222333000181",
  Logradouro: "Rua A",
  Numero: "10",
  Complemento: "",
  Cidade: "Recife",
  Cep: "50000000",
  Uf: "PE",
  CodigoCompromisso: "",
  ParametroTransmissao: "",
  UltimoNsa: 41,
  ...over,
});

export const RUN_ID = "6f1c2a40-0000-4000-8000-000000000012";

export const run = (over: Partial<PaymentRun> = {}): PaymentRun => ({
  IdRemessa: RUN_ID,
  Numero: 12,
  Status: "rascunho",
  IdContaPagadora: "c1",
  ContaPagadora: "Itaú principal",
  DataPagamento: "2026-11-20",
  Nsa: null,
  Transferencias: 2,
  Repasses: 3,
  Total: 255.6,
  Pagas: 0,
  Rejeitadas: 0,
  CriadaPor: "Paula Pagadora",
  CriadaEm: "2026-11-19T13:04:00.000Z",
  GeradaPor: null,
  GeradaEm: null,
  EnviadaPor: null,
  EnviadaEm: null,
  RetornoImportadoEm: null,
  CanceladaPor: null,
  CanceladaEm: null,
  MotivoCancelamento: null,
  // A run given an NSA has its one file (a split run's two files are given by the test).
  Arquivos:
    over.Nsa == null
      ? []
      : [{ Parte: 1, Nsa: over.Nsa, Conteudo: "todas", Transferencias: 2, NomeArquivo: `remessa-12-nsa-${over.Nsa}-2026-11-20.rem` }],
  ...over,
});

export const transfer = (seq: number, over: Partial<PaymentTransfer> = {}): PaymentTransfer => ({
  IdTransferencia: `t${seq}`,
  SeuNumero: `R000012-00${seq}`,
  IdPontoAtendimento: `p${seq}`,
  NomeFantasia: seq === 1 ? "Auto Center Boa Viagem" : "Oficina Serra Azul",
  Valor: seq === 1 ? 175.5 : 80.1,
  Status: "pendente",
  NossoNumero: null,
  Ocorrencias: null,
  Motivo: null,
  DataEfetivacao: null,
  Arquivo: null,
  Favorecido: {
    RazaoSocial: seq === 1 ? "Auto Center Boa Viagem Ltda" : "Oficina Serra Azul ME",
    Cnpj: "11222333000181",
    IdDadoBancario: "b1",
    TipoChavePix: seq === 1 ? "CNPJ" : null,
    ChavePix: seq === 1 ? "11222333000181" : null,
    Banco: seq === 1 ? null : "341 - Itaú",
    NumeroAgencia: seq === 1 ? null : "1234",
    NumeroConta: seq === 1 ? null : "56789-0",
    TipoConta: seq === 1 ? null : "CORRENTE",
    NomeTitular: seq === 1 ? "Auto Center Boa Viagem Ltda" : "Oficina Serra Azul ME",
    DocumentoTitular: "11222333000181",
  },
  NumerosOS: seq === 1 ? [10, 13] : [20],
  Comprovante: null,
  ...over,
});

export const entry = (id: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
  Id: id,
  Em: "2026-11-19T13:04:00.000Z",
  Usuario: "Paula Pagadora",
  IdUsuario: "u1",
  Acao: "remessa-criada",
  Entidade: "payment_run",
  IdEntidade: RUN_ID,
  IdPontoAtendimento: null,
  NomeFantasia: null,
  IdRemessa: RUN_ID,
  NumeroRemessa: 12,
  Antes: null,
  Depois: "rascunho",
  Observacao: "3 repasses · R$ 255,60 · pagamento em 20/11/2026",
  ...over,
});

/** One call the page made: its method, path (after /api), query and JSON body (a FormData as it is). */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
export type Handler = (call: Call) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * The server: `routes` by "METHOD /path" (the path after /api, no query); anything else is a 404 with a message, so a call the
 * test did not expect shows as the page's error. Returns the calls made.
 */
export function serve(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.origin);
    const method = init?.method ?? "GET";
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === "string" ? JSON.parse(raw) : undefined;
    const path = url.pathname.replace(/^\/api/, "");
    const call: Call = { method, path, query: Object.fromEntries(url.searchParams), body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : json({ success: false, message: `rota não prevista: ${method} ${path}` }, 404);
  });
  return calls;
}

/** The address wouter reads and moves, kept here: `address()` is where the page is now. */
let href = "/";
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const navigate = (to: string) => {
  href = to;
  for (const l of listeners) l();
};
const useMemoryLocation = (): [string, (to: string) => void] => [useSyncExternalStore(subscribe, () => href.split("?")[0]!), navigate];
const useMemorySearch = () => useSyncExternalStore(subscribe, () => href.split("?")[1] ?? "");
export const address = () => href;
export const goTo = (to: string) => navigate(to);

export function MemoryRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useMemoryLocation} searchHook={useMemorySearch}>
      {children}
    </Router>
  );
}

/** Mounts `ui` at the address `start` (a new QueryClient each time; the test's end unmounts it). */
export async function mountAt(start: string, ui: ReactNode) {
  href = start;
  // A page of its own for axe: the section inside the console's main landmark.
  await renderWithQuery(
    <MemoryRouter>
      <main>{ui}</main>
    </MemoryRouter>,
  );
}

/** An element's text as laid out (innerText: a block or a table cell is a line of its own), whitespace collapsed. */
export const text = (el: Element | null | undefined) =>
  ((el instanceof HTMLElement ? el.innerText : el?.textContent) ?? "").replace(/\s+/g, " ").trim();
export const byRole = (role: string, name: string | RegExp, root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLElement>(role === "button" ? "button" : role === "link" ? "a" : `[role="${role}"]`)].find((el) =>
    typeof name === "string"
      ? text(el) === name || el.getAttribute("aria-label") === name
      : name.test(el.getAttribute("aria-label") ?? text(el)),
  );
