// Layout for signed-in pages: header, desktop sidebar, mobile bottom bar and drawer (main thread).
import { useCallback, useState, type ReactNode } from "react";
import { BottomBar } from "./bottom-bar";
import { Drawer } from "./drawer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = useCallback(() => setDrawerOpen(false), []);
  return (
    <div className="app-shell">
      <Header />
      <div className="app-body">
        <Sidebar />
        <main className="app-main" id="conteudo">{children}</main>
      </div>
      <BottomBar menuOpen={drawerOpen} onMenu={() => setDrawerOpen(true)} />
      <Drawer open={drawerOpen} onClose={close} />
    </div>
  );
}
