// Mounts a component for a UI test inside a fresh QueryClient and unmounts it after the test (browser tests).
import type { ReactNode } from "react";
import { afterEach } from "vitest";
import { act } from "./act";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = "";
});

/** Renders `ui` with its own QueryClient (or the one given) into a new element of the page; the test's end unmounts it and empties the page. */
export async function renderWithQuery(ui: ReactNode, client = new QueryClient()): Promise<void> {
  const host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  await act(async () => root!.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
}
