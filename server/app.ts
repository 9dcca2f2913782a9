// buildApp(deps): the Fastify application with every plugin and route; no listening here (server only).
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { Db } from "./db/client.ts";
import type { ServerConfig } from "./config.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { requireAuth } from "./plugins/auth.ts";
import { loginRoutes, sessionRoutes } from "./routes/credenciado.ts";

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger?: FastifyServerOptions["logger"];
}

const CSP = [
  "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:", "media-src 'self' blob:", "worker-src 'self' blob:", "connect-src 'self'",
  "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'",
].join("; ");

export async function buildApp({ db, config, logger = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024, trustProxy: process.env.TRUST_PROXY === "1" });
  const hasSpa = fs.existsSync(path.join(config.staticDir, "index.html"));

  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) reply.header("content-security-policy", CSP);
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Muitas tentativas de login. Tente novamente em ${Math.ceil(context.ttl / 1000)} segundos.`,
    }),
  });
  registerErrorHandling(app, hasSpa);

  await app.register(async (api) => {
    await api.register(loginRoutes, { db, config });
    await api.register(async (scope) => {
      requireAuth(scope, db);
      await scope.register(sessionRoutes, { db, config });
    });
  }, { prefix: "/api" });

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      setHeaders: (res, filePath) => {
        res.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`)
          ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return app;
}
