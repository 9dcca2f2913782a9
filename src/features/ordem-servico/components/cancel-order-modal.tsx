// Cancelar OS: a confirmation ('Esta ação não pode ser desfeita.'), the contract's fixed reason, then back to the agenda (main thread).
import { toast } from "../../../lib/toast";
import { useLocation } from "wouter";
import { ORDER_MSG } from "../../../config/messages/order.pt-BR";
import { PATHS } from "../../../config/paths";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { isoToBr, wallClock } from "../../../domain/dates";
import { withReason } from "../../../domain/format";
import type { AppointmentDetails } from "../api/order";
import { useCancelOrder } from "../api/use-order-mutations";

interface Props {
  details: AppointmentDetails;
  pointId: string;
  onClose: () => void;
}

export function CancelOrderModal({ details, pointId, onClose }: Props) {
  const t = ORDER_MSG.order;
  const [, navigate] = useLocation();
  const cancel = useCancelOrder({
    onSuccess: () => {
      toast.success(t.cancelled);
      onClose();
      navigate(PATHS.agenda);
    },
  });
  // The day it was cancelled is the day the attendant confirmed (Brasília).
  const confirm = () =>
    cancel.mutate({
      idSocioVeiculoAgenda: details.agendamento!.IdSocioVeiculoAgenda,
      idPontoAtendimento: pointId,
      idSocio: details.socio?.IdSocio ?? "",
      idSocioVeiculo: details.socioVeiculo?.IdSocioVeiculo ?? "",
      motivo: t.cancelReason,
      data: isoToBr(wallClock().date),
    });
  return (
    <ConfirmModal
      title={t.cancelTitle}
      onClose={onClose}
      onConfirm={confirm}
      pending={cancel.isPending}
      confirmLabel={t.confirmYes}
      pendingLabel={t.cancelling}
      backLabel={t.back}
      error={cancel.isError ? withReason(t.cancelFailed, cancel.error.message) : null}
    >
      <p>{t.cancelText(details.agendamento!.NumeroOS)}</p>
      <p>
        <strong>{t.irreversible}</strong>
      </p>
    </ConfirmModal>
  );
}
