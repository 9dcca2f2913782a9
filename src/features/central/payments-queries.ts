// The Pagamentos section's queries as TanStack query options: the payouts (by execution or appointment date), the batches of a
// period and one batch with its payouts; keys under ["central", "pagamentos"] so one invalidation reaches all (main thread).
import { queryOptions } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { getBatch, listBatches, listPayouts, type BatchFilter, type PayoutFilter } from "./api/payments";
import { PAYMENTS_MSG } from "../../config/messages/central-payments.pt-BR";

export const paymentKeys = {
  /** Every payouts list and batch, whatever its filters (a payment or an undo changes them all). */
  all: ["central", "pagamentos"] as const,
  payouts: (f: PayoutFilter) => ["central", "pagamentos", f] as const,
  batches: (f: BatchFilter) => ["central", "pagamentos", "lotes", f] as const,
  batch: (id: string) => ["central", "pagamentos", "lote", id] as const,
};

export const payoutsQuery = (f: PayoutFilter) =>
  queryOptions({
    queryKey: paymentKeys.payouts(f),
    queryFn: async ({ signal }) => unwrap(await listPayouts(f, signal), PAYMENTS_MSG.loadFailed),
  });

export const batchesQuery = (f: BatchFilter) =>
  queryOptions({
    queryKey: paymentKeys.batches(f),
    queryFn: async ({ signal }) => unwrap(await listBatches(f, signal), PAYMENTS_MSG.batches.loadFailed).data,
  });

export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.batch(id),
    queryFn: async ({ signal }) => unwrap(await getBatch(id, signal), PAYMENTS_MSG.batches.loadFailed),
    enabled: Boolean(id),
  });
