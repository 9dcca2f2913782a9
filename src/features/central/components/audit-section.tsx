// Central do Programa — Registro de alterações (/central/registro-alteracoes): every point's record of changes (bank data,
// registration, team, the central's confirmations) newest first, with the point's name, filtered by point and kind (in the
// URL), 20 a page; the list is the point screen's own (components/audit) with the point column (main thread).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AuditFeed } from "../../../components/audit/audit-feed";
import { AuditFilterBar } from "../../../components/audit/audit-filter-bar";
import { useAuditFilters } from "../../../components/audit/audit-filters";
import { MSG } from "../../../config/messages.pt-BR";
import { auditQuery, pointsQuery } from "../query-options";

const M = MSG.audit;

export default function AuditSection() {
  const [filters, setFilters] = useAuditFilters();
  const list = useQuery({ ...auditQuery(filters), placeholderData: keepPreviousData });
  // Without the points (loading, or failed) the filter offers 'Todos os pontos' and keeps the chosen one by its id.
  const points = useQuery(pointsQuery());
  const options = (points.data ?? []).map((p) => ({ id: p.IdPontoAtendimento, name: p.NomeFantasia }));
  return (
    <section className="page audit-page">
      <header className="page-header">
        <h1 className="page-title">{M.title}</h1>
      </header>
      <p className="muted audit-intro">{M.centralIntro}</p>
      <AuditFilterBar filters={filters} onChange={setFilters} points={{ list: options, pending: points.isPending }} />
      <AuditFeed
        query={list}
        showPoint
        filtered={filters.entity !== "" || filters.point !== ""}
        onPage={(page) => setFilters({ ...filters, page })}
      />
    </section>
  );
}
