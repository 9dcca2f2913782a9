// Services linked to an order and the point's catalogue they are chosen from: reads, writes and their one mapping each to
// the contract's shapes (server only).
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { executionServices, pointServices, services, vehicles } from "../db/schema.ts";
import type { LinkedService, PointService } from "../../contract/servicos.ts";
import { payoutValue } from "../services/service-rules.ts";

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
});

/** A linked service as the contract names it, with the service's price and this link's payout (the finish's own rule). */
export const toLinkedService = (es: LinkRow, s: ServiceRow): LinkedService => ({
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
    .select({ es: executionServices, s: services })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .where(and(eq(executionServices.appointmentId, appointmentId), ne(services.kind, "RESERVA")))
    .orderBy(executionServices.createdAt);
  return list.map(({ es, s }) => toLinkedService(es, s));
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

export async function deleteLink(tx: Db, id: string) {
  await tx.delete(executionServices).where(eq(executionServices.id, id));
}
