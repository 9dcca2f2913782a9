// What every route plugin receives, and the typed instance it registers routes on (server only).
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { ServerDeps } from "../services/deps.ts";

/** What every route plugin receives (services/deps.ts: the services take the same). */
export type RouteDeps = ServerDeps;

/** A route plugin's Fastify instance with handlers typed by their TypeBox schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
