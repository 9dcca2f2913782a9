// The mirror's rows: cards on phones, a table from 1024 px (CSS picks one), payment badge, NOVO on pending rows, Ver Detalhes (main thread).
import { MSG } from "../../../config/messages.pt-BR";
import { formatBRL } from "../../../domain/format";
import { statusTone, type Transaction } from "../mirror";

const t = MSG.mirror;
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
      {row.statusPagamento === "PENDENTE" && <span className="new-tag">{t.newTag}</span>}
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

export function MirrorList({ rows, onDetails, busy }: Props) {
  const c = t.cols;
  const isNew = (r: Transaction) => r.statusPagamento === "PENDENTE";
  return (
    <div className="mirror-rows" aria-busy={busy || undefined}>
      <ul className="mirror-cards">
        {rows.map((r) => (
          <li key={r.id} className={`card mirror-card${isNew(r) ? " is-new" : ""}`} data-id={r.id}>
            <div className="mirror-card-head">
              <h2 className="mirror-card-title">{t.osLabel(r.numeroOS)}</h2>
              <Badges row={r} />
            </div>
            <dl className="mirror-card-fields">
              <dt>{c.client}</dt>
              <dd>{r.cliente || t.notInformed}</dd>
              <dt>{c.document}</dt>
              <dd>{r.cnpj || t.notInformed}</dd>
              <dt>{c.service}</dt>
              <dd>{r.servico || t.notInformed}</dd>
              <dt>{c.payout}</dt>
              <dd className="mirror-money">{formatBRL(r.valorRepasse)}</dd>
            </dl>
            <DetailsButton row={r} onDetails={onDetails} />
          </li>
        ))}
      </ul>
      <table className="mirror-table">
        <thead>
          <tr>
            {[c.os, c.status, c.client, c.document, c.service, c.payout, c.actions].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={isNew(r) ? "is-new" : undefined} data-id={r.id}>
              <td>{r.numeroOS}</td>
              <td>
                <Badges row={r} />
              </td>
              <td>{r.cliente || t.notInformed}</td>
              <td className="mirror-doc">{r.cnpj || t.notInformed}</td>
              <td>{r.servico || t.notInformed}</td>
              <td className="mirror-money">{formatBRL(r.valorRepasse)}</td>
              <td>
                <DetailsButton row={r} onDetails={onDetails} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
