// The form hook and the field frame in real Chromium: values bound to the inputs, the domain validator's messages under their
// fields and linked by aria-describedby, the first invalid field focused (or not, on request), an edit clearing its own error
// and the form's, the server's refusal, dirty for the discard question, reset.
import { describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import { renderWithQuery } from "./render";
import { useForm } from "../../src/components/form/use-form";
import { Field } from "../../src/components/form/field";
import { isBlank, isEmail } from "../../src/domain/validators";

interface Values {
  name: string;
  email: string;
  kind: string;
}

let submitted: Values[] = [];
let latest: { dirty: boolean; touched: object; submitted: boolean } | undefined;

function Harness({ focus = true, isDirty }: { focus?: boolean; isDirty?: (v: Values, start: Values) => boolean }) {
  const form = useForm<Values>({
    initial: { name: "Ana", email: "", kind: "" },
    validate: (v) => ({
      name: isBlank(v.name) ? "Informe o nome." : undefined,
      email: isEmail(v.email) ? undefined : "E-mail inválido.",
      kind: v.kind ? undefined : "Escolha o tipo.",
    }),
    isDirty,
  });
  latest = { dirty: form.dirty, touched: form.touched, submitted: form.submitted };
  const { field, fieldId, errors } = form;
  return (
    <form onSubmit={form.handleSubmit((v) => submitted.push(v), { focus })} noValidate>
      <Field id={fieldId("name")} label="Nome" error={errors.name}>
        <input type="text" {...field("name")} />
      </Field>
      <Field id={fieldId("email")} label="E-mail" hint="Para o aviso." error={errors.email} alert>
        <input type="email" {...field("email")} />
      </Field>
      <Field id={fieldId("kind")} label="Tipo" error={errors.kind} className="wrapped">
        <select {...field("kind")}>
          <option value="">Escolha</option>
          <option value="A">A</option>
        </select>
      </Field>
      {errors.form && <p role="alert">{errors.form}</p>}
      <button type="button" onClick={() => form.fail("Recusado pelo servidor.")}>
        Recusar
      </button>
      <button type="button" onClick={() => form.reset()}>
        Limpar
      </button>
      <button type="submit">Salvar</button>
    </form>
  );
}

const input = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select")].find(
    (el) => el.labels?.[0]?.textContent === label,
  )!;
const errorOf = (label: string) => document.getElementById(input(label).getAttribute("aria-describedby")!)!;
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name)!;
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

describe("useForm and Field", () => {
  it("binds values, validates every field on submit and focuses the first invalid one", async () => {
    submitted = [];
    await renderWithQuery(<Harness />);
    expect(input("Nome").value).toBe("Ana");
    // Every control points at its own error line, empty (and hidden by the style sheet) until there is an error.
    for (const label of ["Nome", "E-mail", "Tipo"]) {
      expect(errorOf(label).className).toBe("form-error");
      expect(errorOf(label).textContent).toBe("");
      expect(input(label).hasAttribute("aria-invalid")).toBe(false);
    }
    expect(document.querySelector(".wrapped select")).toBe(input("Tipo"));
    expect(document.getElementById(`${input("E-mail").id}-hint`)?.textContent).toBe("Para o aviso.");

    await userEvent.click(button("Salvar"));
    await nextFrame();
    expect(submitted).toEqual([]);
    expect(input("Nome").hasAttribute("aria-invalid")).toBe(false);
    expect(errorOf("E-mail").textContent).toBe("E-mail inválido.");
    expect(errorOf("E-mail").getAttribute("role")).toBe("alert");
    expect(errorOf("Tipo").textContent).toBe("Escolha o tipo.");
    expect(errorOf("Tipo").hasAttribute("role")).toBe(false);
    expect(input("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("E-mail"));
    expect(latest?.submitted).toBe(true);

    // An edit clears that field's error only.
    await userEvent.keyboard("ana@oficina.com.br");
    expect(errorOf("E-mail").textContent).toBe("");
    expect(errorOf("E-mail").hasAttribute("role")).toBe(false);
    expect(errorOf("Tipo").textContent).toBe("Escolha o tipo.");
    await userEvent.selectOptions(input("Tipo"), "A");
    await userEvent.click(button("Salvar"));
    expect(submitted).toEqual([{ name: "Ana", email: "ana@oficina.com.br", kind: "A" }]);
    // Touched: the fields focus left (e-mail, left for the submit button), not the others.
    expect(latest?.touched).toEqual({ email: true });
  });

  it("leaves focus where it is when asked to, shows the server's refusal until the next edit, and resets", async () => {
    submitted = [];
    await renderWithQuery(<Harness focus={false} />);
    await userEvent.click(input("Nome"));
    await userEvent.clear(input("Nome"));
    await userEvent.click(button("Salvar"));
    await nextFrame();
    expect(errorOf("Nome").textContent).toBe("Informe o nome.");
    expect(document.activeElement).toBe(button("Salvar"));

    await userEvent.click(button("Recusar"));
    expect(document.querySelector("p[role=alert]:not(.form-error)")?.textContent).toBe("Recusado pelo servidor.");
    // The refusal replaced the field errors; any edit answers it.
    expect(errorOf("Nome").textContent).toBe("");
    await userEvent.type(input("Nome"), "B");
    expect(document.querySelector("p[role=alert]:not(.form-error)")).toBeNull();

    await userEvent.click(button("Limpar"));
    expect(input("Nome").value).toBe("Ana");
    expect(latest).toMatchObject({ dirty: false, touched: {}, submitted: false });
  });

  it("is dirty while a value differs from the initial one, or as the form's own rule says", async () => {
    await renderWithQuery(<Harness />);
    expect(latest?.dirty).toBe(false);
    await userEvent.type(input("Nome"), "x");
    expect(latest?.dirty).toBe(true);
    await userEvent.keyboard("{Backspace}");
    expect(latest?.dirty).toBe(false);
    await userEvent.selectOptions(input("Tipo"), "A");
    expect(latest?.dirty).toBe(true);
  });

  it("takes the form's own dirty rule (only what was typed counts)", async () => {
    await renderWithQuery(<Harness isDirty={(v) => !isBlank(v.email)} />);
    await userEvent.selectOptions(input("Tipo"), "A");
    expect(latest?.dirty).toBe(false);
    await userEvent.type(input("E-mail"), "  ");
    expect(latest?.dirty).toBe(false);
    await userEvent.type(input("E-mail"), "a");
    expect(latest?.dirty).toBe(true);
  });
});
