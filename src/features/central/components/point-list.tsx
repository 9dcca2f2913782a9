// The Central console's service points as a ResponsiveList (cards on phones, a table from 1024 px): name and CNPJ, city/UF,
// rating average with its count, the flags that ask for attention, open service returns, orders this month, last activity
// and a link to the point's page; and the formatting of those figures, shared with the point page (main thread).
import { Link } from "wouter";
import { Icon, starIcon } from "../../../components/ui/icon";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { BRAZIL_TZ } from "../../../domain/dates";
import { formatDocument } from "../../../lib/br-format";
import { CENTRAL_PATHS } from "../../../config/paths";
import { CENTRAL_POINTS_MSG } from "../../../config/messages/central-points.pt-BR";
import type { PointFlag, PointSummary } from "../api/points";

const t = CENTRAL_POINTS_MSG.list;

// Made on first use: the first Intl object of a page starts ICU (docs/architecture.md, "No long task of ours").
let oneDecimal: Intl.NumberFormat | undefined;
let dateFmt: Intl.DateTimeFormat | undefined;
let timeFmt: Intl.DateTimeFormat | undefined;

/** "Recife/PE"; only the part the point has; "Não informado" when it has neither. */
export const placeOf = (p: Pick<PointSummary, "Cidade" | "Uf">) =>
  [p.Cidade?.trim(), p.Uf?.trim()].filter(Boolean).join("/") || t.notInformed;

/** 4.333 -> "4,3"; null or not a number -> null (no rating yet). */
export const formatRating = (value: number | null) =>
  value !== null && Number.isFinite(value)
    ? (oneDecimal ??= new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value)
    : null;

/** An instant (ISO) as Brasília date and time, "26/11/2026 às 14:05"; null when missing or unreadable. */
export function formatActivity(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  dateFmt ??= new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: BRAZIL_TZ });
  timeFmt ??= new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BRAZIL_TZ });
  return `${dateFmt.format(d)} às ${timeFmt.format(d)}`;
}

export function Rating({ average, count }: { average: number | null; count: number }) {
  const text = formatRating(average);
  if (text === null || count === 0) return <span className="muted">{t.noRatings}</span>;
  return (
    <span className="points-rating">
      <Icon icon={starIcon} className="points-rating-star" size={16} />
      <strong>{text}</strong> <span className="muted">({t.ratingCount(count)})</span>
    </span>
  );
}

export function Activity({ iso }: { iso: string | null }) {
  const text = formatActivity(iso);
  return text ? <time dateTime={iso!}>{text}</time> : <span className="muted">{t.noActivity}</span>;
}

/**
 * The point's flags as badges, each with what it means in its title; "Nenhuma" without any. Spans, not a list: the cards are
 * list items themselves, and a screen reader hears the flags as one line, separated by the hidden commas.
 */
export function FlagBadges({ flags }: { flags: readonly PointFlag[] }) {
  if (flags.length === 0) return <span className="muted">{CENTRAL_POINTS_MSG.noFlags}</span>;
  return (
    <span className="points-flags">
      {flags.map((flag, i) => (
        <span key={flag} className={`points-flag is-${flag}`} title={CENTRAL_POINTS_MSG.flagHints[flag]}>
          {CENTRAL_POINTS_MSG.flags[flag]}
          {i < flags.length - 1 && <span className="sr-only">, </span>}
        </span>
      ))}
    </span>
  );
}

const Count = ({ n, alert = false }: { n: number; alert?: boolean }) => (
  <span className={alert && n > 0 ? "points-count is-alert" : "points-count"}>{n}</span>
);

export const pointPagePath = (id: string) => CENTRAL_PATHS.point(id);

const c = t.cols;
const COLUMNS: readonly Column<PointSummary>[] = [
  {
    id: "point",
    header: c.point,
    cell: (p) => (
      <>
        <span className="points-name">{p.NomeFantasia}</span>
        <span className="points-cnpj muted">{formatDocument(p.Cnpj)}</span>
      </>
    ),
    cardCell: (p) => p.NomeFantasia,
    card: "title",
  },
  // On a phone, a line under the name (the card's full width: a CNPJ does not fit a field's half of a 360 px card).
  {
    id: "cnpj",
    header: c.cnpj,
    cell: (p) => <p className="points-card-cnpj muted">{`${c.cnpj} ${formatDocument(p.Cnpj)}`}</p>,
    card: "plain",
    table: false,
  },
  { id: "flags", header: c.flags, cell: (p) => <FlagBadges flags={p.Sinalizacoes} />, className: "points-flags-cell" },
  { id: "place", header: c.place, cell: (p) => placeOf(p) },
  { id: "rating", header: c.rating, cell: (p) => <Rating average={p.MediaAvaliacao} count={p.QuantidadeAvaliacoes} /> },
  { id: "returns", header: c.returns, cell: (p) => <Count n={p.RetornosAbertos} alert />, className: "points-number" },
  { id: "orders", header: c.orders, cell: (p) => <Count n={p.OrdensNoMes} />, className: "points-number" },
  { id: "activity", header: c.activity, cell: (p) => <Activity iso={p.UltimaAtividade} />, className: "points-nowrap" },
];

interface Props {
  points: readonly PointSummary[];
  busy: boolean;
}

export function PointList({ points, busy }: Props) {
  return (
    <div className="points-rows" aria-busy={busy || undefined}>
      <ResponsiveList
        name={["agenda", "points"]}
        label={t.listLabel}
        rows={points}
        columns={COLUMNS}
        rowKey={(p) => p.IdPontoAtendimento}
        rowData={(p) => ({ id: p.IdPontoAtendimento })}
        actions={(p) => (
          <Link href={pointPagePath(p.IdPontoAtendimento)} className="btn" aria-label={t.openOf(p.NomeFantasia)}>
            {t.open}
          </Link>
        )}
        actionsHeader={c.actions}
      />
    </div>
  );
}
