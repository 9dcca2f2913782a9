// /central/me and /central/logout: the Central console's session (central staff tokens only) (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/central-session.ts";
import { centralUserById } from "../repositories/central-users.ts";
import { closeCentralSession } from "../repositories/sessions.ts";
import { SESSION_COOKIE } from "../lib/session-cookie.ts";
import type { RouteDeps } from "./deps.ts";

export async function centralSessionRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.getCentralUser.url, { schema: schemaOf(C.getCentralUser) }, async (request) => ({
    data: await centralUserById(db, request.central.userId),
  }));

  app.post(C.logoutCentral.url, { schema: schemaOf(C.logoutCentral) }, async (request, reply) => {
    await closeCentralSession(db, request.central.sessionId);
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });
}
