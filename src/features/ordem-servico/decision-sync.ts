// The central's decision reaches the OS screen and the bell together (issue 50): the screen's list of services polls every
// 10 s while one awaits approval, the bell every 30 s; when the list sees a service decided, the notifications are asked
// at once, so the bell's count and the decision's toast come with the screen's 'Aprovado', not up to 30 s later (main thread).
import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { queryRoots } from "../../lib/query-keys";
import type { LinkedService } from "./api/order";

const statusOf = (s: LinkedService) => s.StatusAprovacao ?? s.status;

/** A service that was awaiting approval in `before` is decided (approved or refused) in `after`. */
export function decidedSince(before: readonly LinkedService[] | undefined, after: readonly LinkedService[]): boolean {
  if (!before) return false;
  const pending = new Set(before.filter((s) => statusOf(s) === "P").map((s) => s.id));
  return after.some((s) => pending.has(s.id) && statusOf(s) !== "P");
}

/** Asks the notifications again when the services list shows a decision it did not show before. */
export function useDecisionReachesBell(services: readonly LinkedService[] | undefined) {
  const client = useQueryClient();
  const previous = useRef<readonly LinkedService[] | undefined>(undefined);
  useEffect(() => {
    if (!services) return;
    if (decidedSince(previous.current, services)) void client.invalidateQueries({ queryKey: queryRoots.notifications });
    previous.current = services;
  }, [services, client]);
}
