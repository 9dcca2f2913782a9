// The agenda's filter bar: the day chips (Hoje, Amanhã, Semana, Atrasadas), and the status and custom period, read from and
// written to the URL; on a phone the status and period fold into a disclosure so the cards get the screen (main thread).
import { useState, type ReactNode } from "react";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { PeriodFields } from "../../../components/ui/period-fields";
import { useTableLayout } from "../../../components/ui/responsive-list";
import type { AgendaFilter } from "../../../domain/agenda-status";
import { DAY_VIEWS, DEFAULT_STATUS, STATUS_FILTERS } from "../agenda-view";
import type { AgendaFilters, FilterChange } from "../filters";

interface Props {
  filters: AgendaFilters;
  onChange: (next: FilterChange) => void;
}

/** The quick views as toggle buttons: the one shown is pressed; pressing another adds a history entry. */
function DayChips({ filters, onChange }: Props) {
  return (
    <div className="agenda-chips" role="group" aria-label={AGENDA_MSG.agenda.daysLabel}>
      {DAY_VIEWS.map((day) => (
        <button
          key={day}
          type="button"
          className="agenda-chip"
          aria-pressed={filters.day === day}
          onClick={() => filters.day !== day && onChange({ day })}
        >
          {AGENDA_MSG.agenda.days[day]}
        </button>
      ))}
    </div>
  );
}

function StatusAndPeriod({ filters, onChange }: Props) {
  return (
    <form className="filter-bar card" role="search" aria-label={AGENDA_MSG.agenda.filters} onSubmit={(e) => e.preventDefault()}>
      <PeriodFields
        id="agenda"
        from={filters.from}
        to={filters.to}
        startLabel={AGENDA_MSG.agenda.startDate}
        endLabel={AGENDA_MSG.agenda.endDate}
        onChange={onChange}
      />
      <div className="filter-wide">
        <label htmlFor="agenda-status">{AGENDA_MSG.agenda.status}</label>
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

/** Phone: the status and period behind a summary that names them; open from the start when they are what the URL narrows. */
function Folded({ filters, children }: { filters: AgendaFilters; children: ReactNode }) {
  const [open, setOpen] = useState(filters.day === null || filters.status !== DEFAULT_STATUS);
  const summary = `${filters.status} · ${filters.day ? AGENDA_MSG.agenda.days[filters.day] : AGENDA_MSG.agenda.customPeriod}`;
  return (
    <details className="agenda-more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {AGENDA_MSG.agenda.moreFilters}
        <span className="agenda-more-summary">{summary}</span>
      </summary>
      {children}
    </details>
  );
}

export function AgendaFilterBar({ filters, onChange }: Props) {
  const asTable = useTableLayout();
  const fields = <StatusAndPeriod filters={filters} onChange={onChange} />;
  return (
    <div className="agenda-filters">
      <DayChips filters={filters} onChange={onChange} />
      {asTable ? fields : <Folded filters={filters}>{fields}</Folded>}
    </div>
  );
}
