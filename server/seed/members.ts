// Demo seed, second part: the program's members and their vehicles, shared by every service point (server only).
import type { Db } from "../db/client.ts";
import * as s from "../db/schema.ts";

export type Member = typeof s.members.$inferSelect;
export type Vehicle = typeof s.vehicles.$inferSelect;

/** Seeds five members and seven vehicles (one inactive); the order of `cars` is the index the demo plan refers to. */
export async function seedMembersAndVehicles(db: Db): Promise<{ people: Member[]; cars: Vehicle[] }> {
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
  return { people, cars };
}
