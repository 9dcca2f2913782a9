// Cancelar OS: a confirmation ('Esta ação não pode ser desfeita.'), the contract's fixed reason, then back to the agenda (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { useLocation } from "wouter";
import { MSG } from "../../../config/messages.pt-BR";
import { PATHS } from "../../../config/paths";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { isoToBr, wallClock } from "../../../domain/dates";
import { withReason } from "../../../domain/format";
import { unwrap } from "../../../lib/api-client";
import { cancelOrder, type AgendamentoDetails } from "../api/execucao";
import { queryRoots } from "../../../lib/query-keys";
import { orderKeys } from "../queries";

interface Props {
  details: AgendamentoDetails;
  pointId: string;
  onClose: () => void;
}

export function CancelOrderModal({ details, pointId, onClose }: Props) {
  const t = MSG.order;
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: async () =>
      unwrap(
        await cancelOrder({
          idSocioVeiculoAgenda: details.agendamento!.IdSocioVeiculoAgenda,
          idPontoAtendimento: pointId,
          idSocio: details.socio?.IdSocio ?? "",
          idSocioVeiculo: details.socioVeiculo?.IdSocioVeiculo ?? "",
          motivo: t.cancelReason,
          data: isoToBr(wallClock().date),
        }),
        t.cancelFailed,
      ),
    onSuccess: () => {
      toast.success(t.cancelled);
      void client.invalidateQueries({ queryKey: queryRoots.agenda });
      void client.invalidateQueries({ queryKey: orderKeys.one(details.agendamento!.IdSocioVeiculoAgenda) });
      onClose();
      navigate(PATHS.agenda);
    },
  });
  return (
    <ConfirmModal
      title={t.cancelTitle}
      onClose={onClose}
      onConfirm={() => cancel.mutate()}
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
