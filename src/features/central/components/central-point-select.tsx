// The console's point filter (approvals, payments): 'Todos os pontos' and every point by name; without the points (still
// loading, or their call failed) the chosen one is kept by its id (main thread).
import { useQuery } from "@tanstack/react-query";
import { MSG } from "../../../config/messages.pt-BR";
import { pointsQuery } from "../query-options";

interface Props {
  id: string;
  label: string;
  /** The chosen point's id; "" for every point. */
  value: string;
  onChange: (point: string) => void;
}

export function CentralPointSelect({ id, label, value, onChange }: Props) {
  const points = useQuery(pointsQuery());
  const list = points.data ?? [];
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{MSG.audit.allPoints}</option>
        {value && !list.some((p) => p.IdPontoAtendimento === value) && (
          <option value={value}>{points.isPending ? MSG.audit.loadingPoints : MSG.audit.chosenPoint}</option>
        )}
        {list.map((p) => (
          <option key={p.IdPontoAtendimento} value={p.IdPontoAtendimento}>
            {p.NomeFantasia}
          </option>
        ))}
      </select>
    </>
  );
}
