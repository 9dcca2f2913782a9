// Demo data seeded on first start: two service points (tenant isolation), users, members, vehicles, services and a month of appointments (server only).
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import * as s from "./schema.ts";
import { hashPassword } from "../lib/secrets.ts";
import { addDays, brasiliaInstant, monthRange, wallClock } from "../../src/domain/dates.ts";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_USERS = {
  main: "demo@credenciado.com.br",
  colleague: "carlos@credenciado.com.br",
  inactive: "inativo@credenciado.com.br",
  otherPoint: "outro@credenciado.com.br",
} as const;
/** The program's central staff (the Central console), seeded once when there is none. */
export const DEMO_CENTRAL = { email: "central@programa.com.br", name: "Equipe Central (demonstração)" } as const;

const statementCode = () => String(randomInt(0, 1_000_000_000)).padStart(9, "0");

/** ready = in progress with every linked service approved (can be finished at once). */
type Status = "pending" | "progress" | "ready" | "done" | "cancelled";

/** Adds the demo central user when the program has no central user yet (also on installations seeded before it existed). */
export async function seedCentralIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.centralUsers);
  if (count > 0) return false;
  await db.insert(s.centralUsers).values({ ...DEMO_CENTRAL, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return true;
}

/** Inserts the demo data when the database has no service point yet. Returns true when it seeded. */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.servicePoints);
  if (count > 0) return false;
  await db.transaction(async (tx) => seed(tx as unknown as Db, now));
  return true;
}

async function seed(db: Db, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [p1, p2] = await db
    .insert(s.servicePoints)
    .values([
      {
        tradeName: "Auto Center Boa Viagem",
        corporateName: "Auto Center Boa Viagem Ltda",
        cnpj: "11.222.333/0001-81",
        stateRegistration: "0321456-78",
        registrationNumber: "CRD-000123",
        lifts: 3,
        cep: "51020-000",
        address: "Av. Conselheiro Aguiar, 1500",
        city: "Recife",
        uf: "PE",
        district: "Boa Viagem",
        complement: "Galpão 2",
        weekdayOpen: "08:00",
        weekdayClose: "18:00",
        saturdayOpen: "08:00",
        saturdayClose: "12:00",
      },
      {
        tradeName: "Oficina Serra Azul",
        corporateName: "Serra Azul Mecânica Eireli",
        cnpj: "45.723.174/0001-10",
        registrationNumber: "CRD-000456",
        lifts: 2,
        cep: "30130-010",
        address: "Rua da Bahia, 900",
        city: "Belo Horizonte",
        uf: "MG",
        district: "Centro",
        weekdayOpen: "07:30",
        weekdayClose: "17:30",
      },
    ])
    .returning();
  const [admin, attendant] = await db
    .insert(s.userTypes)
    .values([
      { description: "Administrador", administrative: "S", attendance: "S" },
      { description: "Atendente", administrative: "N", attendance: "S" },
    ])
    .returning();
  const users = await db
    .insert(s.pointUsers)
    .values([
      { servicePointId: p1.id, userTypeId: admin.id, name: "Marina Souza", email: DEMO_USERS.main, phone: "(81) 98888-1111", passwordHash },
      {
        servicePointId: p1.id,
        userTypeId: attendant.id,
        name: "Carlos Lima",
        email: DEMO_USERS.colleague,
        phone: "(81) 97777-2222",
        passwordHash,
      },
      { servicePointId: p1.id, userTypeId: attendant.id, name: "Rita Alves", email: DEMO_USERS.inactive, passwordHash, active: "I" },
      {
        servicePointId: p2.id,
        userTypeId: admin.id,
        name: "Paulo Mendes",
        email: DEMO_USERS.otherPoint,
        phone: "(31) 96666-3333",
        passwordHash,
      },
    ])
    .returning();
  const byEmail = (e: string) => users.find((u) => u.email === e)!;

  const people = await db
    .insert(s.members)
    .values([
      { name: "João Pereira", cpf: "529.982.247-25", phone: "(81) 99123-4567", email: "joao.pereira@example.com" },
      { name: "Ana Beatriz Costa", cpf: "111.444.777-35", phone: "(81) 99234-5678", email: "ana.costa@example.com" },
      { name: "Marcos Vinícius Rocha", cpf: "390.533.447-05", phone: "(81) 98345-6789" },
      { name: "Fernanda Lima", cpf: "275.484.389-23", phone: "(31) 99456-7890" },
      { name: "José Antônio Silva", cpf: "868.207.640-40", phone: "(31) 98567-8901" },
    ])
    .returning();
  const cars = await db
    .insert(s.vehicles)
    .values([
      {
        memberId: people[0].id,
        brand: "Volkswagen",
        model: "Gol 1.0",
        year: 2015,
        plate: "ABC1234",
        engineSize: "1.0",
        vehicleType: "PASSEIO",
      },
      { memberId: people[0].id, brand: "Fiat", model: "Toro", year: 2022, plate: "BRA2E19", engineSize: "2.0", vehicleType: "CAMINHONETE" },
      { memberId: people[1].id, brand: "Hyundai", model: "Creta", year: 2021, plate: "RFT4G56", engineSize: "1.6", vehicleType: "SUV" },
      {
        memberId: people[2].id,
        brand: "Chevrolet",
        model: "Onix",
        year: 2019,
        plate: "PEX7788",
        engineSize: "1.4",
        vehicleType: "PASSEIO",
      },
      {
        memberId: people[3].id,
        brand: "Toyota",
        model: "Corolla",
        year: 2020,
        plate: "HMG3C21",
        engineSize: "2.0",
        vehicleType: "PASSEIO",
      },
      {
        memberId: people[4].id,
        brand: "Renault",
        model: "Duster",
        year: 2018,
        plate: "OPA9012",
        engineSize: "1.6",
        vehicleType: "SUV",
        status: "I",
      },
      { memberId: people[3].id, brand: "Jeep", model: "Renegade", year: 2023, plate: "QWE5R67", engineSize: "1.3", vehicleType: "SUV" },
    ])
    .returning();

  const motives = await db
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

  const catalogue: (typeof s.services.$inferInsert)[] = [];
  for (const type of ["PASSEIO", "SUV", "CAMINHONETE"]) {
    const bump = type === "PASSEIO" ? 0 : 30;
    catalogue.push(
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
    );
  }
  const svc = await db.insert(s.services).values(catalogue).returning();
  await db.insert(s.pointServices).values([p1, p2].flatMap((p) => svc.map((x) => ({ servicePointId: p.id, serviceId: x.id }))));
  const serviceFor = (type: string, description: string) => svc.find((x) => x.vehicleType === type && x.description === description)!;

  const today = wallClock(now).date;
  const { first, last } = monthRange(today);
  const dayOfMonth = (n: number) => {
    const d = addDays(first, n - 1);
    return d > last ? last : d;
  };
  const plan: { point: typeof p1; car: number; day: string; time: string; status: Status; motive: number; rating?: [number, string] }[] = [
    {
      point: p1,
      car: 0,
      day: dayOfMonth(2),
      time: "09:00",
      status: "done",
      motive: 1,
      rating: [5, "Atendimento excelente, muito rápido."],
    },
    { point: p1, car: 2, day: dayOfMonth(5), time: "10:30", status: "done", motive: 0, rating: [4, "Bom serviço, só atrasou um pouco."] },
    { point: p1, car: 3, day: dayOfMonth(8), time: "14:00", status: "done", motive: 3, rating: [3, ""] },
    { point: p1, car: 1, day: dayOfMonth(10), time: "08:30", status: "cancelled", motive: 2 },
    { point: p1, car: 4, day: today, time: "09:30", status: "progress", motive: 3 },
    { point: p1, car: 2, day: today, time: "11:00", status: "progress", motive: 4 },
    { point: p1, car: 0, day: today, time: "15:00", status: "pending", motive: 0 },
    { point: p1, car: 3, day: addDays(today, 1) > last ? today : addDays(today, 1), time: "10:00", status: "pending", motive: 1 },
    { point: p1, car: 1, day: dayOfMonth(28), time: "16:00", status: "pending", motive: 2 },
    { point: p1, car: 3, day: dayOfMonth(1), time: "07:30", status: "ready", motive: 2 },
    { point: p1, car: 3, day: dayOfMonth(1), time: "07:45", status: "ready", motive: 2 },
    { point: p1, car: 4, day: dayOfMonth(3), time: "13:00", status: "pending", motive: 4 },
    { point: p2, car: 4, day: dayOfMonth(4), time: "08:00", status: "done", motive: 1, rating: [2, "Demorou mais que o combinado."] },
    { point: p2, car: 0, day: today, time: "16:30", status: "pending", motive: 0 },
    { point: p2, car: 6, day: dayOfMonth(15), time: "10:00", status: "pending", motive: 2 },
  ];

  for (const item of plan) {
    const car = cars[item.car];
    const owner = people.find((p) => p.id === car.memberId)!;
    const main = serviceFor(car.vehicleType, item.motive === 1 ? "TROCA DE ÓLEO" : "REVISÃO DE FREIOS");
    const staff = item.point.id === p1.id ? byEmail(DEMO_USERS.main) : byEmail(DEMO_USERS.otherPoint);
    const [appt] = await db
      .insert(s.appointments)
      .values({
        servicePointId: item.point.id,
        vehicleId: car.id,
        serviceId: main.id,
        motivationId: motives[item.motive].id,
        date: item.day,
        time: item.time,
        status: item.status === "done" ? "C" : item.status === "cancelled" ? "E" : "A",
        serviceValue: item.status === "done" ? main.price : null,
        cancelReason: item.status === "cancelled" ? "Sócio pediu para remarcar em outro mês." : null,
        initialVideo: null,
      })
      .returning();
    if (item.status === "pending" || item.status === "cancelled") continue;
    const startedAt = brasiliaInstant(item.day, item.time);
    const finishedAt = item.status === "done" ? new Date(startedAt.getTime() + 90 * 60_000) : null;
    await db.insert(s.executions).values({
      appointmentId: appt.id,
      startedBy: staff.id,
      startedAt,
      finishedBy: finishedAt ? staff.id : null,
      finishedAt,
    });
    const linked = await db
      .insert(s.executionServices)
      .values(
        item.status === "done"
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
                      serviceId: serviceFor(car.vehicleType, "HIGIENIZAÇÃO DO AR-CONDICIONADO").id,
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
                serviceId: serviceFor(car.vehicleType, "ALINHAMENTO E BALANCEAMENTO").id,
                userId: staff.id,
                approvalStatus: item.status === "ready" ? "A" : "P",
                partByMember: item.status === "ready" ? "N" : null,
              },
            ],
      )
      .returning();
    if (item.status !== "done") continue;
    // One payout row per linked service, each with its own service's payout and name.
    const serviceOf = (id: string) => svc.find((x) => x.id === id)!;
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
  await db.insert(s.bankAccounts).values({
    servicePointId: p1.id,
    pixKeyType: "CNPJ",
    pixKey: p1.cnpj,
    holderName: p1.corporateName,
    holderDocument: p1.cnpj,
    selected: "S",
  });

  // Service returns (Retorno de Serviço): two on point 1's first concluded orders, registered 12 and 3 days ago, so the list
  // and its date filter have rows from other days than the ones a test creates.
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
