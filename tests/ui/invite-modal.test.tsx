// The invite's WhatsApp field in real Chromium: the (__) _____-____ mask, clearing it with select-all + Backspace, and the
// send button following what is typed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "preact/test-utils";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { InviteModal } from "../../src/features/scanner/components/invite-modal";

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = "";
});

async function mount() {
  const host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  await act(async () => root!.render(
    <QueryClientProvider client={new QueryClient()}>
      <InviteModal plate="OPA9012" onClose={() => {}} onSent={() => {}} />
    </QueryClientProvider>,
  ));
  const input = await vi.waitFor(() => {
    const el = document.querySelector<HTMLInputElement>("input[inputmode=tel]");
    if (!el) throw new Error("no phone field");
    return el;
  });
  const send = [...document.querySelectorAll("button")].find((b) => b.textContent === "Enviar Convite")!;
  return { input, send };
}

describe("invite modal phone field", () => {
  it("masks the number and clears it with select-all + Backspace", async () => {
    const { input, send } = await mount();
    expect(input.value).toBe("(__) _____-____");
    expect(send.disabled).toBe(true);
    await userEvent.click(input);
    await userEvent.keyboard("81987654321");
    await vi.waitFor(() => expect(input.value).toBe("(81) 98765-4321"));
    expect(send.disabled).toBe(false);
    await userEvent.keyboard("{Control>}a{/Control}{Backspace}");
    await vi.waitFor(() => expect(input.value).toBe("(__) _____-____"));
    expect(send.disabled).toBe(true);
    await userEvent.keyboard("8");
    await vi.waitFor(() => expect(input.value).toBe("(8_) _____-____"));
  });
});
