// Demo seed, last part: point 1's bank account and two service returns (Retorno de Serviço) on its concluded orders (server only).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";
import type { Point } from "./points.ts";

/** Seeds point 1's selected bank account: a PIX key by its CNPJ. */
export async function seedBankAccount(db: Db, p1: Point) {
  await db.insert(s.bankAccounts).values({
    servicePointId: p1.id,
    pixKeyType: "CNPJ",
    pixKey: p1.cnpj,
    holderName: p1.corporateName,
    holderDocument: p1.cnpj,
    selected: "S",
  });
}

/**
 * Seeds two service returns on point 1's first concluded orders, registered 12 and 3 days before `now`, so the list and its
 * date filter have rows from other days than the ones a test creates.
 */
export async function seedServiceReturns(db: Db, p1: Point, now: Date) {
  await db.execute(sql`
    insert into service_returns (appointment_id, vehicle_id, motivation_id, statement_id, kind, description, status, created_at)
    select a.id, a.vehicle_id, a.motivation_id,
      (select f.id from payout_statements f where f.appointment_id = a.id order by f.os_number limit 1),
      r.kind, r.description, r.status, ${now.toISOString()}::timestamptz - make_interval(days => r.days)
    from (values
      (1, 'PEÇA', 'Ruído na suspensão dianteira voltou uma semana depois da revisão.', 'P', 12),
      (2, 'MÃO DE OBRA', 'Vazamento de óleo após a troca: bujão do cárter mal apertado.', 'A', 3)
    ) as r(n, kind, description, status, days)
    join (select x.*, row_number() over (order by x.os_number) as n from appointments x
      where x.service_point_id = ${p1.id} and x.status = 'C') a on a.n = r.n`);
}
