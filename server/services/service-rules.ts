// Warranty and annual-limit rules for linking services to an OS (used by the check routes and enforced on link) (server only).
// The payout of a linked service is rules/payout-value.ts.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { appointments, executions, executionServices, services, vehicles } from "../db/schema.ts";
import { rows } from "../db/rows.ts";
import { wallClock } from "../../src/domain/dates.ts";

export interface Warranty {
  garantiaValida: boolean;
  garantia?: number;
  dataLimiteGarantia?: string;
}

/** Valid while now <= last concluded, approved use of this service on this vehicle (any point) + the service's warranty days. */
export async function warrantyFor(db: Db, vehicleId: string, serviceId: string, now: Date): Promise<Warranty> {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId));
  if (!service || service.warrantyDays <= 0) return { garantiaValida: false };
  const done = sql<Date>`coalesce(${executions.finishedAt}, ${appointments.date}::timestamptz)`;
  const [last] = await db
    .select({ done })
    .from(executionServices)
    .innerJoin(appointments, eq(appointments.id, executionServices.appointmentId))
    .leftJoin(executions, eq(executions.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.vehicleId, vehicleId),
        eq(appointments.status, "C"),
        eq(executionServices.serviceId, serviceId),
        eq(executionServices.approvalStatus, "A"),
      ),
    )
    .orderBy(desc(done))
    .limit(1);
  if (!last) return { garantiaValida: false };
  const limit = new Date(new Date(last.done).getTime() + service.warrantyDays * 86_400_000);
  return { garantiaValida: now <= limit, garantia: service.warrantyDays, dataLimiteGarantia: limit.toISOString() };
}

export interface LimitRow {
  idServico: string;
  nomeServico: string;
  fornecidoPelaVcar: "S" | "N";
  tipoVeiculo: string;
  tipo: string;
  quantidadeUsada: number;
  limiteAnual: number;
  restante: number | null;
  podeUsar: boolean;
}

/**
 * Uses this calendar year (Brasília) per service on this vehicle: linked services approved or awaiting approval on
 * appointments that were not cancelled. A limit of 0 means unlimited.
 */
export async function annualUsage(db: Db, vehicleId: string, now: Date) {
  const year = Number(wallClock(now).date.slice(0, 4));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  const used = await rows<{ service_id: string; n: number }>(
    db,
    sql`
    select es.service_id, count(*)::int as n from execution_services es join appointments a on a.id = es.appointment_id
    where a.vehicle_id = ${vehicleId} and a.status <> 'E' and es.approval_status in ('A', 'P')
      and a.date >= ${`${year}-01-01`} and a.date <= ${`${year}-12-31`}
    group by es.service_id`,
  );
  const list = await db
    .select()
    .from(services)
    .where(and(eq(services.active, "A"), ne(services.kind, "RESERVA"), vehicle ? eq(services.vehicleType, vehicle.vehicleType) : undefined))
    .orderBy(services.description);
  const servicos: LimitRow[] = list.map((s) => {
    const n = used.find((u) => u.service_id === s.id)?.n ?? 0;
    return {
      idServico: s.id,
      nomeServico: s.description,
      fornecidoPelaVcar: s.providedByProgram as LimitRow["fornecidoPelaVcar"],
      tipoVeiculo: s.vehicleType,
      tipo: s.kind,
      quantidadeUsada: n,
      limiteAnual: s.annualLimit,
      restante: s.annualLimit > 0 ? Math.max(0, s.annualLimit - n) : null,
      podeUsar: s.annualLimit <= 0 || n < s.annualLimit,
    };
  });
  const total = used.reduce((acc, u) => acc + u.n, 0);
  return {
    algumServicoDisponivelParaUso: servicos.some((s) => s.podeUsar),
    mensagem: servicos.some((s) => !s.podeUsar) ? "Há serviços com o limite anual atingido." : "Todos os serviços estão disponíveis.",
    anoReferencia: year,
    tipoVeiculo: vehicle?.vehicleType ?? null,
    totalAgendamentos: total,
    servicos,
  };
}
