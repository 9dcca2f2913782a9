// The one-tap plate choices offered when no lock comes: a plate the point expects that matches what the readers saw (the same
// plate, or one character away from it) comes first with its member's name; then the plates seen, best first (main thread, pure).
import { singleDifference } from "../../domain/plate-match";
import type { PlateCandidate } from "../../domain/plate";
import type { ExpectedPlate } from "./query-options";

export interface PlateChoice {
  plate: string;
  /** The member's name and appointment date when the plate is one the point expects. */
  expected?: ExpectedPlate;
}

/** At most this many choices: more would push 'Digitar placa' below the fold on a phone. */
export const MAX_CHOICES = 3;

export function plateChoices(seen: readonly PlateCandidate[], expected: readonly ExpectedPlate[]): PlateChoice[] {
  const out: PlateChoice[] = [];
  const add = (c: PlateChoice) => {
    if (!out.some((o) => o.plate === c.plate)) out.push(c);
  };
  for (const s of seen) {
    const match = expected.find((e) => e.plate === s.plate) ?? expected.find((e) => singleDifference(e.plate, s.plate) !== null);
    if (match) add({ plate: match.plate, expected: match });
  }
  for (const s of seen) add({ plate: s.plate, expected: expected.find((e) => e.plate === s.plate) });
  return out.slice(0, MAX_CHOICES);
}
