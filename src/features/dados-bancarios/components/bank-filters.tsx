// The bank data filter bar: Tipo de Pagamento (all, PIX, TRANSFERÊNCIA) and Selecionado (all, SIM, NÃO), kept in the URL (main thread).
import { BANK_DATA_MSG } from "../../../config/messages/bank-data.pt-BR";
import type { BankFilters } from "../filters";

const M = BANK_DATA_MSG.bankData;
interface Props {
  filters: BankFilters;
  onChange: (next: Partial<BankFilters>) => void;
}

export function BankFilterBar({ filters, onChange }: Props) {
  return (
    <form className="bank-filters card" role="search" aria-label={M.filters} onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="banco-filtro-tipo">{M.paymentType}</label>
        <select id="banco-filtro-tipo" value={filters.type} onChange={(e) => onChange({ type: e.target.value as BankFilters["type"] })}>
          <option value="">{M.all}</option>
          <option value="PIX">{M.pix}</option>
          <option value="TRANSFERENCIA">{M.transfer}</option>
        </select>
      </div>
      <div>
        <label htmlFor="banco-filtro-selecionado">{M.selected}</label>
        <select
          id="banco-filtro-selecionado"
          value={filters.selected}
          onChange={(e) => onChange({ selected: e.target.value as BankFilters["selected"] })}
        >
          <option value="">{M.all}</option>
          <option value="S">{M.yes}</option>
          <option value="N">{M.no}</option>
        </select>
      </div>
    </form>
  );
}
