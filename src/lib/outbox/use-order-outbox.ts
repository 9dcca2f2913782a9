// The per-order view of the outbox: the signed-in owner's jobs of one order (optionally of one step kind), oldest first;
// calls back when one of them is attached (main thread).
import { useEffect, useMemo } from "react";
import { useSnapshot } from "valtio";
import { orderOf } from "../../domain/outbox-job";
import type { StepKind } from "../../domain/outbox-steps";
import { onJobAttached, outboxStore, type OutboxJobView } from "./outbox-store";

/** `kind`: only jobs whose first follow-up is this call (e.g. "adicionar-laudo"); all of the order's jobs when omitted. */
export function useOrderOutbox(orderId: string, onAttached: () => void, kind?: StepKind): readonly OutboxJobView[] {
  const { jobs } = useSnapshot(outboxStore);
  useEffect(
    () =>
      onJobAttached((job) => {
        if (orderOf(job) === orderId && (!kind || job.steps[0]?.kind === kind)) onAttached();
      }),
    [orderId, onAttached, kind],
  );
  return useMemo(
    () =>
      Object.values(jobs)
        .filter((j) => j.orderId === orderId && (!kind || j.kinds[0] === kind))
        .sort((a, b) => a.createdAt - b.createdAt),
    [jobs, orderId, kind],
  );
}
