// The execution of an order: its videos, its start, and its finish with the payout rows it writes (server only).
import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appointments, executions, members, payoutStatements, services, vehicles } from "../db/schema.ts";
import { payoutValue } from "../rules/payout-value.ts";
import type { AppointmentRow } from "./appointments.ts";
import type { LinkRow } from "./linked-services.ts";
import { pointById } from "./points.ts";

type ExecutionRow = typeof executions.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

const statementCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, "0");

/**
 * Sets a video of the order only while it is open (A), in one conditional write: a finish that lands between the caller's
 * check and this write leaves the finished order's videos as they were. False when nothing was written.
 */
export async function setVideoWhileOpen(db: Db, appointmentId: string, column: "initialVideo" | "finalVideo", file: string) {
  const [changed] = await db
    .update(appointments)
    .set({ [column]: file })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, "A")))
    .returning({ id: appointments.id });
  return Boolean(changed);
}

/** The order's execution, once started. */
export async function executionOf(db: Db, appointmentId: string): Promise<ExecutionRow | undefined> {
  const [exec] = await db.select().from(executions).where(eq(executions.appointmentId, appointmentId));
  return exec;
}

/** The start; the unique key on the order leaves a start that landed first as it is. */
export async function insertExecution(tx: Db, values: { appointmentId: string; startedBy: string; startedAt: Date }) {
  await tx.insert(executions).values(values).onConflictDoNothing({ target: executions.appointmentId });
}

export interface Conclusion {
  exec: ExecutionRow;
  /** The order's vehicle, already locked by the caller. */
  vehicle: typeof vehicles.$inferSelect;
  userId: string;
  now: Date;
  responsavel?: string;
  observacao?: string;
  km?: string;
  /** The order's approved links with their services: one payout each. */
  approved: { es: LinkRow; service: ServiceRow }[];
}

/**
 * Concludes the order in the caller's transaction (which holds the order's and the vehicle's locks): the execution's finish,
 * the order's status, finish fields and value, and one payout row per approved link.
 */
export async function concludeOrder(tx: Db, appt: AppointmentRow, c: Conclusion) {
  const [member] = await tx.select().from(members).where(eq(members.id, c.vehicle.memberId));
  const point = await pointById(tx, appt.servicePointId);
  const [booked] = appt.serviceId ? await tx.select().from(services).where(eq(services.id, appt.serviceId)) : [];
  await tx.update(executions).set({ finishedBy: c.userId, finishedAt: c.now }).where(eq(executions.id, c.exec.id));
  await tx
    .update(appointments)
    .set({
      status: "C",
      finishResponsible: c.responsavel?.trim() || null,
      finishNote: c.observacao?.trim() || null,
      finishKm: c.km?.trim() || null,
      serviceValue: booked?.price ?? appt.serviceValue,
    })
    .where(and(eq(appointments.id, appt.id), eq(appointments.status, "A")));
  if (c.approved.length === 0) return;
  // One payout per approved service, ever: the unique key on execution_service_id keeps a replay from paying twice.
  await tx
    .insert(payoutStatements)
    .values(
      c.approved.map(({ es, service }) => ({
        appointmentId: appt.id,
        vehicleId: c.vehicle.id,
        servicePointId: point!.id,
        executionServiceId: es.id,
        corporateName: point!.corporateName,
        cnpj: point!.cnpj,
        registrationNumber: point!.registrationNumber,
        appointmentDate: appt.date,
        executedAt: c.now,
        paid: es.paid,
        paidAt: es.paidAt,
        payout: payoutValue(es.partByMember, es.extraValue, service.payout),
        plate: c.vehicle.plate,
        memberName: member!.name,
        serviceName: service.description,
        osNumber: appt.osNumber,
        code: statementCode(),
      })),
    )
    .onConflictDoNothing({ target: payoutStatements.executionServiceId });
}
