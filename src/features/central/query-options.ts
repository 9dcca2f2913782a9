// The Central console's queries (keys, calls, parsing) as TanStack query options (main thread).
import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { getHistory, getPoint, listPayouts, listPending, listPoints, type PayoutFilter, type PeriodFilter } from "./api/central";

export const CENTRAL_LOAD_FAILED = "Não foi possível carregar os dados da central. Tente novamente.";

export const centralKeys = {
  all: ["central"] as const,
  approvals: (f: PeriodFilter) => ["central", "aprovacoes", f] as const,
  payouts: (f: PayoutFilter) => ["central", "pagamentos", f] as const,
  points: () => ["central", "pontos"] as const,
  point: (id: string) => ["central", "pontos", id] as const,
  history: (id: string) => ["central", "historico", id] as const,
};

export const approvalsQuery = (f: PeriodFilter) =>
  queryOptions({
    queryKey: centralKeys.approvals(f),
    queryFn: async ({ signal }) => unwrap(await listPending(f, signal), CENTRAL_LOAD_FAILED).data,
  });

export const payoutsQuery = (f: PayoutFilter) =>
  queryOptions({
    queryKey: centralKeys.payouts(f),
    queryFn: async ({ signal }) => unwrap(await listPayouts(f, signal), CENTRAL_LOAD_FAILED),
  });

export const pointsQuery = () =>
  queryOptions({
    queryKey: centralKeys.points(),
    queryFn: async ({ signal }) => unwrap(await listPoints(signal), CENTRAL_LOAD_FAILED).data,
  });

export const pointQuery = (id: string) =>
  queryOptions({
    queryKey: centralKeys.point(id),
    queryFn: async ({ signal }) => unwrap(await getPoint(id, signal), CENTRAL_LOAD_FAILED).data,
    enabled: Boolean(id),
  });

export const historyQuery = (id: string) =>
  queryOptions({
    queryKey: centralKeys.history(id),
    queryFn: async ({ signal }) => unwrap(await getHistory(id, signal), CENTRAL_LOAD_FAILED).data,
    enabled: Boolean(id),
  });
