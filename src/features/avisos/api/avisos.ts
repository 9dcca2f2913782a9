// Calls of /notificacoes: the point's unread notices of the program's central staff, and marking them read; their types come
// from the contract (type-only imports, nothing added to the bundle) (main thread).
import { get, post } from "../../../lib/api-client";
import type * as C from "../../../../contract/notificacoes";
import type { Answer, BodyOf } from "../../../../contract/route";

export const listNotices = (signal?: AbortSignal) => get<Answer<typeof C.listNotices>>("/notificacoes", { signal });
export const markNoticesRead = (ids: BodyOf<typeof C.markNoticesRead>["ids"]) =>
  post<Answer<typeof C.markNoticesRead>>("/notificacoes/lidas", { ids });
