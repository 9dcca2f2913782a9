// Checks every JSON answer against its route's response schema before it is serialized; on in the tests (server only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { TSchema } from "typebox";
import { HttpError } from "./http-errors.ts";

/**
 * Why: the serializer drops fields a schema does not name and coerces types (a numeric text becomes a number), so a schema
 * that lags behind the handler changes the wire silently. Validating the handler's own value (no coercion, no removal, every
 * response object closed) turns any such drift into a failing test with the route, the status and the field. Not on in
 * production: the schemas are the tested contract there, and the check would cost every answer a second walk.
 */
const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, removeAdditional: false, useDefaults: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function schemaFor(request: FastifyRequest, status: number): TSchema | undefined {
  const response = (request.routeOptions.schema as { response?: Record<string, TSchema> } | undefined)?.response;
  if (!response) return undefined;
  return response[status] ?? response[`${Math.floor(status / 100)}xx`] ?? response.default;
}

/** The first mismatch of a payload with the schema the route declares for the reply's status; null when it conforms. */
export function responseMismatch(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const status = reply.statusCode;
  const schema = schemaFor(request, status);
  if (!schema) return `${route} ${status}: a rota não declara schema de resposta para este status`;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(payload)) return null;
  const e = validate.errors![0]!;
  const extra = (e.params as { additionalProperty?: string }).additionalProperty;
  return `${route} ${status}: ${e.instancePath || "/"} ${e.message}${extra ? ` (${extra})` : ""}`;
}

/** Registers the check on every route of the app (before serialization, so it sees the handler's own value). */
export function checkResponses(app: FastifyInstance) {
  app.addHook("preSerialization", async (request, reply, payload) => {
    // Routes outside the contract (static files, the SPA's pages) and answers that are not JSON values are not checked.
    if (!request.routeOptions.url?.startsWith("/api/")) return payload;
    if (payload === null || typeof payload !== "object" || Buffer.isBuffer(payload)) return payload;
    // A route with no response schema at all is the route-table test's failure (tests/server/api-contract.test.ts), not each call's.
    if (!(request.routeOptions.schema as { response?: unknown } | undefined)?.response) return payload;
    const mismatch = responseMismatch(request, reply, payload);
    if (mismatch) {
      request.log.error({ mismatch }, "response outside the contract");
      // A 500 whose text names the mismatch: the failing test shows it (the error envelope itself conforms, so no loop).
      throw new HttpError(500, `Resposta fora do contrato: ${mismatch}`);
    }
    return payload;
  });
}
