// Scaffold (issue 38, part "home"): the central console's home routes (server only).
import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./deps.ts";

export async function centralHomeRoutes(_plain: FastifyInstance, _deps: RouteDeps) {}
