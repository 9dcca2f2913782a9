// The /auditoria route of the contract: the record of changes, newest first, paged, for a point's administrators (their point)
// and the central (every point) (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { int, list, MAX, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** What an entry is about: bank data, registration data, a team user, the central's confirmation of the payment data. */
export const AUDIT_ENTITIES = ["dado_bancario", "dados_cadastrais", "usuario", "dados_pagamento"] as const;
/** Who made a change: a user of the point, the program's central staff, or the system. */
export const AUDIT_AUTHOR_KINDS = ["ponto", "central", "sistema"] as const;

/** One field's change; sensitive values come masked ('••••1234'). */
export const AuditChange = obj({
  Campo: str("the field's pt-BR label"),
  Antes: strOrNull("the value before; null: created"),
  Depois: strOrNull("the value after; null: removed"),
});

export const AuditEntry = obj({
  Id: int("the record's sequence number (newer entries have greater ones)"),
  DataHora: str("ISO instant"),
  IdPontoAtendimento: strOrNull("the point concerned; null for a change of no point"),
  NomeFantasia: strOrNull("that point's trade name"),
  TipoAutor: oneOf(AUDIT_AUTHOR_KINDS, "ponto (a user of the point), central (the program's staff) or sistema"),
  Autor: str("the author's name when the change was made"),
  Entidade: oneOf(AUDIT_ENTITIES, "what the entry is about"),
  IdEntidade: strOrNull("the id of the changed thing"),
  Acao: str("criar, editar, excluir, selecionar, desativar, reativar, link_acesso, confirmar"),
  Resumo: str("a pt-BR sentence written by the server"),
  Alteracoes: list(AuditChange),
});

export const AuditPage = obj({
  data: list(AuditEntry),
  pagina: int("this page (from 1)"),
  porPagina: int("entries per page (at most 100)"),
  total: int("entries matching the filter, all pages"),
});

const entityList = `^(${AUDIT_ENTITIES.join("|")})(,(${AUDIT_ENTITIES.join("|")}))*$`;

export const listAuditLog = defineRoute({
  method: "GET",
  url: "/auditoria",
  summary: "The record of changes, newest first, paged: a point's administrators read their point's, the central every point's.",
  access: "point-or-central",
  querystring: Type.Object({
    /** Page number, from 1 (default 1). */
    pagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,5}$" })),
    /** Entries per page (default 50, at most 100). */
    porPagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,2}$" })),
    /** The central: one point's entries; a point's token: its own id only. */
    idPontoAtendimento: Type.Optional(Type.String({ maxLength: MAX.param })),
    /** One kind, or several separated by commas (the central's check of a point's payment data reads three). */
    entidade: Type.Optional(Type.String({ maxLength: MAX.param, pattern: entityList })),
  }),
  response: { 200: AuditPage },
  errors: { 403: "a point's user who is not an administrator", 404: "another point's id, or an unknown point (central)" },
});

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditChange = Static<typeof AuditChange>;
export type AuditEntry = Static<typeof AuditEntry>;
export type AuditPage = Static<typeof AuditPage>;
