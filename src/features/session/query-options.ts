// The access link's check as TanStack query options (main thread): who a first-access or new-password link is for. The rest of
// the session (login, token check, user data) is the valtio store's (store.ts), not a query.
import { queryOptions } from "@tanstack/react-query";
import { SESSION_MSG } from "../../config/messages/session.pt-BR";
import { unwrap } from "../../lib/api-client";
import { checkAccess } from "./api/credenciado";

export const sessionKeys = {
  all: ["session"] as const,
  access: (token: string) => ["session", "access", token] as const,
};

/**
 * A refused link (invalid, used or expired) is final: no retry, and no refetch on focus while the password is typed. The answer
 * is kept for the page's lifetime: the page mounts again inside the shell once the password signs the user in, and must not ask
 * about the link it has just used (the server would call it used for the moment before the agenda opens).
 */
export const accessQuery = (token: string) =>
  queryOptions({
    queryKey: sessionKeys.access(token),
    queryFn: async ({ signal }) => unwrap(await checkAccess(token, signal), SESSION_MSG.access.checkFailed),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
