// Avaliações dos Clientes (/avaliacoes): the point's average, the distribution per star, a star filter and the list (main thread).
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { combineQueries, QueryState } from "../../../components/ui/query-state";
import { RATINGS_MSG } from "../../../config/messages/ratings.pt-BR";
import { ratingAverageQuery, ratingsQuery } from "../query-options";
import { matchesStar, type StarFilter as Filter } from "../ratings";
import { RatingList } from "./rating-list";
import { RatingSummary } from "./rating-summary";
import { StarFilter } from "./star-filter";

export interface RatingsPageProps {
  pointId: string;
  userId: string;
}

export default function RatingsPage({ pointId }: RatingsPageProps) {
  const t = RATINGS_MSG.ratings;
  const average = useQuery(ratingAverageQuery(pointId));
  const list = useQuery(ratingsQuery(pointId));
  const [filter, setFilter] = useState<Filter>("all");
  const ratings = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => ratings.filter((r) => matchesStar(r, filter)), [ratings, filter]);
  return (
    <section className="page ratings-page">
      <h1 className="page-title">{t.title}</h1>
      <QueryState query={combineQueries(average, list)} loading={t.loading} error={t.loadFailed}>
        {([summary]) => (
          <>
            <RatingSummary average={summary.average} total={summary.total} ratings={ratings} />
            <StarFilter value={filter} onChange={setFilter} />
            <p className="muted ratings-count" role="status">
              {t.showing(shown.length, ratings.length)}
            </p>
            {shown.length === 0 ? <p className="muted page-state">{t.empty}</p> : <RatingList ratings={shown} />}
          </>
        )}
      </QueryState>
    </section>
  );
}
