// ResponsiveList in real Chromium with the app's stylesheet: at 360 px the cards (title, badges, labelled fields), from 1024 px
// the table (column headers, cells), only one of them built, switching on resize; hidden and card-only columns, row class and data, actions once per row and by keyboard,
// focus kept across a re-render, and axe-core clean in both layouts.
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations as violationsIn } from "./axe";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { ResponsiveList, type Column } from "../../src/components/ui/responsive-list";
import "../../src/styles.css";

interface Vehicle {
  id: string;
  owner: string;
  plate: string;
  status: "NOVO" | "VISTO";
  note: string;
  created: string;
  model: string;
}
const ROWS: Vehicle[] = [
  { id: "v1", owner: "Ana Souza", plate: "ABC-1234", status: "NOVO", note: "Troca de óleo", created: "01/03/2025", model: "Gol" },
  { id: "v2", owner: "João Lima", plate: "BRA2E19", status: "VISTO", note: "", created: "02/03/2025", model: "Onix" },
];
const COLUMNS: Column<Vehicle>[] = [
  { id: "owner", header: "Sócio", cell: (v) => v.owner, card: "title" },
  { id: "status", header: "Situação", cell: (v) => <span className="status-badge">{v.status}</span>, card: "meta" },
  { id: "plate", header: "Placa", cell: (v) => v.plate },
  // No note: '—' in the table, nothing in the card.
  { id: "note", header: "Observação", cell: (v) => v.note || "—", cardCell: (v) => v.note || null },
  { id: "created", header: "Cadastro", cell: (v) => v.created, card: "hidden" },
  { id: "model", header: "Modelo", cell: (v) => v.model, table: false },
];

const opened: string[] = [];
let root: Root | undefined;
let host: HTMLElement;

function List({ rows }: { rows: Vehicle[] }) {
  return (
    // A page of its own for axe: a main landmark and its h1 around the list.
    <main>
      <h1>Veículos</h1>
      <ResponsiveList
        name="agenda"
        label="Veículos do ponto"
        rows={rows}
        columns={COLUMNS}
        rowKey={(v) => v.id}
        rowClass={(v) => (v.status === "NOVO" ? "is-new" : undefined)}
        rowData={(v) => ({ id: v.id })}
        actions={(v) => (
          <button type="button" className="btn" onClick={() => opened.push(v.id)}>
            Abrir {v.owner}
          </button>
        )}
        actionsHeader="Ações"
      />
    </main>
  );
}

async function mount(width: number) {
  await page.viewport(width, 800);
  opened.length = 0;
  host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  await act(async () => root!.render(<List rows={ROWS} />));
}
const list = () => host.querySelector<HTMLElement>("ul.agenda-cards")!;
const table = () => host.querySelector<HTMLTableElement>("table.agenda-table")!;
const texts = (els: Iterable<Element>) => [...els].map((e) => e.textContent?.trim());
/** The card's labelled fields as label → value. */
const fieldsOf = (card: Element) =>
  Object.fromEntries([...card.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

const axeViolations = () => violationsIn(host);

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

describe("responsive list", () => {
  it("shows cards on a 360 px phone: title, badge, each field's label with its value; no table", async () => {
    await mount(360);
    await expect.element(page.getByRole("list", { name: "Veículos do ponto" })).toBeVisible();
    // Only the layout the screen shows is built.
    expect(host.querySelector("table")).toBeNull();

    const cards = list().querySelectorAll(":scope > li");
    expect(cards).toHaveLength(2);
    expect(cards[0]!.className).toBe("card agenda-card is-new");
    expect(cards[1]!.className).toBe("card agenda-card");
    expect(cards[0]!.getAttribute("data-id")).toBe("v1");
    expect(texts(list().querySelectorAll("h2.agenda-card-title"))).toEqual(["Ana Souza", "João Lima"]);
    expect(cards[0]!.querySelector(".agenda-card-head .status-badge")?.textContent).toBe("NOVO");
    // Fields in column order; the table-only 'Cadastro' is left out, the card-only 'Modelo' is in, an empty note is omitted.
    expect(fieldsOf(cards[0]!)).toEqual({ Placa: "ABC-1234", Observação: "Troca de óleo", Modelo: "Gol" });
    expect(fieldsOf(cards[1]!)).toEqual({ Placa: "BRA2E19", Modelo: "Onix" });
    expect(texts(cards[0]!.querySelectorAll("dt"))).toEqual(["Placa", "Observação", "Modelo"]);
    expect(list().textContent).not.toContain("01/03/2025");

    // One action per row, visible, in its card.
    for (const row of ROWS) await expect.element(page.getByRole("button", { name: `Abrir ${row.owner}` })).toBeVisible();
    expect(list().querySelectorAll("button")).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });

  it("shows a table from 1024 px: column headers in order, the cells of each row; no cards", async () => {
    await mount(1280);
    await expect.element(page.getByRole("table", { name: "Veículos do ponto" })).toBeVisible();
    expect(host.querySelector("ul")).toBeNull();

    const headers = table().querySelectorAll("thead th");
    expect(texts(headers)).toEqual(["Sócio", "Situação", "Placa", "Observação", "Cadastro", "Ações"]);
    for (const th of headers) expect(th.getAttribute("scope")).toBe("col");
    await expect.element(page.getByRole("columnheader", { name: "Modelo" })).not.toBeInTheDocument();

    const rows = table().querySelectorAll("tbody tr");
    expect(rows).toHaveLength(2);
    expect(texts(rows[0]!.querySelectorAll("td"))).toEqual([
      "Ana Souza",
      "NOVO",
      "ABC-1234",
      "Troca de óleo",
      "01/03/2025",
      "Abrir Ana Souza",
    ]);
    expect(texts(rows[1]!.querySelectorAll("td"))).toEqual(["João Lima", "VISTO", "BRA2E19", "—", "02/03/2025", "Abrir João Lima"]);
    expect(rows[0]!.className).toBe("is-new");
    expect(rows[1]!.getAttribute("data-id")).toBe("v2");
    expect(table().textContent).not.toContain("Gol");

    for (const row of ROWS) await expect.element(page.getByRole("button", { name: `Abrir ${row.owner}` })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  for (const [layout, width] of [
    ["cards", 360],
    ["table", 1280],
  ] as const) {
    it(`runs each row's action from the keyboard (${layout}), once per press`, async () => {
      await mount(width);
      await userEvent.tab();
      expect(document.activeElement?.textContent).toBe("Abrir Ana Souza");
      await userEvent.keyboard("{Enter}");
      await userEvent.tab();
      expect(document.activeElement?.textContent).toBe("Abrir João Lima");
      await userEvent.keyboard(" ");
      expect(opened).toEqual(["v1", "v2"]);
    });
  }

  it("switches layout when the screen crosses 1024 px (a rotated tablet, a resized window)", async () => {
    await mount(800);
    await expect.element(page.getByRole("list", { name: "Veículos do ponto" })).toBeVisible();
    await page.viewport(1100, 800);
    await expect.element(page.getByRole("table", { name: "Veículos do ponto" })).toBeVisible();
    expect(host.querySelector("ul")).toBeNull();
    await page.viewport(1000, 800);
    await expect.element(page.getByRole("list", { name: "Veículos do ponto" })).toBeVisible();
    expect(host.querySelector("table")).toBeNull();
  });

  it("keeps the focused action when the list renders again with new rows (cards are not remounted)", async () => {
    await mount(360);
    const button = page.getByRole("button", { name: "Abrir João Lima" });
    (button.element() as HTMLButtonElement).focus();
    const focused = document.activeElement;
    await act(async () => root!.render(<List rows={ROWS.map((r) => ({ ...r, note: `${r.note}!` }))} />));
    expect(document.activeElement).toBe(focused);
    expect(fieldsOf(list().querySelectorAll(":scope > li")[1]!).Observação).toBe("!");
  });
});
