// The mirror's filter bar: start date, end date and payment status, read from and written to the URL (main thread).
import { MIRROR_MSG } from "../../../config/messages/mirror.pt-BR";
import { PeriodFields } from "../../../components/ui/period-fields";
import type { MirrorFilters } from "../filters";
import { STATUS_FILTERS, type MirrorStatusFilter } from "../status";

const t = MIRROR_MSG.mirror;
interface Props {
  filters: MirrorFilters;
  onChange: (next: Partial<MirrorFilters>) => void;
  rangeError: string | null;
}

export function MirrorFilterBar({ filters, onChange, rangeError }: Props) {
  return (
    <form className="filter-bar card" role="search" aria-label={t.filters} onSubmit={(e) => e.preventDefault()}>
      <PeriodFields
        id="espelho"
        from={filters.from}
        to={filters.to}
        startLabel={t.startDate}
        endLabel={t.endDate}
        errorId={rangeError ? "espelho-periodo-erro" : null}
        onChange={onChange}
      />
      <div className="filter-wide">
        <label htmlFor="espelho-status">{t.status}</label>
        <select id="espelho-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as MirrorStatusFilter })}>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {rangeError && (
        <p id="espelho-periodo-erro" className="form-error" role="alert">
          {rangeError}
        </p>
      )}
    </form>
  );
}
