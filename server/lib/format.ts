// Serialisation of database values into the contract's formats (server only).

/** "08:30:00" -> "1970-01-01T08:30:00.000Z" (opening hours travel as timestamps on a fixed UTC date); null stays null. */
export function timeToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const [h, m] = value.split(":");
  return `1970-01-01T${h.padStart(2, "0")}:${m.padStart(2, "0")}:00.000Z`;
}
