// The start and end dates of a filter bar's period (agenda, espelho, central payments): each bounds the other, an emptied field
// changes nothing, and a reversed period points both at the bar's error line (main thread).
interface PeriodFieldsProps {
  /** Prefix of the inputs' ids: `${id}-inicio`, `${id}-fim`. */
  id: string;
  from: string;
  to: string;
  startLabel: string;
  endLabel: string;
  /** The id of the bar's error line while the period is reversed; null otherwise. */
  errorId?: string | null;
  onChange: (next: { from?: string; to?: string }) => void;
}

export function PeriodFields({ id, from, to, startLabel, endLabel, errorId, onChange }: PeriodFieldsProps) {
  const invalid = errorId ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <>
      <div>
        <label htmlFor={`${id}-inicio`}>{startLabel}</label>
        <input
          id={`${id}-inicio`}
          type="date"
          value={from}
          max={to}
          {...invalid}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-fim`}>{endLabel}</label>
        <input
          id={`${id}-fim`}
          type="date"
          value={to}
          min={from}
          {...invalid}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
    </>
  );
}
