// The returns' filter bar: registration date range, status and type, read from and written to the URL (main thread).
import { RETURNS_MSG } from "../../../config/messages/returns.pt-BR";
import { ALL, STATUS_CODES, statusLabel, type ReturnFilters } from "../filters";

interface Props {
  filters: ReturnFilters;
  onChange: (next: Partial<ReturnFilters> | null) => void;
}

export function ReturnsFilterBar({ filters, onChange }: Props) {
  const t = RETURNS_MSG.returns;
  const active = filters.from || filters.to || filters.status !== ALL || filters.kind !== ALL;
  return (
    <form className="returns-filters card" role="search" aria-label={t.filters} onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="retorno-inicio">{t.from}</label>
        <input
          id="retorno-inicio"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="retorno-fim">{t.to}</label>
        <input
          id="retorno-fim"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="retorno-status">{t.status}</label>
        <select id="retorno-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value })}>
          <option value={ALL}>{t.all}</option>
          {STATUS_CODES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="retorno-tipo">{t.kind}</label>
        <select id="retorno-tipo" value={filters.kind} onChange={(e) => onChange({ kind: e.target.value })}>
          <option value={ALL}>{t.all}</option>
          {t.kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </div>
      <div className="returns-filters-clear">
        <button type="button" className="btn" disabled={!active} onClick={() => onChange(null)}>
          {t.clearFilters}
        </button>
      </div>
    </form>
  );
}
