// Cancelar: a required, trimmed reason, then a confirmation step; the list reloads after success (main thread).
import { useState, type FormEvent } from "react";
import { toast } from "../../../lib/toast";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { Modal } from "../../../components/ui/modal";
import type { AgendaRow } from "../api/agendamentos";
import { useCancelAppointment } from "../api/use-agenda-mutations";

interface Props {
  row: AgendaRow;
  pointId: string;
  onClose: () => void;
}

export function CancelModal({ row, pointId, onClose }: Props) {
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const cancel = useCancelAppointment({
    onSuccess: () => {
      toast.success(AGENDA_MSG.agenda.cancelled);
      onClose();
    },
    onError: (err) => {
      setConfirming(false);
      setError(err.message || AGENDA_MSG.agenda.cancelFailed);
    },
  });
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(AGENDA_MSG.agenda.cancelReasonRequired);
    setError("");
    setConfirming(true);
  };
  const confirm = () =>
    cancel.mutate({
      idSocioVeiculoAgenda: row.IdSocioVeiculoAgenda,
      idPontoAtendimento: pointId,
      idSocio: row.IdSocio,
      idSocioVeiculo: row.IdSocioVeiculo,
      motivo: reason.trim(),
    });
  return (
    <Modal
      open
      title={`${AGENDA_MSG.agenda.cancelTitle} ${AGENDA_MSG.agenda.osLabel(row.NumeroOS)}`}
      onClose={onClose}
      preventClose={cancel.isPending}
    >
      {!confirming ? (
        <form onSubmit={next} noValidate>
          <label htmlFor="cancelar-motivo">{AGENDA_MSG.agenda.cancelReason}</label>
          <textarea
            id="cancelar-motivo"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              {AGENDA_MSG.agenda.back}
            </button>
            <button type="submit" className="btn btn-primary">
              {AGENDA_MSG.agenda.cancelContinue}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{AGENDA_MSG.agenda.cancelConfirm(row.NumeroOS)}</p>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              {AGENDA_MSG.agenda.back}
            </button>
            <button type="button" className="btn btn-danger" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? AGENDA_MSG.agenda.saving : AGENDA_MSG.agenda.cancelYes}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
