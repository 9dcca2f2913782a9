// The new password's checks before it is sent, under each field: the server's own rule (src/domain/team.ts: at least 8
// characters, no space at either end, not the e-mail, strong enough by zxcvbn, confirmation equal) plus the empty fields
// (main thread).
import { SESSION_MSG } from "../../config/messages/session.pt-BR";
import { PASSWORD_PROBLEMS, passwordProblem, type StrengthEstimate } from "../../domain/team";

export type PasswordField = "password" | "confirmation";
export type PasswordErrors = Partial<Record<PasswordField, string>>;

/** `estimate`: zxcvbn with the user's words, or null while its chunk loads (the server's answer then says it). */
export function passwordErrors(
  password: string,
  confirmation: string,
  email: string,
  estimate: ((password: string) => StrengthEstimate) | null,
): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password === "") errors.password = SESSION_MSG.access.passwordRequired;
  if (confirmation === "") errors.confirmation = SESSION_MSG.access.confirmRequired;
  if (errors.password) return errors;
  const problem = passwordProblem(password, email, confirmation, () => estimate?.(password) ?? null);
  if (problem === PASSWORD_PROBLEMS.mismatch) errors.confirmation ??= problem;
  else if (problem) errors.password = problem;
  return errors;
}
