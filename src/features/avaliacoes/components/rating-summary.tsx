// The average with stars and the total, and one bar per star value 5..1 with its count and share (main thread).
import { RATINGS_MSG } from "../../../config/messages/ratings.pt-BR";
import type { Avaliacao } from "../api/avaliacoes";
import { distribution, formatAverage, formatShare } from "../ratings";
import { Stars } from "./stars";

interface Props {
  average: number;
  total: number;
  ratings: readonly Avaliacao[];
}

export function RatingSummary({ average, total, ratings }: Props) {
  const t = RATINGS_MSG.ratings;
  const bars = distribution(ratings);
  return (
    <section className="card ratings-summary" aria-labelledby="ratings-average-title">
      <div className="ratings-average">
        <h2 id="ratings-average-title" className="ratings-section-title">
          {t.averageTitle}
        </h2>
        <p className="ratings-average-value" data-testid="ratings-average">
          {formatAverage(average)}
        </p>
        <Stars value={average} size={24} label={t.starsOf(formatAverage(average))} />
        <p className="muted ratings-total" data-testid="ratings-total">
          {t.total(total)}
        </p>
      </div>
      <div className="ratings-distribution">
        <h2 id="ratings-distribution-title" className="ratings-section-title">
          {t.distributionTitle}
        </h2>
        <ul className="ratings-bars" aria-labelledby="ratings-distribution-title">
          {bars.map(({ star, count, share: fraction }) => {
            const share = formatShare(count, ratings.length);
            return (
              <li key={star} className="ratings-bar-row" data-star={star}>
                <span className="ratings-bar-label">{t.starLabel(star)}</span>
                <span className="ratings-bar" aria-hidden="true">
                  <span className="ratings-bar-fill" style={{ width: `${fraction * 100}%` }} />
                </span>
                <span className="ratings-bar-count">{t.countShare(count, share)}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
