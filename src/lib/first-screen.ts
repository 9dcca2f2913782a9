// The page before the shell's extras (issue 52; browser, main thread). On a cold start over a slow mobile network every request
// queues on HTTP/1.1's six connections: the toast container, the service worker's registration (and the precache downloads it
// starts), the outbox's background work, its indicator and the notification bell's call used to be asked for beside the page's
// own code and data, and delayed them. They wait here until the screen has shown its first data (QueryState tells it) or
// FIRST_SCREEN_MAX_WAIT_MS have passed (a screen without QueryState: the scanner, the login form), then for the browser's next
// idle moment. Nothing they do is needed before:
// a toast raised earlier waits in react-toastify's queue for its container; a file queued earlier waits in IndexedDB.
import { useEffect, useState } from "react";
import { whenIdle } from "./yield-to-main";

/** The longest the extras wait for the page's first data (a slow answer, a page with no data call). */
export const FIRST_SCREEN_MAX_WAIT_MS = 2_000;
/** After the signal, the idle moment is waited for at most this long. */
const IDLE_TIMEOUT_MS = 500;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
  setTimeout(resolve, FIRST_SCREEN_MAX_WAIT_MS);
});
const ready = shown.then(() => new Promise<void>((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS)));

/** The screen shows its first data (QueryState calls it; only the first call counts). */
export function firstScreenShown(): void {
  markShown();
}

/** Resolves once the first screen has shown (or the wait ran out) and the browser is idle. */
export function afterFirstScreen(): Promise<void> {
  return ready;
}

/** False until afterFirstScreen() resolves: a query of the shell's extras (the notification bell) is enabled by it. */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let live = true;
    void ready.then(() => live && setAfter(true));
    return () => {
      live = false;
    };
  }, []);
  return after;
}
