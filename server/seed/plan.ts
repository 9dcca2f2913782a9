// Demo seed: the plan, which appointments the demo has around today and in which state (server only).
import { addDays, wallClock } from "../../src/domain/dates.ts";
import type { Point } from "./points.ts";

/** ready = in progress with every linked service approved (can be finished at once). */
export type Status = "pending" | "progress" | "ready" | "done" | "cancelled";
/** One appointment: car and motive are indexes into the seeded vehicles and motivations; rating = [score, comment]. */
export interface PlanItem {
  point: Point;
  car: number;
  day: string;
  time: string;
  status: Status;
  motive: number;
  rating?: [number, string];
}

/**
 * The appointments around `now` (Brasília wall clock) at both points, in the order they are inserted. Every day is counted
 * from today, never from the month: what is done lies in the past whatever the day (executions, payouts and ratings before
 * `now`, so they can be paid today), what is pending lies today or ahead. Early in a month the done orders fall in the month
 * before, as they would for a real point; the screens' default period (the current month) then shows fewer of them.
 */
export function demoPlan(now: Date, p1: Point, p2: Point): PlanItem[] {
  const today = wallClock(now).date;
  const ago = (days: number) => addDays(today, -days);
  const ahead = (days: number) => addDays(today, days);
  // The Corolla's order at point 2 carries its once-a-year service (orders.ts), which the annual limit counts by the
  // appointment's calendar year (Brasília): early in January it is dated the year's first day, not in the year before.
  const thisYear = (day: string) => (day < `${today.slice(0, 4)}-01-01` ? `${today.slice(0, 4)}-01-01` : day);
  return [
    { point: p1, car: 0, day: ago(20), time: "09:00", status: "done", motive: 1, rating: [5, "Atendimento excelente, muito rápido."] },
    { point: p1, car: 2, day: ago(13), time: "10:30", status: "done", motive: 0, rating: [4, "Bom serviço, só atrasou um pouco."] },
    { point: p1, car: 3, day: ago(6), time: "14:00", status: "done", motive: 3, rating: [3, ""] },
    { point: p1, car: 1, day: ago(9), time: "08:30", status: "cancelled", motive: 2 },
    { point: p1, car: 4, day: today, time: "09:30", status: "progress", motive: 3 },
    { point: p1, car: 2, day: today, time: "11:00", status: "progress", motive: 4 },
    { point: p1, car: 0, day: today, time: "15:00", status: "pending", motive: 0 },
    { point: p1, car: 3, day: ahead(1), time: "10:00", status: "pending", motive: 1 },
    { point: p1, car: 1, day: ahead(9), time: "16:00", status: "pending", motive: 2 },
    { point: p1, car: 3, day: ago(1), time: "07:30", status: "ready", motive: 2 },
    { point: p1, car: 3, day: ago(1), time: "07:45", status: "ready", motive: 2 },
    { point: p1, car: 4, day: ago(2), time: "13:00", status: "pending", motive: 4 },
    { point: p2, car: 4, day: thisYear(ago(11)), time: "08:00", status: "done", motive: 1, rating: [2, "Demorou mais que o combinado."] },
    { point: p2, car: 0, day: today, time: "16:30", status: "pending", motive: 0 },
    { point: p2, car: 6, day: ahead(13), time: "10:00", status: "pending", motive: 2 },
  ];
}
