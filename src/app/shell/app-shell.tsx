// Layout for signed-in pages: header, desktop sidebar, mobile bottom bar and drawer (main thread).
import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useSession } from "../../features/session/use-session";
import { OfflineNotice } from "../offline-notice";
import { BottomBar } from "./bottom-bar";
import { Drawer } from "./drawer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

// Evidence saved on this device resumes uploading as soon as someone is signed in; the uploader loads after the first paint.
const UploadDock = lazy(() => import("../../features/media/components/upload-dock"));

export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = useCallback(() => setDrawerOpen(false), []);
  const { token } = useSession();
  return (
    <div className="app-shell">
      <Header />
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="conteudo"><OfflineNotice />{children}</main>
      </div>
      <BottomBar menuOpen={drawerOpen} onMenu={() => setDrawerOpen(true)} />
      <Drawer open={drawerOpen} onClose={close} />
      <Suspense fallback={null}><UploadDock signedIn={!!token} /></Suspense>
    </div>
  );
}
