// The OS execution screen's queries as TanStack query options and their key factory, without the hooks (the router prefetches
// through use-prefetch-order.ts, and hooks here would pull useQuery into the entry chunk). One query per card, so one failing
// call (e.g. laudos) shows its own error and never blanks the screen; keys per order for targeted invalidation (main thread).
import { queryOptions } from "@tanstack/react-query";
import { MSG } from "../../config/messages.pt-BR";
import { ApiFailure, unwrap, unwrapSuccess } from "../../lib/api-client";
import { reuseFreshPrefetch } from "../../lib/prefetch";
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
} from "./api/order";
import { getRegistration } from "../../lib/point-registration";
import { getOrderEvidenceChain } from "./api/evidence-chain";
import { EVIDENCE_MSG } from "../../config/messages/evidence.pt-BR";
import { getFollowLink } from "./api/follow-link";

export const orderKeys = {
  all: queryRoots.order,
  one: (id: string) => [...queryRoots.order, id] as const,
  details: (id: string) => [...queryRoots.order, id, "details"] as const,
  linked: (id: string) => [...queryRoots.order, id, "linked"] as const,
  photos: (id: string) => [...queryRoots.order, id, "photos"] as const,
  notes: (id: string) => [...queryRoots.order, id, "notes"] as const,
  reports: (id: string) => [...queryRoots.order, id, "reports"] as const,
  receipts: (id: string) => [...queryRoots.order, id, "receipts"] as const,
  evidenceChain: (id: string) => [...queryRoots.order, id, "evidence-chain"] as const,
  limits: (vehicleId: string) => [...queryRoots.order, "limits", vehicleId] as const,
  pointServices: (pointId: string) => [...queryRoots.order, "point-services", pointId] as const,
  pointRegistration: (pointId: string) => [...queryRoots.order, "point-registration", pointId] as const,
  followLink: (id: string) => [...queryRoots.order, id, "follow-link"] as const,
};

/** The order itself: header, Cliente and Execução cards, status. An answer without agendamento is an error (unknown id). */
export const orderDetailsQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.details(id),
    queryFn: async ({ signal }) => {
      const data = unwrap(await getAppointment(id, signal), "");
      if (!data?.agendamento) throw new Error("");
      return data as Required<Pick<typeof data, "agendamento">> & typeof data;
    },
  });

/** While a service awaits the office's approval the list polls (10 s, visible tab only), so the finish unlocks by itself. */
export const linkedServicesQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.linked(id),
    queryFn: async ({ signal }) => unwrap(await listLinkedServices(id, signal), "").servicos ?? [],
    refetchInterval: (q) => (q.state.data?.some((s) => (s.StatusAprovacao ?? s.status) === "P") ? 10_000 : false),
    refetchIntervalInBackground: false,
  });

/** The point's catalogue changes rarely: kept for five minutes. */
export const pointServicesQuery = (pointId: string, enabled = true) =>
  queryOptions({
    queryKey: orderKeys.pointServices(pointId),
    queryFn: async ({ signal }) => unwrap(await listPointServices(pointId, signal), "").servicos ?? [],
    enabled: Boolean(pointId) && enabled,
    staleTime: 5 * 60_000,
  });

/** The vehicle's annual limits per service; linking a service fills it with the answer of its own check. */
export const annualLimitsQuery = (vehicleId: string, enabled = true) =>
  queryOptions({
    queryKey: orderKeys.limits(vehicleId),
    queryFn: async () => unwrap(await checkAnnualLimit(vehicleId), "").servicos ?? [],
    enabled: Boolean(vehicleId) && enabled,
  });

export const photosQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.photos(id),
    queryFn: async ({ signal }) => unwrap(await listPhotos(id, signal), "").fotos ?? [],
  });

export const notesQuery = (id: string) =>
  queryOptions({
    ...reuseFreshPrefetch,
    queryKey: orderKeys.notes(id),
    queryFn: async ({ signal }) => unwrap(await listNotes(id, signal), "").anotacoes ?? [],
  });

export const reportsQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: orderKeys.reports(id),
    queryFn: async ({ signal }) => unwrap(await listReports(id, signal), "").laudos ?? [],
    enabled,
  });

export const receiptsQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: orderKeys.receipts(id),
    queryFn: async ({ signal }) => unwrap(await listReceipts(id, signal), "").notas ?? [],
    enabled,
  });

/**
 * The order's evidence chain, read afresh for each "Verificar evidências" (staleTime 0, fetched with fetchQuery). Without a
 * connection it fails at once with its message instead of waiting, paused, for the network.
 */
export const evidenceChainQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.evidenceChain(id),
    queryFn: async ({ signal }) => unwrap(await getOrderEvidenceChain(id, signal), EVIDENCE_MSG.loadFailed),
    staleTime: 0,
    retry: false,
    networkMode: "always",
  });

/** The point's registration data for 'Detalhes financeiros': changes rarely, kept five minutes like the catalogue. */
export const pointRegistrationQuery = (pointId: string) =>
  queryOptions({
    queryKey: orderKeys.pointRegistration(pointId),
    queryFn: async ({ signal }) => {
      const { data } = unwrapSuccess(await getRegistration(pointId, signal), MSG.screens.financialPointFailed);
      if (!data) throw new ApiFailure(MSG.screens.financialPointFailed);
      return data;
    },
    enabled: Boolean(pointId),
    staleTime: 5 * 60_000,
  });

/** The order's member follow link: live or not, since when, until when (the token itself is never read back). */
export const followLinkQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: orderKeys.followLink(id),
    queryFn: async ({ signal }) => unwrap(await getFollowLink(id, signal), ""),
    enabled,
  });
