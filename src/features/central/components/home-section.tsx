// Central do Programa — Início (/central/inicio), the console's landing: what waits in each section, from one call — approvals
// and the oldest's age, payouts due (how many, for how many points, the total, the held part), points needing attention by
// flag — each count a link into its filtered list; stacked cards on a phone, a grid on desktop; refreshed every minute
// (main thread).
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { QueryState } from "../../../components/ui/query-state";
import { CENTRAL_PATHS } from "../../../config/paths";
import { CENTRAL_POINTS_MSG } from "../../../config/messages/central-points.pt-BR";
import { BRAZIL_TZ } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import type { CentralHome } from "../api/points";
import { homeQuery } from "../points-queries";
import "./home.css";

const t = CENTRAL_POINTS_MSG.home;

// Made on first use: the first Intl object of a page starts ICU.
let relative: Intl.RelativeTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;

/** How long ago `from` was at `now`, "há 5 minutos", "há 3 horas", "há 4 dias" (whole units, rounded down, at least 1 minute). */
export function ageText(from: string, now: string): string {
  const minutes = Math.max(1, Math.floor((Date.parse(now) - Date.parse(from)) / 60_000));
  relative ??= new Intl.RelativeTimeFormat("pt-BR", { numeric: "always" });
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return relative.format(-hours, "hour");
  return relative.format(-Math.floor(hours / 24), "day");
}

const timeOf = (iso: string) =>
  (clock ??= new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BRAZIL_TZ })).format(
    new Date(iso),
  );

export const pointsWithFlag = (flag: string) => `${CENTRAL_PATHS.points}?sinal=${encodeURIComponent(flag)}`;
/** The payments list's pending payouts (its own period filter still applies). */
export const PAYOUTS_DUE_PATH = `${CENTRAL_PATHS.payments}?status=PENDENTE`;
/** The points with the most flags first. */
export const POINTS_BY_FLAGS_PATH = `${CENTRAL_PATHS.points}?ordem=sinalizacoes&direcao=desc`;

function HomeCards({ data }: { data: CentralHome }) {
  const { Aprovacoes: a, Repasses: r, Pontos: p } = data;
  return (
    <div className="home-grid">
      <section className="card home-card" aria-labelledby="inicio-aprovacoes">
        <h2 id="inicio-aprovacoes" className="card-title">
          {t.approvals.title}
        </h2>
        <p className="home-figure">
          <Link href={CENTRAL_PATHS.approvals}>{a.Quantidade === 0 ? t.approvals.none : t.approvals.count(a.Quantidade)}</Link>
        </p>
        {a.MaisAntiga && <p className="home-detail">{t.approvals.oldest(ageText(a.MaisAntiga, data.GeradoEm))}</p>}
      </section>

      <section className="card home-card" aria-labelledby="inicio-pagamentos">
        <h2 id="inicio-pagamentos" className="card-title">
          {t.payouts.title}
        </h2>
        <p className="home-figure">
          <Link href={PAYOUTS_DUE_PATH}>{r.Quantidade === 0 ? t.payouts.none : t.payouts.count(r.Quantidade)}</Link>
        </p>
        {r.Quantidade > 0 && (
          <>
            <p className="home-detail">{t.payouts.points(r.Pontos)}</p>
            <dl className="home-total">
              <dt>{t.payouts.total}</dt>
              <dd>{formatBRL(r.Total)}</dd>
            </dl>
          </>
        )}
        {r.Retidos > 0 && <p className="home-detail home-warning">{t.payouts.held(r.Retidos, formatBRL(r.TotalRetido))}</p>}
      </section>

      <section className="card home-card" aria-labelledby="inicio-pontos">
        <h2 id="inicio-pontos" className="card-title">
          {t.points.title}
        </h2>
        <p className="home-figure">
          {p.ComSinalizacao === 0 ? t.points.none : <Link href={POINTS_BY_FLAGS_PATH}>{t.points.count(p.ComSinalizacao, p.Total)}</Link>}
        </p>
        <ul className="home-flags" aria-label={t.points.byFlag}>
          {p.PorSinal.map(({ Sinal, Quantidade }) => {
            const text = t.points.flagLink(CENTRAL_POINTS_MSG.flags[Sinal], Quantidade);
            return (
              <li key={Sinal} className={Quantidade > 0 ? "home-flag is-set" : "home-flag"}>
                {Quantidade > 0 ? <Link href={pointsWithFlag(Sinal)}>{text}</Link> : <span className="muted">{text}</span>}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export default function HomeSection() {
  const query = useQuery(homeQuery());
  return (
    <section className="page central-home" aria-labelledby="central-home-title">
      <header className="page-header central-home-header">
        <h1 id="central-home-title" className="page-title">
          {t.title}
        </h1>
        <button type="button" className="btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching && !query.isPending ? t.refreshing : t.refresh}
        </button>
      </header>
      <p className="muted home-intro">
        {t.intro}
        {query.data && ` ${t.updatedAt(timeOf(query.data.GeradoEm))}.`}
      </p>
      <QueryState query={query} loading={t.loading} error={query.error?.message || t.loadFailed}>
        {(data) => <HomeCards data={data} />}
      </QueryState>
    </section>
  );
}
