// The point's record of changes as TanStack query options, without the hooks (the router starts it with the screen's code):
// one page of the point's entries, optionally of one kind, over the shared call of src/lib/audit-log.ts (main thread).
import { auditPageOptions, type AuditEntity } from "../../lib/audit-log";
import { reuseFreshPrefetch } from "../../lib/prefetch";

export const auditKeys = {
  all: ["auditoria"] as const,
  list: (pointId: string, entity: AuditEntity | "", page: number) => ["auditoria", "list", pointId, entity, page] as const,
};

/** The point's token reads only its own point's entries: no point is sent. */
export const auditLogQuery = (pointId: string, entity: AuditEntity | "", page: number) => ({
  ...auditPageOptions(auditKeys.list(pointId, entity, page), { entidade: entity || undefined, pagina: page }),
  ...reuseFreshPrefetch,
  enabled: Boolean(pointId),
});
