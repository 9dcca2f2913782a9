// 'Digitar placa': the plate typed with the mask of old (ABC-1234) and Mercosul (ABC1D23) plates, looked up like a read one (main thread).
import { useId, useState, type FormEvent } from "react";
import { PlateInput } from "../../../components/ui/plate-input";
import { SCANNER_MSG } from "../../../config/messages/scanner.pt-BR";
import { plateFormat } from "../../../domain/plate";

interface Props {
  onSubmit: (plate: string) => void;
  busy: boolean;
}

export function ManualPlateForm({ onSubmit, busy }: Props) {
  const id = useId();
  const [plate, setPlate] = useState("");
  const [error, setError] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plateFormat(plate)) return setError(SCANNER_MSG.scanner.plateInvalid);
    setError("");
    onSubmit(plate);
  };
  return (
    <form className="scanner-manual" onSubmit={submit} noValidate>
      <h2 className="scanner-manual-title">{SCANNER_MSG.scanner.typePlate}</h2>
      <label htmlFor={id}>{SCANNER_MSG.scanner.plate}</label>
      <div className="scanner-manual-row">
        <PlateInput
          id={id}
          invalid={Boolean(error)}
          onPlate={(value) => {
            setPlate(value);
            if (error) setError("");
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {SCANNER_MSG.scanner.search}
        </button>
      </div>
      <p id={`${id}-note`} className={error ? "form-error" : "muted"} role={error ? "alert" : undefined}>
        {error || SCANNER_MSG.scanner.plateHint}
      </p>
    </form>
  );
}
