// Every route of the spec, with lazily loaded pages (main thread).
import { Suspense, type ComponentProps } from "react";
import { Route, Switch } from "wouter";
import { PATHS } from "../config/paths";
import { ChunkErrorBoundary, lazyPage } from "./lazy-page";
import { LoadingScreen } from "./loading-screen";
import { Private, Public, PublicOnly } from "./guards";
import { useSession } from "../features/session/use-session";
import NotFoundPage from "./not-found";
import { usePrefetchOrder } from "../features/ordem-servico/queries";
import type { NewAppointmentModal as BookingModal } from "../features/agenda/components/new-appointment-modal";

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
const ExecutionPage = lazyPage(() => import("../features/ordem-servico/components/execution-page"));
const ScannerPage = lazyPage(() => import("../features/scanner/components/scanner-page"));
const NewAppointmentModal = lazyPage<ComponentProps<typeof BookingModal>>(() =>
  import("../features/agenda/components/new-appointment-modal").then((m) => ({ default: m.NewAppointmentModal })));

/** The OS page gets the signed-in attendant from the session here, so the feature does not import another feature. */
function ExecutionRoute({ id }: { id: string }) {
  const { user } = useSession();
  // The screen's calls start now, in parallel with its code, not after it mounts.
  usePrefetchOrder(id);
  return <ExecutionPage key={id} id={id} userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
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
    <ScannerPage pointId={pointId} renderNewAppointment={(vehicle, onClose) => (
      <Suspense fallback={null}><NewAppointmentModal pointId={pointId} vehicle={vehicle} onClose={onClose} /></Suspense>
    )} />
  );
}

/** The point's screens get the signed-in attendant and point from the session here. */
function PointRoute({ page: Page }: { page: typeof RatingsPage }) {
  const { user } = useSession();
  return <Page userId={user?.IdPontoAtendimentoUsuario ?? ""} pointId={user?.IdPontoAtendimento ?? ""} />;
}

export function AppRouter() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <Switch>
          <Route path={PATHS.login}><PublicOnly><LoginPage /></PublicOnly></Route>
          <Route path={PATHS.privacy}><Public><PrivacyPage /></Public></Route>
          <Route path={PATHS.terms}><Public><TermsPage /></Public></Route>
          <Route path={PATHS.contracts}><Private><ContractRoute /></Private></Route>
          <Route path={`${PATHS.executionPrefix}/:id`}>{(params) => <Private><ExecutionRoute id={params.id} /></Private>}</Route>
          <Route path={PATHS.agenda}><Private><AgendaRoute /></Private></Route>
          <Route path={PATHS.scanner}><Private><ScannerRoute /></Private></Route>
          <Route path={PATHS.ratings}><Private><PointRoute page={RatingsPage} /></Private></Route>
          <Route path={PATHS.returns}><Private><PointRoute page={ReturnsPage} /></Private></Route>
          <Route path={PATHS.bankData}><Private><PointRoute page={BankDataPage} /></Private></Route>
          <Route path={PATHS.registration}><Private><PointRoute page={RegistrationPage} /></Private></Route>
          <Route path={PATHS.mirror}><Private><PointRoute page={MirrorPage} /></Private></Route>
          <Route><NotFoundPage /></Route>
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
