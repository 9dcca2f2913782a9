// The record of changes call (GET /auditoria), given one home because two features read it (the point's 'Registro de
// alterações' and the central console's; features do not import each other): one page of entries, newest first, and the
// query options each feature builds over its own key (main thread).
import { queryOptions, type QueryKey } from "@tanstack/react-query";
import { MSG } from "../config/messages.pt-BR";
import { call, unwrap } from "./api-client";
import * as routes from "../../contract/gen/auditoria";
import type { AuditEntity, AuditPage } from "../../contract/auditoria";

export type { AuditChange, AuditEntity, AuditEntry, AuditPage } from "../../contract/auditoria";

/** The kinds the filters offer, in the server's order (a value list here: the client imports nothing but types from contract/). */
export const AUDIT_ENTITIES: readonly AuditEntity[] = ["dado_bancario", "dados_cadastrais", "usuario", "dados_pagamento"];
export const isAuditEntity = (value: string | null | undefined): value is AuditEntity => AUDIT_ENTITIES.includes(value as AuditEntity);

export interface AuditFilter {
  /** The central only (a point's token always reads its own point). */
  idPontoAtendimento?: string;
  /** One kind, or several (read in one call). */
  entidade?: AuditEntity | readonly AuditEntity[];
  pagina?: number;
  porPagina?: number;
}

/** Entries per page on the record screens: a phone scrolls through 20 cards comfortably. */
export const AUDIT_PAGE_SIZE = 20;

export function listAuditLog(f: AuditFilter, signal?: AbortSignal) {
  const entidade = typeof f.entidade === "string" ? f.entidade : f.entidade?.join(",");
  const query = {
    pagina: String(f.pagina ?? 1),
    porPagina: String(f.porPagina ?? AUDIT_PAGE_SIZE),
    entidade,
    idPontoAtendimento: f.idPontoAtendimento,
  };
  return call(routes.listAuditLog, { query }, { signal });
}

/** One page of the record under the caller's key (each feature's factory builds it). */
export const auditPageOptions = <K extends QueryKey>(queryKey: K, f: AuditFilter) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => unwrap(await listAuditLog(f, signal), MSG.audit.loadFailed),
  });

/** How many pages `total` entries fill (at least one, so an empty record reads 'Página 1 de 1'). */
export const auditPageCount = (page: Pick<AuditPage, "total" | "porPagina">) => Math.max(1, Math.ceil(page.total / page.porPagina));
