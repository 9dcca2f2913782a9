// Every route of the portal, in one place (main thread).
export const PATHS = {
  login: "/login",
  privacy: "/privacy",
  terms: "/terms",
  contracts: "/contratos",
  agenda: "/",
  executionPrefix: "/execucao-os",
  execution: (id: string) => `/execucao-os/${encodeURIComponent(id)}`,
  ratings: "/avaliacoes",
  returns: "/retorno-servico",
  bankData: "/dados-bancarios",
  registration: "/dados-cadastrais",
  mirror: "/espelho",
  scanner: "/scan",
} as const;

/** Agenda stays highlighted on the home page and on any OS execution page. */
export const isAgendaPath = (path: string) => path === PATHS.agenda || path.includes("execucao-os");

/** Only same-site absolute paths may be used as a post-login destination. */
export const safeRedirect = (target: string | null | undefined) =>
  target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith(PATHS.login) ? target : PATHS.agenda;
