// Starting an order from the agenda: confirmation, mandatory initial video, queued start (main thread, React).
import type { AgendamentoRow } from "../api/agendamentos";

export function StartOrderFlow(props: { appointment: AgendamentoRow; userId: string; pointId: string; onClose: () => void }) {
  void props;
  return null;
}
