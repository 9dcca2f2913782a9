// The ratings as a ResponsiveList (cards on phones, a table from 1024 px), each with customer, vehicle and plate, OS, date,
// time, stars (n/5) and the comment (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { RATINGS_MSG } from "../../../config/messages/ratings.pt-BR";
import type { Avaliacao } from "../api/avaliacoes";
import { plateOf, ratingWhen, vehicleOf } from "../ratings";
import { Stars } from "./stars";

function Score({ rating }: { rating: Avaliacao }) {
  return (
    <span className="rating-score">
      <Stars value={rating.Nota} size={16} />
      <span aria-hidden="true">{RATINGS_MSG.ratings.score(rating.Nota)}</span>
    </span>
  );
}

const Comment = ({ rating }: { rating: Avaliacao }) =>
  rating.Observacoes?.trim() ? <>{rating.Observacoes}</> : <span className="muted">{RATINGS_MSG.ratings.noComment}</span>;

const c = RATINGS_MSG.ratings.cols;
const COLUMNS: readonly Column<Avaliacao>[] = [
  { id: "customer", header: c.customer, cell: (r) => r.Cliente, card: "title" },
  {
    id: "vehicle",
    header: c.vehicle,
    cell: (r) => (
      <>
        {vehicleOf(r)}
        <br />
        <span className="ratings-plate">{plateOf(r)}</span>
      </>
    ),
    // One line in the card, the plate after a dot.
    cardCell: (r) => (
      <>
        {vehicleOf(r)} · <span className="ratings-plate">{plateOf(r)}</span>
      </>
    ),
  },
  { id: "os", header: c.os, cell: (r) => r.NumeroOS },
  { id: "date", header: c.date, cell: (r) => ratingWhen(r.DataLog).date },
  { id: "time", header: c.time, cell: (r) => ratingWhen(r.DataLog).time },
  { id: "score", header: c.score, cell: (r) => <Score rating={r} />, card: "meta" },
  { id: "comment", header: c.comment, cell: (r) => <Comment rating={r} />, className: "ratings-comment" },
];

export function RatingList({ ratings }: { ratings: readonly Avaliacao[] }) {
  return (
    <ResponsiveList
      name="ratings"
      label={RATINGS_MSG.ratings.listTitle}
      rows={ratings}
      columns={COLUMNS}
      rowKey={(r) => r.IdSocioVeiculoAgenda}
      rowData={(r) => ({ os: r.NumeroOS })}
    />
  );
}
