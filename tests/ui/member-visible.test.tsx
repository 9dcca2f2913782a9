// What the point sees of the member's side (issue 39), in real Chromium with the app's stylesheet: a note added as 'Visível
// para o sócio' sends visivelSocio and such notes carry the 'Visível ao sócio' tag (notes modal and card); a return the member
// asked for shows 'Pedido pelo sócio' in the Retorno de Serviço list, cards and table; axe clean.
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations } from "./axe";
import { renderWithQuery } from "./render";
import { NotesModal } from "../../src/features/ordem-servico/components/notes-modal";
import { NotesCard } from "../../src/features/ordem-servico/components/notes-card";
import { ReturnsList } from "../../src/features/retornos/components/returns-list";
import type { Anotacao } from "../../contract/evidencias";
import type { RetornoServico } from "../../contract/retorno-servico";
import "../../src/styles.css";

const ORDER = "8a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const USER = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
const realFetch = window.fetch;

const note = (id: string, text: string, visible: boolean, at: string): Anotacao => ({
  IdSocioVeiculoAgendaExecucaoAnotacao: id,
  IdSocioVeiculoAgenda: ORDER,
  IdUsuario: USER,
  DataLog: at,
  Anotacao: text,
  VisivelSocio: visible,
});

let notes: Anotacao[];
const posted: Record<string, unknown>[] = [];
function serverAnswers() {
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/api/agendamentos/get-anotacoes/${ORDER}`)) return Response.json({ message: "ok", anotacoes: notes });
    if (url.endsWith("/api/agendamentos/adicionar-anotacao")) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push(body);
      notes = [...notes, note(`n${notes.length + 1}`, String(body.anotacao), body.visivelSocio === true, "2026-03-10T18:00:00.000Z")];
      return Response.json({ message: "Anotação adicionada", IdSocioVeiculoAgendaExecucaoAnotacao: `n${notes.length}` });
    }
    return Response.json({ message: "?" }, { status: 404 });
  }) as typeof fetch;
}

afterEach(() => {
  window.fetch = realFetch;
  posted.length = 0;
});

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);
const itemOf = (text: string) => [...document.querySelectorAll(".note-item")].find((li) => li.textContent?.includes(text));

describe("notes visible to the member", () => {
  it("sends visivelSocio with the note and tags such notes, in the modal and on the card", async () => {
    await page.viewport(360, 800);
    notes = [
      note("n1", "Peça encomendada, chega amanhã.", true, "2026-03-10T15:00:00.000Z"),
      note("n2", "Cliente pediu desconto.", false, "2026-03-10T16:00:00.000Z"),
    ];
    serverAnswers();
    await renderWithQuery(<NotesModal orderId={ORDER} userId={USER} canEdit onClose={() => {}} />);
    await vi.waitFor(() => expect(itemOf("Peça encomendada")).toBeDefined());
    expect(itemOf("Peça encomendada")!.querySelector(".member-tag")?.textContent).toBe("Visível ao sócio");
    expect(itemOf("Cliente pediu desconto")!.querySelector(".member-tag")).toBeNull();

    const box = document.querySelector<HTMLInputElement>(".note-member input[type=checkbox]")!;
    expect(box.checked).toBe(false);
    expect(box.closest("label")?.textContent).toBe("Visível para o sócio");
    await userEvent.click(document.querySelector("#nova-anotacao")!);
    await userEvent.keyboard("Troca de pastilhas concluída.");
    await userEvent.click(box);
    await userEvent.click(button("Adicionar")!);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ idSocioVeiculoAgenda: ORDER, anotacao: "Troca de pastilhas concluída.", visivelSocio: true });
    await vi.waitFor(() => expect(itemOf("Troca de pastilhas")?.querySelector(".member-tag")?.textContent).toBe("Visível ao sócio"));
    // The form starts over: the next note is the point's own unless marked again.
    await vi.waitFor(() => expect(box.checked).toBe(false));
    await userEvent.click(document.querySelector("#nova-anotacao")!);
    await userEvent.keyboard("Só para a equipe.");
    await userEvent.click(button("Adicionar")!);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ anotacao: "Só para a equipe.", visivelSocio: false });
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("tags them on the OS screen's notes card", async () => {
    notes = [note("n1", "Peça encomendada, chega amanhã.", true, "2026-03-10T15:00:00.000Z")];
    serverAnswers();
    await renderWithQuery(
      <main>
        <h1>OS #1042</h1>
        <NotesCard orderId={ORDER} userId={USER} canEdit />
      </main>,
    );
    await vi.waitFor(() => expect(itemOf("Peça encomendada")?.querySelector(".member-tag")?.textContent).toBe("Visível ao sócio"));
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

const ret = (id: string, origem: "ponto" | "socio", numero: number): RetornoServico => ({
  IdRetornoServico: id,
  Tipo: "OUTROS",
  Descricao: "Barulho na suspensão depois do serviço.",
  Videos: null,
  Fotos: null,
  IdSocioVeiculoAgenda: ORDER,
  IdSocioVeiculo: "veic-1",
  IdServico: 1,
  IdFinanceiroEspelho: null,
  Status: "A",
  MotivoStatus: null,
  DataLog: "2026-03-12 13:00:00.000+00",
  PlacaVeiculo: "ABC1234",
  NomeServico: "Suspensão",
  NomeSocio: "Ana Souza",
  NumeroOS: numero,
  DataAgendamento: "2026-03-10T00:00:00.000Z",
  Origem: origem,
});

describe("returns asked by the member", () => {
  for (const width of [360, 1100]) {
    it(`shows 'Pedido pelo sócio' on the member's return only (${width} px)`, async () => {
      await page.viewport(width, 800);
      await renderWithQuery(
        <main>
          <h1>Retorno de Serviço</h1>
          <ReturnsList rows={[ret("r1", "socio", 1042), ret("r2", "ponto", 1043)]} onAction={() => {}} />
        </main>,
      );
      const rows = await vi.waitFor(() => {
        const found = [...document.querySelectorAll(width < 1024 ? "ul.agenda-cards > li" : "table.agenda-table tbody tr")];
        if (found.length !== 2) throw new Error("rows not rendered");
        return found;
      });
      expect(rows[0].querySelector(".member-tag")?.textContent).toBe("Pedido pelo sócio");
      expect(rows[1].querySelector(".member-tag")).toBeNull();
      expect(await axeViolations(document.body)).toEqual([]);
    });
  }
});
