// Brazilian banks with a COMPE code (Banco Central's STR list, from @brazilian-utils) as options "001 - Banco do Brasil S.A.";
// the stored Banco text is that label (main thread).
import { getBanks } from "@brazilian-utils/brazilian-utils/get-banks";
import type { SelectOption } from "../../components/ui/searchable-select";

let cached: SelectOption[] | null = null;

export function bankOptions(current?: string): SelectOption[] {
  cached ??= getBanks()
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((b) => ({ value: `${b.code} - ${b.name}`, label: `${b.code} - ${b.name}` }));
  // An entry saved with a name outside the list (older data) stays choosable as it is.
  return current && !cached.some((o) => o.value === current) ? [{ value: current, label: current }, ...cached] : cached;
}
