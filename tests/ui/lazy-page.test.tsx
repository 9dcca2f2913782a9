// Pages loaded on first use, in real Chromium: the indicator while the chunk loads, the page the moment it has run, no indicator
// for a page already loaded, and the retry screen when the chunk cannot load.
import { afterEach, describe, expect, it } from "vitest";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { act } from "./act";
import { ChunkErrorBoundary, lazyPage } from "../../src/app/lazy-page";

let root: Root | undefined;
let host: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  host?.remove();
  root = undefined;
});

function mount() {
  host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  return host;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Agenda = ({ title }: { title: string }) => <h1>{title}</h1>;

describe("lazy pages", () => {
  it("shows 'Carregando...' while the page's chunk loads, then the page with its props", async () => {
    const chunk = deferred<{ default: typeof Agenda }>();
    const Page = lazyPage(() => chunk.promise);
    const el = mount();
    await act(async () => root!.render(<Page title="Agenda" />));
    expect(el.querySelector('[role="status"]')?.textContent).toBe("Carregando...");
    await act(async () => chunk.resolve({ default: Agenda }));
    expect(el.querySelector("h1")?.textContent).toBe("Agenda");
    expect(el.querySelector('[role="status"]')).toBeNull();
  });

  it("draws a page whose chunk has already loaded in the very first commit, with no indicator in between", async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Agenda }));
    Page.preload();
    await act(async () => undefined); // the preload's promise settles
    const el = mount();
    // A synchronous first render: what the attendant sees in the first frame. React.lazy would show its fallback here.
    flushSync(() => root!.render(<Page title="Espelho Financeiro" />));
    expect(el.querySelector("h1")?.textContent).toBe("Espelho Financeiro");
    expect(el.textContent).not.toContain("Carregando");
  });

  it("shows the retry screen when the chunk cannot load, and asks again on the next mount", async () => {
    let calls = 0;
    const Page = lazyPage(() => {
      calls++;
      return calls === 1 ? Promise.reject<{ default: typeof Agenda }>(new Error("offline")) : Promise.resolve({ default: Agenda });
    });
    const el = mount();
    // The error boundary logs the thrown error in development; the test checks what the user sees.
    const error = console.error;
    console.error = () => undefined;
    try {
      await act(async () =>
        root!.render(
          <ChunkErrorBoundary>
            <Page title="Agenda" />
          </ChunkErrorBoundary>,
        ),
      );
    } finally {
      console.error = error;
    }
    expect(el.querySelector('[role="alert"]')?.textContent).toContain("Não foi possível carregar esta tela. Verifique sua conexão.");
    expect(el.querySelector("button")?.textContent).toBe("Tentar novamente");
    await act(async () => root!.render(<Page key="again" title="Agenda" />));
    expect(el.querySelector("h1")?.textContent).toBe("Agenda");
    expect(calls).toBe(2);
  });
});
