// CORS for the original SPA on another origin: preflight allows authToken for listed origins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "./helpers";

describe("CORS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("pglite", { corsOrigins: ["https://painel.example.com"] });
  });
  afterAll(() => t?.close());

  it("answers the preflight of a listed origin and allows the authToken header", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/api/agendamentos/lista/x",
      headers: {
        origin: "https://painel.example.com",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authtoken",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("https://painel.example.com");
    expect(String(res.headers["access-control-allow-headers"])).toContain("authToken");
    const get = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { origin: "https://painel.example.com" } });
    expect(get.headers["access-control-allow-origin"]).toBe("https://painel.example.com");
  });

  it("gives no CORS headers to other origins", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/credenciado/auth", headers: { origin: "https://evil.example" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.statusCode).toBe(401);
  });
});
