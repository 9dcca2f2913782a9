// SearchableSelect in real Chromium: combobox/listbox ARIA, accent-insensitive search, keyboard choice, clear button, empty text.
import { afterEach, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "./act";
import { useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { SearchableSelect } from "../../src/components/ui/searchable-select";

const OPTIONS = [
  { value: "1", label: "REVISÃO PREVENTIVA" },
  { value: "2", label: "TROCA DE ÓLEO" },
  { value: "3", label: "FREIOS" },
];
let root: Root | undefined;
let host: HTMLElement;
const seen: string[] = [];

function Harness() {
  const [value, setValue] = useState("");
  return (
    <SearchableSelect
      label="Motivação"
      options={OPTIONS}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

async function mount() {
  seen.length = 0;
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Harness />));
  return host.querySelector<HTMLInputElement>("input[role=combobox]")!;
}
const visibleOptions = () => [...host.querySelectorAll("[role=listbox]:not([hidden]) [role=option]")].map((o) => o.textContent);

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

describe("searchable select", () => {
  it("is a labelled combobox that opens its listbox", async () => {
    const input = await mount();
    expect(input.labels?.[0]?.textContent).toBe("Motivação");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(input);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-controls")!)?.getAttribute("role")).toBe("listbox");
    expect(visibleOptions()).toEqual(OPTIONS.map((o) => o.label));
  });

  it("filters without regard to accents or case and is chosen with the keyboard", async () => {
    const input = await mount();
    await userEvent.click(input);
    await userEvent.keyboard("oleo");
    expect(visibleOptions()).toEqual(["TROCA DE ÓLEO"]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(seen).toEqual(["2"]);
    expect(input.value).toBe("TROCA DE ÓLEO");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("moves the active option with the arrows (aria-activedescendant) and Escape closes only the list", async () => {
    const input = await mount();
    await userEvent.click(input);
    await userEvent.keyboard("{ArrowDown}");
    expect(document.getElementById(input.getAttribute("aria-activedescendant")!)?.textContent).toBe("TROCA DE ÓLEO");
    await userEvent.keyboard("{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(seen).toEqual([]);
  });

  it("says 'Nenhuma opção encontrada' when nothing matches", async () => {
    const input = await mount();
    await userEvent.click(input);
    await userEvent.keyboard("xyz");
    expect(visibleOptions()).toEqual([]);
    expect(host.textContent).toContain("Nenhuma opção encontrada");
  });

  it("has a clear button once something is chosen", async () => {
    const input = await mount();
    expect(host.querySelector("[aria-label='Limpar seleção']")).toBeNull();
    await userEvent.click(input);
    await userEvent.click(host.querySelectorAll("[role=option]")[2]);
    expect(input.value).toBe("FREIOS");
    await userEvent.click(host.querySelector("[aria-label='Limpar seleção']")!);
    expect(seen).toEqual(["3", ""]);
    expect(input.value).toBe("");
  });
});
