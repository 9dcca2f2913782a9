// 'Histórico': the actions recorded on one payout (newest first): what was done, by whom, when (Brasília time) and the note;
// for a paid payout, first what it was paid to (the payee recorded at payment) (main thread).
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { isoToBr } from "../../../domain/dates";
import { dateTimeText } from "../../../lib/br-format";
import { withReason } from "../../../domain/format";
import type { HistoryEntry, Payout } from "../api/central";
import { historyQuery } from "../query-options";
import { CENTRAL_MSG } from "../../../config/messages/central.pt-BR";
import { PayeeFields } from "./payee-fields";
import { isPaid, payoutName } from "./payment-list";

const ACTIONS: Record<string, string> = {
  pagar: "Pagamento registrado",
  "desfazer-pagamento": "Pagamento desfeito",
  aprovar: "Serviço aprovado",
  recusar: "Serviço recusado",
};

/** "2026-11-27", or "2026-11-27 · TED-123" since batches: the payment's date and its reference. */
const PAYMENT_NOTE = /^(\d{4}-\d{2}-\d{2})(?: · (.+))?$/;

/** The server notes a payment's date (and reference) on 'pagar' and the undone payment's on 'desfazer-pagamento'. */
function noteOf(e: HistoryEntry): string | null {
  const note = e.Observacao?.trim();
  if (!note) return null;
  const m = PAYMENT_NOTE.exec(note);
  if (m && (e.Acao === "pagar" || e.Acao === "desfazer-pagamento")) {
    const ref = m[2] ? ` · Referência: ${m[2]}` : "";
    return `${e.Acao === "pagar" ? "Data do pagamento" : "Data do pagamento desfeito"}: ${isoToBr(m[1]!)}${ref}`;
  }
  return note;
}

const LOAD_FAILED = "Erro ao carregar o histórico";

export function PaymentHistoryModal({ row, onClose }: { row: Payout; onClose: () => void }) {
  const history = useQuery(historyQuery(row.IdFinanceiroEspelho));
  return (
    <Modal
      open
      title={`Histórico da ${payoutName(row)}`}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <p className="muted payments-history-point">{row.NomeFantasia}</p>
      {isPaid(row) && row.PagoPara && (
        <section className="payments-paid-to" aria-labelledby="pagamentos-pago-para">
          <h3 id="pagamentos-pago-para" className="modal-subtitle">
            {CENTRAL_MSG.payee.paidTo}
          </h3>
          <PayeeFields payee={row.PagoPara} />
        </section>
      )}
      <QueryState
        query={history}
        variant="card"
        loading="Carregando histórico..."
        error={history.error ? withReason(LOAD_FAILED, history.error.message) : LOAD_FAILED}
        empty="Nenhuma ação registrada neste repasse."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ol className="stack-list">
            {list.map((e, i) => {
              const note = noteOf(e);
              return (
                <li key={`${e.DataHora}-${i}`} className="payments-history-item">
                  <p className="payments-history-action">{ACTIONS[e.Acao] ?? e.Acao}</p>
                  <dl className="field-list">
                    <dt>Por</dt>
                    <dd>{e.Usuario}</dd>
                    <dt>Em</dt>
                    <dd>
                      <time dateTime={e.DataHora}>{(dateTimeText(e.DataHora) ?? e.DataHora).replace(",", "")}</time>
                    </dd>
                    {note && (
                      <>
                        <dt>Observação</dt>
                        <dd>{note}</dd>
                      </>
                    )}
                  </dl>
                </li>
              );
            })}
          </ol>
        )}
      </QueryState>
    </Modal>
  );
}
