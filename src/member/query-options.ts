// The member's follow page's query: its key factory and options (no hooks), like the features' query-options.ts (main thread).
import { queryOptions } from "@tanstack/react-query";
import type { MemberView } from "../../contract/acompanhamento";
import { MEMBER_MSG } from "../config/messages/member.pt-BR";
import { getMemberView } from "./api/acompanhamento";

/** How often an open order is read again while the page is visible. */
export const MEMBER_POLL_MS = 30_000;

/** The token is the page's only key: one order per link. */
export const memberKeys = {
  all: ["acompanhamento"] as const,
  view: (token: string) => ["acompanhamento", "view", token] as const,
};

/** A failed call with its HTTP status: 404 means the link is unknown, revoked or expired, whatever the order. */
export class MemberFailure extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

export const isInvalidLink = (error: unknown) => error instanceof MemberFailure && error.status === 404;

/** The token as the server makes it: 43 base64url characters (256 bits); anything else is not a link of ours. */
export const isTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Still moving: scheduled or in progress (a finished or cancelled order no longer changes by itself). */
export const isOpenOrder = (view: MemberView) => view.os.situacao === "agendado" || view.os.situacao === "em-andamento";

export const memberViewQuery = (token: string) =>
  queryOptions({
    queryKey: memberKeys.view(token),
    queryFn: async ({ signal }) => {
      const res = await getMemberView(token, signal);
      if (!res.ok) throw new MemberFailure(res.message ?? MEMBER_MSG.loadFailed, res.status);
      return res.data;
    },
    // A dead link stays dead and a rate limit needs its pause: neither is retried; a network failure is, once.
    retry: (count, error) => count < 1 && !(error instanceof MemberFailure && (error.status === 404 || error.status === 429)),
    // Every 30 s while the order is open and the page is visible; never once it ended, was cancelled or the link died.
    refetchInterval: (query) =>
      query.state.data && isOpenOrder(query.state.data) && !isInvalidLink(query.state.error) ? MEMBER_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
