// Every route of the spec, with lazily loaded pages (main thread).
import { lazy, Suspense, type ReactNode } from "react";
import type { CentralRole } from "../../contract/central-session";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { CENTRAL_PATHS, isCentralPath, PATHS } from "../config/paths";
import { ChunkErrorBoundary, lazyPage } from "./lazy-page";
import { LoadingScreen } from "./loading-screen";
import { AdminOnly, CentralPrivate, Private, Public, PublicOnly, useIsAdmin } from "./guards";
import { MSG } from "../config/messages.pt-BR";
import { useSession } from "../features/session/use-session";
import NotFoundPage from "./not-found";
import { usePrefetchOrder } from "../features/ordem-servico/use-prefetch-order";
import { usePrefetchQueries, type Prefetchable } from "../lib/prefetch";
import { appointmentsQuery } from "../features/agenda/query-options";
import { useAgendaFilters } from "../features/agenda/filters";
import { ratingAverageQuery, ratingsQuery } from "../features/avaliacoes/query-options";
import { returnsQuery } from "../features/retornos/query-options";
import { bankDataQuery } from "../features/dados-bancarios/query-options";
import { registrationQuery } from "../features/dados-cadastrais/query-options";
import { mirrorQuery } from "../features/espelho/query-options";
import { useMirrorFilters } from "../features/espelho/filters";
import { teamQuery } from "../features/equipe/query-options";
import { auditLogQuery } from "../features/auditoria/query-options";
import { useAuditFilters } from "../components/audit/audit-filters";

// Every page, loaded on first use (lazy-page.tsx).
const LoginPage = lazyPage(() => import("../features/session/components/login-page"));
const PrivacyPage = lazyPage(() => import("../features/legal/privacy-page"));
const TermsPage = lazyPage(() => import("../features/legal/terms-page"));
const ContractPage = lazyPage(() => import("../features/legal/contract-page"));
const RatingsPage = lazyPage(() => import("../features/avaliacoes/components/ratings-page"));
const ReturnsPage = lazyPage(() => import("../features/retornos/components/returns-page"));
const BankDataPage = lazyPage(() => import("../features/dados-bancarios/components/bank-data-page"));
const RegistrationPage = lazyPage(() => import("../features/dados-cadastrais/components/registration-page"));
const MirrorPage = lazyPage(() => import("../features/espelho/components/mirror-page"));
const AgendaPage = lazyPage(() => import("../features/agenda/components/agenda-page"));
const OrderPage = lazyPage(() => import("../features/ordem-servico/components/order-page"));
const ScannerPage = lazyPage(() => import("../features/scanner/components/scanner-page"));
// The Central console: each section a page of its own (its own chunk and HTML), under the one central route below.
const CentralHome = lazyPage(() => import("../features/central/components/home-section"));
const CentralApprovals = lazyPage(() => import("../features/central/components/approvals-section"));
const CentralPayments = lazyPage(() => import("../features/central/components/payments-section"));
const CentralPoints = lazyPage(() => import("../features/central/components/points-section"));
const CentralAudit = lazyPage(() => import("../features/central/components/audit-section"));
const CentralStaff = lazyPage(() => import("../features/central/components/staff-section"));

/** The console's sections by path prefix, in the order they are matched, each rendered with what it takes. */
const CENTRAL_SECTIONS: { path: string; page: { preload: () => void }; render: (role: CentralRole) => ReactNode }[] = [
  { path: CENTRAL_PATHS.payments, page: CentralPayments, render: (role) => <CentralPayments role={role} /> },
  { path: CENTRAL_PATHS.points, page: CentralPoints, render: () => <CentralPoints /> },
  { path: CENTRAL_PATHS.audit, page: CentralAudit, render: () => <CentralAudit /> },
  { path: CENTRAL_PATHS.approvals, page: CentralApprovals, render: (role) => <CentralApprovals role={role} /> },
  { path: CENTRAL_PATHS.staff, page: CentralStaff, render: () => <CentralStaff /> },
  { path: CENTRAL_PATHS.home, page: CentralHome, render: () => <CentralHome /> },
];
/** The console's section for a path under /central (undefined: none; /central itself goes to the home section). */
const centralSection = (pathname: string) => CENTRAL_SECTIONS.find((s) => pathname.startsWith(s.path));
const TeamPage = lazyPage(() => import("../features/equipe/components/team-page"));
const AuditPage = lazyPage(() => import("../features/auditoria/components/audit-page"));
const NotificationsPage = lazyPage(() => import("../features/notificacoes/components/notifications-page"));
const ForgotPasswordPage = lazyPage(() => import("../features/session/components/forgot-password-page"));
const FirstAccessPage = lazyPage(() => import("../features/session/components/first-access-page"));
const ResetPasswordPage = lazyPage(() => import("../features/session/components/reset-password-page"));

/**
 * The page of the URL the app opens on starts downloading with the entry, in parallel with the session check and the shell's
 * first render: one round trip less before the first screen on a slow network.
 */
function preloadOpeningPage(pathname: string) {
  const byPath: Record<string, { preload: () => void }> = {
    [PATHS.login]: LoginPage,
    [PATHS.privacy]: PrivacyPage,
    [PATHS.terms]: TermsPage,
    [PATHS.contracts]: ContractPage,
    [PATHS.agenda]: AgendaPage,
    [PATHS.scanner]: ScannerPage,
    [PATHS.ratings]: RatingsPage,
    [PATHS.returns]: ReturnsPage,
    [PATHS.bankData]: BankDataPage,
    [PATHS.registration]: RegistrationPage,
    [PATHS.mirror]: MirrorPage,
    [PATHS.team]: TeamPage,
    [PATHS.audit]: AuditPage,
    [PATHS.notifications]: NotificationsPage,
    [PATHS.forgotPassword]: ForgotPasswordPage,
    [PATHS.firstAccess]: FirstAccessPage,
    [PATHS.resetPassword]: ResetPasswordPage,
  };
  if (isCentralPath(pathname)) return (centralSection(pathname)?.page ?? CentralHome).preload();
  const page = pathname.startsWith(`${PATHS.orderPrefix}/`) ? OrderPage : byPath[pathname.replace(/(.)\/$/, "$1")];
  page?.preload();
}
if (typeof window !== "undefined") preloadOpeningPage(window.location.pathname);

const NewAppointmentModal = lazy(() =>
  import("../features/agenda/components/new-appointment-modal").then((m) => ({ default: m.NewAppointmentModal })),
);

/** The OS page gets the signed-in attendant from the session here, so the feature does not import another feature. */
function OrderRoute({ id }: { id: string }) {
  const { user } = useSession();
  return <OrderPage key={id} id={id} userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

function MirrorRoute() {
  const { user } = useSession();
  return <MirrorPage userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

/** Likewise the contract page gets the service point's data from the session here. */
function ContractRoute() {
  const { user } = useSession();
  return <ContractPage user={user ?? null} />;
}

/** The agenda gets the signed-in attendant and point from the session here too. */
function AgendaRoute() {
  const { user } = useSession();
  return <AgendaPage userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

/** The scanner gets the point from the session, and the agenda's 'Novo Agendamento' (vehicle chosen) composed here. */
function ScannerRoute() {
  const { user } = useSession();
  const pointId = user?.IdPontoAtendimento ?? "";
  return (
    <ScannerPage
      pointId={pointId}
      renderNewAppointment={(vehicle, onClose) => (
        <Suspense fallback={null}>
          <NewAppointmentModal pointId={pointId} vehicle={vehicle} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}

/** The point's screens get the signed-in attendant and point from the session here. */
function PointRoute({ page: Page }: { page: typeof RatingsPage }) {
  const { user } = useSession();
  return <Page userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

/** Notificações gets the signed-in user (read state is each user's) and the point from the session here. */
function NotificationsRoute() {
  const { user } = useSession();
  return <NotificationsPage userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

/** The central console's section for the URL, with the signed-in central user's role (Papel): each shows only what it may do. */
function CentralRoute() {
  const { central } = useSession();
  const [location] = useLocation();
  const section = centralSection(location);
  if (section) return section.render(central?.Papel ?? "approver");
  return <Redirect to={CENTRAL_PATHS.home} replace />;
}

/** Equipe gets the point, the signed-in user (no Desativar on their own row) and whether they are an administrator. */
function TeamRoute() {
  const { user } = useSession();
  return (
    <TeamPage
      userId={user?.IdPontoAtendimentoUsuario ?? ""}
      pointId={user?.IdPontoAtendimento ?? ""}
      admin={user?.Administrativo === "S"}
    />
  );
}

/*
 * Each screen's first calls, started by the route during render (src/lib/prefetch.ts) as the guard's first child, BEFORE the
 * shell around the page renders (siblings render in order): on a slow phone the calls leave before the header and menus are
 * built, in parallel with the page's code. `Private` renders them only for a signed-in attendant.
 */
function AgendaData() {
  const { user } = useSession();
  const [f] = useAgendaFilters();
  usePrefetchQueries([appointmentsQuery(user?.IdPontoAtendimento ?? "", f.from, f.to, f.openOnly)]);
  return null;
}
/** The mirror opens on the URL's period and status (this month, PENDENTE by default). */
function MirrorData() {
  const { user } = useSession();
  const [f] = useMirrorFilters();
  usePrefetchQueries([mirrorQuery(user?.IdPontoAtendimento ?? "", f.from, f.to, f.status, f.from <= f.to)]);
  return null;
}
/** The record opens on the URL's kind and page; like every administrators' screen, prefetched for an administrator only. */
function AuditData() {
  const { user } = useSession();
  const [f] = useAuditFilters();
  usePrefetchQueries(useIsAdmin() && user ? [auditLogQuery(user.IdPontoAtendimento, f.entity, f.page)] : []);
  return null;
}
function OrderData({ id }: { id: string }) {
  usePrefetchOrder(id);
  return null;
}
/**
 * `admin`: a screen of the administrators (Equipe, Dados Bancários, Dados Cadastrais): anyone else gets the restricted screen,
 * so nothing is fetched for them (the bank data and team calls would answer 403).
 */
function PointData({ data, admin = false }: { data: (pointId: string) => readonly Prefetchable[]; admin?: boolean }) {
  const { user } = useSession();
  const allowed = useIsAdmin() || !admin;
  usePrefetchQueries(allowed ? data(user?.IdPontoAtendimento ?? "") : []);
  return null;
}

export function AppRouter() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path={PATHS.login}>
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          </Route>
          <Route path={PATHS.privacy}>
            <Public>
              <PrivacyPage />
            </Public>
          </Route>
          <Route path={PATHS.terms}>
            <Public>
              <TermsPage />
            </Public>
          </Route>
          {/* Public, not PublicOnly: an access link opened on a device where someone is signed in still works. */}
          <Route path={PATHS.forgotPassword}>
            <Public>
              <ForgotPasswordPage />
            </Public>
          </Route>
          <Route path={PATHS.firstAccess}>
            <Public>
              <FirstAccessPage />
            </Public>
          </Route>
          <Route path={PATHS.resetPassword}>
            <Public>
              <ResetPasswordPage />
            </Public>
          </Route>
          <Route path={PATHS.contracts}>
            <Private>
              <ContractRoute />
            </Private>
          </Route>
          <Route path={`${PATHS.orderPrefix}/:id`}>
            {(params) => (
              <Private data={<OrderData id={params.id} />}>
                <OrderRoute id={params.id} />
              </Private>
            )}
          </Route>
          <Route path={PATHS.agenda}>
            <Private data={<AgendaData />}>
              <AgendaRoute />
            </Private>
          </Route>
          <Route path={PATHS.scanner}>
            <Private>
              <ScannerRoute />
            </Private>
          </Route>
          <Route path={PATHS.ratings}>
            <Private data={<PointData data={(p) => [ratingAverageQuery(p), ratingsQuery(p)]} />}>
              <PointRoute page={RatingsPage} />
            </Private>
          </Route>
          <Route path={PATHS.returns}>
            <Private data={<PointData data={(p) => [returnsQuery(p)]} />}>
              <PointRoute page={ReturnsPage} />
            </Private>
          </Route>
          <Route path={PATHS.bankData}>
            <Private data={<PointData admin data={(p) => [bankDataQuery(p)]} />}>
              <AdminOnly title={MSG.screens.bankDataTitle}>
                <PointRoute page={BankDataPage} />
              </AdminOnly>
            </Private>
          </Route>
          <Route path={PATHS.registration}>
            <Private data={<PointData admin data={(p) => [registrationQuery(p)]} />}>
              <AdminOnly title={MSG.screens.registrationTitle}>
                <PointRoute page={RegistrationPage} />
              </AdminOnly>
            </Private>
          </Route>
          <Route path={PATHS.mirror}>
            <Private data={<MirrorData />}>
              <MirrorRoute />
            </Private>
          </Route>
          <Route path={PATHS.team}>
            <Private data={<PointData admin data={(p) => [teamQuery(p)]} />}>
              <TeamRoute />
            </Private>
          </Route>
          <Route path={PATHS.audit}>
            <Private data={<AuditData />}>
              <AdminOnly title={MSG.audit.title}>
                <PointRoute page={AuditPage} />
              </AdminOnly>
            </Private>
          </Route>
          <Route path={PATHS.notifications}>
            <Private>
              <NotificationsRoute />
            </Private>
          </Route>
          <Route path={`${PATHS.central}/*?`}>
            <CentralPrivate>
              <CentralRoute />
            </CentralPrivate>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
