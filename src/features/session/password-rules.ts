// The new password's checks before it is sent, under each field: the server's own rule (src/domain/team.ts: at least 8
// characters, not the e-mail, confirmation equal) plus the empty fields (main thread).
import { MSG } from "../../config/messages.pt-BR";
import { PASSWORD_PROBLEMS, passwordProblem } from "../../domain/team";

export type PasswordField = "password" | "confirmation";
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export function passwordErrors(password: string, confirmation: string, email: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password === "") errors.password = MSG.access.passwordRequired;
  if (confirmation === "") errors.confirmation = MSG.access.confirmRequired;
  if (errors.password) return errors;
  const problem = passwordProblem(password, email, confirmation);
  if (problem === PASSWORD_PROBLEMS.mismatch) errors.confirmation ??= problem;
  else if (problem) errors.password = problem;
  return errors;
}
