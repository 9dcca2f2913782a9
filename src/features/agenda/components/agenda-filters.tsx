// The agenda's filter bar: start date, end date and status, read from and written to the URL (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import type { AgendaFilter } from "../../../domain/agenda-status";
import { STATUS_FILTERS, type AgendaFilters } from "../filters";

interface Props {
  filters: AgendaFilters;
  onChange: (next: Partial<AgendaFilters>) => void;
}

export function AgendaFilterBar({ filters, onChange }: Props) {
  return (
    <form className="agenda-filters card" role="search" aria-label={MSG.agenda.filters} onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="agenda-inicio">{MSG.agenda.startDate}</label>
        <input
          id="agenda-inicio"
          type="date"
          value={filters.from}
          max={filters.to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="agenda-fim">{MSG.agenda.endDate}</label>
        <input
          id="agenda-fim"
          type="date"
          value={filters.to}
          min={filters.from}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="agenda-status">{MSG.agenda.status}</label>
        <select id="agenda-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as AgendaFilter })}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
