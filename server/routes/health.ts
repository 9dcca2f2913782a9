// Probes for a load balancer or orchestrator (server only): /healthz says the process is alive (no dependency checked, so a
// database outage never gets the instance killed), /readyz says it can serve now (database and file storage reachable).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/health.ts";
import { pingDatabase } from "../repositories/database.ts";
import type { RouteDeps } from "./deps.ts";

/** A readiness probe must answer even when a dependency hangs: each check gives up after this long. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref())]);

export async function healthRoutes(plain: FastifyInstance, { db, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get(C.checkAlive.url, { schema: schemaOf(C.checkAlive) }, async () => ({ status: "ok" as const }));

  app.get(C.checkReady.url, { schema: schemaOf(C.checkReady) }, async (request, reply) => {
    const [database, files] = await Promise.allSettled([
      within(pingDatabase(db), READY_CHECK_TIMEOUT_MS),
      within(storage.ready(), READY_CHECK_TIMEOUT_MS),
    ]);
    const state = (check: PromiseSettledResult<unknown>): C.ReadyChecks["database"] =>
      check.status === "fulfilled" ? "ok" : "indisponível";
    const checks: C.ReadyChecks = { database: state(database), storage: state(files) };
    if (database.status === "fulfilled" && files.status === "fulfilled") return { status: "ok" as const, checks };
    request.log.warn({ checks }, "not ready");
    return reply.code(503).send({ success: false, message: "O servidor ainda não está pronto para atender.", checks });
  });
}
