// Demo seed, first part: the two service points, the user types and the points' staff (server only).
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";

export type Point = typeof s.servicePoints.$inferSelect;
export type PointUser = typeof s.pointUsers.$inferSelect;
/** The demo logins by role (DEMO_USERS). */
export interface DemoEmails {
  main: string;
  colleague: string;
  inactive: string;
  otherPoint: string;
}
/** What later parts need: both points, and the staff member who starts and finishes each point's orders. */
export interface DemoPoints {
  p1: Point;
  p2: Point;
  staff1: PointUser;
  staff2: PointUser;
}

/** Seeds the two service points (two, so that tenant isolation can be seen and tested). */
async function seedServicePoints(db: Db): Promise<[Point, Point]> {
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
  return [p1, p2];
}

/** Seeds the user types and the point users: three at point 1 (one of them inactive), one at point 2. */
async function seedStaff(db: Db, [p1, p2]: [Point, Point], passwordHash: string, emails: DemoEmails) {
  const [admin, attendant] = await db
    .insert(s.userTypes)
    .values([
      { description: "Administrador", administrative: "S", attendance: "S" },
      { description: "Atendente", administrative: "N", attendance: "S" },
    ])
    .returning();
  return db
    .insert(s.pointUsers)
    .values([
      { servicePointId: p1.id, userTypeId: admin.id, name: "Marina Souza", email: emails.main, phone: "(81) 98888-1111", passwordHash },
      {
        servicePointId: p1.id,
        userTypeId: attendant.id,
        name: "Carlos Lima",
        email: emails.colleague,
        phone: "(81) 97777-2222",
        passwordHash,
      },
      { servicePointId: p1.id, userTypeId: attendant.id, name: "Rita Alves", email: emails.inactive, passwordHash, active: "I" },
      {
        servicePointId: p2.id,
        userTypeId: admin.id,
        name: "Paulo Mendes",
        email: emails.otherPoint,
        phone: "(31) 96666-3333",
        passwordHash,
      },
    ])
    .returning();
}

/** Seeds the service points and their staff; every demo user gets the same password hash. */
export async function seedPoints(db: Db, passwordHash: string, emails: DemoEmails): Promise<DemoPoints> {
  const [p1, p2] = await seedServicePoints(db);
  const users = await seedStaff(db, [p1, p2], passwordHash, emails);
  const byEmail = (e: string) => users.find((u) => u.email === e)!;
  return { p1, p2, staff1: byEmail(emails.main), staff2: byEmail(emails.otherPoint) };
}
