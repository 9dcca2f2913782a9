// Server state of the scanner with TanStack Query: the plates the point expects and the plate lookup (main thread).
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { addDays, wallClock } from "../../domain/dates";
import { unwrap } from "../../lib/api-client";
import { findByPlate, listExpected, type PlateLookup } from "./api/scanner";

/** Today and the coming days: the appointments a vehicle in front of the camera most likely belongs to. */
export const EXPECTED_DAYS = 7;

export const scannerKeys = {
  all: ["scanner"] as const,
  expected: (pointId: string, from: string, to: string) => ["scanner", "expected", pointId, from, to] as const,
  plate: (pointId: string, plate: string) => ["scanner", "plate", pointId, plate] as const,
};

/** Plates of the point's open appointments (status A) from today to EXPECTED_DAYS ahead; a failure only loses the hint. */
export function useExpectedPlates(pointId: string): string[] {
  const from = wallClock().date;
  const to = addDays(from, EXPECTED_DAYS);
  const query = useQuery({
    queryKey: scannerKeys.expected(pointId, from, to),
    queryFn: async ({ signal }) => {
      const rows = unwrap(await listExpected(pointId, from, to, signal), "").data ?? [];
      return [...new Set(rows.filter((r) => r.StatusAgendamento === "A" && r.Placa).map((r) => r.Placa))];
    },
    enabled: Boolean(pointId),
    staleTime: 60_000,
  });
  return query.data ?? EMPTY;
}
const EMPTY: string[] = [];

/** One lookup, always fresh (a vehicle may have been booked a moment ago); null when the plate is not a member's. */
export const lookupPlate = (client: QueryClient, pointId: string, plate: string): Promise<PlateLookup | null> =>
  client.fetchQuery({
    queryKey: scannerKeys.plate(pointId, plate),
    queryFn: async ({ signal }) => unwrap(await findByPlate(pointId, plate, signal), MSG.scanner.lookupFailed) || null,
    staleTime: 0,
    retry: false,
  });
