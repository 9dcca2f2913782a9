// The outbox jobs that belong to one order, kept current from the upload events; calls back when one of them is attached (main thread).
import { useEffect, useState } from "react";
import { bus } from "../../lib/bus";
import { listUploads } from "../../lib/workers/upload-bridge";
import type { UploadJob } from "../../../workers/upload/outbox-store";
import type { OutboxEvent } from "../../../workers/upload/process";

const belongs = (job: UploadJob, orderId: string) => job.followUp.body.idSocioVeiculoAgenda === orderId;

export function useOrderUploads(orderId: string, onAttached: () => void): UploadJob[] {
  const [jobs, setJobs] = useState<Record<string, UploadJob>>({});
  useEffect(() => {
    let live = true;
    void listUploads().then((all) => {
      if (!live) return;
      const mine = all.filter((j) => belongs(j, orderId) && j.state !== "attached");
      setJobs((current) => ({ ...Object.fromEntries(mine.map((j) => [j.id, j])), ...current }));
    });
    const handler = (e: OutboxEvent) => {
      if (e.type === "progress") {
        setJobs((current) => (current[e.id] ? { ...current, [e.id]: { ...current[e.id]!, progress: e.percent } } : current));
        return;
      }
      if (e.type !== "state" || !belongs(e.job, orderId)) return;
      const job = e.job;
      setJobs((current) => {
        const next = { ...current };
        if (job.state === "attached") delete next[job.id];
        else next[job.id] = job;
        return next;
      });
      if (job.state === "attached") onAttached();
    };
    bus.on("upload:event", handler);
    return () => {
      live = false;
      bus.off("upload:event", handler);
    };
  }, [orderId, onAttached]);
  return Object.values(jobs).sort((a, b) => a.createdAt - b.createdAt);
}
