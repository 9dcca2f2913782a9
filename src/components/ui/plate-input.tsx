// The plate input masked with react-imask (old ABC-1234 or Mercosul ABC1D23, upper-case), described by its note paragraph
// `${id}-note`; the agenda's plate field and the scanner's 'Digitar placa' (main thread).
import { IMaskInput } from "react-imask";

// IMask picks the pattern that accepts most of what was typed: "ABC1234" -> ABC-1234, "ABC1D23" -> ABC1D23.
const PLATE_MASKS = [{ mask: "aaa-0000" }, { mask: "aaa0a00" }];
const upper = (s: string) => s.toUpperCase();

interface Props {
  id: string;
  invalid: boolean;
  /** The plate as typed, without the mask's dash, upper-case. */
  onPlate: (plate: string) => void;
}

export function PlateInput({ id, invalid, onPlate }: Props) {
  return (
    <IMaskInput
      id={id}
      mask={PLATE_MASKS}
      prepareChar={upper}
      unmask
      inputMode="text"
      autoCapitalize="characters"
      autoComplete="off"
      aria-describedby={`${id}-note`}
      aria-invalid={invalid ? true : undefined}
      onAccept={(value: string) => onPlate(value.toUpperCase())}
    />
  );
}
