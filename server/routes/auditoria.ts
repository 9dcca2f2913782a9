// GET /auditoria: the record of changes, newest first, paged. A point's administrators read their point's entries; the
// central reads every point's and may filter by one (?idPontoAtendimento=). Either kind of token is accepted (server only).
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { RouteDeps } from "./deps.ts";
import { auditLog, servicePoints } from "../db/schema.ts";
import { isUuid } from "../lib/db-rows.ts";
import { HttpError } from "../lib/http-errors.ts";
import { MAX } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { findSession, readToken, UNAUTHORIZED, type AuthContext } from "../plugins/auth.ts";
import { findCentralSession, type CentralContext } from "../plugins/central-auth.ts";
import { assertAdministrator } from "../plugins/roles.ts";
import type { FieldChange } from "../services/audit.ts";

export const AUDIT_PAGE_SIZE = 50;
const ENTITIES = ["dado_bancario", "dados_cadastrais", "usuario", "dados_pagamento"] as const;

const AuditQuery = Type.Object({
  pagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,5}$" })),
  porPagina: Type.Optional(Type.String({ maxLength: MAX.short, pattern: "^[1-9]\\d{0,2}$" })),
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: MAX.param })),
  /** One kind, or several separated by commas (the central's check of a point's payment data reads three). */
  entidade: Type.Optional(Type.String({ maxLength: MAX.param, pattern: `^(${ENTITIES.join("|")})(,(${ENTITIES.join("|")}))*$` })),
});

declare module "fastify" {
  interface FastifyRequest {
    /** Set on the routes that take either a point's or the central's token: which one signed in. */
    viewer: { point: AuthContext } | { central: CentralContext };
  }
}

export async function auditoriaRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.decorateRequest("viewer", null as never);
  if (!app.hasRequestDecorator("auth")) app.decorateRequest("auth", null as unknown as AuthContext);
  if (!app.hasRequestDecorator("central")) app.decorateRequest("central", null as unknown as CentralContext);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request);
    const point = token ? await findSession(db, token) : undefined;
    if (point) {
      request.auth = point;
      request.viewer = { point };
      return;
    }
    const central = token ? await findCentralSession(db, token) : undefined;
    if (!central) return reply.code(401).send(UNAUTHORIZED);
    request.central = central;
    request.viewer = { central };
  });

  app.get("/auditoria", { schema: route({ querystring: AuditQuery }) }, async (request) => {
    const q = request.query;
    const page = Number(q.pagina ?? 1);
    const size = Math.min(Number(q.porPagina ?? AUDIT_PAGE_SIZE), 100);
    let pointFilter: string | undefined;
    if ("point" in request.viewer) {
      // A point's administrators, their point only: another point's id is refused like every other tenant check.
      await assertAdministrator(db, request);
      if (q.idPontoAtendimento !== undefined && q.idPontoAtendimento !== request.auth.servicePointId)
        throw new HttpError(404, "Ponto de atendimento não encontrado.");
      pointFilter = request.auth.servicePointId;
    } else if (q.idPontoAtendimento !== undefined) {
      if (!isUuid(q.idPontoAtendimento)) throw new HttpError(404, "Ponto de atendimento não encontrado.");
      pointFilter = q.idPontoAtendimento;
    }
    const where: SQL | undefined = and(
      pointFilter ? eq(auditLog.servicePointId, pointFilter) : undefined,
      q.entidade ? inArray(auditLog.entity, q.entidade.split(",")) : undefined,
    );
    const [list, [total]] = await Promise.all([
      db
        .select({ a: auditLog, pointName: servicePoints.tradeName })
        .from(auditLog)
        .leftJoin(servicePoints, eq(servicePoints.id, auditLog.servicePointId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      data: list.map(({ a, pointName }) => ({
        Id: a.id,
        DataHora: a.at.toISOString(),
        IdPontoAtendimento: a.servicePointId,
        NomeFantasia: pointName,
        /** "ponto" (a user of the point), "central" (the program's staff) or "sistema". */
        TipoAutor: a.actorKind,
        Autor: a.actorName,
        Entidade: a.entity,
        IdEntidade: a.entityId,
        Acao: a.action,
        Resumo: a.summary,
        Alteracoes: (a.changes as FieldChange[]).map((c) => ({ Campo: c.campo, Antes: c.antes, Depois: c.depois })),
      })),
      pagina: page,
      porPagina: size,
      total: total?.n ?? 0,
    };
  });
}
