// Demo seed, third part: the catalogue (motivations, services per vehicle type and the services each point offers) (server only).
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";
import type { Point } from "./points.ts";

export type Motivation = typeof s.motivations.$inferSelect;
export type Service = typeof s.services.$inferSelect;

/** Seeds the appointment motivations (five active, one inactive); the order is the index the demo plan refers to. */
export async function seedMotivations(db: Db): Promise<Motivation[]> {
  return db
    .insert(s.motivations)
    .values([
      { description: "Revisão preventiva" },
      { description: "Troca de óleo" },
      { description: "Barulho na suspensão" },
      { description: "Freios" },
      { description: "Ar-condicionado" },
      { description: "Motivo desativado", active: "I" },
    ])
    .returning();
}

/** The six services of one vehicle type: SUVs and pickups pay 30 more for oil, alignment and brakes. */
function servicesFor(type: string): (typeof s.services.$inferInsert)[] {
  const bump = type === "PASSEIO" ? 0 : 30;
  return [
    {
      description: "TROCA DE ÓLEO",
      kind: "TROCA DE ÓLEO",
      vehicleType: type,
      averageMinutes: 30,
      price: 120 + bump,
      payout: 80 + bump,
      annualLimit: 2,
      warrantyDays: 90,
    },
    {
      description: "ALINHAMENTO E BALANCEAMENTO",
      kind: "MANUTENÇÃO",
      vehicleType: type,
      averageMinutes: 60,
      price: 150 + bump,
      payout: 100 + bump,
      annualLimit: 0,
      warrantyDays: 30,
    },
    {
      description: "REVISÃO DE FREIOS",
      kind: "MANUTENÇÃO",
      vehicleType: type,
      averageMinutes: 90,
      price: 220 + bump,
      payout: 160 + bump,
      annualLimit: 0,
      warrantyDays: 60,
    },
    {
      description: "HIGIENIZAÇÃO DO AR-CONDICIONADO",
      kind: "MANUTENÇÃO",
      vehicleType: type,
      averageMinutes: 60,
      price: 130,
      payout: 90,
      annualLimit: 1,
      warrantyDays: 0,
    },
    {
      description: "CHECK-UP DO PROGRAMA",
      kind: "CHECK-UP",
      vehicleType: type,
      averageMinutes: 30,
      price: 0,
      payout: 40,
      providedByProgram: "S",
    },
    { description: "RESERVA DE AGENDA", kind: "RESERVA", vehicleType: type, averageMinutes: 60, price: 0, payout: 0 },
  ];
}

/** Seeds the services of the three vehicle types and offers every one of them at both points. */
export async function seedServices(db: Db, points: Point[]): Promise<Service[]> {
  const catalogue = ["PASSEIO", "SUV", "CAMINHONETE"].flatMap((type) => servicesFor(type));
  const svc = await db.insert(s.services).values(catalogue).returning();
  await db.insert(s.pointServices).values(points.flatMap((p) => svc.map((x) => ({ servicePointId: p.id, serviceId: x.id }))));
  return svc;
}
