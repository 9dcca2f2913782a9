// The payment runs' queries as TanStack query options (issue 49): the paying accounts, the runs (by state), one run with its
// transfers and payouts, and the journal of money actions; keys under ["central", "pagamentos"] (paymentKeys.all), so a payment,
// an undo or any step of a run refreshes the payouts, the runs and the journal together (main thread).
import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { getRun, listBankProfiles, listJournal, listRuns, type JournalFilter, type RunState } from "./api/payment-runs";
import { PAYMENTS_MSG } from "../../config/messages/central-payments.pt-BR";

export const runKeys = {
  profiles: () => ["central", "pagamentos", "contas-pagadoras"] as const,
  /** Every runs list, whatever its state filter. */
  runs: () => ["central", "pagamentos", "remessas"] as const,
  runList: (status: RunState | "") => ["central", "pagamentos", "remessas", status] as const,
  /** Every run's detail (a transfer's proof changes only its own run's). */
  runDetails: () => ["central", "pagamentos", "remessa"] as const,
  run: (id: string) => ["central", "pagamentos", "remessa", id] as const,
  journal: (f: JournalFilter) => ["central", "pagamentos", "diario", f] as const,
};

export const bankProfilesQuery = () =>
  queryOptions({
    queryKey: runKeys.profiles(),
    queryFn: async ({ signal }) => unwrap(await listBankProfiles(signal), PAYMENTS_MSG.profiles.loadFailed).data,
  });

export const runsQuery = (status: RunState | "") =>
  queryOptions({
    queryKey: runKeys.runList(status),
    queryFn: async ({ signal }) => unwrap(await listRuns(status, signal), PAYMENTS_MSG.runs.loadFailed).data,
  });

export const runQuery = (id: string) =>
  queryOptions({
    queryKey: runKeys.run(id),
    queryFn: async ({ signal }) => unwrap(await getRun(id, signal), PAYMENTS_MSG.run.loadFailed),
    enabled: Boolean(id),
  });

export const journalQuery = (f: JournalFilter) =>
  queryOptions({
    queryKey: runKeys.journal(f),
    queryFn: async ({ signal }) => unwrap(await listJournal(f, signal), PAYMENTS_MSG.journal.loadFailed).data,
  });
