// The central staff's query (key factory under ["central", "equipe"], the list call) as TanStack query options (main thread).
import { queryOptions } from "@tanstack/react-query";
import { STAFF_MSG } from "../../config/messages/central-staff.pt-BR";
import { unwrap } from "../../lib/api-client";
import { listStaff } from "./api/staff";

export const staffKeys = {
  all: ["central", "equipe"] as const,
  list: () => ["central", "equipe", "lista"] as const,
};

/** The colleagues and the signed-in user's role as the server reads it now (a role changed meanwhile shows on the next poll). */
export const staffQuery = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: async ({ signal }) => unwrap(await listStaff(signal), STAFF_MSG.loadFailed),
  });
