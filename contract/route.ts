// One API route of the contract: method, path, who may call it, request parts, answers and documented errors; the server
// registers it with schemaOf, docs/api.md is generated from it, the client reads its static types (type-only).
import type { Static, TSchema } from "typebox";
import { ErrorBody, noParams, noQuery } from "./fields.ts";

export type Method = "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS" | "HEAD";

/**
 * Who may call a route: `public` (no token), `point` (an attendant's authToken), `point-admin` (an attendant whose
 * Administrativo flag is set, read on every call), `central` (a central staff token), `point-or-central` (either; the
 * central names the point), `file` (an attendant's authToken or the HttpOnly session cookie: `<img>`/`<video>` send no header).
 */
export type Access = "public" | "point" | "point-admin" | "central" | "point-or-central" | "central-file" | "file";

export interface RouteSpec {
  method: Method;
  /** Fastify's path: `:name` is a path parameter. */
  url: string;
  /** One line: what the route does. */
  summary: string;
  access: Access;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /**
   * The route's answers by status. JSON answers are validated in the tests and serialized with these schemas (unknown
   * fields dropped); a non-JSON answer (a file, tus' protocol) is described by a schema whose description says so.
   */
  response: { [status: number]: TSchema };
  /** Error answers worth telling a client: status -> when. Any route may also answer 400 (bad input) and 503 (database). */
  errors?: { [status: number]: string };
}

/** A route of the contract, kept literally typed so its schemas type the server's handler and the client's calls. */
export const defineRoute = <const R extends RouteSpec>(route: R): R => route;

type Or<T, D> = T extends TSchema ? T : D;

/** Fastify's schema of a contract route: request parts default to none, and every 4xx/5xx answer is the error envelope. */
export type FastifySchemaOf<R extends RouteSpec> = {
  params: Or<R["params"], typeof noParams>;
  querystring: Or<R["querystring"], typeof noQuery>;
  response: R["response"] & { "4xx": typeof ErrorBody; "5xx": typeof ErrorBody };
} & (R["body"] extends TSchema ? { body: R["body"] } : object);

export function schemaOf<R extends RouteSpec>(route: R): FastifySchemaOf<R> {
  return {
    params: route.params ?? noParams,
    querystring: route.querystring ?? noQuery,
    ...(route.body ? { body: route.body } : {}),
    response: { ...route.response, "4xx": ErrorBody, "5xx": ErrorBody },
  } as FastifySchemaOf<R>;
}

/** The JSON a route answers with a status (for the client: `Answer<typeof listAppointments>`). */
export type Answer<
  R extends RouteSpec,
  S extends keyof R["response"] = 200 extends keyof R["response"] ? 200 : keyof R["response"],
> = R["response"][S] extends TSchema ? Static<R["response"][S]> : never;
/** A route's JSON body (for the client's calls). */
export type BodyOf<R extends RouteSpec> = R["body"] extends TSchema ? Static<R["body"]> : never;
/** A route's path parameters and query (for the client's calls). */
export type ParamsOf<R extends RouteSpec> = R["params"] extends TSchema ? Static<R["params"]> : never;
export type QueryOf<R extends RouteSpec> = R["querystring"] extends TSchema ? Static<R["querystring"]> : never;

declare const routeSpec: unique symbol;
/**
 * A route as the client calls it: "METHOD /url" (contract/gen/, written by scripts/api-routes.ts, no schema in the bundle),
 * carrying the route's spec as a type for api-client's `call`. A string, not an object: the build inlines an imported string
 * constant where it is used (vite.config.ts `inlineConst`), so each route's text lands in the chunk that calls it, as a
 * literal URL did, instead of every route of a contract file in the first chunk that uses one of them.
 */
export type RouteRef<R extends RouteSpec> = `${R["method"]} ${R["url"]}` & { readonly [routeSpec]?: R };
