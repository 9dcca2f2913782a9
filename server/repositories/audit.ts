// The record of changes, read side: one page of entries with their point's trade name, and the entry's one mapping to the
// contract (server only). The write, in the transaction of the change it records, is services/audit.ts.
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, servicePoints } from "../db/schema.ts";
import type { AuditEntry } from "../../contract/auditoria.ts";
import type { FieldChange } from "../rules/audit-fields.ts";

type AuditRow = typeof auditLog.$inferSelect;

/** An entry as /auditoria answers it. Kind and entity are written only through services/audit.ts's typed AuditEntry. */
export const toAuditEntry = ({ a, pointName }: { a: AuditRow; pointName: string | null }): AuditEntry => ({
  Id: a.id,
  DataHora: a.at.toISOString(),
  IdPontoAtendimento: a.servicePointId,
  NomeFantasia: pointName,
  TipoAutor: a.actorKind as AuditEntry["TipoAutor"],
  Autor: a.actorName,
  Entidade: a.entity as AuditEntry["Entidade"],
  IdEntidade: a.entityId,
  Acao: a.action,
  Resumo: a.summary,
  Alteracoes: (a.changes as FieldChange[]).map((c) => ({ Campo: c.campo, Antes: c.antes, Depois: c.depois })),
});

export interface AuditFilter {
  /** One point's entries; none: every point's (the central). */
  servicePointId?: string;
  entities?: string[];
  page: number;
  size: number;
}

/** One page of entries, newest first (ties by id), and how many match the filter. */
export async function auditPage(db: Db, f: AuditFilter) {
  const where: SQL | undefined = and(
    f.servicePointId ? eq(auditLog.servicePointId, f.servicePointId) : undefined,
    f.entities ? inArray(auditLog.entity, f.entities) : undefined,
  );
  const [list, [total]] = await Promise.all([
    db
      .select({ a: auditLog, pointName: servicePoints.tradeName })
      .from(auditLog)
      .leftJoin(servicePoints, eq(servicePoints.id, auditLog.servicePointId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: list.map(toAuditEntry), total: total?.n ?? 0 };
}
