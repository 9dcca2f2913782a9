// CSRF: the session cookie authorises only reads of media; a cross-site form post carrying just the cookie is refused (server, PGlite).
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, multipart, SAMPLE, upload, loginAs, type TestApp } from "./helpers";
import { storedFiles } from "../../server/db/schema";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";

describe("cookie and CSRF", () => {
  let t: TestApp;
  let cookie: string;
  const stored = () => fs.readdirSync(t.uploadDir).filter((n) => !n.startsWith("."));
  beforeAll(async () => {
    t = await makeTestApp("pglite", { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_USERS.main, password: DEMO_PASSWORD },
    });
    cookie = String(login.headers["set-cookie"]).split(";")[0];
  });
  afterAll(() => t?.close());

  it("refuses a cross-site multipart form post that carries only the session cookie: 401 JSON, no file, no row", async () => {
    const rowsBefore = (await t.db.select().from(storedFiles)).length;
    const { payload, headers } = multipart("foto.png", SAMPLE.png);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/upload",
      payload,
      headers: { ...headers, cookie, origin: "https://atacante.example", referer: "https://atacante.example/form.html" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: "Acesso não autorizado! Faça login novamente." });
    expect(stored()).toEqual([]);
    expect(fs.readdirSync(`${t.uploadDir}/.incoming`)).toEqual([]);
    expect((await t.db.select().from(storedFiles)).length).toBe(rowsBefore);
  });

  it("refuses a cookie-only form post to other state-changing routes too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/logout",
      payload: "x=1",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://atacante.example" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it("still serves a file to a GET (img/video tag) with only the cookie, and uploads with the authToken header", async () => {
    const token = await loginAs(t.app);
    const sent = await upload(t, token, "foto.png", SAMPLE.png);
    expect(sent.statusCode).toBe(200);
    const name = sent.json().file;
    const viaCookie = await t.app.inject({ method: "GET", url: `/api/uploads/files/${name}`, headers: { cookie } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.rawPayload).toEqual(SAMPLE.png);
    const head = await t.app.inject({ method: "HEAD", url: `/api/uploads/files/${name}`, headers: { cookie } });
    expect(head.statusCode).toBe(200);
  });
});
