// Appointment slot rules: 30-minute grid within opening hours, one booking per lift and block, only future times (pure TS).
export const SLOT_MINUTES = 30;

export interface Booking {
  start: string;
  minutes: number;
}
export interface SlotInput {
  open: string | null;
  close: string | null;
  lifts: number;
  /** Bookings placed greedily in the given order on the first lift free for all their blocks. */
  bookings: Booking[];
  /** Minutes since midnight; blocks starting at or before it are not offered (today). */
  notAfterMinute?: number;
}

export const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};
export const toHHmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

export class SlotRuleError extends Error {}

/** Free slot start times (HH:mm), ascending from opening. Closed days give []. Overnight hours (close < open) are supported. */
export function availableSlots({ open, close, lifts, bookings, notAfterMinute }: SlotInput): string[] {
  if (!open || !close) return [];
  if (!(lifts > 0)) throw new SlotRuleError("Ponto de atendimento não possui elevadores");
  const start = toMinutes(open);
  let span = toMinutes(close) - start;
  if (span === 0) throw new SlotRuleError("Horário de funcionamento inválido");
  if (span < 0) span += 1440;
  const blocks = Math.ceil(span / SLOT_MINUTES);
  const busy: boolean[][] = Array.from({ length: lifts }, () => new Array<boolean>(blocks).fill(false));
  for (const b of bookings) {
    let offset = toMinutes(b.start) - start;
    if (offset < 0) offset += 1440;
    const first = Math.floor(offset / SLOT_MINUTES);
    const count = Math.max(1, Math.ceil(b.minutes / SLOT_MINUTES));
    const range = Array.from({ length: count }, (_, i) => first + i).filter((i) => i < blocks);
    if (range.length === 0) continue;
    const lift = busy.find((row) => range.every((i) => !row[i]));
    if (lift) for (const i of range) lift[i] = true;
  }
  const out: string[] = [];
  for (let i = 0; i < blocks; i++) {
    const minute = start + i * SLOT_MINUTES;
    if (notAfterMinute !== undefined && minute <= notAfterMinute) continue;
    if (busy.some((row) => !row[i])) out.push(toHHmm(minute));
  }
  return out;
}
