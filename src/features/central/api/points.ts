// Calls of the Central console's worklist home and its points that need attention (/central/inicio, /central/pontos with
// flag and sort, a point's page); their types come from the contract (type-only imports) (main thread).
import { get, seg } from "../../../lib/api-client";
import type * as H from "../../../../contract/central-home";
import type * as Pt from "../../../../contract/central-points";
import type { Answer } from "../../../../contract/route";

export type { CentralHome } from "../../../../contract/central-home";
export type {
  MaskedBankAccount,
  PointFlag,
  PointOrder,
  PointPage,
  PointSort,
  PointSummary,
  PointTeamMember,
  PointsFilter,
  SortDirection,
} from "../../../../contract/central-points";

export const getHome = (signal?: AbortSignal) => get<Answer<typeof H.getHome>>("/central/inicio", { signal });

/** The list's filter as the screen builds it: only known flags and orders (the contract's query takes any text and answers 400). */
export interface AttentionFilter {
  sinal?: Pt.PointFlag;
  ordem?: Pt.PointSort;
  direcao?: Pt.SortDirection;
}

/** The points with their flags; `sinal`, `ordem` and `direcao` are left out when not set (the server's defaults). */
export function listAttention(f: AttentionFilter, signal?: AbortSignal) {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][]);
  return get<Answer<typeof Pt.listPoints>>(`/central/pontos${q.size ? `?${q}` : ""}`, { signal });
}

export const getPointPage = (id: string, signal?: AbortSignal) =>
  get<Answer<typeof Pt.getPointPage>>(`/central/pontos/${seg(id)}/pagina`, { signal });
