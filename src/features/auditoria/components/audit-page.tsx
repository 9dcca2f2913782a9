// Registro de alterações (/registro-alteracoes): the point's record of changes for its administrators (the route's gate shows
// anyone else that the screen is restricted; the server refuses them too): who changed the bank data, the registration data
// or the team, and the central's confirmations, newest first, filtered by kind (in the URL), 20 a page (main thread).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AuditFeed } from "../../../components/audit/audit-feed";
import { AuditFilterBar } from "../../../components/audit/audit-filter-bar";
import { useAuditFilters } from "../../../components/audit/audit-filters";
import { MSG } from "../../../config/messages.pt-BR";
import { auditLogQuery } from "../query-options";

export interface AuditPageProps {
  pointId: string;
  userId: string;
}

const M = MSG.audit;

export default function AuditPage({ pointId }: AuditPageProps) {
  const [filters, setFilters] = useAuditFilters();
  const list = useQuery({ ...auditLogQuery(pointId, filters.entity, filters.page), placeholderData: keepPreviousData });
  return (
    <section className="page audit-page">
      <header className="page-header">
        <h1 className="page-title">{M.title}</h1>
      </header>
      <p className="muted audit-intro">{M.intro}</p>
      <AuditFilterBar filters={filters} onChange={setFilters} />
      <AuditFeed query={list} filtered={filters.entity !== ""} onPage={(page) => setFilters({ ...filters, page })} />
    </section>
  );
}
