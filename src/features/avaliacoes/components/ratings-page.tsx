// Avaliações dos Clientes (/avaliacoes): the point's average, the distribution per star, a star filter and the list (main thread).
import { useMemo, useState } from "react";
import { MSG } from "../../../config/messages.pt-BR";
import { useRatingAverage, useRatings } from "../queries";
import { matchesStar, type StarFilter as Filter } from "../ratings";
import { RatingList } from "./rating-list";
import { RatingSummary } from "./rating-summary";
import { StarFilter } from "./star-filter";

export interface RatingsPageProps { pointId: string; userId: string }

export default function RatingsPage({ pointId }: RatingsPageProps) {
  const t = MSG.ratings;
  const average = useRatingAverage(pointId);
  const list = useRatings(pointId);
  const [filter, setFilter] = useState<Filter>("all");
  const ratings = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => ratings.filter((r) => matchesStar(r, filter)), [ratings, filter]);
  const failed = (average.isError && !average.data) || (list.isError && !list.data);
  const retry = () => {
    if (average.isError) void average.refetch();
    if (list.isError) void list.refetch();
  };
  return (
    <section className="page ratings-page">
      <h1 className="page-title">{t.title}</h1>
      {failed ? (
        <div className="page-state" role="alert">
          <p className="form-error">{t.loadFailed}</p>
          <button type="button" className="btn" onClick={retry} disabled={average.isFetching || list.isFetching}>{t.retry}</button>
        </div>
      ) : average.isPending || list.isPending ? (
        <p className="muted page-state" role="status">{t.loading}</p>
      ) : (
        <>
          <RatingSummary average={average.data.average} total={average.data.total} ratings={ratings} />
          <StarFilter value={filter} onChange={setFilter} />
          <p className="muted ratings-count" role="status">{t.showing(shown.length, ratings.length)}</p>
          {shown.length === 0 ? <p className="muted page-state">{t.empty}</p> : <RatingList ratings={shown} />}
        </>
      )}
    </section>
  );
}
