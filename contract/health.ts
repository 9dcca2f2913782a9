// The probes of the contract, outside /api: /healthz (the process is alive) and /readyz (the database and the file storage
// answer) for a load balancer or orchestrator (schemas shared by server and client; clients import types only).
import { type Static } from "typebox";
import { literal, obj, oneOf, str } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** Each dependency's state: "indisponível" when it failed or did not answer within 2 s. */
const Check = oneOf(["ok", "indisponível"] as const, "ok, or indisponível (failed or silent for 2 s)");
export const ReadyChecks = obj({ database: Check, storage: Check });

export const checkAlive = defineRoute({
  method: "GET",
  url: "/healthz",
  summary: "Liveness: the process answers (no dependency checked, so a database outage never gets the instance killed).",
  access: "public",
  response: { 200: obj({ status: literal("ok") }) },
});

export const checkReady = defineRoute({
  method: "GET",
  url: "/readyz",
  summary: "Readiness: the database and the file storage both answer within 2 s each.",
  access: "public",
  response: {
    200: obj({ status: literal("ok"), checks: ReadyChecks }),
    503: obj({ success: literal(false), message: str("pt-BR text"), checks: ReadyChecks }, "not ready: checks names what failed"),
  },
  errors: { 503: "the database or the file storage failed or did not answer in time (checks names which)" },
});

export type ReadyChecks = Static<typeof ReadyChecks>;
