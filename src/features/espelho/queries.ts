// Server state of the financial mirror with TanStack Query: one list per point, period and payment status (main thread).
import { useQuery } from "@tanstack/react-query";
import type { MirrorStatusFilter } from "./status";
import { mirrorQuery } from "./query-options";

export const useMirror = (pointId: string, from: string, to: string, status: MirrorStatusFilter, enabled = true) =>
  useQuery(mirrorQuery(pointId, from, to, status, enabled));
