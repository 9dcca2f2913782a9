// Desativar usuário: who, what it means (no more sign-ins, open sessions ended, can be reactivated), Cancelar and Desativar;
// the server's refusal (the principal user, oneself) stays in the dialog (main thread).
import { toast } from "../../../lib/toast";
import { TEAM_MSG } from "../../../config/messages/team.pt-BR";
import { DeactivatePersonModal } from "../../../components/ui/deactivate-person-modal";
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
    <DeactivatePersonModal
      person={row}
      texts={M}
      whoClass="team-confirm-who"
      state={deactivate}
      onConfirm={() => deactivate.mutate(row.IdPontoAtendimentoUsuario)}
      onClose={onClose}
    />
  );
}
