// Services linked to an order and the point's catalogue they are chosen from: reads, writes and their one mapping each to
// the contract's shapes (server only).
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { executionServices, pointServices, pointUsers, services, vehicles } from "../db/schema.ts";
import type { LinkedService, PointService } from "../../contract/servicos.ts";
import { payoutValue } from "../rules/payout-value.ts";

type ServiceRow = typeof services.$inferSelect;
export type LinkRow = typeof executionServices.$inferSelect;

/** The catalogue's name of a service: 'description - vehicle type'. */
const label = (s: ServiceRow) => `${s.description} - ${s.vehicleType}`;

export const toPointService = (s: ServiceRow): PointService => ({
  IdServico: s.id,
  value: s.id,
  label: label(s),
  description: s.notes,
  TipoVeiculo: s.vehicleType,
  FornecidoPelaVcar: s.providedByProgram as PointService["FornecidoPelaVcar"],
  LimiteAnual: s.annualLimit,
  Garantia: s.warrantyDays,
  // A fresh link has no extra value and no parts flag yet: the finish's rule then pays the service's own payout.
  ValorRepasse: payoutValue(null, null, s.payout) ?? 0,
  // Every link the point makes starts as 'P' (servicos.ts); only the program's own services arrive approved.
  AprovacaoCentral: s.providedByProgram !== "S",
});

/** A linked service as the contract names it, with the service's price and this link's payout (the finish's own rule). */
export const toLinkedService = (es: LinkRow, s: ServiceRow, userName: string | null = null): LinkedService => ({
  id: es.id,
  idSocioVeiculoAgendaExecucaoServico: es.id,
  IdSocioVeiculoAgendaExecucaoServico: es.id,
  IdSocioVeiculoAgenda: es.appointmentId,
  IdServico: s.id,
  value: s.id,
  label: label(s),
  description: s.notes,
  status: es.approvalStatus as LinkedService["status"],
  StatusAprovacao: es.approvalStatus as LinkedService["StatusAprovacao"],
  PecaPorContaDoSocio: es.partByMember,
  FornecidoPelaVcar: s.providedByProgram as LinkedService["FornecidoPelaVcar"],
  Observacoes: es.officeNote,
  ObservacoesCredenciado: es.pointNote,
  Foto1: es.photo1,
  Foto2: es.photo2,
  Foto3: es.photo3,
  Video: es.video,
  ValorAdicional: es.extraValue,
  PagamentoFeito: es.paid,
  DataLog: es.createdAt.toISOString(),
  Usuario: userName,
  ValorServico: s.price,
  ValorRepasse: payoutValue(es.partByMember, es.extraValue, s.payout),
});

/** The point's active catalogue without the slot-reservation pseudo-service, by description and vehicle type. */
export async function pointCatalogue(db: Db, pointId: string) {
  const list = await db
    .select({ s: services })
    .from(pointServices)
    .innerJoin(services, eq(services.id, pointServices.serviceId))
    .where(and(eq(pointServices.servicePointId, pointId), eq(pointServices.active, "A"), ne(services.kind, "RESERVA")))
    .orderBy(services.description, services.vehicleType);
  return list.map(({ s }) => toPointService(s));
}

/** One service the point may link now: in its active catalogue, active itself, not the reservation pseudo-service. */
export async function linkableService(db: Db, pointId: string, serviceId: string) {
  const [row] = await db
    .select({ s: services })
    .from(pointServices)
    .innerJoin(services, eq(services.id, pointServices.serviceId))
    .where(
      and(
        eq(pointServices.servicePointId, pointId),
        eq(pointServices.serviceId, serviceId),
        eq(pointServices.active, "A"),
        eq(services.active, "A"),
        ne(services.kind, "RESERVA"),
      ),
    );
  return row?.s;
}

export async function serviceById(db: Db, id: string) {
  const [service] = await db.select().from(services).where(eq(services.id, id));
  return service;
}

/** The order's linked services in the contract's shape (the reservation pseudo-service left out), in the order they were linked. */
export async function linkedServicesOf(db: Db, appointmentId: string) {
  const list = await db
    .select({ es: executionServices, s: services, userName: pointUsers.name })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .leftJoin(pointUsers, eq(pointUsers.id, executionServices.userId))
    .where(and(eq(executionServices.appointmentId, appointmentId), ne(services.kind, "RESERVA")))
    .orderBy(executionServices.createdAt);
  return list.map(({ es, s, userName }) => toLinkedService(es, s, userName));
}

/** Every link of the order with its service (the finish checks and pays these). */
export const orderLinks = (db: Db, appointmentId: string) =>
  db
    .select({ es: executionServices, service: services })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .where(eq(executionServices.appointmentId, appointmentId));

/**
 * The vehicle's row, locked for the caller's transaction: the warranty and the annual limit count this vehicle's services
 * on every order at any point, so a link checks them, and a finish starts a warranty, one at a time per vehicle.
 */
export async function lockVehicle(tx: Db, vehicleId: string) {
  const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).for("update");
  return vehicle!;
}

/** Whether the service is already linked to the order. */
export async function isLinked(db: Db, appointmentId: string, serviceId: string) {
  const [dup] = await db
    .select({ id: executionServices.id })
    .from(executionServices)
    .where(and(eq(executionServices.appointmentId, appointmentId), eq(executionServices.serviceId, serviceId)));
  return Boolean(dup);
}

export async function insertLink(tx: Db, values: typeof executionServices.$inferInsert) {
  const [inserted] = await tx.insert(executionServices).values(values).returning();
  return inserted!;
}

/**
 * Deletes a link the central has not approved: conditional, so an approval landing between the caller's check and this
 * delete (the central's decision does not take the order's lock) leaves the approved link in place. True when deleted.
 */
export async function deleteUnapprovedLink(tx: Db, id: string) {
  const gone = await tx
    .delete(executionServices)
    .where(and(eq(executionServices.id, id), ne(executionServices.approvalStatus, "A")))
    .returning({ id: executionServices.id });
  return gone.length > 0;
}

export type ServiceFileKind = "foto" | "video";
export type LinkMedia = Pick<LinkRow, "photo1" | "photo2" | "photo3" | "video">;
export const PHOTO_SLOTS = ["photo1", "photo2", "photo3"] as const;

/** Where a file goes on a link: the slot already holding it (a replay), the first free slot of its kind, or "full". */
export function slotFor(link: LinkMedia, kind: ServiceFileKind, name: string): { slot: keyof LinkMedia; already: boolean } | "full" {
  const slots = kind === "video" ? (["video"] as const) : PHOTO_SLOTS;
  const holding = slots.find((k) => link[k] === name);
  if (holding) return { slot: holding, already: true };
  const free = slots.find((k) => !link[k]);
  return free ? { slot: free, already: false } : "full";
}

/**
 * Puts a stored name into one free slot of a link still awaiting approval: conditional on the slot being empty and the link
 * being 'P', so a decision or another attach landing meanwhile is never overwritten. The row after, or undefined when not written.
 */
export async function fillLinkSlot(tx: Db, id: string, slot: keyof LinkMedia, name: string) {
  const column = {
    photo1: executionServices.photo1,
    photo2: executionServices.photo2,
    photo3: executionServices.photo3,
    video: executionServices.video,
  }[slot];
  const [row] = await tx
    .update(executionServices)
    .set({ [slot]: name })
    .where(and(eq(executionServices.id, id), eq(executionServices.approvalStatus, "P"), sql`${column} is null`))
    .returning();
  return row;
}

/** The link's row, locked for the caller's transaction (after its order's lock). */
export async function lockLink(tx: Db, id: string) {
  const [row] = await tx.select().from(executionServices).where(eq(executionServices.id, id)).for("update");
  return row;
}
