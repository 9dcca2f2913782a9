// Agenda rules on the server: opening hours of a day (holidays included), occupancy and free slots (server only).
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getHolidays } from "@brazilian-utils/brazilian-utils";
import type { Db } from "../db/client.ts";
import { appointments, executionServices, servicePoints, services } from "../db/schema.ts";
import { availableSlots, toMinutes, type Booking } from "../../src/domain/slots.ts";
import { brasiliaToday, type Clock } from "../lib/dates.ts";

type Point = typeof servicePoints.$inferSelect;
const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/** National holidays plus the point's state holidays (optional and religious dates are ordinary days). */
export function isHoliday(day: string, uf: string | null): boolean {
  const year = Number(day.slice(0, 4));
  const list = uf ? getHolidays({ year, stateCode: uf as never }) : getHolidays(year);
  return list.some(
    (h) =>
      (h.type === "national" || h.type === "state") &&
      `${h.date.getFullYear()}-${String(h.date.getMonth() + 1).padStart(2, "0")}-${String(h.date.getDate()).padStart(2, "0")}` === day,
  );
}

export function openingHours(point: Point, day: string): { open: string | null; close: string | null; holiday: boolean } {
  if (isHoliday(day, point.uf)) return { open: hhmm(point.holidayOpen), close: hhmm(point.holidayClose), holiday: true };
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0) return { open: hhmm(point.sundayOpen), close: hhmm(point.sundayClose), holiday: false };
  if (weekday === 6) return { open: hhmm(point.saturdayOpen), close: hhmm(point.saturdayClose), holiday: false };
  return { open: hhmm(point.weekdayOpen), close: hhmm(point.weekdayClose), holiday: false };
}

/** Open appointments of the day with their duration: linked services' average time, else the booked service's, else 30 min. */
async function bookingsOf(db: Db, pointId: string, day: string, excludeId?: string): Promise<Booking[]> {
  const rows = await db
    .select({ id: appointments.id, time: appointments.time, bookedMinutes: services.averageMinutes })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.servicePointId, pointId),
        eq(appointments.date, day),
        eq(appointments.status, "A"),
        excludeId ? ne(appointments.id, excludeId) : undefined,
      ),
    )
    .orderBy(appointments.time, appointments.createdAt);
  if (rows.length === 0) return [];
  const linked = await db
    .select({ appointmentId: executionServices.appointmentId, minutes: sql<number>`sum(${services.averageMinutes})::int` })
    .from(executionServices)
    .innerJoin(services, eq(services.id, executionServices.serviceId))
    .where(
      and(
        inArray(
          executionServices.appointmentId,
          rows.map((r) => r.id),
        ),
        ne(executionServices.approvalStatus, "R"),
      ),
    )
    .groupBy(executionServices.appointmentId);
  const linkedMinutes = new Map(linked.map((l) => [l.appointmentId, l.minutes]));
  return rows.map((r) => ({ start: r.time.slice(0, 5), minutes: linkedMinutes.get(r.id) ?? r.bookedMinutes ?? 30 }));
}

/** Free slots of a day at a point; past days give [], today only future times (Brasília clock of the server). */
export async function freeSlots(db: Db, point: Point, day: string, clock: Clock, excludeId?: string): Promise<string[]> {
  const now = brasiliaToday(clock);
  if (day < now.date) return [];
  const { open, close } = openingHours(point, day);
  const bookings = await bookingsOf(db, point.id, day, excludeId);
  return availableSlots({
    open,
    close,
    lifts: point.lifts,
    bookings,
    notAfterMinute: day === now.date ? toMinutes(now.time) : undefined,
  });
}
