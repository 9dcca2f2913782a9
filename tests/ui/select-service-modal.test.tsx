// The OS's 'Adicionar serviço' form in real Chromium, before any call: a missing service said in the form's error region the
// select points to, the reason required for a service the central approves (its error an alert linked after the hint and the
// counter, cleared by typing, focus left where it was), and the discard question on Escape only once something was typed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { renderWithQuery } from "./render";
import { SelectServiceModal } from "../../src/features/ordem-servico/components/select-service-modal";
import type { AppointmentDetails } from "../../src/features/ordem-servico/api/order";
import "../../src/styles.css";

const POINT = "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const realFetch = window.fetch;
const realConfirm = window.confirm;
const service = (id: string, label: string, central: boolean) => ({
  IdServico: id,
  value: id,
  label,
  description: null,
  TipoVeiculo: "CARRO",
  FornecidoPelaVcar: "N",
  LimiteAnual: 0,
  Garantia: 0,
  ValorRepasse: 80,
  AprovacaoCentral: central,
});
const details = {
  agendamento: { IdSocioVeiculoAgenda: "ag-1" },
  socioVeiculo: { IdSocioVeiculo: "veic-1", TipoVeiculo: "CARRO" },
} as unknown as AppointmentDetails;

let calls: string[] = [];
function serverAnswers() {
  calls = [];
  window.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith(`/ponto-atendimento/servicos/${POINT}`)) {
      return Response.json({ servicos: [service("s1", "ALINHAMENTO - CARRO", true), service("s2", "BALANCEAMENTO - CARRO", false)] });
    }
    return Response.json({ message: "?" }, { status: 404 });
  }) as typeof fetch;
}
afterEach(() => {
  window.fetch = realFetch;
  window.confirm = realConfirm;
});

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name)!;
const reason = () => document.querySelector<HTMLTextAreaElement>("textarea")!;
const describedBy = (el: Element) => (el.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id));

async function open(onClose = () => {}) {
  serverAnswers();
  await renderWithQuery(<SelectServiceModal details={details} userId="u-1" pointId={POINT} linked={[]} onClose={onClose} />);
  return vi.waitFor(() => {
    const box = document.querySelector<HTMLInputElement>("input[role=combobox]");
    if (!box) throw new Error("catalogue not shown");
    return box;
  });
}

describe("select-service form", () => {
  it("asks for a service, then for the reason the central reads, with the error linked to the textarea", async () => {
    const combo = await open();
    await userEvent.click(button("Adicionar"));
    const errorRegion = document.querySelector(".select-service-form p.form-error[role=alert]:last-child")!;
    expect(errorRegion.textContent).toBe("Selecione um serviço.");
    expect(describedBy(combo)).toEqual([errorRegion]);

    await userEvent.click(combo);
    await userEvent.click([...document.querySelectorAll("[role=option]")].find((o) => o.textContent === "ALINHAMENTO - CARRO")!);
    expect(errorRegion.textContent).toBe("");
    const label = reason().labels![0];
    expect(label.className).toBe("select-service-label");
    expect(label.textContent).toBe("Motivo *");
    expect(reason().required).toBe(true);
    const [hint, counter] = describedBy(reason());
    expect(hint?.textContent).toMatch(/^Explique por que este serviço é necessário/);
    expect(counter?.textContent).toBe("0/500 caracteres");

    await userEvent.click(button("Adicionar"));
    expect(reason().getAttribute("aria-invalid")).toBe("true");
    const [, , error] = describedBy(reason());
    expect(error?.textContent).toBe("Informe o motivo do serviço.");
    expect(error?.getAttribute("role")).toBe("alert");
    expect(document.activeElement).toBe(button("Adicionar"));

    await userEvent.type(reason(), "Folga na direção.");
    expect(reason().hasAttribute("aria-invalid")).toBe(false);
    expect(describedBy(reason()).map((p) => p?.textContent)).toEqual([hint?.textContent, "17/500 caracteres"]);
    expect(document.body.textContent).not.toContain("Informe o motivo do serviço.");
    // Nothing was sent: only the catalogue was asked for.
    expect(calls.every((u) => u.endsWith(`/ponto-atendimento/servicos/${POINT}`))).toBe(true);
  });

  it("does not require the reason of a service the central does not approve", async () => {
    const combo = await open();
    await userEvent.click(combo);
    await userEvent.click([...document.querySelectorAll("[role=option]")].find((o) => o.textContent === "BALANCEAMENTO - CARRO")!);
    expect(reason().labels![0].textContent).toBe("Motivo");
    expect(reason().required).toBe(false);
  });

  it("closes on Escape at once while empty, and asks first once a reason is typed", async () => {
    const onClose = vi.fn();
    const confirm = vi.fn(() => false);
    window.confirm = confirm;
    await open(onClose);
    await userEvent.keyboard("{Escape}");
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(reason(), "  ");
    await userEvent.keyboard("{Escape}");
    expect(confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(2);

    await userEvent.type(reason(), "Barulho");
    await userEvent.keyboard("{Escape}");
    expect(confirm).toHaveBeenCalledWith("Descartar o que você preencheu? Toque em Cancelar para continuar editando.");
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
