// The ratings: cards on phones, a table from 1024 px (CSS picks one), each with customer, vehicle and plate, OS, date, time,
// stars (n/5) and the comment (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import type { Avaliacao } from "../api/avaliacoes";
import { plateOf, ratingWhen, vehicleOf } from "../ratings";
import { Stars } from "./stars";

function Score({ rating }: { rating: Avaliacao }) {
  return (
    <span className="rating-score">
      <Stars value={rating.Nota} size={16} />
      <span aria-hidden="true">{MSG.ratings.score(rating.Nota)}</span>
    </span>
  );
}

const Comment = ({ rating }: { rating: Avaliacao }) =>
  rating.Observacoes?.trim() ? <>{rating.Observacoes}</> : <span className="muted">{MSG.ratings.noComment}</span>;

export function RatingList({ ratings }: { ratings: readonly Avaliacao[] }) {
  const t = MSG.ratings;
  const c = t.cols;
  return (
    <>
      <ul className="ratings-cards" aria-label={t.listTitle}>
        {ratings.map((r) => {
          const when = ratingWhen(r.DataLog);
          return (
            <li key={r.IdSocioVeiculoAgenda} className="card ratings-card" data-os={r.NumeroOS}>
              <div className="ratings-card-head">
                <h2 className="ratings-card-title">{r.Cliente}</h2>
                <Score rating={r} />
              </div>
              <dl className="ratings-card-fields">
                <dt>{c.vehicle}</dt>
                <dd>
                  {vehicleOf(r)} · <span className="ratings-plate">{plateOf(r)}</span>
                </dd>
                <dt>{c.os}</dt>
                <dd>{r.NumeroOS}</dd>
                <dt>{c.date}</dt>
                <dd>{when.date}</dd>
                <dt>{c.time}</dt>
                <dd>{when.time}</dd>
                <dt>{c.comment}</dt>
                <dd className="ratings-comment">
                  <Comment rating={r} />
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <table className="ratings-table">
        <caption className="sr-only">{t.listTitle}</caption>
        <thead>
          <tr>
            {[c.customer, c.vehicle, c.os, c.date, c.time, c.score, c.comment].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ratings.map((r) => {
            const when = ratingWhen(r.DataLog);
            return (
              <tr key={r.IdSocioVeiculoAgenda} data-os={r.NumeroOS}>
                <td>{r.Cliente}</td>
                <td>
                  {vehicleOf(r)}
                  <br />
                  <span className="ratings-plate">{plateOf(r)}</span>
                </td>
                <td>{r.NumeroOS}</td>
                <td>{when.date}</td>
                <td>{when.time}</td>
                <td>
                  <Score rating={r} />
                </td>
                <td className="ratings-comment">
                  <Comment rating={r} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
