// The shell's extras wait for the page's first screen (issue 52), in real Chromium: the toast container, the service worker's
// registration, the outbox's background work and the notification bell are asked for once the screen shows its first data
// (QueryState), at the browser's next idle moment; not beside the page's own code and calls. (The cap for a screen that never
// shows data: first-screen-cap.test.tsx, a page of its own, since the signal is given once per page.)
import { describe, expect, it, vi } from "vitest";
import { QueryClient, useQuery } from "@tanstack/react-query";
import { renderWithQuery } from "./render";
import { QueryState } from "../../src/components/ui/query-state";
import { afterFirstScreen, useAfterFirstScreen } from "../../src/lib/first-screen";
import { settledWithin } from "./settled";

describe("the shell's extras after the first screen", () => {
  it("wait while the screen loads, and go once QueryState shows the first data", async () => {
    let answer: (rows: string[]) => void = () => undefined;
    const rows = new Promise<string[]>((resolve) => (answer = resolve));
    function Screen() {
      const list = useQuery({ queryKey: ["rows"], queryFn: () => rows });
      // What the notification bell reads to enable its call.
      const bell = useAfterFirstScreen() ? "asked" : "waiting";
      return (
        <>
          <p className="bell">{bell}</p>
          <QueryState query={list} loading="Carregando agendamentos..." error="Erro ao carregar agendamentos">
            {(data) => <p className="rows">{data.join(", ")}</p>}
          </QueryState>
        </>
      );
    }
    const extras = afterFirstScreen();
    await renderWithQuery(<Screen />, new QueryClient());
    expect(document.body.textContent).toContain("Carregando agendamentos...");
    // No answer yet: the extras wait (well before the 2 s cap).
    expect(await settledWithin(extras, 300)).toBe(false);
    expect(document.querySelector(".bell")?.textContent).toBe("waiting");
    answer(["OS 1042", "OS 1043"]);
    await vi.waitFor(() => expect(document.querySelector(".rows")?.textContent).toBe("OS 1042, OS 1043"));
    // Shown: the extras go at the browser's next idle moment (at most 500 ms later), the bell with them.
    expect(await settledWithin(extras, 700)).toBe(true);
    await vi.waitFor(() => expect(document.querySelector(".bell")?.textContent).toBe("asked"));
  });
});
