// The scanner's queries (the plates the point expects, the plate lookup) as TanStack query options and their key factory,
// without the hooks (main thread).
import { queryOptions } from "@tanstack/react-query";
import { SCANNER_MSG } from "../../config/messages/scanner.pt-BR";
import { addDays, brToIso, wallClock } from "../../domain/dates";
import { normalizePlate, plateFormat } from "../../domain/plate";
import { unwrap } from "../../lib/api-client";
import { findByPlate } from "../../lib/plate-lookup";
import { listExpected } from "./api/scanner";

/** Today and the coming days: the appointments a vehicle in front of the camera most likely belongs to. */
const EXPECTED_DAYS = 7;

const root = ["scanner"] as const;
export const scannerKeys = {
  all: root,
  expected: (pointId: string, from: string, to: string) => [...root, "expected", pointId, from, to] as const,
  plate: (pointId: string, plate: string) => [...root, "plate", pointId, plate] as const,
};

/** A plate the point expects: normalised, its member's name and the appointment's date (yyyy-MM-dd), earliest first. */
export interface ExpectedPlate {
  plate: string;
  name: string;
  date: string;
}

/** Plates of the point's open appointments (status A) from today to EXPECTED_DAYS ahead; a failure only loses the hint. */
export const expectedPlatesQuery = (pointId: string) => {
  const from = wallClock().date;
  const to = addDays(from, EXPECTED_DAYS);
  return queryOptions({
    queryKey: scannerKeys.expected(pointId, from, to),
    queryFn: async ({ signal }) => {
      const rows = unwrap(await listExpected(pointId, from, to, signal), "").data ?? [];
      const byPlate = new Map<string, ExpectedPlate>();
      for (const r of rows) {
        const plate = normalizePlate(r.Placa ?? "");
        if (r.StatusAgendamento !== "A" || !plateFormat(plate)) continue;
        // The agenda list's dates are dd/MM/yyyy (the contract's list format).
        const date = brToIso(String(r.DataAgendamento ?? "").slice(0, 10)) ?? "";
        const prev = byPlate.get(plate);
        if (!prev || date < prev.date) byPlate.set(plate, { plate, name: r.Nome ?? "", date });
      }
      // ISO dates sort as plain strings. localeCompare starts ICU's collator on its first call: 108 ms of the scanner's start at
      // 4x CPU (issue 52's profile), on the way to its first render.
      return [...byPlate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    },
    enabled: Boolean(pointId),
    staleTime: 60_000,
  });
};

/** One lookup (`fetchQuery`), always fresh (a vehicle may have been booked a moment ago); null when the plate is not a member's. */
export const plateLookupQuery = (pointId: string, plate: string) =>
  queryOptions({
    queryKey: scannerKeys.plate(pointId, plate),
    queryFn: async ({ signal }) => unwrap(await findByPlate(pointId, plate, signal), SCANNER_MSG.scanner.lookupFailed) || null,
    staleTime: 0,
    retry: false,
  });
