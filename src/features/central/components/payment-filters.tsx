// The Pagamentos section's state kept in the URL query, so back/forward, reload and a shared link keep it: the payouts' filters
// (?ponto=&data=&situacao=&pagamento=&inicio=&fim=&status=; defaults: every point, execution date, every situation, paid today,
// this month in Brasília, pending), the filter bar that edits them, and which part is shown (?ver=remessas|diario, ?remessa=<id>
// for one run) (main thread).
import { useSearch } from "wouter";
import { periodFilters, type PeriodFilters } from "../../../lib/period-filters";
import { CENTRAL_PATHS } from "../../../config/paths";
import { MSG } from "../../../config/messages.pt-BR";
import { PeriodFields } from "../../../components/ui/period-fields";
import type { Payout, PayoutFilter } from "../api/payments";
import { CentralPointSelect } from "./central-point-select";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";

export type PaymentStatusFilter = "PENDENTE" | "PAGO" | "TODOS";
const STATUSES: PaymentStatusFilter[] = ["PENDENTE", "PAGO", "TODOS"];
const STATUS_LABELS: Record<PaymentStatusFilter, string> = { PENDENTE: "Pendentes", PAGO: "Pagos", TODOS: "Todos" };

/** Which date the period filters; "" (absent from the URL) is the default, the execution date. */
export type PaymentBasis = "" | "agendamento";

export type Situation = Payout["Situacao"];
export const SITUATIONS: readonly Situation[] = ["pagavel", "retido", "aguardando_execucao", "em_remessa", "pago"];
const isSituation = (s: string): s is Situation => (SITUATIONS as readonly string[]).includes(s);
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `situation`: "" for every situation; `payDate`: the payment date the situations and the payable figures are for, "" for today
 * (the server's default, so a link without it always means today).
 */
export type PaymentFilters = PeriodFilters<PaymentStatusFilter> & { point: string; basis: string; situation: string; payDate: string };

export const { useFilters: usePaymentFilters } = periodFilters(STATUSES, "PENDENTE", {
  point: "ponto",
  basis: "data",
  situation: "situacao",
  payDate: "pagamento",
});

/**
 * The change that shows one situation (or every one, ""): the status follows when it would hide it (a paid situation under
 * 'Pendentes', a pending one under 'Pagos'), so the list is never empty for a contradiction of the two filters.
 */
export function situationChange(f: PaymentFilters, situation: string): Partial<PaymentFilters> {
  if (situation === "pago") return { situation, status: f.status === "PENDENTE" ? "PAGO" : f.status };
  if (situation) return { situation, status: f.status === "PAGO" ? "PENDENTE" : f.status };
  return { situation };
}

export type PaymentsView = "repasses" | "remessas" | "diario";

/** The part of the section the URL shows: a run's page (?remessa=<id>) is part of Remessas. */
export function usePaymentsView(): { view: PaymentsView; runId: string } {
  const q = new URLSearchParams(useSearch());
  const runId = q.get("remessa") ?? "";
  const ver = q.get("ver");
  return { view: runId || ver === "remessas" ? "remessas" : ver === "diario" ? "diario" : "repasses", runId };
}

/** The address of a part of the section (the payouts' filters are the defaults again). */
export const paymentsViewHref = (view: PaymentsView) =>
  view === "repasses" ? CENTRAL_PATHS.payments : `${CENTRAL_PATHS.payments}?ver=${view}`;
/** The address of one run's page. */
export const runHref = (id: string) => `${CENTRAL_PATHS.payments}?remessa=${encodeURIComponent(id)}`;

/**
 * The server's query for the filters: no point for every point, no status for TODOS; the execution date unless the appointment's
 * was chosen (an order booked last month and finished this month is due this month).
 */
export const payoutFilterOf = (f: PaymentFilters): PayoutFilter => ({
  ...(f.point ? { idPontoAtendimento: f.point } : {}),
  dataInicio: f.from,
  dataFim: f.to,
  ...(f.status === "TODOS" ? {} : { status: f.status }),
  dataReferencia: f.basis === "agendamento" ? "agendamento" : "execucao",
  ...(isSituation(f.situation) ? { situacao: f.situation } : {}),
  ...(ISO.test(f.payDate) ? { dataPagamento: f.payDate } : {}),
});

const S = PAYMENTS_MSG.situation;

interface Props {
  filters: PaymentFilters;
  onChange: (next: Partial<PaymentFilters>) => void;
  rangeError: boolean;
}

export function PaymentFilterBar({ filters, onChange, rangeError }: Props) {
  return (
    <form
      className="filter-bar payments-filters card"
      role="search"
      aria-label="Filtros dos pagamentos"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="filter-wide">
        <CentralPointSelect
          id="pagamentos-ponto"
          label="Ponto de atendimento"
          value={filters.point}
          onChange={(point) => onChange({ point })}
        />
      </div>
      <div className="filter-wide">
        <label htmlFor="pagamentos-data">{PAYMENTS_MSG.basis.label}</label>
        <select
          id="pagamentos-data"
          value={filters.basis === "agendamento" ? "agendamento" : ""}
          onChange={(e) => onChange({ basis: e.target.value })}
        >
          <option value="">{PAYMENTS_MSG.basis.execucao}</option>
          <option value="agendamento">{PAYMENTS_MSG.basis.agendamento}</option>
        </select>
      </div>
      <PeriodFields
        id="pagamentos"
        from={filters.from}
        to={filters.to}
        startLabel="Data inicial"
        endLabel="Data final"
        errorId={rangeError ? "pagamentos-periodo-erro" : null}
        onChange={onChange}
      />
      <div>
        <label htmlFor="pagamentos-situacao">{S.label}</label>
        <select
          id="pagamentos-situacao"
          value={isSituation(filters.situation) ? filters.situation : ""}
          onChange={(e) => onChange(situationChange(filters, e.target.value))}
        >
          <option value="">{S.all}</option>
          {SITUATIONS.map((s) => (
            <option key={s} value={s}>
              {S.options[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="pagamentos-status">Status</label>
        <select id="pagamentos-status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as PaymentStatusFilter })}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {rangeError && (
        <p id="pagamentos-periodo-erro" className="form-error" role="alert">
          {MSG.common.periodInvalid}
        </p>
      )}
    </form>
  );
}
