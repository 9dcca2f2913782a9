// The Central console's service points as a ResponsiveList (cards on phones, a table from 1024 px): name and CNPJ, city/UF,
// rating average with its count, open service returns, orders this month, last activity and 'Ver cadastro'; and the pt-BR texts
// of those figures (main thread).
import { Icon, starIcon } from "../../../components/ui/icon";
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { BRAZIL_TZ } from "../../../domain/dates";
import { formatDocument } from "../../../lib/br-format";
import type { PointSummary } from "../api/central";

export const POINT_TEXT = {
  listLabel: "Pontos de atendimento",
  noRatings: "Sem avaliações",
  noActivity: "Sem atividade",
  notInformed: "Não informado",
  viewRegistration: "Ver cadastro",
  viewRegistrationOf: (name: string) => `Ver cadastro de ${name}`,
  ratingCount: (n: number) => (n === 1 ? "1 avaliação" : `${n} avaliações`),
  cols: {
    point: "Ponto",
    cnpj: "CNPJ",
    place: "Cidade/UF",
    rating: "Avaliação",
    returns: "Retornos abertos",
    orders: "Ordens no mês",
    activity: "Última atividade",
    actions: "Cadastro",
  },
} as const;
const t = POINT_TEXT;

const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateFmt = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: BRAZIL_TZ });
const timeFmt = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BRAZIL_TZ });

/** "Recife/PE"; only the part the point has; "Não informado" when it has neither. */
export const placeOf = (p: Pick<PointSummary, "Cidade" | "Uf">) =>
  [p.Cidade?.trim(), p.Uf?.trim()].filter(Boolean).join("/") || t.notInformed;

/** 4.333 -> "4,3"; null or not a number -> null (no rating yet). */
export const formatRating = (value: number | null) => (value !== null && Number.isFinite(value) ? oneDecimal.format(value) : null);

/** An instant (ISO) as Brasília date and time, "26/11/2026 às 14:05"; null when missing or unreadable. */
export function formatActivity(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${dateFmt.format(d)} às ${timeFmt.format(d)}`;
}

function Rating({ point }: { point: PointSummary }) {
  const average = formatRating(point.MediaAvaliacao);
  if (average === null || point.QuantidadeAvaliacoes === 0) return <span className="muted">{t.noRatings}</span>;
  return (
    <span className="points-rating">
      <Icon icon={starIcon} className="points-rating-star" size={16} />
      <strong>{average}</strong> <span className="muted">({t.ratingCount(point.QuantidadeAvaliacoes)})</span>
    </span>
  );
}

function Activity({ iso }: { iso: string | null }) {
  const text = formatActivity(iso);
  return text ? <time dateTime={iso!}>{text}</time> : <span className="muted">{t.noActivity}</span>;
}

const Count = ({ n, alert = false }: { n: number; alert?: boolean }) => (
  <span className={alert && n > 0 ? "points-count is-alert" : "points-count"}>{n}</span>
);

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
  { id: "place", header: c.place, cell: (p) => placeOf(p) },
  { id: "rating", header: c.rating, cell: (p) => <Rating point={p} /> },
  { id: "returns", header: c.returns, cell: (p) => <Count n={p.RetornosAbertos} alert />, className: "points-number" },
  { id: "orders", header: c.orders, cell: (p) => <Count n={p.OrdensNoMes} />, className: "points-number" },
  { id: "activity", header: c.activity, cell: (p) => <Activity iso={p.UltimaAtividade} />, className: "points-nowrap" },
];

interface Props {
  points: readonly PointSummary[];
  onOpen: (point: PointSummary) => void;
  busy: boolean;
}

export function PointList({ points, onOpen, busy }: Props) {
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
          <button type="button" className="btn" aria-label={t.viewRegistrationOf(p.NomeFantasia)} onClick={() => onOpen(p)}>
            {t.viewRegistration}
          </button>
        )}
        actionsHeader={c.actions}
      />
    </div>
  );
}
