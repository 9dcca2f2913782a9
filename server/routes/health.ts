// Probes for a load balancer or orchestrator (server only): /healthz says the process is alive (no dependency checked, so a
// database outage never gets the instance killed), /readyz says it can serve now (database and file storage reachable).
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { RouteDeps } from "./deps.ts";

/** A readiness probe must answer even when a dependency hangs: each check gives up after this long. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref())]);

export async function healthRoutes(app: FastifyInstance, { db, storage }: RouteDeps) {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    const [database, files] = await Promise.allSettled([
      within(db.execute(sql`select 1`), READY_CHECK_TIMEOUT_MS),
      within(storage.ready(), READY_CHECK_TIMEOUT_MS),
    ]);
    const checks = {
      database: database.status === "fulfilled" ? "ok" : "indisponível",
      storage: files.status === "fulfilled" ? "ok" : "indisponível",
    };
    if (database.status === "fulfilled" && files.status === "fulfilled") return { status: "ok", checks };
    request.log.warn({ checks }, "not ready");
    return reply.code(503).send({ success: false, message: "O servidor ainda não está pronto para atender.", checks });
  });
}
