// Request ids and JSON logs (Node, PGlite): every answer carries X-Request-Id (a proxy's plain token kept, anything else
// replaced by a UUID) and every log line of that request names it.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { makeTestApp, type TestApp } from "./helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await makeTestApp("pglite", {}, { logger: { level: "info", stream } });
  app = t.app;
});
afterAll(() => t?.close());

describe("request ids", () => {
  it("keeps a proxy's X-Request-Id, sends it back, and logs the request as JSON lines carrying it", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "lb-7f3a.42" } });
    expect(res.headers["x-request-id"]).toBe("lb-7f3a.42");
    const mine = lines.filter((l) => l.reqId === "lb-7f3a.42");
    expect(mine.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    expect(mine[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it("gives a UUID to a request without one, or with one that is not a plain short token", async () => {
    for (const given of [undefined, "a b c", "x".repeat(129), "id\u0000null"]) {
      const res = await app.inject({ method: "GET", url: "/healthz", headers: given === undefined ? {} : { "x-request-id": given } });
      expect(res.headers["x-request-id"], String(given)).toMatch(UUID);
    }
    // An error answer carries it too (an unknown route).
    const missing = await app.inject({ method: "GET", url: "/api/nada" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-request-id"]).toMatch(UUID);
  });
});
