// The star filter: all, 5, 4, 3, 2 or 1 stars, as toggle buttons (main thread).
import { RATINGS_MSG } from "../../../config/messages/ratings.pt-BR";
import { STARS, type StarFilter as Filter } from "../ratings";

export function StarFilter({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  const t = RATINGS_MSG.ratings;
  const options: { value: Filter; label: string }[] = [
    { value: "all", label: t.all },
    ...STARS.map((s) => ({ value: s, label: t.starLabel(s) })),
  ];
  return (
    <div className="ratings-filter" role="group" aria-label={t.filter}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`btn ratings-chip${value === o.value ? " is-active" : ""}`}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
