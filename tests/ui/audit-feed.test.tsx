// The record of changes' list (components/audit) in real Chromium with the app's stylesheet: at 360 px cards (summary as the
// title, the kind's badge, date and author in Brasília time, each field's change as 'Campo: antes → depois' read 'de … para',
// created and removed fields), from 1024 px a table (with the point's column for the central); the range and the pager
// (Anterior / Próxima, disabled at the ends, busy while the next page loads); the empty texts; the short list for dialogs;
// axe-core clean in both layouts.
import { afterEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { axeViolations as violationsIn } from "./axe";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { AuditFeed } from "../../src/components/audit/audit-feed";
import { AuditTimeline } from "../../src/components/audit/audit-list";
import type { AuditEntry, AuditPage } from "../../src/lib/audit-log";
import "../../src/styles.css";

const ENTRIES: AuditEntry[] = [
  {
    Id: 41,
    DataHora: "2026-11-27T13:04:00.000Z",
    IdPontoAtendimento: "p1",
    NomeFantasia: "Auto Center Boa Viagem",
    TipoAutor: "ponto",
    Autor: "Marina Souza",
    Entidade: "dado_bancario",
    IdEntidade: "b1",
    Acao: "editar",
    Resumo: "Dados bancários alterados.",
    Alteracoes: [
      { Campo: "Tipo de chave PIX", Antes: "CNPJ", Depois: "EMAIL" },
      { Campo: "Chave PIX", Antes: "••••••••1-81", Depois: "••••••••m.br" },
    ],
  },
  {
    Id: 40,
    DataHora: "2026-11-26T20:30:00.000Z",
    IdPontoAtendimento: "p1",
    NomeFantasia: "Auto Center Boa Viagem",
    TipoAutor: "central",
    Autor: "Equipe Central (demonstração)",
    Entidade: "dados_pagamento",
    IdEntidade: "p1",
    Acao: "confirmar",
    Resumo: "Dados de pagamento conferidos e confirmados pela central.",
    Alteracoes: [
      { Campo: "Razão social", Antes: null, Depois: "Auto Center Boa Viagem Ltda" },
      { Campo: "Conta", Antes: "••••4321", Depois: null },
    ],
  },
];

type Query = Parameters<typeof AuditFeed>[0]["query"];
const queryOf = (data: AuditPage | undefined, extra: Partial<Query> = {}): Query => ({
  data,
  isPending: data === undefined,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  error: null,
  refetch: () => {},
  ...extra,
});
const pageOf = (pagina: number, total: number, data = ENTRIES): AuditPage => ({ data, pagina, porPagina: 20, total });

let root: Root | undefined;
let host: HTMLElement;
const asked: number[] = [];

async function mount(width: number, node: React.ReactNode) {
  await page.viewport(width, 800);
  asked.length = 0;
  host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  // A page of its own for axe: a main landmark and its h1 around the list.
  await act(async () =>
    root!.render(
      <main>
        <h1>Registro de alterações</h1>
        {node}
      </main>,
    ),
  );
}
const feed = (query: Query, props: { filtered?: boolean; showPoint?: boolean } = {}) => (
  <AuditFeed query={query} filtered={props.filtered ?? false} showPoint={props.showPoint} onPage={(n) => asked.push(n)} />
);
const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

const axeViolations = () => violationsIn(host);

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

describe("record of changes", () => {
  it("shows cards on a 360 px phone: summary, badge, date and author, each field's change; the range and the pager", async () => {
    await mount(360, feed(queryOf(pageOf(2, 45))));
    await expect.element(page.getByRole("list", { name: "Alterações registradas" })).toBeVisible();
    expect(host.querySelector("table")).toBeNull();
    const cards = host.querySelectorAll("ul.audit-cards > li");
    expect(cards).toHaveLength(2);
    expect(text(cards[0]!.querySelector("h2"))).toBe("Dados bancários alterados.");
    expect(text(cards[0]!.querySelector(".audit-entity"))).toBe("Dados bancários");
    // Brasília time (UTC-3), whatever the browser's zone.
    expect(text(cards[0]!.querySelector(".audit-card-by"))).toBe("27/11/2026, 10:04 · Marina Souza");
    expect(cards[0]!.querySelector("time")!.getAttribute("datetime")).toBe("2026-11-27T13:04:00.000Z");
    const changes = [...cards[0]!.querySelectorAll(".audit-changes li")].map(text);
    // The arrow is hidden from screen readers, which read 'de … para' instead.
    expect(changes).toEqual(["Tipo de chave PIX: de CNPJ → para EMAIL", "Chave PIX: de ••••••••1-81 → para ••••••••m.br"]);
    expect(cards[0]!.querySelector(".audit-arrow")!.getAttribute("aria-hidden")).toBe("true");
    // The central's entry: its author marked, a created and a removed field.
    expect(text(cards[1]!.querySelector(".audit-card-by"))).toBe("26/11/2026, 17:30 · Equipe Central (demonstração) Central");
    expect([...cards[1]!.querySelectorAll(".audit-changes li")].map(text)).toEqual([
      "Razão social: Auto Center Boa Viagem Ltda (incluído)",
      "Conta: ••••4321 (removido)",
    ]);
    // No point column on the point's own record.
    expect(text(host)).not.toContain("Ponto");

    await expect.element(page.getByRole("status")).toHaveTextContent("Mostrando 21–22 de 45 alterações");
    const pager = page.getByRole("navigation", { name: "Páginas do registro de alterações" });
    await expect.element(pager).toHaveTextContent("Página 2 de 3");
    await pager.getByRole("button", { name: "Anterior" }).click();
    await pager.getByRole("button", { name: "Próxima" }).click();
    expect(asked).toEqual([1, 3]);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it("shows a table from 1024 px, with the point's column for the central; the ends of the pager are disabled", async () => {
    await mount(1280, feed(queryOf(pageOf(3, 42)), { showPoint: true }));
    await expect.element(page.getByRole("table", { name: "Alterações registradas" })).toBeVisible();
    expect(host.querySelector("ul.audit-cards")).toBeNull();
    expect([...host.querySelectorAll("thead th")].map(text)).toEqual(["Data e hora", "Ponto", "Autor", "O que mudou", "Campos"]);
    const cells = [...host.querySelectorAll("tbody tr")[0]!.querySelectorAll("td")].map(text);
    expect(cells).toEqual([
      "27/11/2026, 10:04",
      "Auto Center Boa Viagem",
      "Marina Souza",
      "Dados bancários Dados bancários alterados.",
      "Tipo de chave PIX: de CNPJ → para EMAILChave PIX: de ••••••••1-81 → para ••••••••m.br",
    ]);
    expect([...host.querySelectorAll("tbody tr")[0]!.querySelectorAll("td:last-child li")].map(text)).toEqual([
      "Tipo de chave PIX: de CNPJ → para EMAIL",
      "Chave PIX: de ••••••••1-81 → para ••••••••m.br",
    ]);
    expect(host.querySelectorAll("tbody tr")[1]!.getAttribute("data-id")).toBe("40");
    const pager = page.getByRole("navigation", { name: "Páginas do registro de alterações" });
    await expect.element(pager.getByRole("button", { name: "Próxima" })).toBeDisabled();
    await expect.element(pager.getByRole("button", { name: "Anterior" })).toBeEnabled();
    expect(await axeViolations()).toEqual([]);
  });

  it("keeps the page on screen, busy, while the next one loads; no pager for one page", async () => {
    await mount(360, feed(queryOf(pageOf(1, 45), { isPlaceholderData: true })));
    expect(host.querySelector(".audit-feed")!.getAttribute("aria-busy")).toBe("true");
    const pager = page.getByRole("navigation", { name: "Páginas do registro de alterações" });
    await expect.element(pager.getByRole("button", { name: "Próxima" })).toBeDisabled();
    await act(async () => root!.render(feed(queryOf(pageOf(1, 2)))));
    await expect.element(page.getByRole("status")).toHaveTextContent("Mostrando 1–2 de 2 alterações");
    expect(host.querySelector("nav")).toBeNull();
  });

  it("says when there is nothing, with or without filters; a failure offers a retry", async () => {
    await mount(360, feed(queryOf(pageOf(1, 0, []))));
    await expect.element(page.getByText("Nenhuma alteração registrada.")).toBeVisible();
    await act(async () => root!.render(feed(queryOf(pageOf(1, 0, [])), { filtered: true })));
    await expect.element(page.getByText("Nenhuma alteração registrada com estes filtros.")).toBeVisible();
    let retried = 0;
    const failed = queryOf(undefined, { isPending: false, isError: true, error: new Error("Falha de rede"), refetch: () => retried++ });
    await act(async () => root!.render(feed(failed)));
    await expect.element(page.getByRole("alert")).toHaveTextContent("Erro ao carregar o registro de alterações: Falha de rede");
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    expect(retried).toBe(1);
  });

  it("lists entries in a dialog's short form (summary, date and author, fields)", async () => {
    await mount(360, <AuditTimeline rows={ENTRIES} label="Alterações recentes" />);
    const items = host.querySelectorAll("ol.audit-timeline > li");
    expect(items).toHaveLength(2);
    expect([...items[0]!.children].map(text)).toEqual([
      "Dados bancários Dados bancários alterados.",
      "27/11/2026, 10:04 · Marina Souza",
      "Tipo de chave PIX: de CNPJ → para EMAILChave PIX: de ••••••••1-81 → para ••••••••m.br",
    ]);
    expect(items[1]!.getAttribute("data-id")).toBe("40");
    expect(await axeViolations()).toEqual([]);
  });
});
