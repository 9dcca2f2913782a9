// The console's Aprovações queries (keys under ["central", "aprovacoes"], calls, parsing) as TanStack query options (main thread).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { listDecidedApprovals, listPendingApprovals, type ApprovalsFilter, type DecidedFilter } from "./api/approvals";

export const APPROVALS_LOAD_FAILED = "Não foi possível carregar as aprovações. Tente novamente.";

export const approvalKeys = {
  /** Both lists, whatever their filters: what a decision refreshes. */
  all: ["central", "aprovacoes"] as const,
  pending: (f: ApprovalsFilter) => ["central", "aprovacoes", "aguardando", f] as const,
  decided: (f: DecidedFilter) => ["central", "aprovacoes", "decididas", f] as const,
};

/** The pending list, polled: another central user's decisions leave it within 30 s (and at once after one's own). */
export const pendingApprovalsQuery = (f: ApprovalsFilter) =>
  queryOptions({
    queryKey: approvalKeys.pending(f),
    queryFn: async ({ signal }) => unwrap(await listPendingApprovals(f, signal), APPROVALS_LOAD_FAILED),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

export const decidedApprovalsQuery = (f: DecidedFilter) =>
  queryOptions({
    queryKey: approvalKeys.decided(f),
    queryFn: async ({ signal }) => unwrap(await listDecidedApprovals(f, signal), APPROVALS_LOAD_FAILED),
    placeholderData: keepPreviousData,
  });
