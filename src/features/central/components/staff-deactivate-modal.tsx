// Desativar colega: who, what it means (no more sign-ins, open sessions ended now, can be reactivated), Cancelar and
// Desativar; the server's refusal (the last active admin) stays in the dialog (main thread).
import { toast } from "../../../lib/toast";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
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
    <ConfirmModal
      title={M.deactivateTitle}
      onClose={onClose}
      onConfirm={() => deactivate.mutate(row.Id)}
      pending={deactivate.isPending}
      confirmLabel={M.deactivate}
      pendingLabel={M.deactivating}
      backLabel={M.cancel}
      error={deactivate.isError ? deactivate.error.message : null}
    >
      <p className="staff-confirm-who">
        <strong>{row.Nome}</strong>
        <br />
        <span className="muted">{row.Email}</span>
      </p>
      <p>{M.deactivateQuestion(row.Nome)}</p>
    </ConfirmModal>
  );
}
