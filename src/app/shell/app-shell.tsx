// Layout for signed-in pages: header, desktop sidebar, mobile bottom bar and drawer (main thread).
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "../../features/session/use-session";
import { OfflineNotice } from "../offline-notice";
import { BottomBar } from "./bottom-bar";
import { Drawer } from "./drawer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";
import { NotificationToasts } from "../../features/notificacoes/components/notification-toasts";

// The indicator shows nothing until a file is queued, so it arrives with the outbox (background-work.ts) after the first paint.
const OutboxIndicator = lazy(() =>
  import("../../features/outbox/components/outbox-indicator").then((m) => ({ default: m.OutboxIndicator })),
);

export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = useCallback(() => setDrawerOpen(false), []);
  const { token, user } = useSession();
  const client = useQueryClient();
  // Evidence saved on this device resumes uploading as soon as someone is signed in (the chunk is precached by the service worker,
  // so this also runs offline). Registration is idempotent: a second sign-in in the same tab starts nothing twice.
  useEffect(() => {
    if (!token) return;
    void import("./background-work").then((m) => m.startBackgroundWork(client));
  }, [token, client]);
  return (
    <div className="app-shell">
      <Header />
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="conteudo">
          <OfflineNotice />
          {children}
        </main>
      </div>
      <BottomBar menuOpen={drawerOpen} onMenu={() => setDrawerOpen(true)} />
      <Drawer open={drawerOpen} onClose={close} />
      <Suspense fallback={null}>
        <OutboxIndicator />
      </Suspense>
      {user && <NotificationToasts userId={user.IdPontoAtendimentoUsuario} />}
    </div>
  );
}
