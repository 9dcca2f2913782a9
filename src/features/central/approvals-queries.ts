// The console's Aprovações queries (keys under ["central", "aprovacoes"], calls, parsing) as TanStack query options (main thread).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { EVIDENCE_MSG } from "../../config/messages/evidence.pt-BR";
import {
  getCentralEvidenceChain,
  listDecidedApprovals,
  listPendingApprovals,
  type ApprovalsFilter,
  type DecidedFilter,
} from "./api/approvals";

export const APPROVALS_LOAD_FAILED = "Não foi possível carregar as aprovações. Tente novamente.";

export const approvalKeys = {
  /** Both lists, whatever their filters: what a decision refreshes. */
  all: ["central", "aprovacoes"] as const,
  pending: (f: ApprovalsFilter) => ["central", "aprovacoes", "aguardando", f] as const,
  decided: (f: DecidedFilter) => ["central", "aprovacoes", "decididas", f] as const,
  /** An order's evidence chain: outside `all`, since a decision does not change it. */
  evidenceChain: (orderId: string) => ["central", "evidencias", orderId] as const,
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

/**
 * An order's evidence chain: the panel's plate line reads it, and "Verificar evidências" reads it afresh (fetchQuery, staleTime
 * 0). Without a connection it fails at once with its message instead of waiting, paused, for the network.
 */
export const centralEvidenceChainQuery = (orderId: string) =>
  queryOptions({
    queryKey: approvalKeys.evidenceChain(orderId),
    queryFn: async ({ signal }) => unwrap(await getCentralEvidenceChain(orderId, signal), EVIDENCE_MSG.loadFailed),
    staleTime: 0,
    retry: false,
    networkMode: "always",
  });
