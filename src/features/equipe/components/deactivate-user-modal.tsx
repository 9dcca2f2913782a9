// Desativar usuário: who, what it means (no more sign-ins, open sessions ended, can be reactivated), Cancelar and Desativar;
// the server's refusal (the principal user, oneself) stays in the dialog (main thread).
import { toast } from "../../../lib/toast";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import type { TeamUser } from "../api/usuarios";
import { useDeactivateUser } from "../api/use-usuarios-mutations";

const M = TEAM_MSG.team;

export function DeactivateUserModal({ row, onClose }: { row: TeamUser; onClose: () => void }) {
  const deactivate = useDeactivateUser({
    onSuccess: () => {
      toast.success(M.deactivated);
      onClose();
    },
  });
  return (
    <ConfirmModal
      title={M.deactivateTitle}
      onClose={onClose}
      onConfirm={() => deactivate.mutate(row.IdPontoAtendimentoUsuario)}
      pending={deactivate.isPending}
      confirmLabel={M.deactivate}
      pendingLabel={M.deactivating}
      backLabel={M.cancel}
      error={deactivate.isError ? deactivate.error.message : null}
    >
      <p className="team-confirm-who">
        <strong>{row.Nome}</strong>
        <br />
        <span className="muted">{row.Email}</span>
      </p>
      <p>{M.deactivateQuestion(row.Nome)}</p>
    </ConfirmModal>
  );
}
