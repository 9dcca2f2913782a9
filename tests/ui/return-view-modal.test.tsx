// 'Detalhes do Retorno' on a 360 px phone (issue 50: its values were cut at the dialog's edge): every value inside the dialog,
// long ones wrapped; the labels above their values; axe clean (real Chromium, the app's stylesheet).
import { describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import { ReturnViewModal } from "../../src/features/retornos/components/return-view-modal";
import type { RetornoServico } from "../../src/features/retornos/api/retornos";
import "../../src/styles.css";

const row: RetornoServico = {
  IdRetornoServico: "r1",
  Tipo: "OUTROS",
  Descricao: "O volante voltou a puxar para a direita depois de uma semana, principalmente acima de 80 km/h na BR-101.",
  Videos: null,
  Fotos: null,
  IdSocioVeiculoAgenda: "a1",
  IdSocioVeiculo: "v1",
  IdServico: null,
  IdFinanceiroEspelho: null,
  Status: "A",
  MotivoStatus: null,
  DataLog: "2026-12-01 13:05:56.743+00",
  PlacaVeiculo: "JOG9221",
  NomeServico: "Alinhamento e balanceamento computadorizado das quatro rodas",
  NomeSocio: "Maria Aparecida dos Santos Albuquerque Cavalcanti",
  NumeroOS: 10042,
  DataAgendamento: "2026-11-20T00:00:00.000Z",
  Origem: "socio",
};

describe("Detalhes do Retorno", () => {
  it("keeps every value inside the dialog at 360 px, wrapped under its label", async () => {
    await page.viewport(360, 740);
    await renderWithQuery(<ReturnViewModal row={row} onClose={() => {}} />);
    const dialog = await page.getByRole("dialog", { name: "Detalhes do Retorno" }).element();
    const edge = dialog.getBoundingClientRect().right;
    const values = [...dialog.querySelectorAll<HTMLElement>(".returns-details dd")];
    expect(values.map((v) => v.textContent)).toContain("ALINHAMENTO E BALANCEAMENTO COMPUTADORIZADO DAS QUATRO RODAS");
    const cut = values.filter((v) => v.getBoundingClientRect().right > edge || v.scrollWidth > v.clientWidth + 1);
    expect(cut.map((v) => v.textContent)).toEqual([]);
    // Each label above its value: the value starts at the label's left edge, below it.
    const label = dialog.querySelector<HTMLElement>(".returns-details dt")!.getBoundingClientRect();
    const value = values[0]!.getBoundingClientRect();
    expect([Math.round(value.left), value.top >= label.bottom - 1]).toEqual([Math.round(label.left), true]);
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
