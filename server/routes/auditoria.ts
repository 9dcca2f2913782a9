// GET /auditoria: the record of changes, newest first, paged. A point's administrators read their point's entries; the
// central reads every point's and may filter by one (?idPontoAtendimento=). Either kind of token is accepted (server only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { isUuid } from "../db/rows.ts";
import { HttpError } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/auditoria.ts";
import { findSession, readToken, UNAUTHORIZED, type AuthContext } from "../plugins/auth.ts";
import { findCentralSession, type CentralContext } from "../plugins/central-auth.ts";
import { assertAdministrator } from "../plugins/roles.ts";
import { auditPage } from "../repositories/audit.ts";

export const AUDIT_PAGE_SIZE = 50;

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

  app.get(C.listAuditLog.url, { schema: schemaOf(C.listAuditLog) }, async (request) => {
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
    const { entries, total } = await auditPage(db, {
      servicePointId: pointFilter,
      entities: q.entidade?.split(","),
      page,
      size,
    });
    return { data: entries, pagina: page, porPagina: size, total };
  });
}
