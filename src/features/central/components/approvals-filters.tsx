// Aprovações' view and filters kept in the URL query (?ver=decididas&busca=&ponto=&inicio=&fim=&status=&pagina=), so back,
// reload and the worklist's links land on the same list; and the bar that edits them: a search by OS or plate, the point, an
// optional period and, on the decided view, the decision (main thread).
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { ApprovalsFilter, DecidedFilter } from "../api/approvals";
import { CentralPointSelect } from "./central-point-select";

export type ApprovalsView = "aguardando" | "decididas";
export interface ApprovalFilters {
  view: ApprovalsView;
  search: string;
  point: string;
  from: string;
  to: string;
  status: "" | "A" | "R";
  page: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const PARAMS: Record<Exclude<keyof ApprovalFilters, "view" | "page">, string> = {
  search: "busca",
  point: "ponto",
  from: "inicio",
  to: "fim",
  status: "status",
};

export function parseApprovalFilters(search: string): ApprovalFilters {
  const q = new URLSearchParams(search);
  const status = q.get("status");
  const page = Number(q.get("pagina"));
  return {
    view: q.get("ver") === "decididas" ? "decididas" : "aguardando",
    search: (q.get("busca") ?? "").slice(0, 20),
    point: q.get("ponto") ?? "",
    from: ISO.test(q.get("inicio") ?? "") ? q.get("inicio")! : "",
    to: ISO.test(q.get("fim") ?? "") ? q.get("fim")! : "",
    status: status === "A" || status === "R" ? status : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The filters and their setter: a change of anything but the page goes back to the first page (a new history entry each). */
export function useApprovalFilters(): [ApprovalFilters, (next: Partial<ApprovalFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseApprovalFilters(search);
  const update = (next: Partial<ApprovalFilters>) => {
    const f: ApprovalFilters = { ...filters, page: 1, ...next };
    const q = new URLSearchParams();
    if (f.view === "decididas") q.set("ver", "decididas");
    for (const [field, param] of Object.entries(PARAMS) as [keyof typeof PARAMS, string][]) {
      if (f[field] && (field !== "status" || f.view === "decididas")) q.set(param, f[field]);
    }
    if (f.view === "decididas" && f.page > 1) q.set("pagina", String(f.page));
    navigate(q.size ? `${location}?${q}` : location);
  };
  return [filters, update];
}

/** The server's query of the pending list. */
export const pendingFilterOf = (f: ApprovalFilters): ApprovalsFilter => ({
  ...(f.point ? { idPontoAtendimento: f.point } : {}),
  ...(f.from ? { dataInicio: f.from } : {}),
  ...(f.to ? { dataFim: f.to } : {}),
  ...(f.search.trim() ? { busca: f.search.trim() } : {}),
});

export const DECIDED_PER_PAGE = 50;
/** The server's query of the decided list (a page of DECIDED_PER_PAGE). */
export const decidedFilterOf = (f: ApprovalFilters): DecidedFilter => ({
  ...pendingFilterOf(f),
  ...(f.status ? { status: f.status } : {}),
  pagina: String(f.page),
  porPagina: String(DECIDED_PER_PAGE),
});

interface Props {
  filters: ApprovalFilters;
  onChange: (next: Partial<ApprovalFilters>) => void;
}

export function ApprovalFilterBar({ filters, onChange }: Props) {
  // The search is typed here and applied on Buscar (or Enter): one request per search, not one per key.
  const [text, setText] = useState(filters.search);
  const [applied, setApplied] = useState(filters.search);
  if (applied !== filters.search) {
    // The URL changed under the field (back, a link): the field follows it.
    setApplied(filters.search);
    setText(filters.search);
  }
  const decided = filters.view === "decididas";
  return (
    <div className="card approvals-filters">
      <form
        role="search"
        aria-label={M.filters.label}
        className="approvals-search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search: text.trim() });
        }}
      >
        <label htmlFor="aprovacoes-busca">{M.filters.search}</label>
        <div className="approvals-search-row">
          <input
            id="aprovacoes-busca"
            type="search"
            value={text}
            maxLength={20}
            placeholder={M.filters.searchHint}
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              // Clearing the field (its own × too) shows everything again at once.
              if (e.target.value === "" && filters.search) onChange({ search: "" });
            }}
          />
          <button type="submit" className="btn">
            {M.filters.submit}
          </button>
        </div>
      </form>
      <div className="approvals-filter">
        <CentralPointSelect id="aprovacoes-ponto" label={M.filters.point} value={filters.point} onChange={(point) => onChange({ point })} />
      </div>
      <div className="approvals-filter">
        <label htmlFor="aprovacoes-inicio">{M.filters.from}</label>
        <input
          id="aprovacoes-inicio"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="approvals-filter">
        <label htmlFor="aprovacoes-fim">{M.filters.to}</label>
        <input
          id="aprovacoes-fim"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      {decided && (
        <div className="approvals-filter">
          <label htmlFor="aprovacoes-status">{M.filters.status}</label>
          <select
            id="aprovacoes-status"
            value={filters.status}
            onChange={(e) => onChange({ status: e.target.value as ApprovalFilters["status"] })}
          >
            {(["", "A", "R"] as const).map((s) => (
              <option key={s} value={s}>
                {M.filters.statuses[s]}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
