// The generic modal in real Chromium: Escape, overlay click, close button and browser back close it unless prevented; focus returns to the opener.
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "./act";
import { useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Modal } from "../../src/components/ui/modal";

let root: Root | undefined;
let host: HTMLElement;
const closes = { count: 0 };

function Harness({ preventClose = false, question = null }: { preventClose?: boolean; question?: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        title="Teste"
        preventClose={preventClose}
        discardQuestion={question}
        onClose={() => {
          closes.count++;
          setOpen(false);
        }}
      >
        <input aria-label="Campo" />
      </Modal>
    </>
  );
}

let openSecond: () => void = () => {};
/** Two modals in turn: 'Seguir' closes the first, and the second opens later (as a modal whose code loads first would). */
function TwoModals() {
  const [which, setWhich] = useState<"first" | "second" | null>(null);
  openSecond = () => setWhich("second");
  return (
    <>
      <button type="button" onClick={() => setWhich("first")}>
        Abrir
      </button>
      <Modal open={which === "first"} title="Primeiro" onClose={() => setWhich(null)}>
        <button type="button" onClick={() => setWhich(null)}>
          Seguir
        </button>
      </Modal>
      <Modal open={which === "second"} title="Segundo" onClose={() => setWhich(null)}>
        <input aria-label="Campo" />
      </Modal>
    </>
  );
}

async function mount(preventClose = false) {
  closes.count = 0;
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Harness preventClose={preventClose} />));
  const opener = host.querySelector("button")!;
  await userEvent.click(opener);
  return opener;
}
const dialog = () => document.querySelector<HTMLDialogElement>("dialog.modal");
const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await act(async () => new Promise((r) => setTimeout(r, 20)));
  return check();
};

afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
});

describe("modal", () => {
  it("opens as a modal dialog named by its title and traps focus inside", async () => {
    const opener = await mount();
    expect(dialog()?.open).toBe(true);
    expect(dialog()!.matches(":modal")).toBe(true);
    expect(dialog()!.getAttribute("aria-labelledby")).toBe(dialog()!.querySelector("h2")!.id);
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    // Everything outside a modal dialog is inert: it cannot take focus.
    opener.focus();
    expect(dialog()!.contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape and returns focus to the opener", async () => {
    const opener = await mount();
    await userEvent.keyboard("{Escape}");
    expect(await until(() => dialog() === null)).toBe(true);
    expect(document.activeElement).toBe(opener);
  });

  it("closes on an overlay click and on the close button", async () => {
    const opener = await mount();
    // A click on the dialog element itself (outside its body) is a click on the overlay.
    await act(async () => void dialog()!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(dialog()).toBeNull();
    await userEvent.click(opener);
    await userEvent.click(document.querySelector("[aria-label='Fechar']")!);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes on browser back without leaving the page, and closing it otherwise removes its history entry", async () => {
    await mount();
    expect((history.state as { modal?: string } | null)?.modal).toMatch(/^modal:/);
    history.back();
    expect(await until(() => dialog() === null)).toBe(true);
    expect(closes.count).toBe(1);
    const url = location.href;
    await userEvent.click(host.querySelector("button")!);
    await userEvent.keyboard("{Escape}");
    // The entry the modal pushed is popped again, so one back press later still leaves this page as it was.
    expect(await until(() => (history.state as { modal?: string } | null)?.modal === undefined)).toBe(true);
    expect(location.href).toBe(url);
  });

  it("a modal opened while the previous one's history entry is being taken back stays open", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<TwoModals />));
    await userEvent.click(host.querySelector("button")!);
    const back = history.back;
    // The second modal opens right after the first one's back() call, before its popstate arrives.
    history.back = () => {
      back.call(history);
      openSecond();
    };
    try {
      await userEvent.click(document.querySelector("dialog.modal button:not([aria-label])")!);
      expect(
        await until(
          () =>
            dialog()?.getAttribute("aria-labelledby") !== undefined && document.querySelector("dialog.modal h2")?.textContent === "Segundo",
        ),
      ).toBe(true);
      await until(() => false, 300);
    } finally {
      history.back = back;
    }
    expect(document.querySelector("dialog.modal h2")?.textContent).toBe("Segundo");
    expect(dialog()?.open).toBe(true);
    // Its own entry is there: the phone's back closes it, and only it.
    expect((history.state as { modal?: string } | null)?.modal).toMatch(/^modal:/);
    const url = location.href;
    history.back();
    expect(await until(() => dialog() === null)).toBe(true);
    expect(location.href).toBe(url);
  });

  it("asks before discarding a filled form: back, Escape, the overlay and × close only on OK (issue 50)", async () => {
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<Harness question="Descartar o que você preencheu?" />));
    await userEvent.click(host.querySelector("button")!);
    closes.count = 0;
    const asked: string[] = [];
    let answer = false;
    vi.spyOn(window, "confirm").mockImplementation((q) => (asked.push(String(q)), answer));
    // "Cancel": the phone's back, Escape, the overlay and × leave the form as it was, its history entry in place.
    history.back();
    await until(() => asked.length === 1);
    await until(() => false, 200);
    await userEvent.keyboard("{Escape}");
    await act(async () => void dialog()!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    await userEvent.click(document.querySelector("[aria-label='Fechar']")!);
    expect(asked).toEqual(Array(4).fill("Descartar o que você preencheu?"));
    expect([dialog()?.open, closes.count]).toEqual([true, 0]);
    expect((history.state as { modal?: string } | null)?.modal).toMatch(/^modal:/);
    // "OK" on back: closed, and one back press later the page is still this one.
    answer = true;
    const url = location.href;
    history.back();
    expect(await until(() => dialog() === null)).toBe(true);
    expect(closes.count).toBe(1);
    expect(await until(() => (history.state as { modal?: string } | null)?.modal === undefined)).toBe(true);
    expect(location.href).toBe(url);
    vi.restoreAllMocks();
  });

  it("stays open on Escape, overlay click and back while closing is prevented", async () => {
    await mount(true);
    await userEvent.keyboard("{Escape}");
    await act(async () => void dialog()!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    history.back();
    await until(() => false, 300);
    expect(dialog()?.open).toBe(true);
    expect(closes.count).toBe(0);
    expect(document.querySelector("[aria-label='Fechar']")).toBeNull();
  });
});
