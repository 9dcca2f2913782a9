// Calls of the Central console's worklist home and its points that need attention (/central/inicio, /central/pontos with
// flag and sort, a point's page); their types come from the contract (type-only imports) (main thread).
import { call } from "../../../lib/api-client";
import * as homeRoutes from "../../../../contract/gen/central-home";
import * as pointRoutes from "../../../../contract/gen/central-points";
import type * as Pt from "../../../../contract/central-points";

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

export const getHome = (signal?: AbortSignal) => call(homeRoutes.getHome, {}, { signal });

/** The list's filter as the screen builds it: only known flags and orders (the contract's query takes any text and answers 400). */
export interface AttentionFilter {
  sinal?: Pt.PointFlag;
  ordem?: Pt.PointSort;
  direcao?: Pt.SortDirection;
}

/** The points with their flags; `sinal`, `ordem` and `direcao` are left out when not set (the server's defaults). */
export const listAttention = (f: AttentionFilter, signal?: AbortSignal) => call(pointRoutes.listPoints, { query: f }, { signal });

export const getPointPage = (id: string, signal?: AbortSignal) => call(pointRoutes.getPointPage, { params: { id } }, { signal });
