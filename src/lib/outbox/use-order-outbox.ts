// The per-order view of the outbox: the signed-in owner's jobs of one order (optionally of one step kind), oldest first;
// calls back when one of them is attached (main thread).
import { useEffect, useMemo } from "react";
import { useSnapshot } from "valtio";
import { orderOf, type OutboxJob } from "../../domain/outbox-job";
import type { StepKind } from "../../domain/outbox-steps";
import { forgetLanded, onJobAttached, outboxStore, type OutboxJobView } from "./outbox-store";

const ofOrder = (jobs: Record<string, OutboxJobView>, orderId: string, kind?: StepKind) =>
  Object.values(jobs).filter((j) => j.orderId === orderId && (!kind || j.kinds[0] === kind));

/**
 * `kind`: only jobs whose first follow-up is this call (e.g. "adicionar-laudo"); all of the order's jobs when omitted.
 * `onAttached` is told which job landed (e.g. a start, which its own watcher already refreshes the order for).
 */
export function useOrderOutbox(orderId: string, onAttached: (job: OutboxJob) => void, kind?: StepKind): readonly OutboxJobView[] {
  const { jobs } = useSnapshot(outboxStore);
  useEffect(
    () =>
      onJobAttached((job) => {
        if (orderOf(job) === orderId && (!kind || job.steps[0]?.kind === kind)) onAttached(job);
      }),
    [orderId, onAttached, kind],
  );
  return useMemo(() => ofOrder(jobs, orderId, kind).sort((a, b) => a.createdAt - b.createdAt), [jobs, orderId, kind]);
}

/**
 * The rows a card shows above its saved list: the order's jobs still on their way and the ones just sent ('Enviado') until
 * the saved list (`saved`: the stored names it shows; undefined while it has none to show, e.g. offline) includes them.
 */
export function useOrderFiles(
  orderId: string,
  onAttached: (job: OutboxJob) => void,
  kind: StepKind,
  saved: readonly string[] | undefined,
): readonly OutboxJobView[] {
  const pending = useOrderOutbox(orderId, onAttached, kind);
  const { landed } = useSnapshot(outboxStore);
  const mine = useMemo(() => ofOrder(landed, orderId, kind), [landed, orderId, kind]);
  const shown = useMemo(() => new Set(saved ?? []), [saved]);
  useEffect(() => {
    const inList = mine.filter((j) => j.storedName && shown.has(j.storedName)).map((j) => j.id);
    if (inList.length) forgetLanded(inList);
  }, [mine, shown]);
  return useMemo(
    // One order by capture time: a row keeps its place as it goes from 'Enviando' to 'Enviado'.
    () => [...pending, ...mine.filter((j) => !j.storedName || !shown.has(j.storedName))].sort((a, b) => a.createdAt - b.createdAt),
    [pending, mine, shown],
  );
}
