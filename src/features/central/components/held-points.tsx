// 'Pontos com repasses retidos' of the Pagamentos section: each point whose listed payouts are held, once, with how many and
// how much, why (the server's reason: no bank data, or data changed in the last 7 days), and 'Conferir dados de pagamento' to
// check and confirm its new data (main thread).
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { formatBRL } from "../../../domain/format";
import type { Payout } from "../api/central";
import { isPaid } from "./payment-list";

const M = CENTRAL_MSG.payee;

export interface HeldPoint {
  id: string;
  name: string;
  count: number;
  sum: number;
  /** The hold's reason (one per point: the point's data decide it). */
  reason: string | null;
}

/** The held points of the rows on screen, in the order they first appear. */
export function heldPointsOf(rows: readonly Payout[]): HeldPoint[] {
  const byPoint = new Map<string, HeldPoint>();
  for (const r of rows) {
    if (isPaid(r) || !r.Retido) continue;
    const p = byPoint.get(r.IdPontoAtendimento) ?? {
      id: r.IdPontoAtendimento,
      name: r.NomeFantasia,
      count: 0,
      sum: 0,
      reason: r.MotivoRetencao,
    };
    p.count += 1;
    p.sum = Math.round((p.sum + (r.ValorRepasse ?? 0)) * 100) / 100;
    byPoint.set(p.id, p);
  }
  return [...byPoint.values()];
}

export function HeldPoints({ points, onReview }: { points: readonly HeldPoint[]; onReview: (point: HeldPoint) => void }) {
  return (
    <section className="card payments-held" aria-labelledby="pagamentos-retidos">
      <h2 id="pagamentos-retidos" className="payments-held-title">
        {M.heldPoints}
      </h2>
      <ul className="stack-list">
        {points.map((p) => (
          <li key={p.id} className="payments-held-item" data-id={p.id}>
            <span className="payments-held-point">
              <strong>{p.name}</strong>
              <span className="muted payments-held-count">{M.heldCount(p.count, formatBRL(p.sum))}</span>
              {p.reason && <span className="payments-hold-reason">{p.reason}</span>}
            </span>
            <button type="button" className="btn" aria-label={M.reviewOf(p.name)} onClick={() => onReview(p)}>
              {M.review}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
