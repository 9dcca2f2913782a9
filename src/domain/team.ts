// Team accounts' rules shared by the Equipe and password screens and the server (pure TS).
export const MIN_PASSWORD_LENGTH = 8;
/** How long an invitation or a reset link works (the server's expiry; the screens say it). */
export const ACCESS_LINK_HOURS = 72;

/** The pages an access link opens; the token travels in the fragment, which no server log or Referer ever sees. */
export const ACCESS_LINK_PATHS = { convite: "/primeiro-acesso", redefinicao: "/redefinir-senha" } as const;
export type AccessLinkKind = keyof typeof ACCESS_LINK_PATHS;

export const PASSWORD_PROBLEMS = {
  short: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  email: "A senha não pode ser o seu e-mail.",
  mismatch: "A confirmação não confere com a senha.",
} as const;

/** The first rule a new password breaks (minimum length, not the e-mail, confirmation equal), or null when it is acceptable. */
export function passwordProblem(password: string, email: string, confirmation: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_PROBLEMS.short;
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || (address.includes("@") && lower === address.slice(0, address.indexOf("@")))) return PASSWORD_PROBLEMS.email;
  if (password !== confirmation) return PASSWORD_PROBLEMS.mismatch;
  return null;
}

/** A phone as its digits without the country code: "(81) 98888-1111" -> "81988881111" (validated with @brazilian-utils). */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 11 && digits.startsWith("55") ? digits.slice(2) : digits;
}
