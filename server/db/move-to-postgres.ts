// Moves an embedded PGlite installation to PostgreSQL (server only; `npm run db:move-to-postgres`): every table of the schema,
// in foreign-key order, into a PostgreSQL database with the same migrations applied, then the serial counters. The portal must
// be stopped (the data directory's lock is taken); uploaded files stay where UPLOAD_DIR points.
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import * as schema from "./schema.ts";
import { openDatabase, type Db } from "./client.ts";
import { rows } from "./rows.ts";

const BATCH = 500;

/** The schema's tables, each after the tables it references. */
export function tablesInForeignKeyOrder(): PgTable[] {
  const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (t: PgTable) => {
    const { name, foreignKeys } = getTableConfig(t);
    if (seen.has(name)) return;
    seen.add(name);
    for (const fk of foreignKeys) {
      const target = getTableConfig(fk.reference().foreignTable).name;
      if (target !== name) visit(byName.get(target)!);
    }
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

export interface MoveReport {
  table: string;
  rows: number;
}

/**
 * Copies every row of `from` into `to`, table by table in one transaction on the target (all or nothing). The target must have
 * no data of the portal yet (its own migrations may have created the tables); rows the target's triggers wrote meanwhile
 * (agenda versions) are kept.
 */
export async function moveDatabase(from: Db, to: Db): Promise<MoveReport[]> {
  const tables = tablesInForeignKeyOrder();
  const [{ n }] = await rows<{ n: number }>(to, sql`select count(*)::int as n from ${schema.servicePoints}`);
  if (n > 0) throw new Error("O PostgreSQL de destino já tem dados do portal; use um banco vazio.");
  const report: MoveReport[] = [];
  await to.transaction(async (tx) => {
    for (const table of tables) {
      const name = getTableConfig(table).name;
      const all = await rows<{ r: unknown }>(from, sql`select row_to_json(t) as r from ${table} t`);
      for (let i = 0; i < all.length; i += BATCH) {
        const batch = JSON.stringify(all.slice(i, i + BATCH).map((x) => x.r));
        await tx.execute(
          sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${batch}::json) on conflict do nothing`,
        );
      }
      // Serial ids continue after the highest one moved.
      for (const column of getTableConfig(table).columns.filter((c) => /^PgBigSerial|^PgSerial/.test(c.columnType))) {
        // The schema names columns in camelCase and the database in snake_case (drizzle's `casing`, the same conversion).
        const columnName = toSnakeCase(column.name);
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${name}, ${columnName}), coalesce((select max(${sql.identifier(columnName)}) from ${table}), 0) + 1, false)`,
        );
      }
      report.push({ table: name, rows: all.length });
    }
    // The one sequence of no serial column (migration 0017): Caixa's numeric "seu número" continues after the last one taken.
    const [caixa] = await rows<{ n: number | null }>(
      from,
      sql`select last_value::int as n from payment_transfer_caixa_numbers where is_called`,
    );
    if (caixa?.n) await tx.execute(sql`select setval('payment_transfer_caixa_numbers', ${caixa.n}, true)`);
  });
  return report;
}

/** CLI: DATA_DIR (or --from) holds the PGlite installation; DATABASE_URL (or --to) the target PostgreSQL. */
async function main() {
  const arg = (flag: string) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const dataDir = arg("--from") ?? process.env.DATA_DIR ?? "./data";
  const url = arg("--to") ?? process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error("Informe o PostgreSQL de destino: --to postgres://… (ou DATABASE_URL).");
    process.exit(1);
  }
  const source = await openDatabase({ dataDir });
  const target = await openDatabase({ url });
  try {
    const report = await moveDatabase(source.db, target.db);
    for (const r of report) console.log(`${r.table.padEnd(24)} ${r.rows}`);
    console.log(`\nPronto: ${report.reduce((n, r) => n + r.rows, 0)} linhas copiadas de ${dataDir} para o PostgreSQL.`);
    console.log("Inicie o portal com DATABASE_URL apontando para ele; os arquivos enviados continuam em UPLOAD_DIR.");
  } finally {
    await source.close();
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
