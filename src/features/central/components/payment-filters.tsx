// The Pagamentos section's filters, kept in the URL query (?ponto=&data=&inicio=&fim=&status=) so back/forward and reload keep
// them (defaults: every point, execution date, this month in Brasília, pending), and the filter bar that edits them (main thread).
import { periodFilters, type PeriodFilters } from "../../../lib/period-filters";
import { MSG } from "../../../config/messages.pt-BR";
import { PeriodFields } from "../../../components/ui/period-fields";
import type { PayoutFilter } from "../api/payments";
import { CentralPointSelect } from "./central-point-select";
import { PAYMENTS_MSG } from "../../../config/messages/central-payments.pt-BR";

export type PaymentStatusFilter = "PENDENTE" | "PAGO" | "TODOS";
const STATUSES: PaymentStatusFilter[] = ["PENDENTE", "PAGO", "TODOS"];
const STATUS_LABELS: Record<PaymentStatusFilter, string> = { PENDENTE: "Pendentes", PAGO: "Pagos", TODOS: "Todos" };

/** Which date the period filters; "" (absent from the URL) is the default, the execution date. */
export type PaymentBasis = "" | "agendamento";

export type PaymentFilters = PeriodFilters<PaymentStatusFilter> & { point: string; basis: string };

export const { useFilters: usePaymentFilters } = periodFilters(STATUSES, "PENDENTE", { point: "ponto", basis: "data" });

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
});

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
      <div className="filter-wide">
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
