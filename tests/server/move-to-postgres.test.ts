// Moving a PGlite installation to PostgreSQL (Node; runs where TEST_DATABASE_URL is set): every row arrives, a session signed
// in on PGlite still works on PostgreSQL, new rows get fresh serial ids, and a target that already has data is refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTableConfig } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type DbHandle } from "../../server/db/client.ts";
import { moveDatabase, tablesInForeignKeyOrder } from "../../server/db/move-to-postgres.ts";
import { DEMO_PASSWORD, DEMO_USERS, seedIfEmpty } from "../../server/seed.ts";
import { loginAs, queryRows } from "./helpers";

const admin = process.env.TEST_DATABASE_URL;

describe.skipIf(!admin)("moving PGlite to PostgreSQL", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-move-"));
  const dbName = `portal_move_${Math.random().toString(16).slice(2, 10)}`;
  let source: DbHandle;
  let target: DbHandle;
  let token = "";
  const config = { ...loadConfig({}), staticDir: "/nonexistent-static-dir", uploadDir: dataDir };

  async function adminQuery(text: string) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    source = await openDatabase({ dataDir });
    await seedIfEmpty(source.db);
    const app = await buildApp({ db: source.db, config });
    token = await loginAs(app);
    await app.close();
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(admin!);
    url.pathname = `/${dbName}`;
    target = await openDatabase({ url: url.toString() });
  }, 60_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("copies every table's rows, keeps sessions valid, continues serial ids, and refuses a second run", async () => {
    // Caixa's "seu número" sequence (no serial column) has given three numbers on PGlite: the next one on PostgreSQL is 4.
    await queryRows(source.db, sql`select nextval('payment_transfer_caixa_numbers') from generate_series(1, 3)`);
    const report = await moveDatabase(source.db, target.db);
    const [next] = await queryRows<{ n: number }>(target.db, sql`select nextval('payment_transfer_caixa_numbers')::int as n`);
    expect(next!.n).toBe(4);
    const count = async (db: DbHandle["db"], table: ReturnType<typeof tablesInForeignKeyOrder>[number]) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${table}`))[0]!.n;
    for (const table of tablesInForeignKeyOrder()) {
      const name = getTableConfig(table).name;
      const [from, to] = [await count(source.db, table), await count(target.db, table)];
      expect(report.find((r) => r.table === name)?.rows, name).toBe(from);
      expect(to, name).toBe(from);
    }
    expect(report.find((r) => r.table === "appointments")!.rows).toBeGreaterThan(0);

    const app = await buildApp({ db: target.db, config });
    try {
      // The attendant signed in on PGlite stays signed in.
      const me = await app.inject({ method: "GET", url: "/api/credenciado/get", headers: { authToken: token } });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.Email).toBe(DEMO_USERS.main);
      // A new sign-in gets a new session row: its serial id continues after the moved ones.
      const again = await app.inject({
        method: "POST",
        url: "/api/credenciado/login",
        payload: { email: DEMO_USERS.main, password: DEMO_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      const ids = await queryRows<{ id: number }>(target.db, sql`select id from sessions order by id`);
      expect(ids.length).toBe(2);
      expect(ids[1]!.id).toBeGreaterThan(ids[0]!.id);
      // The users' creation sequence (the principal's tie-break) continues too: a new user comes after every moved one.
      const added = await app.inject({
        method: "POST",
        url: "/api/usuarios/adicionar",
        headers: { authToken: token },
        payload: { Nome: "Depois da Mudança", Email: "depois@teste.com.br", IdUsuarioTipo: 2 },
      });
      expect(added.statusCode, added.body).toBe(200);
      const seqs = await queryRows<{ email: string; seq: number }>(
        target.db,
        sql`select email, seq::int as seq from point_users order by seq`,
      );
      expect(seqs.at(-1)!.email).toBe("depois@teste.com.br");
      expect(new Set(seqs.map((r) => r.seq)).size).toBe(seqs.length);
    } finally {
      await app.close();
    }

    await expect(moveDatabase(source.db, target.db)).rejects.toThrow("O PostgreSQL de destino já tem dados do portal; use um banco vazio.");
  }, 60_000);
});
