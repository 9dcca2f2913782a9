// Aprovações (/central/aprovacoes): services awaiting approval across all points, oldest first, filterable by point and
// period, each with its order's context and evidence, the attendant's reason and the files attached to the service; approve, or
// reject with a required note (main thread).
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { Modal } from "../../../components/ui/modal";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { formatBRL } from "../../../domain/format";
import { isoToBr } from "../../../domain/dates";
import { toast } from "../../../lib/toast";
import { approvalsQuery, historyQuery, pointsQuery, CENTRAL_LOAD_FAILED } from "../query-options";
import { centralFileUrl, type PendingService } from "../api/central";
import { useApproveService, useRejectService } from "../api/use-approval-mutations";
import { dateTimeText } from "../../../lib/br-format";

const ACTIONS: Record<string, string> = {
  aprovar: "Aprovado",
  recusar: "Recusado",
  pagar: "Pago",
  "desfazer-pagamento": "Pagamento desfeito",
};

export function ApprovalsSection() {
  const [point, setPoint] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filter = useMemo(
    () => ({ idPontoAtendimento: point || undefined, dataInicio: from || undefined, dataFim: to || undefined }),
    [point, from, to],
  );
  const list = useQuery({ ...approvalsQuery(filter), refetchInterval: 30_000 });
  const points = useQuery(pointsQuery());
  const [evidence, setEvidence] = useState<PendingService | null>(null);
  const [rejecting, setRejecting] = useState<PendingService | null>(null);
  const [history, setHistory] = useState<PendingService | null>(null);
  const approve = useApproveService({
    onSuccess: (res) => toast.success(res.message),
    onError: (err) => toast.error(err.message),
  });

  const columns: Column<PendingService>[] = [
    { id: "servico", header: "Serviço", cell: (r) => r.Servico, card: "title" },
    { id: "ponto", header: "Ponto", cell: (r) => r.NomeFantasia },
    { id: "os", header: "OS", cell: (r) => r.NumeroOS },
    { id: "veiculo", header: "Veículo", cell: (r) => `${r.Veiculo} · ${r.Placa}` },
    { id: "valor", header: "Valor", cell: (r) => formatBRL(Number(r.Valor)) },
    { id: "nota", header: "Motivo do ponto", cell: (r) => r.ObservacoesCredenciado || "—" },
    { id: "arquivos", header: "Arquivos do serviço", cell: (r) => <ServiceFiles item={r} /> },
    { id: "data", header: "Solicitado em", cell: (r) => dateTimeText(r.DataSolicitacao) },
  ];

  return (
    <section className="page central-approvals" aria-labelledby="central-approvals-title">
      <h1 className="page-title" id="central-approvals-title">
        Aprovações
      </h1>
      <form className="central-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filtros das aprovações">
        <label>
          Ponto
          <select value={point} onChange={(e) => setPoint(e.target.value)}>
            <option value="">Todos os pontos</option>
            {(points.data ?? []).map((p) => (
              <option key={p.IdPontoAtendimento} value={p.IdPontoAtendimento}>
                {p.NomeFantasia}
              </option>
            ))}
          </select>
        </label>
        <label>
          Data inicial
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          Data final
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </form>
      <QueryState
        query={list}
        loading="Carregando serviços aguardando aprovação..."
        error={CENTRAL_LOAD_FAILED}
        empty="Nenhum serviço aguardando aprovação."
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <>
            <p className="muted" role="status">
              {rows.length === 1 ? "1 serviço aguardando aprovação" : `${rows.length} serviços aguardando aprovação`}
            </p>
            <ResponsiveList
              rows={rows}
              columns={columns}
              rowKey={(r) => r.IdSocioVeiculoAgendaExecucaoServico}
              name={["agenda", "central-approval"]}
              label="Serviços aguardando aprovação"
              actionsHeader="Ações"
              actions={(r) => (
                <div className="central-actions">
                  <button type="button" className="btn btn-secondary" onClick={() => setEvidence(r)}>
                    Evidências da OS {r.NumeroOS}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={approve.isPending && approve.variables === r.IdSocioVeiculoAgendaExecucaoServico}
                    onClick={() => approve.mutate(r.IdSocioVeiculoAgendaExecucaoServico)}
                  >
                    Aprovar {r.Servico}
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => setRejecting(r)}>
                    Recusar {r.Servico}
                  </button>
                  <button type="button" className="btn btn-link" onClick={() => setHistory(r)}>
                    Histórico
                  </button>
                </div>
              )}
            />
          </>
        )}
      </QueryState>
      {evidence && <EvidenceModal item={evidence} onClose={() => setEvidence(null)} />}
      {rejecting && <RejectModal item={rejecting} onClose={() => setRejecting(null)} />}
      {history && (
        <HistoryModal id={history.IdSocioVeiculoAgendaExecucaoServico} title={history.Servico} onClose={() => setHistory(null)} />
      )}
    </section>
  );
}

/** The photos and video the attendant attached to this service, as links that open them (the central's file route). */
function ServiceFiles({ item }: { item: PendingService }) {
  const photos = item.FotosServico ?? [];
  if (photos.length === 0 && !item.VideoServico) return <span className="muted">Nenhum arquivo</span>;
  return (
    <ul className="central-service-files">
      {photos.map((f, i) => (
        <li key={f}>
          <a href={centralFileUrl(f)} target="_blank" rel="noopener noreferrer">
            Foto {i + 1} de {item.Servico}
          </a>
        </li>
      ))}
      {item.VideoServico && (
        <li>
          <a href={centralFileUrl(item.VideoServico)} target="_blank" rel="noopener noreferrer">
            Vídeo de {item.Servico}
          </a>
        </li>
      )}
    </ul>
  );
}

function EvidenceModal({ item, onClose }: { item: PendingService; onClose: () => void }) {
  return (
    <Modal open title={`Evidências da OS ${item.NumeroOS}`} onClose={onClose}>
      <p>
        {item.NomeFantasia} · {item.Veiculo} · {item.Placa} · agendada para {isoToBr(item.DataAgendamento ?? "")}
      </p>
      <h3>Vídeo inicial</h3>
      {item.VideoInicial ? (
        <video
          className="central-video"
          src={centralFileUrl(item.VideoInicial)}
          controls
          preload="metadata"
          aria-label="Vídeo inicial da OS"
        />
      ) : (
        <p className="muted">A OS não tem vídeo inicial.</p>
      )}
      <h3>Fotos</h3>
      {item.Fotos.length === 0 ? (
        <p className="muted">Nenhuma foto.</p>
      ) : (
        <ul className="central-photos">
          {item.Fotos.map((f, i) => (
            <li key={f}>
              <a href={centralFileUrl(f)} target="_blank" rel="noopener noreferrer">
                <img src={centralFileUrl(f)} alt={`Foto ${i + 1} da OS ${item.NumeroOS}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3>Anotações</h3>
      {item.Anotacoes.length === 0 ? (
        <p className="muted">Nenhuma anotação.</p>
      ) : (
        <ul>
          {item.Anotacoes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

function RejectModal({ item, onClose }: { item: PendingService; onClose: () => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const reject = useRejectService({
    onSuccess: (res) => {
      toast.success(res.message);
      onClose();
    },
    onError: (err) => setError(err.message),
  });
  const submit = () => {
    if (!note.trim()) return setError("Informe o motivo da recusa.");
    setError("");
    reject.mutate({ id: item.IdSocioVeiculoAgendaExecucaoServico, note: note.trim() });
  };
  return (
    <Modal
      open
      title={`Recusar ${item.Servico}`}
      onClose={onClose}
      preventClose={reject.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={reject.isPending}>
            Voltar
          </button>
          <button type="button" className="btn btn-danger" onClick={submit} disabled={reject.isPending}>
            {reject.isPending ? "Recusando..." : "Recusar serviço"}
          </button>
        </>
      }
    >
      <p>
        OS {item.NumeroOS} · {item.NomeFantasia}. O motivo aparece para o ponto na tela da OS.
      </p>
      <label htmlFor="central-reject-note">Motivo da recusa</label>
      <textarea
        id="central-reject-note"
        value={note}
        maxLength={1000}
        rows={4}
        onChange={(e) => setNote(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "central-reject-error" : undefined}
      />
      {error && (
        <p className="field-error" id="central-reject-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

export function HistoryModal({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const history = useQuery(historyQuery(id));
  return (
    <Modal open title={`Histórico: ${title}`} onClose={onClose}>
      <QueryState
        query={history}
        loading="Carregando histórico..."
        error={CENTRAL_LOAD_FAILED}
        empty="Nenhuma ação registrada."
        isEmpty={(rows) => rows.length === 0}
        variant="card"
      >
        {(rows) => (
          <ul className="central-history">
            {rows.map((h, i) => (
              <li key={i}>
                <strong>{ACTIONS[h.Acao] ?? h.Acao}</strong> por {h.Usuario} em {dateTimeText(h.DataHora)}
                {h.Observacao ? `: ${h.Observacao}` : ""}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Modal>
  );
}
