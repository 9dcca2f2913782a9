// Demo seed, fourth part: the orders around today (appointments, executions, linked services, payouts, ratings) (server only).
import { randomInt } from "node:crypto";
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";
import { brasiliaInstant } from "../../src/domain/dates.ts";
import type { Motivation, Service } from "./catalogue.ts";
import type { Member, Vehicle } from "./members.ts";
import type { PlanItem } from "./plan.ts";
import type { DemoPoints, PointUser } from "./points.ts";

/** What the earlier parts seeded and the orders refer to. */
export interface DemoWorld {
  points: DemoPoints;
  people: Member[];
  cars: Vehicle[];
  motives: Motivation[];
  services: Service[];
}
/** One planned order with what it refers to: the vehicle, its owner, the main service and the staff member who runs it. */
interface Order {
  item: PlanItem;
  car: Vehicle;
  owner: Member;
  main: Service;
  staff: PointUser;
}
type Appointment = typeof s.appointments.$inferSelect;
type ExecutionService = typeof s.executionServices.$inferSelect;

const statementCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, "0");
const serviceFor = (services: Service[], type: string, description: string) =>
  services.find((x) => x.vehicleType === type && x.description === description)!;

/** Seeds the appointment of an order: concluded ones carry their main service's price, cancelled ones a reason. */
async function seedAppointment(db: Db, { item, car, main }: Order, motive: Motivation): Promise<Appointment> {
  const [appt] = await db
    .insert(s.appointments)
    .values({
      servicePointId: item.point.id,
      vehicleId: car.id,
      serviceId: main.id,
      motivationId: motive.id,
      date: item.day,
      time: item.time,
      status: item.status === "done" ? "C" : item.status === "cancelled" ? "E" : "A",
      serviceValue: item.status === "done" ? main.price : null,
      cancelReason: item.status === "cancelled" ? "Sócio pediu para remarcar em outro mês." : null,
      initialVideo: null,
    })
    .returning();
  return appt;
}

/** The linked services of a started order: done ones approved (car 0's paid); the others with alignment approved or pending. */
function linkedServices(
  { item, car, main, staff }: Order,
  appt: Appointment,
  services: Service[],
  finishedAt: Date | null,
): (typeof s.executionServices.$inferInsert)[] {
  return item.status === "done"
    ? [
        {
          appointmentId: appt.id,
          serviceId: main.id,
          userId: staff.id,
          approvalStatus: "A",
          partByMember: "N",
          paid: item.car === 0 ? "S" : "N",
          paidAt: item.car === 0 ? finishedAt : null,
        },
        // The Corolla (car 4) already used its yearly HIGIENIZAÇÃO (limit 1) at p2: the OS screen meets an annual-limit refusal.
        ...(item.car === 4
          ? [
              {
                appointmentId: appt.id,
                serviceId: serviceFor(services, car.vehicleType, "HIGIENIZAÇÃO DO AR-CONDICIONADO").id,
                userId: staff.id,
                approvalStatus: "A",
                partByMember: "N",
                paid: "N",
                paidAt: null,
              },
            ]
          : []),
      ]
    : [
        { appointmentId: appt.id, serviceId: main.id, userId: staff.id, approvalStatus: "A", partByMember: "S" },
        {
          appointmentId: appt.id,
          serviceId: serviceFor(services, car.vehicleType, "ALINHAMENTO E BALANCEAMENTO").id,
          userId: staff.id,
          approvalStatus: item.status === "ready" ? "A" : "P",
          partByMember: item.status === "ready" ? "N" : null,
        },
      ];
}

/** How long before `now` an order booked later today was started (the car arrived early): never a start in the future. */
const EARLY_START_MS = 20 * 60_000;
/** A done order takes 90 minutes, and ends at the latest 5 minutes before `now`. */
const DURATION_MS = 90 * 60_000;
const LATEST_END_MS = 5 * 60_000;

/**
 * Seeds the execution of a started order and its linked services: started at its booked time, or 20 minutes before `now`
 * when that time is still ahead (today's orders seeded in the small hours); a done one finished 90 minutes later, or 5
 * minutes before `now` if that comes first (the Corolla's order on the 1st of January: plan.ts).
 */
async function seedExecution(db: Db, order: Order, appt: Appointment, services: Service[], now: Date) {
  const { item, staff } = order;
  const booked = brasiliaInstant(item.day, item.time);
  const startedAt = new Date(Math.min(booked.getTime(), now.getTime() - EARLY_START_MS));
  const finishedAt = item.status === "done" ? new Date(Math.min(startedAt.getTime() + DURATION_MS, now.getTime() - LATEST_END_MS)) : null;
  await db.insert(s.executions).values({
    appointmentId: appt.id,
    startedBy: staff.id,
    startedAt,
    finishedBy: finishedAt ? staff.id : null,
    finishedAt,
  });
  const linked = await db
    .insert(s.executionServices)
    .values(linkedServices(order, appt, services, finishedAt))
    .returning();
  return { finishedAt, linked };
}

/** Seeds a concluded order's payout statements (one per linked service, with that service's payout and name) and its rating. */
async function seedPayoutsAndRating(
  db: Db,
  { item, car, owner }: Order,
  appt: Appointment,
  services: Service[],
  { finishedAt, linked }: { finishedAt: Date | null; linked: ExecutionService[] },
) {
  const serviceOf = (id: string) => services.find((x) => x.id === id)!;
  await db.insert(s.payoutStatements).values(
    linked.map((l) => ({
      appointmentId: appt.id,
      vehicleId: car.id,
      servicePointId: item.point.id,
      executionServiceId: l.id,
      corporateName: item.point.corporateName,
      cnpj: item.point.cnpj,
      registrationNumber: item.point.registrationNumber,
      appointmentDate: item.day,
      executedAt: finishedAt,
      paid: l.paid,
      paidAt: l.paidAt,
      payout: serviceOf(l.serviceId).payout,
      plate: car.plate,
      memberName: owner.name,
      serviceName: serviceOf(l.serviceId).description,
      osNumber: appt.osNumber,
      code: statementCode(),
    })),
  );
  if (item.rating) {
    await db
      .insert(s.ratings)
      .values({ appointmentId: appt.id, score: item.rating[0], comment: item.rating[1] || null, createdAt: finishedAt! });
  }
}

/** Seeds the plan's orders one by one, in plan order (the OS numbers follow it): appointment, execution, payouts, rating. */
export async function seedOrders(db: Db, plan: PlanItem[], world: DemoWorld, now: Date) {
  const { p1, staff1, staff2 } = world.points;
  for (const item of plan) {
    const car = world.cars[item.car];
    const owner = world.people.find((p) => p.id === car.memberId)!;
    const main = serviceFor(world.services, car.vehicleType, item.motive === 1 ? "TROCA DE ÓLEO" : "REVISÃO DE FREIOS");
    const order: Order = { item, car, owner, main, staff: item.point.id === p1.id ? staff1 : staff2 };
    const appt = await seedAppointment(db, order, world.motives[item.motive]);
    if (item.status === "pending" || item.status === "cancelled") continue;
    const execution = await seedExecution(db, order, appt, world.services, now);
    if (item.status !== "done") continue;
    await seedPayoutsAndRating(db, order, appt, world.services, execution);
  }
}
