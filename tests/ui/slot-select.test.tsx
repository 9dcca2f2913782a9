// The booking time select never offers a cached slot list while this mount's request for the day is still running.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SlotSelect } from "../../src/features/agenda/components/slot-select";
import { agendaKeys } from "../../src/features/agenda/query-options";

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("SlotSelect", () => {
  it("waits for the fresh list instead of offering a slot taken since it was cached", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(agendaKeys.slots("p1", "2026-12-01"), ["15:30", "16:00"]);
    let answer!: () => void;
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(new Response(JSON.stringify(["15:30"]), { status: 200, headers: { "content-type": "application/json" } }));
        }),
    );
    const host = document.body.appendChild(document.createElement("div"));
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <QueryClientProvider client={client}>
          <SlotSelect pointId="p1" date="2026-12-01" label="Horário" value="" onChange={() => {}} />
        </QueryClientProvider>,
      ),
    );
    const select = host.querySelector("select")!;
    const options = () => [...select.options].map((o) => o.value).filter(Boolean);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    expect(select.disabled).toBe(true);
    expect(options()).toEqual([]);
    expect(host.textContent).toContain("Carregando horários...");
    answer();
    await vi.waitFor(() => expect(select.disabled).toBe(false));
    expect(options()).toEqual(["15:30"]);
    expect(host.textContent).not.toContain("Carregando horários...");
  });
});
