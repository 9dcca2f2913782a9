// The invite's WhatsApp field in real Chromium: the (__) _____-____ mask, clearing it with select-all + Backspace, and the
// send button following what is typed.
import { describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { InviteModal } from "../../src/features/scanner/components/invite-modal";
import { renderWithQuery } from "./render";

async function mount() {
  await renderWithQuery(<InviteModal plate="OPA9012" onClose={() => {}} onSent={() => {}} />);
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
