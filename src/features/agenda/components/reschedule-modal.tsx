// Reagendar: new date (not before today), a free time of that date and a reason; the server's message on failure (main thread).
import { useState, type FormEvent } from "react";
import { toast } from "../../../lib/toast";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { wallClock } from "../../../domain/dates";
import { Modal } from "../../../components/ui/modal";
import type { AgendaRow } from "../api/agendamentos";
import { useRescheduleAppointment } from "../api/use-agenda-mutations";
import { SlotSelect } from "./slot-select";

interface Props {
  row: AgendaRow;
  pointId: string;
  onClose: () => void;
}

export function RescheduleModal({ row, pointId, onClose }: Props) {
  const today = wallClock().date;
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const save = useRescheduleAppointment({
    onSuccess: () => {
      toast.success(AGENDA_MSG.agenda.rescheduled);
      onClose();
    },
    onError: (err) => setError(err.message || AGENDA_MSG.agenda.rescheduleFailed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date || !time || !reason.trim()) return setError(AGENDA_MSG.agenda.required);
    const now = wallClock();
    if (date < now.date || (date === now.date && time <= now.time)) return setError(AGENDA_MSG.agenda.mustBeFuture);
    setError("");
    save.mutate({
      idSocioVeiculoAgenda: row.IdSocioVeiculoAgenda,
      idPontoAtendimento: pointId,
      idSocio: row.IdSocio,
      idSocioVeiculo: row.IdSocioVeiculo,
      data: date,
      hora: time,
      motivo: reason.trim(),
    });
  };
  return (
    <Modal
      open
      title={`${AGENDA_MSG.agenda.reschedule} ${AGENDA_MSG.agenda.osLabel(row.NumeroOS)}`}
      onClose={onClose}
      preventClose={save.isPending}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor="reagendar-data">{AGENDA_MSG.agenda.newDate}</label>
        <input
          id="reagendar-data"
          type="date"
          min={today}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setTime("");
          }}
        />
        <SlotSelect pointId={pointId} date={date} label={AGENDA_MSG.agenda.newTime} value={time} onChange={setTime} />
        <label htmlFor="reagendar-motivo">{AGENDA_MSG.agenda.reason}</label>
        <textarea id="reagendar-motivo" rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {AGENDA_MSG.agenda.back}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? AGENDA_MSG.agenda.saving : AGENDA_MSG.agenda.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
