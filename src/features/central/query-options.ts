// The Central console's queries (keys, calls, parsing) as TanStack query options (main thread).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { CENTRAL_MSG } from "../../config/messages/central.pt-BR";
import { unwrap } from "../../lib/api-client";
import { auditPageOptions, listAuditLog, type AuditEntity, type AuditEntry } from "../../lib/audit-log";
import { getHistory, getPayee, getPoint, listPoints, type PayoutFilter } from "./api/central";

export const CENTRAL_LOAD_FAILED = "Não foi possível carregar os dados da central. Tente novamente.";

export const centralKeys = {
  all: ["central"] as const,
  payouts: (f: PayoutFilter) => ["central", "pagamentos", f] as const,
  points: () => ["central", "pontos"] as const,
  point: (id: string) => ["central", "pontos", id] as const,
  history: (id: string) => ["central", "historico", id] as const,
  /** Every page of the record of changes, whatever its filters. */
  audits: () => ["central", "auditoria"] as const,
  audit: (f: AuditListFilter) => ["central", "auditoria", f] as const,
  payee: (pointId: string) => ["central", "dados-pagamento", pointId] as const,
  payeeAudit: (pointId: string) => ["central", "auditoria", "dados-pagamento", pointId] as const,
};

export interface AuditListFilter {
  point: string;
  entity: AuditEntity | "";
  page: number;
}

export const pointsQuery = () =>
  queryOptions({
    queryKey: centralKeys.points(),
    queryFn: async ({ signal }) => unwrap(await listPoints(signal), CENTRAL_LOAD_FAILED).data,
  });

export const pointQuery = (id: string) =>
  queryOptions({
    queryKey: centralKeys.point(id),
    queryFn: async ({ signal }) => unwrap(await getPoint(id, signal), CENTRAL_LOAD_FAILED).data,
    enabled: Boolean(id),
  });

export const historyQuery = (id: string) =>
  queryOptions({
    queryKey: centralKeys.history(id),
    queryFn: async ({ signal }) => unwrap(await getHistory(id, signal), CENTRAL_LOAD_FAILED).data,
    enabled: Boolean(id),
  });

/** One page of every point's record of changes (or one point's), optionally of one kind. */
export const auditQuery = (f: AuditListFilter) =>
  auditPageOptions(centralKeys.audit(f), { idPontoAtendimento: f.point || undefined, entidade: f.entity || undefined, pagina: f.page });

export const payeeQuery = (pointId: string) =>
  queryOptions({
    queryKey: centralKeys.payee(pointId),
    queryFn: async ({ signal }) => unwrap(await getPayee(pointId, signal), CENTRAL_MSG.payee.loadFailed).data,
    enabled: Boolean(pointId),
  });

/** The kinds of change that move a point's payouts: its bank data, its CNPJ or company name, and the central's confirmations. */
const PAYEE_ENTITIES: readonly AuditEntity[] = ["dado_bancario", "dados_cadastrais", "dados_pagamento"];
const RECENT = 10;

/** The point's latest changes of payment data, what the central reads before confirming, newest first (one call). */
export const payeeAuditQuery = (pointId: string) =>
  queryOptions({
    queryKey: centralKeys.payeeAudit(pointId),
    queryFn: async ({ signal }): Promise<AuditEntry[]> =>
      unwrap(await listAuditLog({ idPontoAtendimento: pointId, entidade: PAYEE_ENTITIES, porPagina: RECENT }, signal), MSG.audit.loadFailed)
        .data,
    enabled: Boolean(pointId),
  });
