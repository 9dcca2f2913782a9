// Layout for signed-in pages: header, desktop sidebar, mobile bottom bar and drawer (main thread).
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { watchStarts } from "../../features/agenda/start/start-watcher";
import { UploadIndicator } from "../../features/media/components/upload-indicator";
import { startUploadQueue } from "../../features/media/upload-notices";
import { watchDocuments } from "../../features/ordem-servico/document-watcher";
import { watchFinishes } from "../../features/ordem-servico/finish-watcher";
import { useSession } from "../../features/session/use-session";
import { OfflineNotice } from "../offline-notice";
import { BottomBar } from "./bottom-bar";
import { Drawer } from "./drawer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = useCallback(() => setDrawerOpen(false), []);
  const { token } = useSession();
  const client = useQueryClient();
  // Evidence saved on this device resumes uploading as soon as someone is signed in. The start, finish and document notices listen
  // first: a job resumed after a reload may land before the screen that shows it has loaded.
  useEffect(() => {
    if (!token) return;
    watchStarts(client);
    watchFinishes(client);
    watchDocuments();
    void startUploadQueue();
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
      <UploadIndicator />
    </div>
  );
}
