// The Pagamentos section's headline (issue 49): the payment date (today by default) and what can be paid on it, what is held,
// what waits for its execution and what is in a run at the bank (the server's totals for that date). Each card is a region
// named by its button, which shows only those payouts (the `situacao` filter, in the URL) and, pressed again, every one; the
// whole card is the button's click target (main thread).
import { useId } from "react";
import { isoToBr } from "../../../domain/dates";
import { formatBRL } from "../../../domain/format";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";
import type { PayoutTotals } from "../api/payments";
import type { Situation } from "./payment-filters";

const H = PAYMENTS_MSG.headline;

interface Props {
  totals: PayoutTotals | undefined;
  /** The payment date the figures are for (yyyy-MM-dd). */
  payDate: string;
  /** The situation shown, "" for every one. */
  situation: string;
  onPayDate: (date: string) => void;
  onSituation: (situation: Situation | "") => void;
}

interface Card {
  situation: Situation;
  label: string;
  value: number | undefined;
  hint: string;
}

export function PaymentHeadline({ totals, payDate, situation, onPayDate, onSituation }: Props) {
  const id = useId();
  const cards: Card[] = [
    {
      situation: "pagavel",
      label: H.payable(isoToBr(payDate)),
      value: totals?.pagavel,
      hint: totals ? H.payableHint(totals.pagaveis) : "",
    },
    { situation: "retido", label: H.held, value: totals?.retido, hint: totals ? H.heldHint(totals.retidos, totals.pontosRetidos) : "" },
    { situation: "aguardando_execucao", label: H.waiting, value: totals?.aguardandoExecucao, hint: H.waitingHint },
    { situation: "em_remessa", label: H.inRun, value: totals?.emRemessa, hint: H.inRunHint },
  ];
  const dateId = `${id}-data`;
  const filterHintId = `${id}-filtro`;
  return (
    <div className="payments-headline">
      <div className="payments-paydate">
        <label htmlFor={dateId}>{H.payDate}</label>
        <input
          id={dateId}
          type="date"
          value={payDate}
          aria-describedby={`${dateId}-dica`}
          // An emptied field changes nothing (the figures need a date).
          onChange={(e) => e.target.value && onPayDate(e.target.value)}
        />
        <p id={`${dateId}-dica`} className="muted payments-field-hint">
          {H.payDateHint}
        </p>
      </div>
      <div className="payments-totals" role="group" aria-label={H.group}>
        <p id={filterHintId} className="sr-only">
          {H.filterHint}
        </p>
        {cards.map((c) => {
          const cardId = `${id}-${c.situation}`;
          const active = situation === c.situation;
          return (
            <section
              key={c.situation}
              className={`card payments-total${active ? " is-active" : ""}`}
              aria-labelledby={cardId}
              data-situation={c.situation}
            >
              <h2 className="payments-total-label">
                <button
                  id={cardId}
                  type="button"
                  className="payments-total-button"
                  aria-pressed={active}
                  aria-describedby={`${cardId}-valor ${cardId}-dica ${filterHintId}`}
                  onClick={() => onSituation(active ? "" : c.situation)}
                >
                  {c.label}
                </button>
              </h2>
              <p id={`${cardId}-valor`} className="payments-total-value">
                {c.value === undefined ? "—" : formatBRL(c.value)}
              </p>
              <p id={`${cardId}-dica`} className="muted payments-total-hint">
                {c.hint}
              </p>
            </section>
          );
        })}
      </div>
    </div>
  );
}
