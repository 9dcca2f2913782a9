// What every route plugin receives, and the typed instance it registers routes on (server only).
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Db } from "../db/client.ts";
import type { ServerConfig } from "../config.ts";
import type { FileStorage } from "../storage/storage.ts";
import type { Clock } from "../lib/dates.ts";

export interface RouteDeps {
  db: Db;
  config: ServerConfig;
  storage: FileStorage;
  clock: Clock;
}

/** A route plugin's Fastify instance with handlers typed by their TypeBox schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
