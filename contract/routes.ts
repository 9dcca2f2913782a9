// Every route of the contract by group, in the order docs/api.md lists them; read by the doc generator and the server's
// route-table test (tests/server/api-contract.test.ts), never by the client.
import type { RouteSpec } from "./route.ts";
import * as agendamentos from "./agendamentos.ts";

const isRoute = (v: unknown): v is RouteSpec =>
  typeof v === "object" && v !== null && "method" in v && "url" in v && "response" in v && "summary" in v;

/** A contract file's routes, by path then method (a module namespace lists its exports alphabetically, not as written). */
const group = (file: string, module: Record<string, unknown>) => ({
  file: `contract/${file}.ts`,
  routes: Object.values(module)
    .filter(isRoute)
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)),
});

export const CONTRACT_GROUPS = [group("agendamentos", agendamentos)];

export const CONTRACT_ROUTES: RouteSpec[] = CONTRACT_GROUPS.flatMap((g) => g.routes);
