// Demo seed: the month plan, which appointments the demo has in the current month and in which state (server only).
import { addDays, monthRange, wallClock } from "../../../src/domain/dates.ts";
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

/** The appointments of the month of `now` (Brasília wall clock) at both points, in the order they are inserted. */
export function monthPlan(now: Date, p1: Point, p2: Point): PlanItem[] {
  const today = wallClock(now).date;
  const { first, last } = monthRange(today);
  const dayOfMonth = (n: number) => {
    const d = addDays(first, n - 1);
    return d > last ? last : d;
  };
  return [
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
}
