// Server state of the OS execution screen with TanStack Query (the agenda's pattern): one query per card, so one failing
// call (e.g. laudos) shows its own error and never blanks the screen; keys per order for targeted invalidation (main thread).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client";
import { reuseFreshPrefetch, usePrefetchQueries } from "../../lib/prefetch";
import { queryRoots } from "../../lib/query-keys";
import {
  checkAnnualLimit,
  getAppointment,
  listLinkedServices,
  listNotes,
  listPhotos,
  listPointServices,
  listReceipts,
  listReports,
} from "./api/execucao";

export const orderKeys = {
  all: queryRoots.order,
  one: (id: string) => [...queryRoots.order, id] as const,
  details: (id: string) => [...queryRoots.order, id, "details"] as const,
  linked: (id: string) => [...queryRoots.order, id, "linked"] as const,
  photos: (id: string) => [...queryRoots.order, id, "photos"] as const,
  notes: (id: string) => [...queryRoots.order, id, "notes"] as const,
  reports: (id: string) => [...queryRoots.order, id, "reports"] as const,
  receipts: (id: string) => [...queryRoots.order, id, "receipts"] as const,
  limits: (vehicleId: string) => [...queryRoots.order, "limits", vehicleId] as const,
  pointServices: (pointId: string) => [...queryRoots.order, "point-services", pointId] as const,
  pointRegistration: (pointId: string) => [...queryRoots.order, "point-registration", pointId] as const,
};

/** The order itself: header, Cliente and Execução cards, status. An answer without agendamento is an error (unknown id). */
const detailsQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.details(id),
    queryFn: async ({ signal }) => {
      const data = unwrap(await getAppointment(id, signal), "");
      if (!data?.agendamento) throw new Error("");
      return data as Required<Pick<typeof data, "agendamento">> & typeof data;
    },
  });
export const useOrderDetails = (id: string) => useQuery(detailsQuery(id));

/** While a service awaits the office's approval the list polls (10 s, visible tab only), so the finish unlocks by itself. */
const linkedQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.linked(id),
    queryFn: async ({ signal }) => unwrap(await listLinkedServices(id, signal), "").servicos ?? [],
    refetchInterval: (q) => (q.state.data?.some((s) => (s.StatusAprovacao ?? s.status) === "P") ? 10_000 : false),
    refetchIntervalInBackground: false,
  });
export const useLinkedServices = (id: string) => useQuery(linkedQuery(id));

/** The point's catalogue changes rarely: kept for five minutes. */
export function usePointServices(pointId: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.pointServices(pointId),
    queryFn: async ({ signal }) => unwrap(await listPointServices(pointId, signal), "").servicos ?? [],
    enabled: Boolean(pointId) && enabled,
    staleTime: 5 * 60_000,
  });
}

export function useAnnualLimits(vehicleId: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.limits(vehicleId),
    queryFn: async () => unwrap(await checkAnnualLimit(vehicleId), "").servicos ?? [],
    enabled: Boolean(vehicleId) && enabled,
  });
}

const photosQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.photos(id),
    queryFn: async ({ signal }) => unwrap(await listPhotos(id, signal), "").fotos ?? [],
  });
export const usePhotos = (id: string) => useQuery(photosQuery(id));

const notesQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.notes(id),
    queryFn: async ({ signal }) => unwrap(await listNotes(id, signal), "").anotacoes ?? [],
  });
export const useNotes = (id: string) => useQuery(notesQuery(id));

/**
 * Render-as-you-fetch: called by the route ABOVE the lazily loaded page, during render, so the screen's calls run while the
 * page's code loads instead of after the page mounts (src/lib/prefetch.ts, as every point screen's route does). An effect would
 * not do: effects of a suspended tree wait for it.
 */
export function usePrefetchOrder(id: string) {
  usePrefetchQueries([detailsQuery(id), linkedQuery(id), photosQuery(id), notesQuery(id)]);
}

export function useReports(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.reports(id),
    queryFn: async ({ signal }) => unwrap(await listReports(id, signal), "").laudos ?? [],
    enabled,
  });
}

export function useReceipts(id: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.receipts(id),
    queryFn: async ({ signal }) => unwrap(await listReceipts(id, signal), "").notas ?? [],
    enabled,
  });
}

/** After a mutation of one order: every card of it refetches (cheap: a handful of small lists). */
export function useInvalidateOrder(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: orderKeys.one(id) });
}
