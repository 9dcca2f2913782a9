// 'Digitar placa' in real Chromium, over the shared PlateInput: old and Mercosul plates masked and upper-cased as typed, the
// unmasked plate submitted, and a short one refused under the field until the next key (browser tests).
import { describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { ManualPlateForm } from "../../src/features/scanner/components/manual-plate-form";
import { renderWithQuery } from "./render";

async function mount() {
  const onSubmit = vi.fn();
  await renderWithQuery(<ManualPlateForm onSubmit={onSubmit} busy={false} />);
  const input = document.querySelector<HTMLInputElement>("form.scanner-manual input")!;
  const note = document.getElementById(input.getAttribute("aria-describedby")!)!;
  const search = [...document.querySelectorAll("button")].find((b) => b.textContent === "Buscar")!;
  return { input, note, search, onSubmit };
}

describe("Digitar placa", () => {
  it("masks an old plate with its dash and a Mercosul one without, upper-case, and submits the plate unmasked", async () => {
    const { input, search, onSubmit } = await mount();
    await userEvent.click(input);
    await userEvent.keyboard("abc1234");
    await vi.waitFor(() => expect(input.value).toBe("ABC-1234"));
    await userEvent.click(search);
    expect(onSubmit).toHaveBeenLastCalledWith("ABC1234");
    await userEvent.click(input);
    await userEvent.keyboard("{Control>}a{/Control}{Backspace}");
    await userEvent.keyboard("abc1d23");
    await vi.waitFor(() => expect(input.value).toBe("ABC1D23"));
    await userEvent.click(search);
    expect(onSubmit).toHaveBeenLastCalledWith("ABC1D23");
  });

  it("refuses a short plate under the field, marked invalid, until the next key", async () => {
    const { input, note, search, onSubmit } = await mount();
    expect(note.textContent).toBe("Placa antiga (ABC-1234) ou Mercosul (ABC1D23)");
    await userEvent.click(input);
    await userEvent.keyboard("ab");
    await userEvent.click(search);
    expect(onSubmit).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(note.textContent).toBe("Informe uma placa válida: ABC-1234 ou ABC1D23."));
    expect([note.getAttribute("role"), input.getAttribute("aria-invalid")]).toEqual(["alert", "true"]);
    await userEvent.click(input);
    await userEvent.keyboard("c");
    await vi.waitFor(() => expect(input.getAttribute("aria-invalid")).toBe(null));
    expect(note.textContent).toBe("Placa antiga (ABC-1234) ou Mercosul (ABC1D23)");
  });
});
