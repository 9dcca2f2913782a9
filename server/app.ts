// buildApp(deps): the Fastify application with every plugin and route; no listening here (server only).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { Db } from "./db/client.ts";
import type { ServerConfig } from "./config.ts";
import { registerErrorHandling, sendPage } from "./plugins/errors.ts";
import { checkResponses } from "./lib/response-check.ts";
import { requestSerializer } from "./lib/log-redact.ts";
import { requireAuth } from "./plugins/auth.ts";
import { requireCentral } from "./plugins/central-auth.ts";
import { centralSessionRoutes } from "./routes/central-session.ts";
import { centralApprovalsRoutes } from "./routes/central-approvals.ts";
import { centralPaymentsRoutes } from "./routes/central-payments.ts";
import { centralPaymentRunsRoutes } from "./routes/central-payment-runs.ts";
import { centralPointsRoutes } from "./routes/central-points.ts";
import { centralHomeRoutes } from "./routes/central-home.ts";
import { centralStaffRoutes } from "./routes/central-staff.ts";
import { centralFilesRoutes } from "./routes/central-files.ts";
import { centralVistoriasRoutes } from "./routes/central-vistorias.ts";
import { notificacoesRoutes } from "./routes/notificacoes.ts";
import { acessoRoutes } from "./routes/acesso.ts";
import { acompanhamentoRoutes } from "./routes/acompanhamento.ts";
import { followLinksRoutes } from "./routes/follow-links.ts";
import { usuariosRoutes } from "./routes/usuarios.ts";
import multipart from "@fastify/multipart";
import { credenciadoLoginRoutes, credenciadoRoutes } from "./routes/credenciado.ts";
import { agendamentosRoutes } from "./routes/agendamentos.ts";
import { execucaoRoutes } from "./routes/execucao.ts";
import { vistoriasRoutes } from "./routes/vistorias.ts";
import { servicosRoutes } from "./routes/servicos.ts";
import { evidenciasRoutes } from "./routes/evidencias.ts";
import { avaliacoesRoutes } from "./routes/avaliacoes.ts";
import { scannerRoutes } from "./routes/scanner.ts";
import { pontoAtendimentoRoutes } from "./routes/ponto-atendimento.ts";
import { retornoServicoRoutes } from "./routes/retorno-servico.ts";
import { espelhoRoutes } from "./routes/espelho.ts";
import { uploadsRoutes } from "./routes/uploads.ts";
import { resumableUploadsRoutes } from "./routes/resumable-uploads.ts";
import { registerCors } from "./plugins/cors.ts";
import { HttpError } from "./lib/http-errors.ts";
import { DiskStorage, type FileStorage } from "./storage/storage.ts";
import type { Clock } from "./lib/dates.ts";
import type { RouteDeps } from "./routes/deps.ts";
import { ROUTE_HTML_DIR } from "../src/domain/route-html.ts";
import { healthRoutes } from "./routes/health.ts";
import { evidenceKeyRoutes } from "./routes/evidence-key.ts";
import { evidenciasCadeiaRoutes } from "./routes/evidencias-cadeia.ts";
import { centralEvidenciasRoutes } from "./routes/central-evidencias.ts";
import { auditoriaRoutes } from "./routes/auditoria.ts";
import { databaseRateLimitStore } from "./lib/rate-limit-store.ts";
import { registerBodyTimeout, REQUEST_TIMEOUTS, serverTimeoutOptions, type RequestTimeouts } from "./lib/upload-timeouts.ts";

/** A request id accepted from the X-Request-Id header: a short token, never free text (it goes into every log line). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  logger?: FastifyServerOptions["logger"];
  storage?: FileStorage;
  /** The server's clock; tests pass a fixed one. */
  clock?: Clock;
  /** Deadlines for a request's headers and (non-upload) body; tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** Validate every JSON answer against its route's response schema (the tests; `lib/response-check.ts`). */
  checkResponses?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** "METHOD /path" -> whether the route declares response schemas (the route-table test requires them on every route). */
    routeHasResponse: Map<string, boolean>;
    /** "METHOD /path" of every registered route but the HEADs, for the contract test and the fuzz test (the map's keys). */
    readonly routeList: string[];
  }
}

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

// NUL characters and lone UTF-16 surrogates are valid JSON but not storable UTF-8 text.
// eslint-disable-next-line no-control-regex -- matching the NUL control character is this pattern's purpose.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v, depth + 1));
}

export async function buildApp({
  db,
  config,
  logger = false,
  storage,
  clock = () => new Date(),
  timeouts,
  checkResponses: checking = false,
}: AppDeps): Promise<FastifyInstance> {
  const deadlines = { ...REQUEST_TIMEOUTS, ...timeouts };
  const app = Fastify({
    // A signed file address's signature never reaches the log (lib/log-redact.ts).
    logger: logger && typeof logger === "object" ? { ...logger, serializers: { req: requestSerializer, ...logger.serializers } } : logger,
    // Every log line of a request carries its id (`reqId`), also sent back as X-Request-Id: the id a proxy or load balancer
    // assigned when it is a plain token, else a new UUID, so one call can be followed across the proxy and the instances.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Headers within deadlines.headersMs (Node answers 408); bodies: registerBodyTimeout below. No whole-request timeout:
    // uploads stream for many minutes under their own idle guard.
    http: serverTimeoutOptions(deadlines),
    trustProxy: config.trustProxy,
    ajv: { customOptions: { allowUnionTypes: true } },
  });
  const hasSpa = fs.existsSync(path.join(config.staticDir, "index.html"));
  const routeDir = path.join(config.staticDir, ROUTE_HTML_DIR);
  const routePages = hasSpa ? new Set(fs.existsSync(routeDir) ? fs.readdirSync(routeDir).filter((f) => f.endsWith(".html")) : []) : null;
  const deps: RouteDeps = { db, config, clock, storage: storage ?? new DiskStorage(config.uploadDir) };
  app.decorate("routeHasResponse", new Map<string, boolean>());
  app.decorate("routeList", {
    getter: () => [...app.routeHasResponse.keys()].filter((r) => !r.startsWith("HEAD ")),
  });
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      app.routeHasResponse.set(`${method} ${route.url}`, Boolean((route.schema as { response?: unknown } | undefined)?.response));
    }
  });
  registerBodyTimeout(app, deadlines.bodyMs);
  registerCors(app, config.corsOrigins);
  // PostgreSQL text cannot hold such characters; refuse them for every route instead of failing inside a query. After schema
  // validation (preHandler), so every string is already length-bounded when this regular expression scans it.
  app.addHook("preHandler", async (request) => {
    if (hasUnstorableText(request.body) || hasUnstorableText(request.query) || hasUnstorableText(request.params)) {
      throw new HttpError(400, "A requisição contém caracteres inválidos.");
    }
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("x-content-type-options", "nosniff");
    // A page may ask for a stricter policy (the member's follow page: no-referrer).
    if (!reply.hasHeader("referrer-policy")) reply.header("referrer-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) reply.header("content-security-policy", CSP);
  });

  await app.register(rateLimit, {
    global: false,
    // Counted in the database, not in this process: the limit holds across instances and restarts.
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: `Muitas tentativas${request.url.startsWith("/api/credenciado/login") ? " de login" : ""}. Tente novamente em ${Math.ceil(context.ttl / 1000)} segundos.`,
    }),
  });
  registerErrorHandling(app, routePages);
  if (checking) checkResponses(app);
  await app.register(healthRoutes, deps);
  // At the root like the probes: /.well-known/evidence-key is where a verifier looks for the key (registered before the SPA).
  await app.register(evidenceKeyRoutes, deps);

  await app.register(multipart);
  await app.register(
    async (api) => {
      await api.register(credenciadoLoginRoutes, deps);
      await api.register(acessoRoutes, deps);
      // The member's follow page (issue 39): no sign-in, the link's token in each POST body.
      await api.register(acompanhamentoRoutes, deps);
      await api.register(async (scope) => {
        requireAuth(scope, db);
        for (const routes of [
          credenciadoRoutes,
          agendamentosRoutes,
          execucaoRoutes,
          vistoriasRoutes,
          servicosRoutes,
          evidenciasRoutes,
          evidenciasCadeiaRoutes,
          avaliacoesRoutes,
          scannerRoutes,
          pontoAtendimentoRoutes,
          retornoServicoRoutes,
          espelhoRoutes,
          resumableUploadsRoutes,
          notificacoesRoutes,
          usuariosRoutes,
          followLinksRoutes,
        ])
          await scope.register(routes, deps);
      });
      // Either a point administrator's token or the central's: the route tells them apart.
      await api.register(auditoriaRoutes, deps);
      await api.register(async (central) => {
        requireCentral(central, db);
        for (const routes of [
          centralSessionRoutes,
          centralHomeRoutes,
          centralApprovalsRoutes,
          centralPaymentsRoutes,
          centralPaymentRunsRoutes,
          centralPointsRoutes,
          centralStaffRoutes,
          centralVistoriasRoutes,
          centralEvidenciasRoutes,
        ])
          await central.register(routes, deps);
      });
      await api.register(async (centralFiles) => {
        requireCentral(centralFiles, db, { allowCookie: true });
        await centralFiles.register(centralFilesRoutes, deps);
      });
      await api.register(async (files) => {
        requireAuth(files, db, { allowCookie: true });
        await files.register(uploadsRoutes, deps);
      });
    },
    { prefix: "/api" },
  );

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      // The build writes .gz copies (scripts/precompress.ts); clients that accept gzip get those.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    // '/' is a page like the others (the agenda's copy, route-html/index.html), not the static handler's plain index.html.
    app.get("/", (request, reply) => sendPage(reply, request.url, routePages!));
    // The member's follow page (issue 39, acompanhar.html, its token in the URL's fragment): a page of its own, not the app's
    // shell; never indexed, never a Referer; the same CSP as the app's HTML (onSend above).
    if (fs.existsSync(path.join(config.staticDir, "acompanhar.html"))) {
      for (const url of ["/acompanhar", "/acompanhar.html"]) {
        app.get(url, (_request, reply) =>
          reply
            .header("cache-control", "no-cache")
            .header("x-robots-tag", "noindex, nofollow")
            .header("referrer-policy", "no-referrer")
            .sendFile("acompanhar.html"),
        );
      }
    }
  }
  return app;
}
