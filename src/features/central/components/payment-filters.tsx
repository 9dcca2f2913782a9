// The Pagamentos section's filters, kept in the URL query (?ponto=&inicio=&fim=&status=) so back/forward and reload keep them
// (defaults: every point, this month in Brasília, pending), and the filter bar that edits them (main thread).
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { periodFilters } from "../../../lib/period-filters";
import type { PayoutFilter } from "../api/central";
import { pointsQuery } from "../query-options";

export type PaymentStatusFilter = "PENDENTE" | "PAGO" | "TODOS";
const STATUSES: PaymentStatusFilter[] = ["PENDENTE", "PAGO", "TODOS"];
const STATUS_LABELS: Record<PaymentStatusFilter, string> = { PENDENTE: "Pendentes", PAGO: "Pagos", TODOS: "Todos" };

export interface PaymentFilters {
  point: string;
  from: string;
  to: string;
  status: PaymentStatusFilter;
}

const period = periodFilters(STATUSES, "PENDENTE");

export function usePaymentFilters(): [PaymentFilters, (next: Partial<PaymentFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters: PaymentFilters = { ...period.parse(search), point: new URLSearchParams(search).get("ponto") ?? "" };
  const update = (next: Partial<PaymentFilters>) => {
    const f = { ...filters, ...next };
    const q = new URLSearchParams({ ...(f.point ? { ponto: f.point } : {}), inicio: f.from, fim: f.to, status: f.status });
    // A new history entry per change: back returns to the previous filters.
    navigate(`${location}?${q.toString()}`);
  };
  return [filters, update];
}

/** The server's query for the filters: no point for every point, no status for TODOS. */
export const payoutFilterOf = (f: PaymentFilters): PayoutFilter => ({
  ...(f.point ? { idPontoAtendimento: f.point } : {}),
  dataInicio: f.from,
  dataFim: f.to,
  ...(f.status === "TODOS" ? {} : { status: f.status }),
});

export const RANGE_INVALID = "A data inicial não pode ser posterior à data final.";

interface Props {
  filters: PaymentFilters;
  onChange: (next: Partial<PaymentFilters>) => void;
  rangeError: boolean;
}

export function PaymentFilterBar({ filters, onChange, rangeError }: Props) {
  // Without the points (still loading, or failed) the select offers 'Todos os pontos' and keeps the chosen one by its id.
  const points = useQuery(pointsQuery());
  const list = points.data ?? [];
  const invalid = rangeError ? { "aria-invalid": true, "aria-describedby": "pagamentos-periodo-erro" } : {};
  return (
    <form className="payments-filters card" role="search" aria-label="Filtros dos pagamentos" onSubmit={(e) => e.preventDefault()}>
      <div className="payments-filter-point">
        <label htmlFor="pagamentos-ponto">Ponto de atendimento</label>
        <select id="pagamentos-ponto" value={filters.point} onChange={(e) => onChange({ point: e.target.value })}>
          <option value="">Todos os pontos</option>
          {filters.point && !list.some((p) => p.IdPontoAtendimento === filters.point) && (
            <option value={filters.point}>{points.isPending ? "Carregando pontos..." : "Ponto selecionado"}</option>
          )}
          {list.map((p) => (
            <option key={p.IdPontoAtendimento} value={p.IdPontoAtendimento}>
              {p.NomeFantasia}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="pagamentos-inicio">Data inicial</label>
        <input
          id="pagamentos-inicio"
          type="date"
          value={filters.from}
          max={filters.to}
          {...invalid}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="pagamentos-fim">Data final</label>
        <input
          id="pagamentos-fim"
          type="date"
          value={filters.to}
          min={filters.from}
          {...invalid}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="pagamentos-status">Status</label>
        <select id="pagamentos-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as PaymentStatusFilter })}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {rangeError && (
        <p id="pagamentos-periodo-erro" className="form-error payments-range-error" role="alert">
          {RANGE_INVALID}
        </p>
      )}
    </form>
  );
}
