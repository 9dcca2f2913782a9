// Convidar para ser Sócio: the plate that is not a member's and a WhatsApp number masked (__) _____-____ (main thread).
import { useId, useState, type FormEvent } from "react";
import { IMaskInput } from "react-imask";
import { toast } from "../../../lib/toast";
import { SCANNER_MSG } from "../../../config/messages/scanner.pt-BR";
import { displayPlate } from "../../../domain/plate";
import { Modal } from "../../../components/ui/modal";
import { useSendInvite } from "../api/use-scanner-mutations";

interface Props {
  plate: string;
  onClose: () => void;
  onSent: () => void;
}

export function InviteModal({ plate, onClose, onSent }: Props) {
  const id = useId();
  const [phone, setPhone] = useState({ masked: "", digits: "" });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState("");
  const send = useSendInvite({
    onSuccess: () => {
      toast.success(SCANNER_MSG.scanner.inviteSent);
      onSent();
    },
    onError: (err) => setError(err.message || SCANNER_MSG.scanner.inviteFailed),
  });
  const empty = phone.digits.length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (empty) {
      setTouched(true);
      return setError(SCANNER_MSG.scanner.phoneRequired);
    }
    setError("");
    send.mutate({ telefone: phone.masked, placa: displayPlate(plate) });
  };
  const shown = error || (touched && empty ? SCANNER_MSG.scanner.phoneRequired : "");
  return (
    <Modal open title={SCANNER_MSG.scanner.inviteTitle} onClose={onClose} preventClose={send.isPending}>
      <form onSubmit={submit} noValidate>
        <p className="scanner-invite-info" role="status">
          {SCANNER_MSG.scanner.inviteInfo}
        </p>
        <p className="scanner-invite-plate">
          {SCANNER_MSG.scanner.plate}: <strong>{displayPlate(plate)}</strong>
        </p>
        <label htmlFor={id}>{SCANNER_MSG.scanner.phone}</label>
        <IMaskInput
          id={id}
          mask="(00) 00000-0000"
          lazy={false}
          placeholderChar="_"
          inputMode="tel"
          autoComplete="tel"
          aria-describedby={`${id}-err`}
          aria-invalid={shown ? true : undefined}
          disabled={send.isPending}
          onAccept={(masked: string, mask) => {
            // A complete number goes as shown, (81) 99999-9999; a partial one as its digits (the server explains the refusal).
            setPhone({ masked: mask.masked.isComplete ? masked : mask.unmaskedValue, digits: mask.unmaskedValue });
            if (error) setError("");
          }}
          onBlur={() => setTouched(true)}
        />
        <p id={`${id}-err`} className="form-error" role={shown ? "alert" : undefined}>
          {shown}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose} disabled={send.isPending}>
            {SCANNER_MSG.scanner.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={empty || send.isPending}>
            {send.isPending ? SCANNER_MSG.scanner.sending : SCANNER_MSG.scanner.sendInvite}
          </button>
        </div>
      </form>
    </Modal>
  );
}
