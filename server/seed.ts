// Demo data seeded on first start: two service points (tenant isolation), users, members, vehicles, services and the appointments around today (server only).
import { sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import * as s from "./db/schema.ts";
import { hashPassword } from "./lib/secrets.ts";
import { seedBankAccount, seedServiceReturns } from "./seed/bank-and-returns.ts";
import { seedMotivations, seedServices } from "./seed/catalogue.ts";
import { seedMembersAndVehicles } from "./seed/members.ts";
import { seedOrders } from "./seed/orders.ts";
import { demoPlan } from "./seed/plan.ts";
import { seedPoints } from "./seed/points.ts";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_USERS = {
  main: "demo@credenciado.com.br",
  colleague: "carlos@credenciado.com.br",
  inactive: "inativo@credenciado.com.br",
  otherPoint: "outro@credenciado.com.br",
} as const;
/** The program's central staff (the Central console), seeded once when there is none. */
export const DEMO_CENTRAL = { email: "central@programa.com.br", name: "Equipe Central (demonstração)" } as const;

/** Adds the demo central user when the program has no central user yet (also on installations seeded before it existed). */
export async function seedCentralIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.centralUsers);
  if (count > 0) return false;
  const [user] = await db
    .insert(s.centralUsers)
    .values({ ...DEMO_CENTRAL, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: s.centralUsers.id });
  await db
    .insert(s.bankProfiles)
    .values({ ...DEMO_BANK_PROFILE, createdBy: user!.id })
    .onConflictDoNothing();
  return true;
}

/** The program's demo paying account (issue 49): payment runs take their NSA from it. */
export const DEMO_BANK_PROFILE = {
  label: "Banco do Brasil - pagamentos",
  bankCode: "001",
  bankName: "BANCO DO BRASIL",
  layout: "001",
  agreement: "000123456",
  agency: "1234",
  agencyDigit: "5",
  account: "67890",
  accountDigit: "1",
  companyName: "PROGRAMA CLUBE AUTOMOTIVO",
  cnpj: "11222333000181",
  street: "AVENIDA PAULISTA",
  number: "1000",
  complement: "ANDAR 10",
  city: "SAO PAULO",
  zip: "01310100",
  state: "SP",
} as const;

/** Inserts the demo data when the database has no service point yet. Returns true when it seeded. */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.servicePoints);
  if (count > 0) return false;
  await db.transaction(async (tx) => seed(tx as unknown as Db, now));
  return true;
}

/** The demo world, part by part (server/seed/, a file each), in the order of their inserts: it fixes serial ids, OS numbers, seq. */
async function seed(db: Db, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const points = await seedPoints(db, passwordHash, DEMO_USERS);
  const { people, cars } = await seedMembersAndVehicles(db);
  const motives = await seedMotivations(db);
  const services = await seedServices(db, [points.p1, points.p2]);
  await seedOrders(db, demoPlan(now, points.p1, points.p2), { points, people, cars, motives, services }, now);
  await seedBankAccount(db, points.p1);
  await seedServiceReturns(db, points.p1, now);
}
