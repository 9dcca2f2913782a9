// The member's rating of an ended order: 1 to 5 stars (a radio group) and an optional comment; loaded only when the order can
// be rated (React.lazy from member-page.tsx), so the page's first load does not carry it (main thread).
import { useId, useState, type FormEvent } from "react";
import { MEMBER_MSG } from "../../config/messages/member.pt-BR";
import { Icon, starIcon } from "../../components/ui/icon";
import { useRateService } from "../api/use-member-mutations";

/** The comment's limit (contract/acompanhamento.ts: MAX.reason). */
export const COMMENT_MAX = 1000;
const SCORES = [1, 2, 3, 4, 5] as const;

export default function MemberRatingForm({ token, onRated }: { token: string; onRated: () => void }) {
  const [nota, setNota] = useState(0);
  const [comentario, setComentario] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const rate = useRateService(token, { onSuccess: onRated, onError: (err) => setProblem(err.message || MEMBER_MSG.rating.failed) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!nota) return setProblem(MEMBER_MSG.rating.pickScore);
    setProblem(null);
    rate.mutate({ nota, comentario });
  };

  return (
    <form className="m-form" onSubmit={submit} noValidate>
      <fieldset className="m-stars" aria-describedby={problem ? `${id}-problem` : undefined}>
        <legend>{MEMBER_MSG.rating.legend}</legend>
        {SCORES.map((n) => (
          <label key={n} className={n <= nota ? "m-star is-on" : "m-star"}>
            <input type="radio" name={`${id}-nota`} value={n} checked={nota === n} onChange={() => setNota(n)} className="sr-only" />
            <Icon icon={starIcon} size={32} />
            <span className="sr-only">{MEMBER_MSG.rating.star(n)}</span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-comment`}>{MEMBER_MSG.rating.comment}</label>
      <textarea
        id={`${id}-comment`}
        rows={3}
        maxLength={COMMENT_MAX}
        value={comentario}
        onChange={(e) => setComentario(e.target.value)}
        aria-describedby={`${id}-left`}
      />
      <p id={`${id}-left`} className="m-hint">
        {MEMBER_MSG.rating.commentHint(COMMENT_MAX - comentario.length)}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="m-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="m-btn m-btn-primary" disabled={rate.isPending}>
        {rate.isPending ? MEMBER_MSG.rating.sending : MEMBER_MSG.rating.send}
      </button>
    </form>
  );
}
