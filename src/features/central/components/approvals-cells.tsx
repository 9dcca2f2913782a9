// The cells both approval lists share (main thread): the service and its point, the OS and plate, the attendant and their
// reason, the evidence button ("Sem evidências" when there is none, so nobody approves blind), both values labelled, and a
// time shown relative ("há 2 horas") with the exact one in its title and datetime.
import { formatBRL } from "../../../domain/format";
import { dateTimeText } from "../../../lib/br-format";
import { APPROVALS_MSG as M } from "../../../config/messages/central-approvals.pt-BR";
import type { PendingService } from "../api/approvals";

let relative: Intl.RelativeTimeFormat | undefined;
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "há 5 minutos", "há 2 dias", "agora" (pt-BR, Intl). */
export function relativeText(iso: string, now: number = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  relative ??= new Intl.RelativeTimeFormat("pt-BR", { numeric: "auto" });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size || unit === "year") {
      // Under a minute reads "agora": seconds would change at every render.
      return unit === "second" ? relative.format(0, "second") : relative.format(Math.round(value), unit);
    }
    value /= size;
  }
  return "";
}

export function Since({ iso }: { iso: string }) {
  const exact = dateTimeText(iso) ?? "";
  return (
    <time dateTime={iso} title={exact} className="approvals-since">
      {relativeText(iso)}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}

export const ServiceCell = ({ row }: { row: PendingService }) => (
  <div className="approvals-two-lines">
    <strong className="approvals-line" title={row.Servico}>
      {row.Servico}
    </strong>
    <span className="approvals-line muted" title={row.NomeFantasia}>
      {row.NomeFantasia}
    </span>
  </div>
);

export const OrderCell = ({ row }: { row: PendingService }) => (
  <div className="approvals-two-lines">
    <span className="approvals-line">{M.os(row.NumeroOS)}</span>
    <span className="approvals-line approvals-plate">{row.Placa}</span>
  </div>
);

export const AttendantCell = ({ row }: { row: PendingService }) => (
  <div className="approvals-two-lines">
    <span className="approvals-line">{row.Atendente ?? M.noAttendant}</span>
    <span className="approvals-line muted" title={row.ObservacoesCredenciado ?? undefined}>
      {row.ObservacoesCredenciado || M.noReason}
    </span>
  </div>
);

export const ValuesCell = ({ row }: { row: PendingService }) => (
  <dl className="approvals-values">
    <div>
      <dt>{M.servicePrice}</dt>
      <dd>{formatBRL(row.ValorServico)}</dd>
    </div>
    <div>
      <dt>{M.payout}</dt>
      <dd>{formatBRL(row.ValorRepasse)}</dd>
    </div>
  </dl>
);

/** Opens the side panel; an order and service with nothing attached read "Sem evidências", marked as a warning. */
export function EvidenceButton({ row, onOpen }: { row: PendingService; onOpen: (row: PendingService) => void }) {
  const none = row.QtdeEvidencias === 0;
  return (
    <button
      type="button"
      className={`btn approvals-evidence${none ? " is-none" : ""}`}
      aria-label={`${M.evidence(row.QtdeEvidencias)}: ${M.evidenceOf(row.NumeroOS)}`}
      onClick={() => onOpen(row)}
    >
      {M.evidence(row.QtdeEvidencias)}
    </button>
  );
}
