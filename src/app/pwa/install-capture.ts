// Keeps the browser's install offer from the first moment (main thread, entry chunk): `beforeinstallprompt` can fire before React
// mounts, and a listener added later would miss it. The menu entry and the offer after a finished order read this store.
import { proxy, ref } from "valtio/vanilla";

/** Chromium's install offer: `prompt()` shows the browser's own dialog once; `userChoice` tells the answer. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** `event`: the offer kept until it is used (one use only); `installed`: the browser said the app was installed in this tab. */
export const installStore = proxy<{ event: InstallPromptEvent | null; installed: boolean }>({ event: null, installed: false });

addEventListener("beforeinstallprompt", (e) => {
  // Our own 'Instalar o app' replaces the browser's mini-infobar.
  e.preventDefault();
  installStore.event = ref(e as InstallPromptEvent);
});
addEventListener("appinstalled", () => {
  installStore.event = null;
  installStore.installed = true;
});
