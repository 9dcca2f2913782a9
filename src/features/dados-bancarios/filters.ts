// Bank data filters kept in the URL query (?tipo=PIX|TRANSFERENCIA&selecionado=S|N), so back/forward and reload keep them;
// absent means all (main thread).
import { useLocation, useSearch } from "wouter";
import type { PaymentType } from "../../domain/bank-data";

export interface BankFilters {
  type: PaymentType | "";
  selected: "S" | "N" | "";
}

export function parseBankFilters(search: string): BankFilters {
  const q = new URLSearchParams(search);
  const type = q.get("tipo");
  const selected = q.get("selecionado");
  return {
    type: type === "PIX" || type === "TRANSFERENCIA" ? type : "",
    selected: selected === "S" || selected === "N" ? selected : "",
  };
}

export function useBankFilters(): [BankFilters, (next: Partial<BankFilters>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = parseBankFilters(search);
  const update = (next: Partial<BankFilters>) => {
    const f = { ...filters, ...next };
    const q = new URLSearchParams();
    if (f.type) q.set("tipo", f.type);
    if (f.selected) q.set("selecionado", f.selected);
    const query = q.toString();
    navigate(query ? `${location}?${query}` : location, { replace: false });
  };
  return [filters, update];
}
