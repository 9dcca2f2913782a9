// The per-order view of the outbox: the signed-in owner's jobs of one order, oldest first; calls back when one is attached (main thread).
import { useEffect, useMemo } from "react";
import { useSnapshot } from "valtio";
import { orderOf } from "../../domain/outbox-job";
import { onUploadChange, uploadsStore, type UploadView } from "./uploads-store";

export function useOrderUploads(orderId: string, onAttached: () => void): readonly UploadView[] {
  const { jobs } = useSnapshot(uploadsStore);
  useEffect(() => onUploadChange((e) => {
    if (e.type === "state" && e.job.state === "attached" && orderOf(e.job) === orderId) onAttached();
  }), [orderId, onAttached]);
  return useMemo(() => Object.values(jobs).filter((j) => j.orderId === orderId).sort((a, b) => a.createdAt - b.createdAt), [jobs, orderId]);
}
