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
import { QueryClient } from "@tanstack/react-query";
import { api, signIn } from "../workers/helpers";
import { setOutboxSession } from "../../src/lib/outbox/outbox-session";
import { startOutboxWorker, stopOutboxWorker } from "../../src/lib/outbox/outbox-bridge";
import { watchNotes } from "../../src/features/ordem-servico/note-watcher";

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
function serverAnswers() {
  window.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith(`/api/agendamentos/get-anotacoes/${ORDER}`)) return Response.json({ message: "ok", anotacoes: notes });
    return Response.json({ message: "?" }, { status: 404 });
  }) as typeof fetch;
}

afterEach(() => {
  window.fetch = realFetch;
});

const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);
const itemOf = (text: string) => [...document.querySelectorAll(".note-item")].find((li) => li.textContent?.includes(text));

describe("notes visible to the member", () => {
  it("sends visivelSocio with the note (through the outbox, to the real server) and tags such notes in the modal", async () => {
    await page.viewport(360, 800);
    // The real server and the real upload worker: the note is saved on the device and sent by the outbox (issue 50).
    const session = await signIn();
    setOutboxSession({ token: session.token, owner: { userId: session.userId, pointId: session.pointId } });
    await startOutboxWorker({ apiBase: api, dbName: `notes-${Date.now()}` });
    const serverNotes = async () =>
      (
        (
          await (
            await realFetch(`${api}/agendamentos/get-anotacoes/${session.appointment}`, { headers: { authToken: session.token } })
          ).json()
        ).anotacoes as Anotacao[]
      ).filter((n) => n.Anotacao.endsWith(tag));
    const tag = `(${Date.now().toString(36)})`;
    window.fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input), location.href);
      return realFetch(`${api}${url.pathname.replace(/^\/api/, "")}`, { headers: { authToken: session.token } });
    }) as typeof fetch;
    const client = new QueryClient();
    watchNotes(client);
    await renderWithQuery(<NotesModal orderId={session.appointment} userId={session.userId} canEdit onClose={() => {}} />, client);

    const box = document.querySelector<HTMLInputElement>(".note-member input[type=checkbox]")!;
    expect(box.checked).toBe(false);
    expect(box.closest("label")?.textContent).toBe("Visível para o sócio");
    await userEvent.click(document.querySelector("#nova-anotacao")!);
    await userEvent.keyboard(`Troca de pastilhas concluída. ${tag}`);
    await userEvent.click(box);
    await userEvent.click(button("Adicionar")!);
    await vi.waitFor(() => expect(itemOf("Troca de pastilhas")?.querySelector(".member-tag")?.textContent).toBe("Visível ao sócio"), {
      timeout: 10_000,
    });
    // The form starts over: the next note is the point's own unless marked again.
    expect(box.checked).toBe(false);
    await userEvent.click(document.querySelector("#nova-anotacao")!);
    await userEvent.keyboard(`Só para a equipe. ${tag}`);
    await userEvent.click(button("Adicionar")!);
    await vi.waitFor(() => expect(itemOf("Só para a equipe")).toBeDefined(), { timeout: 10_000 });
    expect(itemOf("Só para a equipe")!.querySelector(".member-tag")).toBeNull();
    const stored = await serverNotes();
    expect(stored.map((n) => [n.Anotacao, n.VisivelSocio])).toEqual([
      [`Troca de pastilhas concluída. ${tag}`, true],
      [`Só para a equipe. ${tag}`, false],
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
    stopOutboxWorker();
    setOutboxSession(null);
  });

  it("tags them in the modal and the OS screen's notes card", async () => {
    notes = [
      note("n1", "Peça encomendada, chega amanhã.", true, "2026-03-10T15:00:00.000Z"),
      note("n2", "Cliente pediu desconto.", false, "2026-03-10T16:00:00.000Z"),
    ];
    serverAnswers();
    await renderWithQuery(<NotesModal orderId={ORDER} userId={USER} canEdit onClose={() => {}} />);
    await vi.waitFor(() => expect(itemOf("Peça encomendada")).toBeDefined());
    expect(itemOf("Peça encomendada")!.querySelector(".member-tag")?.textContent).toBe("Visível ao sócio");
    expect(itemOf("Cliente pediu desconto")!.querySelector(".member-tag")).toBeNull();
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
