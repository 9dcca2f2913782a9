// The central's decision reaches the OS screen and the bell together (issue 50), in real Chromium: when the screen's list of
// services shows a decision it did not show before, the notifications are asked at once, so the decision's toast comes with
// the screen's 'Aprovado', not at the bell's next 30 s poll.
import { afterEach, describe, expect, it, vi } from "vitest";
import { useQuery, QueryClient } from "@tanstack/react-query";
import { ToastContainer } from "react-toastify";
import { renderWithQuery } from "./render";
import { act } from "./act";
import { decidedSince, useDecisionReachesBell } from "../../src/features/ordem-servico/decision-sync";
import { linkedServicesQuery } from "../../src/features/ordem-servico/query-options";
import { NotificationToasts } from "../../src/features/notificacoes/components/notification-toasts";
import type { LinkedService } from "../../src/features/ordem-servico/api/order";
import type { Notificacao } from "../../src/features/notificacoes/api/notificacoes";

const ORDER = "8a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const USER = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
const realFetch = window.fetch;

const service = (id: string, status: "P" | "A" | "R") => ({ id, status, StatusAprovacao: status }) as unknown as LinkedService;
const approval = (at: string): Notificacao => ({
  IdNotificacao: "n-aprovado",
  Tipo: "aprovado",
  Titulo: "Serviço aprovado",
  Conteudo: "OS 1042: ALINHAMENTO E BALANCEAMENTO",
  Motivo: null,
  Autor: "Central",
  IdSocioVeiculoAgenda: ORDER,
  NumeroOS: 1042,
  DataHora: at,
  Lida: false,
});

afterEach(() => {
  window.fetch = realFetch;
  localStorage.clear();
});

function Screen() {
  const linked = useQuery(linkedServicesQuery(ORDER));
  useDecisionReachesBell(linked.data);
  return (
    <>
      <p className="status">{linked.data?.map((s) => s.StatusAprovacao).join(",")}</p>
      <NotificationToasts userId={USER} />
      <ToastContainer />
    </>
  );
}

describe("a decision reaches the screen and the bell together", () => {
  it("tells only a service that was pending and is now decided", () => {
    expect(decidedSince(undefined, [service("s1", "A")])).toBe(false);
    expect(decidedSince([service("s1", "P")], [service("s1", "P")])).toBe(false);
    expect(decidedSince([service("s1", "P")], [service("s1", "A")])).toBe(true);
    expect(decidedSince([service("s1", "P")], [service("s1", "R")])).toBe(true);
    expect(decidedSince([service("s1", "A")], [service("s1", "A"), service("s2", "P")])).toBe(false);
  });

  it("asks the notifications as soon as the services list shows the approval, and toasts it then", async () => {
    let decided = false;
    const notificationCalls: number[] = [];
    window.fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes(`/servicos-vinculados/${ORDER}`)) return Response.json({ servicos: [service("s1", decided ? "A" : "P")] });
      if (url.includes("/notificacoes?")) {
        notificationCalls.push(Date.now());
        return Response.json({ data: decided ? [approval(new Date().toISOString())] : [], proxima: null, naoLidas: decided ? 1 : 0 });
      }
      return Response.json({ message: "?" }, { status: 404 });
    }) as typeof fetch;
    const client = new QueryClient();
    await renderWithQuery(<Screen />, client);
    await vi.waitFor(() => expect(document.querySelector(".status")?.textContent).toBe("P"));
    await vi.waitFor(() => expect(notificationCalls).toHaveLength(1));
    // The central approves; the screen's list learns it first (its own poll), the bell's 30 s poll is far away.
    decided = true;
    const shownAt = Date.now();
    await act(() => client.invalidateQueries({ queryKey: linkedServicesQuery(ORDER).queryKey }));
    await vi.waitFor(() => expect(document.querySelector(".status")?.textContent).toBe("A"));
    await vi.waitFor(() => expect(document.body.textContent).toContain("Serviço aprovado. OS 1042: ALINHAMENTO E BALANCEAMENTO"), {
      timeout: 3_000,
    });
    expect(notificationCalls).toHaveLength(2);
    expect(notificationCalls[1]! - shownAt).toBeLessThan(2_000);
  });
});
