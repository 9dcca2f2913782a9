// The strength of the new password under its field: 'Força da senha: fraca / razoável / boa / forte' and why it is not enough,
// in a polite live region (read out when typing pauses) that the field's description also points to; the bar only repeats
// the words for the eye (main thread).
import { SESSION_MSG } from "../../../config/messages/session.pt-BR";
import type { PasswordStrength } from "../../../domain/team";

const STEPS = { weak: 1, fair: 2, good: 3, strong: 4 } as const;

/** `quiet`: the field shows its error, which already says why: the meter then gives only the level. */
export function PasswordMeter(props: { id: string; strength: PasswordStrength | null; checking: boolean; quiet: boolean }) {
  const { id, strength, checking, quiet } = props;
  return (
    <div className={`strength${strength ? ` strength-${strength.level}` : ""}`}>
      {strength && (
        <div className="strength-bar" aria-hidden="true">
          {[1, 2, 3, 4].map((step) => (
            <span key={step} className={step <= STEPS[strength.level] ? "on" : undefined} />
          ))}
        </div>
      )}
      {/* Always in the page, so a change is announced; empty while there is nothing to say. */}
      <p id={id} className="strength-text" role="status">
        {strength ? (
          <>
            <strong>{SESSION_MSG.access.strength(strength.level)}</strong>
            {strength.reason && !quiet && ` ${strength.reason}`}
          </>
        ) : (
          checking && SESSION_MSG.access.strengthChecking
        )}
      </p>
    </div>
  );
}
