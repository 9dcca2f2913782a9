// Registers the service worker (vite-plugin-pwa, registerType "prompt") and shows 'Nova versão disponível' with 'Atualizar' when a
// new deploy's worker is waiting (main thread). The page reloads only when the user clicks (here or in another tab of the portal):
// the waiting worker is told to skip waiting, and the reload follows once it controls the page. Upload jobs live in IndexedDB and
// the upload worker resumes them on start, so the reload never drops one (README "Offline").
import { useEffect, useRef, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { MSG } from "../../config/messages.pt-BR";

/** A phone left open on one screen never navigates, so the browser's own update check would not run: ask every hour and on reconnect. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration): () => void {
  const check = () => {
    if (navigator.onLine && !registration.installing)
      registration.update().catch(() => {
        /* offline or server down: next time */
      });
  };
  const timer = window.setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener("online", check);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("online", check);
  };
}

export function UpdatePrompt() {
  const stopWatching = useRef<(() => void) | null>(null);
  const [updating, setUpdating] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration && !stopWatching.current) stopWatching.current = watchForUpdates(registration);
    },
    onRegisterError() {
      /* no service worker (private mode, old browser): the portal still works online */
    },
    // The plugin reloads only when the page was controlled at registration, not after the first install claimed it: the reload
    // is done below for both cases.
    onNeedReload() {},
  });
  useEffect(() => () => stopWatching.current?.(), []);

  // Once a new version waits, the worker changes only through a click on 'Atualizar' (in this tab or another): then this page,
  // still running the previous build, reloads into the new one (even after 'Agora não').
  const reloadArmed = useRef(false);
  useEffect(() => {
    if (!needRefresh || reloadArmed.current || !("serviceWorker" in navigator)) return;
    reloadArmed.current = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  }, [needRefresh]);

  const update = () => {
    setUpdating(true);
    void updateServiceWorker();
  };

  return (
    <div className="pwa-update-region" role="status" aria-live="polite">
      {needRefresh ? (
        <div className="pwa-update">
          <p className="pwa-update-text">
            <strong>{MSG.pwa.updateAvailable}</strong>
            <span>{MSG.pwa.updateHint}</span>
          </p>
          <div className="pwa-update-actions">
            <button type="button" className="btn" onClick={() => setNeedRefresh(false)} disabled={updating}>
              {MSG.pwa.later}
            </button>
            <button type="button" className="btn btn-primary" onClick={update} disabled={updating}>
              {updating ? MSG.pwa.updating : MSG.pwa.update}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
