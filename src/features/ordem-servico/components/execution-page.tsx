// OS execution page (/execucao-os/:id): loading and error states, the order's header and its evidence card (main thread).
import { useEffect, useState } from "react";
import { MSG } from "../../../config/messages.pt-BR";
import { agendaStatus } from "../../../domain/agenda-status";
import { wallClockIsoToBr } from "../../../domain/dates";
import { getAppointment, type AgendamentoDetails } from "../api/execucao";
import { EvidenceCard } from "./evidence-card";

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; details: AgendamentoDetails };

export default function ExecutionPage({ id, userId }: { id: string; userId: string }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    // The router keys this page by id, so a new order mounts a fresh page already in its loading state.
    let live = true;
    void getAppointment(id).then((res) => {
      if (!live) return;
      setLoad(res.ok && res.data?.agendamento ? { state: "ready", details: res.data } : { state: "error" });
    });
    return () => {
      live = false;
    };
  }, [id]);

  if (load.state !== "ready") {
    return (
      <section className="page">
        <h1 className="page-title">{MSG.order.title}</h1>
        {load.state === "loading"
          ? <p className="muted" role="status">{MSG.order.loading}</p>
          : <p className="form-error" role="alert">{MSG.order.loadFailed}</p>}
      </section>
    );
  }
  const { agendamento, execucao } = load.details;
  // The original backend's execucao carries no id, so its start time stands for "an execution exists".
  const status = agendaStatus(agendamento!.StatusAgendamento, execucao?.DataHoraInicio ? "started" : null);
  // The start time is Brasília wall-clock digits behind a Z (the contract's form): read literally, never converted.
  const since = wallClockIsoToBr(execucao?.DataHoraInicio);
  return (
    <section className="page">
      <header className="page-header">
        <h1 className="page-title">OS #{agendamento!.NumeroOS}</h1>
        <span className={`status-badge status-${status === "CONCLUÍDO" ? "done" : status === "PENDENTE" ? "pending" : "active"}`}>{status}</span>
        {since && <span className="muted">{MSG.order.startedAt(since)}</span>}
      </header>
      <EvidenceCard orderId={id} userId={userId} canEdit={status === "EM ANDAMENTO"} />
    </section>
  );
}
