// The mirror's rows as a ResponsiveList (cards on phones, a table from 1024 px): payment badge (a held one RETIDO with its
// reason), NOVO on unpaid rows, the client's CPF as its document, the payment's date and reference, Ver Detalhes (main thread).
import { ResponsiveList, type Column } from "../../../components/ui/responsive-list";
import { MIRROR_MSG } from "../../../config/messages/mirror.pt-BR";
import { formatBRL } from "../../../domain/format";
import { statusTone, type Transaction } from "../mirror";

const t = MIRROR_MSG.mirror;
interface Props {
  rows: readonly Transaction[];
  onDetails: (row: Transaction) => void;
  busy: boolean;
}

export function PaymentBadge({ status }: { status: string }) {
  return <span className={`status-badge mirror-status-${statusTone(status)}`}>{status}</span>;
}

function Badges({ row }: { row: Transaction }) {
  return (
    <>
      <PaymentBadge status={row.statusPagamento} />
      {row.statusPagamento !== "PAGO" && <span className="new-tag">{t.newTag}</span>}
      {row.motivoRetencao && <span className="mirror-hold-reason">{row.motivoRetencao}</span>}
    </>
  );
}

/** "27/11/2026 · Ref. TED-123": when and how the central paid it. */
function PaidOn({ row }: { row: Transaction }) {
  return (
    <>
      {row.dataPagamento}
      {row.referenciaPagamento && <span className="mirror-ref"> · {t.refLabel(row.referenciaPagamento)}</span>}
    </>
  );
}

function DetailsButton({ row, onDetails }: { row: Transaction; onDetails: Props["onDetails"] }) {
  return (
    <button type="button" className="btn" aria-label={t.viewDetailsOf(row.numeroOS, row.servico)} onClick={() => onDetails(row)}>
      {t.viewDetails}
    </button>
  );
}

const c = t.cols;
const COLUMNS: readonly Column<Transaction>[] = [
  { id: "os", header: c.os, cell: (r) => r.numeroOS, cardCell: (r) => t.osLabel(r.numeroOS), card: "title" },
  { id: "status", header: c.status, cell: (r) => <Badges row={r} />, card: "meta" },
  { id: "client", header: c.client, cell: (r) => r.cliente || t.notInformed },
  // The client's document (the member's CPF), beside the client's name: not the point's own CNPJ.
  { id: "document", header: c.document, cell: (r) => r.documentoCliente || t.notInformed, className: "mirror-doc" },
  { id: "service", header: c.service, cell: (r) => r.servico || t.notInformed },
  { id: "payout", header: c.payout, cell: (r) => formatBRL(r.valorRepasse), className: "mirror-money" },
  {
    id: "paid",
    header: c.paidOn,
    cell: (r) => (r.dataPagamento ? <PaidOn row={r} /> : "—"),
    cardCell: (r) => (r.dataPagamento ? <PaidOn row={r} /> : null),
  },
];

export function MirrorList({ rows, onDetails, busy }: Props) {
  return (
    <div className="mirror-rows" aria-busy={busy || undefined}>
      <ResponsiveList
        name="mirror"
        rows={rows}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowClass={(r) => (r.statusPagamento !== "PAGO" ? "is-new" : undefined)}
        rowData={(r) => ({ id: r.id })}
        actions={(r) => <DetailsButton row={r} onDetails={onDetails} />}
        actionsHeader={c.actions}
      />
    </div>
  );
}
