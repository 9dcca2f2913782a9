// Cancelar OS: a confirmation ('Esta ação não pode ser desfeita.'), the contract's fixed reason, then back to the agenda (main thread).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useLocation } from "wouter";
import { MSG } from "../../../config/messages.pt-BR";
import { PATHS } from "../../../config/paths";
import { Modal } from "../../../components/ui/modal";
import { isoToBr, wallClock } from "../../../domain/dates";
import { unwrap } from "../../../lib/api-client";
import { cancelOrder, type AgendamentoDetails } from "../api/execucao";

/** The spec's error, followed by the server's reason when it gave one ('Erro ao cancelar OS: Uma OS concluída…'). */
export const withReason = (base: string, reason: string | undefined) => (reason && reason !== base ? `${base}: ${reason}` : base);

interface Props { details: AgendamentoDetails; pointId: string; onClose: () => void }

export function CancelOrderModal({ details, pointId, onClose }: Props) {
  const t = MSG.order;
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: async () => unwrap(await cancelOrder({
      idSocioVeiculoAgenda: details.agendamento!.IdSocioVeiculoAgenda, idPontoAtendimento: pointId, idSocio: details.socio?.IdSocio ?? "",
      idSocioVeiculo: details.socioVeiculo?.IdSocioVeiculo ?? "", motivo: t.cancelReason, data: isoToBr(wallClock().date),
    }), t.cancelFailed),
    onSuccess: () => {
      toast.success(t.cancelled);
      void client.invalidateQueries({ queryKey: ["agenda"] });
      void client.invalidateQueries({ queryKey: ["order", details.agendamento!.IdSocioVeiculoAgenda] });
      onClose();
      navigate(PATHS.agenda);
    },
  });
  return (
    <Modal open title={t.cancelTitle} onClose={onClose} preventClose={cancel.isPending}
      footer={(
        <>
          <button type="button" className="btn" onClick={onClose} disabled={cancel.isPending}>{t.back}</button>
          <button type="button" className="btn btn-danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? t.cancelling : t.confirmYes}
          </button>
        </>
      )}>
      <p>{t.cancelText(details.agendamento!.NumeroOS)}</p>
      <p><strong>{t.irreversible}</strong></p>
      {cancel.isError && <p className="form-error" role="alert">{withReason(t.cancelFailed, cancel.error.message)}</p>}
    </Modal>
  );
}
