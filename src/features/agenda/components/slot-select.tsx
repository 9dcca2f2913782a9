// Time select filled with the free slots of one date (lista-horarios-disponiveis); disabled while (re)loading or when none (main thread).
import { useId } from "react";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { useQuery } from "@tanstack/react-query";
import { slotsQuery } from "../query-options";

interface Props {
  pointId: string;
  date: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}

export function SlotSelect({ pointId, date, label, value, onChange, error }: Props) {
  const id = useId();
  const slots = useQuery(slotsQuery(pointId, date));
  // A cached list may be stale (another booking took a slot since): nothing is offered until this mount's fetch answers.
  const loading = slots.isPending || slots.isFetching;
  const list = loading ? [] : (slots.data ?? []);
  const note = !date
    ? null
    : loading
      ? AGENDA_MSG.agenda.loadingSlots
      : slots.isError
        ? AGENDA_MSG.agenda.slotsFailed
        : list.length === 0
          ? AGENDA_MSG.agenda.noSlots
          : null;
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={list.includes(value) ? value : ""}
        disabled={!date || list.length === 0}
        aria-describedby={`${id}-note`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{AGENDA_MSG.agenda.chooseTime}</option>
        {list.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className={slots.isError || error ? "form-error" : "muted"} role={slots.isError ? "alert" : undefined}>
        {error ?? note}
      </p>
    </div>
  );
}
