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
  /** The point's users, for its administrators. */
  team: "/equipe",
  /** Public: 'Esqueci minha senha', and the pages of the access links (the token in the URL's fragment). */
  forgotPassword: "/esqueci-senha",
  firstAccess: "/primeiro-acesso",
  resetPassword: "/redefinir-senha",
  /** The Central console (one page with three sections, CENTRAL_PATHS). */
  central: "/central",
} as const;

/** The Central console's sections, under PATHS.central (one page module and one HTML for all three). */
export const CENTRAL_PATHS = {
  approvals: "/central/aprovacoes",
  payments: "/central/pagamentos",
  points: "/central/pontos",
} as const;

export const isCentralPath = (path: string) => path === PATHS.central || path.startsWith(`${PATHS.central}/`);

/** Agenda stays highlighted on the home page and on any OS execution page. */
export const isAgendaPath = (path: string) => path === PATHS.agenda || path.includes("execucao-os");

/** Only same-site absolute paths may be used as a post-login destination. */
export const safeRedirect = (target: string | null | undefined) =>
  target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith(PATHS.login) ? target : PATHS.agenda;

/** Where a signed-in user goes after the login: the program's central staff to their console, only ever to its pages. */
export const landingFor = (perfil: "ponto" | "central", target: string | null | undefined) => {
  if (perfil === "ponto") return safeRedirect(target);
  const wanted = safeRedirect(target);
  return isCentralPath(wanted) && wanted !== PATHS.central ? wanted : CENTRAL_PATHS.approvals;
};
