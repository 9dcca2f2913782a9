// Every route of the portal, in one place (main thread).
export const PATHS = {
  login: "/login",
  privacy: "/privacy",
  terms: "/terms",
  contracts: "/contratos",
  agenda: "/",
  orderPrefix: "/execucao-os",
  order: (id: string) => `/execucao-os/${encodeURIComponent(id)}`,
  ratings: "/avaliacoes",
  returns: "/retorno-servico",
  bankData: "/dados-bancarios",
  registration: "/dados-cadastrais",
  mirror: "/espelho",
  scanner: "/scan",
  /** The point's users, for its administrators. */
  team: "/equipe",
  /** The point's record of changes (bank data, registration, team), for its administrators. */
  audit: "/registro-alteracoes",
  /** The signed-in user's notifications (the header's bell). */
  notifications: "/notificacoes",
  /** Public: 'Esqueci minha senha', and the pages of the access links (the token in the URL's fragment). */
  forgotPassword: "/esqueci-senha",
  firstAccess: "/primeiro-acesso",
  resetPassword: "/redefinir-senha",
  /** The Central console: its sections are CENTRAL_PATHS (this path itself goes to the home section). */
  central: "/central",
} as const;

/** The Central console's sections, under PATHS.central: each a page module and an HTML of its own. */
export const CENTRAL_PATHS = {
  /** The day's worklist (issue 38): what waits in each section, each a link into its filtered list. */
  home: "/central/inicio",
  approvals: "/central/aprovacoes",
  payments: "/central/pagamentos",
  points: "/central/pontos",
  /** One point's page: contacts, team, masked bank data with its history, its flags and latest orders (issue 38). */
  point: (id: string) => `/central/pontos/${encodeURIComponent(id)}`,
  /** Every point's record of changes. */
  audit: "/central/registro-alteracoes",
  /** The central's own staff: colleagues, roles, invitations, the user's password (issue 38). */
  staff: "/central/equipe",
} as const;

export const isCentralPath = (path: string) => path === PATHS.central || path.startsWith(`${PATHS.central}/`);

/** Agenda stays highlighted on the home page and on any OS page. */
export const isAgendaPath = (path: string) => path === PATHS.agenda || path.includes("execucao-os");

// eslint-disable-next-line no-control-regex -- control characters are what it refuses (the URL parser drops tabs silently)
const UNSAFE_PATH = /[\\\u0000-\u001f\u007f]/;
/**
 * Only same-site absolute paths may be used as a post-login destination. The callers pass what
 * features/session/redirect-target.ts accepted (a URL parse against the origin); this repeats its cheap part as a last guard.
 */
export const safeRedirect = (target: string | null | undefined) =>
  target && target.startsWith("/") && !target.startsWith("//") && !UNSAFE_PATH.test(target) && !target.startsWith(PATHS.login)
    ? target
    : PATHS.agenda;

/** Where a signed-in user goes after the login: the program's central staff to their console, only ever to its pages. */
export const landingFor = (perfil: "ponto" | "central", target: string | null | undefined) => {
  if (perfil === "ponto") return safeRedirect(target);
  const wanted = safeRedirect(target);
  return isCentralPath(wanted) && wanted !== PATHS.central ? wanted : CENTRAL_PATHS.home;
};
