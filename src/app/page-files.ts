// The page module of every route, by file: one table for the build, which writes each route's HTML with its page chunk
// preloaded (scripts/route-html.ts), and for the Lighthouse bench; the router's lazy imports are checked against it
// (tests/unit/page-files.test.ts). Runs in Node at build time and in tests; the app itself does not import it.
import { CENTRAL_PATHS, PATHS } from "../config/paths";

export const PAGE_FILES: Readonly<Record<string, string>> = {
  [PATHS.login]: "src/features/session/components/login-page.tsx",
  [PATHS.privacy]: "src/features/legal/privacy-page.tsx",
  [PATHS.terms]: "src/features/legal/terms-page.tsx",
  [PATHS.contracts]: "src/features/legal/contract-page.tsx",
  [PATHS.agenda]: "src/features/agenda/components/agenda-page.tsx",
  [PATHS.orderPrefix]: "src/features/ordem-servico/components/order-page.tsx",
  [PATHS.scanner]: "src/features/scanner/components/scanner-page.tsx",
  [PATHS.ratings]: "src/features/avaliacoes/components/ratings-page.tsx",
  [PATHS.returns]: "src/features/retornos/components/returns-page.tsx",
  [PATHS.bankData]: "src/features/dados-bancarios/components/bank-data-page.tsx",
  [PATHS.registration]: "src/features/dados-cadastrais/components/registration-page.tsx",
  [PATHS.mirror]: "src/features/espelho/components/mirror-page.tsx",
  // The Central console's sections (PATHS.central itself only redirects to the home section).
  [CENTRAL_PATHS.home]: "src/features/central/components/home-section.tsx",
  [CENTRAL_PATHS.approvals]: "src/features/central/components/approvals-section.tsx",
  [CENTRAL_PATHS.payments]: "src/features/central/components/payments-section.tsx",
  [CENTRAL_PATHS.points]: "src/features/central/components/points-section.tsx",
  [CENTRAL_PATHS.audit]: "src/features/central/components/audit-section.tsx",
  [CENTRAL_PATHS.staff]: "src/features/central/components/staff-section.tsx",
  [PATHS.team]: "src/features/equipe/components/team-page.tsx",
  [PATHS.audit]: "src/features/auditoria/components/audit-page.tsx",
  [PATHS.notifications]: "src/features/notificacoes/components/notifications-page.tsx",
  [PATHS.forgotPassword]: "src/features/session/components/forgot-password-page.tsx",
  [PATHS.firstAccess]: "src/features/session/components/first-access-page.tsx",
  [PATHS.resetPassword]: "src/features/session/components/reset-password-page.tsx",
};
