// Scaffold (issue 38, part "staff"): the central console's staff routes (server only).
import type { FastifyInstance } from "fastify";
import type { RouteDeps } from "./deps.ts";

export async function centralStaffRoutes(_plain: FastifyInstance, _deps: RouteDeps) {}
