// Plate field (the shared masked PlateInput: old ABC-1234 or Mercosul ABC1D23, upper-case) that looks the vehicle up among the members (main thread).
import { useEffect, useId, useState } from "react";
import { PlateInput } from "../../../components/ui/plate-input";
import { AGENDA_MSG } from "../../../config/messages/agenda.pt-BR";
import { useQuery } from "@tanstack/react-query";
import { plateLookupQuery } from "../query-options";
import { vehicleDescription, vehicleOf, type ChosenVehicle } from "../../../lib/chosen-vehicle";

interface Props {
  pointId: string;
  onVehicle: (v: ChosenVehicle | null) => void;
  error?: string;
}

export function PlateField({ pointId, onVehicle, error }: Props) {
  const id = useId();
  const [plate, setPlate] = useState("");
  const lookup = useQuery(plateLookupQuery(pointId, plate));
  const found = plate.length === 7 && lookup.data ? lookup.data : null;
  useEffect(() => {
    onVehicle(found && found.IdSocio ? vehicleOf(found) : null);
  }, [found, onVehicle]);
  const note =
    plate.length < 7
      ? AGENDA_MSG.agenda.plateHint
      : lookup.isPending
        ? AGENDA_MSG.agenda.searchingPlate
        : lookup.isError
          ? AGENDA_MSG.agenda.plateFailed
          : !found
            ? AGENDA_MSG.agenda.plateNotMember
            : `${found.NomeSocio} · ${vehicleDescription(found)}`;
  const bad = plate.length === 7 && !lookup.isPending && !found;
  return (
    <div>
      <label htmlFor={id}>{AGENDA_MSG.agenda.plate}</label>
      <PlateInput id={id} invalid={Boolean(bad || error)} onPlate={setPlate} />
      <p id={`${id}-note`} className={bad || error ? "form-error" : "muted"} role={bad ? "alert" : "status"}>
        {error && !bad ? error : note}
      </p>
    </div>
  );
}
