// The scan bench's bookings (Node): a fresh embedded database in a data directory, seeded as on a first start, with one member,
// vehicle and open appointment TODAY (Brasília) at the demo point per plate, written through the server's own database module
// before the server starts on that directory (no API creates members or vehicles: they come from the program's registry).
import { and, eq, inArray, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client.ts";
import * as s from "../server/db/schema.ts";
import { DEMO_USERS, seedCentralIfEmpty, seedIfEmpty } from "../server/seed.ts";
import { wallClock } from "../src/domain/dates.ts";

export interface Booking {
  /** The appointment's id: the order screen is /execucao-os/<id>. */
  id: string;
  osNumber: number;
}

/** A valid CPF for the n-th bench member (the two check digits computed), so screens that show or check it see a real one. */
function cpf(n: number): string {
  const d = String(100_000_000 + n)
    .slice(-9)
    .split("")
    .map(Number);
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((acc, x, i) => acc + x * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  const t = d.join("");
  return `${t.slice(0, 3)}.${t.slice(3, 6)}.${t.slice(6, 9)}-${t.slice(9)}`;
}

/**
 * Seeds `dataDir` (if empty) and books every plate (normalised, e.g. ABC1234) once for today at the demo point, in the state the
 * scanner's lookup answers with an IdSocioVeiculoAgenda: an active vehicle of a member with an open (status A) appointment at the
 * point. A seeded vehicle that happens to carry one of the plates is deactivated first, so the plate leads to its bench booking.
 */
export async function bookPlatesToday(dataDir: string, plates: string[]): Promise<{ date: string; bookings: Map<string, Booking> }> {
  const unique = [...new Set(plates)];
  const handle = await openDatabase({
    dataDir,
    prepare: async (db) => {
      await seedIfEmpty(db);
      await seedCentralIfEmpty(db);
    },
  });
  try {
    const { db } = handle;
    const [user] = await db.select().from(s.pointUsers).where(eq(s.pointUsers.email, DEMO_USERS.main));
    const pointId = user.servicePointId;
    const [service] = await db
      .select({ id: s.services.id })
      .from(s.services)
      .innerJoin(s.pointServices, eq(s.pointServices.serviceId, s.services.id))
      .where(
        and(
          eq(s.pointServices.servicePointId, pointId),
          eq(s.services.vehicleType, "PASSEIO"),
          eq(s.services.description, "REVISÃO DE FREIOS"),
        ),
      );
    const [motive] = await db.select().from(s.motivations).where(eq(s.motivations.active, "A")).orderBy(s.motivations.id).limit(1);
    const date = wallClock().date;
    const bookings = new Map<string, Booking>();
    await db.transaction(async (tx) => {
      if (unique.length) {
        await tx
          .update(s.vehicles)
          .set({ status: "I" })
          .where(inArray(sql`upper(replace(${s.vehicles.plate}, '-', ''))`, unique));
      }
      for (const [i, plate] of unique.entries()) {
        const [member] = await tx
          .insert(s.members)
          .values({ name: `Sócio Bench ${String(i + 1).padStart(3, "0")}`, cpf: cpf(i + 1), phone: "(81) 99000-0000" })
          .returning();
        const [vehicle] = await tx
          .insert(s.vehicles)
          .values({ memberId: member.id, brand: "Bench", model: "Scanner", year: 2020, plate, engineSize: "1.0", vehicleType: "PASSEIO" })
          .returning();
        // Spread over the day from 06:00, one minute apart: distinct rows on the agenda, no slot rule involved.
        const minutes = 6 * 60 + i;
        const time = `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const [appt] = await tx
          .insert(s.appointments)
          .values({
            servicePointId: pointId,
            vehicleId: vehicle.id,
            serviceId: service?.id,
            motivationId: motive?.id,
            date,
            time,
            status: "A",
          })
          .returning();
        bookings.set(plate, { id: appt.id, osNumber: appt.osNumber });
      }
    });
    return { date, bookings };
  } finally {
    await handle.close();
  }
}
