// The refusal of an account the point's administrator deactivated, named alike by the server's 401 answers and the app (pure TS).

/** The `codigo` of the 401: after the right password at login, or for a session token that was valid (never for a stranger). */
export const DEACTIVATED_CODE = "usuario-desativado";

/** The server's words (the app shows its own copy, MSG.session.deactivated, when a call is refused this way). */
export const DEACTIVATED_MESSAGE = "Seu acesso foi desativado pelo administrador do ponto. Fale com ele para voltar a entrar.";

/** A failed answer's body says the account was deactivated. */
export const isDeactivation = (body: unknown): boolean =>
  !!body && typeof body === "object" && (body as { codigo?: unknown }).codigo === DEACTIVATED_CODE;
