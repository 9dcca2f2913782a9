// Novo Agendamento: a member vehicle (typed plate, or given by the caller, e.g. the scanner), motivation, date and a free time (main thread).
import { useCallback, useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { wallClock } from "../../../domain/dates";
import { displayPlate } from "../../../domain/plate";
import { Modal } from "../../../components/ui/modal";
import { FormFooter } from "../../../components/ui/form-footer";
import { SearchableSelect } from "../../../components/ui/searchable-select";
import { useScheduleAppointment } from "../api/use-agenda-mutations";
import { motivationsQuery } from "../query-options";
import { PlateField } from "./plate-field";
import type { ChosenVehicle } from "../../../lib/chosen-vehicle";
import { SlotSelect } from "./slot-select";

interface Props {
  pointId: string;
  onClose: () => void;
  vehicle?: ChosenVehicle;
}
type Errors = Partial<Record<"vehicle" | "motivation" | "date" | "time" | "form", string>>;

export function NewAppointmentModal({ pointId, onClose, vehicle: given }: Props) {
  const ids = useId();
  const today = wallClock().date;
  const [typed, setTyped] = useState<ChosenVehicle | null>(null);
  const vehicle = given ?? typed;
  const [motivation, setMotivation] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const motivations = useQuery(motivationsQuery());
  const onVehicle = useCallback((v: ChosenVehicle | null) => setTyped(v), []);
  const save = useScheduleAppointment({
    onSuccess: () => {
      toast.success(AGENDA_MSG.agenda.created);
      onClose();
    },
    onError: (err) => setErrors({ form: err.message || AGENDA_MSG.agenda.createFailed }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!vehicle) next.vehicle = AGENDA_MSG.agenda.vehicleRequired;
    if (!motivation) next.motivation = AGENDA_MSG.agenda.motivationRequired;
    if (!date) next.date = AGENDA_MSG.agenda.dateRequired;
    else if (date < wallClock().date) next.date = AGENDA_MSG.agenda.dateInPast;
    if (!time) next.time = AGENDA_MSG.agenda.timeRequired;
    setErrors(next);
    if (vehicle && Object.keys(next).length === 0)
      save.mutate({
        idPontoAtendimento: pointId,
        idSocio: vehicle.idSocio,
        idSocioVeiculo: vehicle.idSocioVeiculo,
        data: date,
        hora: time,
        motivo: Number(motivation),
      });
  };
  const options = (motivations.data ?? []).map((m) => ({ value: String(m.IdMotivacao), label: m.Descricao.toUpperCase() }));
  return (
    <Modal open title={AGENDA_MSG.agenda.newAppointment} onClose={onClose} preventClose={save.isPending}>
      <form onSubmit={submit} noValidate>
        {given ? (
          <p className="chosen-vehicle">
            <strong>{displayPlate(given.placa)}</strong> {[given.nomeSocio, given.descricao].filter(Boolean).join(" · ")}
          </p>
        ) : (
          <PlateField pointId={pointId} onVehicle={onVehicle} error={errors.vehicle} />
        )}
        <SearchableSelect
          label={AGENDA_MSG.agenda.motivation}
          options={options}
          value={motivation}
          placeholder={AGENDA_MSG.agenda.motivationPlaceholder}
          onChange={setMotivation}
          errorId={`${ids}-mot`}
        />
        <p id={`${ids}-mot`} className="form-error" role={motivations.isError ? "alert" : undefined}>
          {errors.motivation ?? (motivations.isError ? AGENDA_MSG.agenda.motivationsFailed : "")}
        </p>
        <label htmlFor={`${ids}-date`}>{AGENDA_MSG.agenda.date}</label>
        <input
          id={`${ids}-date`}
          type="date"
          min={today}
          value={date}
          aria-describedby={`${ids}-date-err`}
          aria-invalid={errors.date ? true : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setTime("");
          }}
        />
        <p id={`${ids}-date-err`} className="form-error">
          {errors.date}
        </p>
        <SlotSelect pointId={pointId} date={date} label={AGENDA_MSG.agenda.time} value={time} onChange={setTime} error={errors.time} />
        <FormFooter
          error={errors.form}
          busy={save.isPending}
          onCancel={onClose}
          cancelLabel={AGENDA_MSG.agenda.back}
          submitLabel={AGENDA_MSG.agenda.create}
          busyLabel={AGENDA_MSG.agenda.saving}
        />
      </form>
    </Modal>
  );
}
