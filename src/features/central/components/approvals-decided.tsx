// The "Decididas" view of Aprovações (main thread): the central's decisions on record, newest first, a page of 50 at a time with
// "Mostrando 1–50 de N": the service, the order, the decision, who took it and when, the refusal's reason, both values and
// the evidence panel; filtered by the bar above (decision, point, period of the decision, OS or plate).
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { DecidedService, PendingService } from "../api/approvals";
import { APPROVALS_LOAD_FAILED, decidedApprovalsQuery } from "../approvals-queries";
import { decidedFilterOf, DECIDED_PER_PAGE, type ApprovalFilters } from "./approvals-filters";
import { EvidenceButton, OrderCell, ServiceCell, Since, ValuesCell } from "./approvals-cells";

interface Props {
  filters: ApprovalFilters;
  onPage: (page: number) => void;
  onEvidence: (row: PendingService) => void;
}

const Badge = ({ status }: { status: "A" | "R" }) => (
  <span className={`approvals-badge is-${status === "A" ? "approved" : "refused"}`}>{M.decided.status[status]}</span>
);

export function ApprovalsDecided({ filters, onPage, onEvidence }: Props) {
  const list = useQuery(decidedApprovalsQuery(decidedFilterOf(filters)));
  const columns: Column<DecidedService>[] = [
    {
      id: "servico",
      header: `${M.columns.service} · ${M.columns.point}`,
      card: "title",
      cell: (r) => <ServiceCell row={r} />,
      cardCell: (r) => r.Servico,
    },
    { id: "decisao", header: M.columns.decision, card: "meta", cell: (r) => <Badge status={r.StatusAprovacao} /> },
    { id: "ponto", header: M.columns.point, table: false, cell: (r) => r.NomeFantasia },
    { id: "os", header: M.columns.order, cell: (r) => <OrderCell row={r} />, cardCell: (r) => `${M.os(r.NumeroOS)} · ${r.Placa}` },
    { id: "por", header: M.columns.decidedBy, cell: (r) => r.DecididoPor || "—" },
    { id: "quando", header: M.columns.decidedAt, cell: (r) => <Since iso={r.DecididoEm} /> },
    {
      id: "motivo",
      header: M.columns.reason,
      className: "approvals-wide",
      cell: (r) =>
        r.MotivoRecusa ? (
          <span className="approvals-line" title={r.MotivoRecusa}>
            {r.MotivoRecusa}
          </span>
        ) : (
          "—"
        ),
      cardCell: (r) => r.MotivoRecusa,
    },
    { id: "valores", header: M.columns.values, cell: (r) => <ValuesCell row={r} /> },
    { id: "evidencias", header: M.columns.evidence, cell: (r) => <EvidenceButton row={r} onOpen={onEvidence} /> },
  ];
  return (
    <QueryState
      query={list}
      loading={M.decided.loading}
      error={list.error?.message ?? APPROVALS_LOAD_FAILED}
      empty={M.decided.empty}
      isEmpty={(d) => d.total === 0}
    >
      {(d) => {
        const first = (d.pagina - 1) * d.porPagina + 1;
        const last = first + d.data.length - 1;
        const pages = Math.max(1, Math.ceil(d.total / DECIDED_PER_PAGE));
        return (
          <div aria-busy={list.isPlaceholderData || undefined}>
            <p className="muted approvals-count" role="status">
              {d.data.length ? M.decided.count(first, last, d.total) : M.decided.count(0, 0, 0)}
            </p>
            <ResponsiveList
              rows={d.data}
              columns={columns}
              rowKey={(r) => r.IdSocioVeiculoAgendaExecucaoServico}
              name={["approvals", "approvals-decided"]}
              label={M.decided.label}
            />
            {pages > 1 && (
              <nav className="approvals-pages" aria-label={M.decided.pages}>
                <button type="button" className="btn" disabled={filters.page <= 1} onClick={() => onPage(filters.page - 1)}>
                  {M.decided.previous}
                </button>
                <span className="muted">
                  {filters.page} / {pages}
                </span>
                <button type="button" className="btn" disabled={filters.page >= pages} onClick={() => onPage(filters.page + 1)}>
                  {M.decided.next}
                </button>
              </nav>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
