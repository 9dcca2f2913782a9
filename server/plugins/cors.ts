// CORS for clients on other origins listed in CORS_ORIGINS (the original SPA): reflects the origin and allows the authToken header (server only).
import type { FastifyInstance } from "fastify";

export function registerCors(app: FastifyInstance, allowed: string[]) {
  if (allowed.length === 0) return;
  const ok = (origin: string | undefined) => !!origin && (allowed.includes("*") || allowed.includes(origin));
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    if (!ok(origin)) return;
    reply
      .header("access-control-allow-origin", origin!)
      .header("vary", "Origin")
      .header(
        "access-control-expose-headers",
        "Content-Range, Content-Length, Accept-Ranges, Retry-After, Location, Upload-Offset, Upload-Length, Tus-Resumable",
      );
    if (request.method === "OPTIONS") {
      return reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST, HEAD, PATCH, DELETE, OPTIONS")
        .header(
          "access-control-allow-headers",
          "authToken, Content-Type, Range, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata",
        )
        .header("access-control-max-age", "600")
        .send();
    }
  });
}
