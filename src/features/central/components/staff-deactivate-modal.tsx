// Desativar colega: who, what it means (no more sign-ins, open sessions ended now, can be reactivated), Cancelar and
// Desativar; the server's refusal (the last active admin) stays in the dialog (main thread).
import { toast } from "../../../lib/toast";
import { DeactivatePersonModal } from "../../../components/ui/deactivate-person-modal";
import { STAFF_MSG as M } from "../../../config/messages/central-staff.pt-BR";
import type { Colleague } from "../api/staff";
import { useDeactivateColleague } from "../api/use-staff-mutations";

export function StaffDeactivateModal({ row, onClose }: { row: Colleague; onClose: () => void }) {
  const deactivate = useDeactivateColleague({
    onSuccess: ({ message }) => {
      toast.success(message);
      onClose();
    },
  });
  return (
    <DeactivatePersonModal
      person={row}
      texts={M}
      whoClass="staff-confirm-who"
      state={deactivate}
      onConfirm={() => deactivate.mutate(row.Id)}
      onClose={onClose}
    />
  );
}
