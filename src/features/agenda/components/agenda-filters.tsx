// The agenda's filter bar: start date, end date and status, read from and written to the URL (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import { PeriodFields } from "../../../components/ui/period-fields";
import type { AgendaFilter } from "../../../domain/agenda-status";
import { STATUS_FILTERS, type AgendaFilters } from "../filters";

interface Props {
  filters: AgendaFilters;
  onChange: (next: Partial<AgendaFilters>) => void;
}

export function AgendaFilterBar({ filters, onChange }: Props) {
  return (
    <form className="filter-bar card" role="search" aria-label={MSG.agenda.filters} onSubmit={(e) => e.preventDefault()}>
      <PeriodFields
        id="agenda"
        from={filters.from}
        to={filters.to}
        startLabel={MSG.agenda.startDate}
        endLabel={MSG.agenda.endDate}
        onChange={onChange}
      />
      <div className="filter-wide">
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
