// The member's request for a return: a service still within its warranty, the problem described, an optional photo with its
// preview; loaded when the member opens it (React.lazy from member-page.tsx) (main thread).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { MemberService } from "../../../contract/acompanhamento";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { useAskReturn } from "../api/use-member-mutations";
import { dayText } from "../format";

/** The description's limit (the server's MAX.reason). */
export const DESCRIPTION_MAX = 1000;

interface Props {
  token: string;
  /** The services the member may ask a return of (within their warranty). */
  services: MemberService[];
  onSent: () => void;
  onCancel: () => void;
}

export default function MemberReturnForm({ token, services, onSent, onCancel }: Props) {
  const [idServico, setIdServico] = useState(services.length === 1 ? services[0]!.id : "");
  const [descricao, setDescricao] = useState("");
  const [foto, setFoto] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const ask = useAskReturn(token, { onSuccess: onSent, onError: (err) => setProblem(err.message || MEMBER_MSG.returns.failed) });

  // The preview's object URL lives as long as the chosen photo: revoked when another is chosen, it is removed or the form closes.
  const shown = useRef<string | null>(null);
  const show = (next: { file: File; url: string } | null) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = next?.url ?? null;
    setFoto(next);
  };
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0] ?? null;
    if (file && !file.type.startsWith("image/")) {
      input.value = "";
      show(null);
      return setProblem(MEMBER_MSG.returns.notImage);
    }
    setProblem(null);
    show(file && { file, url: URL.createObjectURL(file) });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!idServico) return setProblem(MEMBER_MSG.returns.missingService);
    if (!descricao.trim()) return setProblem(MEMBER_MSG.returns.missingDescription);
    setProblem(null);
    ask.mutate({ idServico, descricao: descricao.trim(), foto: foto?.file ?? null });
  };

  return (
    <form className="m-form" onSubmit={submit} noValidate aria-describedby={problem ? `${id}-problem` : undefined}>
      <label htmlFor={`${id}-service`}>{MEMBER_MSG.returns.service}</label>
      <select id={`${id}-service`} value={idServico} onChange={(e) => setIdServico(e.target.value)} required>
        <option value="">{MEMBER_MSG.returns.pickService}</option>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.descricao} — {MEMBER_MSG.warrantyUntil(dayText(s.garantiaAte!))}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-description`}>{MEMBER_MSG.returns.description}</label>
      <textarea
        id={`${id}-description`}
        rows={4}
        maxLength={DESCRIPTION_MAX}
        value={descricao}
        onChange={(e) => setDescricao(e.target.value)}
        required
      />
      <label htmlFor={`${id}-photo`}>{MEMBER_MSG.returns.photo}</label>
      <input ref={fileInput} id={`${id}-photo`} type="file" accept="image/*" onChange={(e) => choose(e.currentTarget)} />
      {foto && (
        <div className="m-preview">
          <img src={foto.url} alt={MEMBER_MSG.returns.preview} />
          <button
            type="button"
            className="m-btn"
            onClick={() => {
              show(null);
              if (fileInput.current) fileInput.current.value = "";
            }}
          >
            {MEMBER_MSG.returns.removePhoto}
          </button>
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} className="m-error" role="alert">
          {problem}
        </p>
      )}
      <div className="m-actions">
        <button type="submit" className="m-btn m-btn-primary" disabled={ask.isPending}>
          {ask.isPending ? MEMBER_MSG.returns.sending : MEMBER_MSG.returns.send}
        </button>
        <button type="button" className="m-btn" onClick={onCancel} disabled={ask.isPending}>
          {MEMBER_MSG.returns.cancel}
        </button>
      </div>
    </form>
  );
}
