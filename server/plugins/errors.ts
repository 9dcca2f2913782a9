// Error and not-found handling: JSON with pt-BR messages, never a stack trace, never a 500 for bad input (server only).
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { HttpError } from "../lib/http-errors.ts";
import { DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../lib/db-errors.ts";
import { ROUTE_HTML_DIR, routeHtmlName } from "../../src/domain/route-html.ts";

function validationMessage(err: FastifyError, query: unknown): string {
  const first = err.validation?.[0];
  if (!first) return "Dados inválidos.";
  const field = (first.params as { missingProperty?: string }).missingProperty ?? first.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const name = field;
  // A repeated query key (?placa=a&placa=b) arrives as an array where the route declares one value.
  if (err.validationContext === "querystring" && first.keyword === "type" && Array.isArray((query as Record<string, unknown>)?.[field])) {
    return `O parâmetro ${name} foi informado mais de uma vez.`;
  }
  // No JSON object at all: an empty body, null, an array, or a multipart/text body sent to a JSON route.
  if (err.validationContext === "body" && name === "" && first.keyword === "type") return "O corpo da requisição deve ser um objeto JSON.";
  switch (first.keyword) {
    case "required":
      return `O campo ${name} é obrigatório.`;
    case "type":
      return `O campo ${name} tem um tipo inválido.`;
    case "format":
    case "pattern":
      return `O campo ${name} tem um formato inválido.`;
    case "minLength":
      return `O campo ${name} não pode ficar em branco.`;
    case "maxLength":
      return `O campo ${name} é longo demais.`;
    case "maxItems":
      return `O campo ${name} tem itens demais.`;
    case "enum":
      return `O campo ${name} tem um valor não permitido.`;
    case "minimum":
    case "maximum":
      return `O campo ${name} está fora do intervalo permitido.`;
    case "additionalProperties":
      return "A requisição contém campos não permitidos.";
    default:
      return name ? `O campo ${name} é inválido.` : "Dados inválidos.";
  }
}

const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "O corpo da requisição não é um JSON válido."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "O corpo da requisição está vazio."],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "O corpo da requisição é grande demais."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Tipo de conteúdo não suportado."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "Tamanho do conteúdo inválido."],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, "Envie o arquivo como multipart/form-data no campo file."],
  FST_REQ_FILE_TOO_LARGE: [413, "Arquivo grande demais."],
  FST_FILES_LIMIT: [400, "Envie um arquivo por vez."],
  FST_PARTS_LIMIT: [400, "Campos demais no envio."],
  FST_FIELDS_LIMIT: [400, "Campos demais no envio."],
  FST_PROTO_VIOLATION: [400, "Envio inválido."],
  FST_MP_PREMATURE_CLOSE: [400, "O envio do arquivo foi interrompido antes de terminar. Tente novamente."],
  FST_INVALID_JSON_FIELD_ERROR: [400, "Um campo do envio declarado como JSON não é um JSON válido."],
};

/** Sends the SPA's HTML for a page URL: the route's own copy when the build has one, else index.html. */
export function sendPage(reply: FastifyReply, url: string, routePages: ReadonlySet<string>) {
  const name = routeHtmlName(url);
  return reply.header("cache-control", "no-cache").sendFile(routePages.has(name) ? `${ROUTE_HTML_DIR}/${name}` : "index.html");
}

/**
 * The SPA's HTML for a page URL: the route's own copy (its page code preloaded, scripts/route-html.ts) when the build has one,
 * else index.html. `routePages` holds the file names under `route-html/`; null when no SPA is served.
 */
export function registerErrorHandling(app: FastifyInstance, routePages: ReadonlySet<string> | null) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.validation) return reply.code(400).send({ success: false, message: validationMessage(err, request.query) });
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ success: false, message: err.message, ...err.body });
    const known = err.code ? BY_CODE[err.code] : undefined;
    if (known) return reply.code(known[0]).send({ success: false, message: known[1] });
    if (isDatabaseUnavailable(err)) {
      // A restart or failover: the pool reconnects by itself once the database is back; the client may retry.
      request.log.warn({ err: { code: (err as { code?: string }).code, message: err.message } }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ success: false, message: DB_UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: err.message || "Requisição inválida." });
    }
    request.log.error({ err }, "unhandled error");
    return reply.code(500).send({ success: false, message: "Erro interno do servidor" });
  });

  app.setNotFoundHandler((request, reply) => {
    // A missing file (/robots.txt, /favicon.ico, an old chunk) is a 404, not the app's HTML under a .txt or .js name.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split(/[?#]/)[0]!);
    const wantsPage = request.method === "GET" && !isFile && !request.url.startsWith("/api/") && request.url !== "/api";
    if (routePages && wantsPage) return sendPage(reply, request.url, routePages);
    return reply.code(404).send({ success: false, message: "Rota não encontrada." });
  });
}
