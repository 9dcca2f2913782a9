// What installing the app means on this device (main thread): the browser's own dialog (Chromium's kept offer), the Share menu's
// 'Adicionar à Tela de Início' on iPhone and iPad (Safari has no offer), or nothing when the app is already installed.
import { installStore } from "./install-capture";

export type InstallWay = "prompt" | "ios" | null;

/** Opened from the home screen (or the installed app's window): nothing left to install. */
export function runsInstalled(): boolean {
  const standalone = typeof matchMedia === "function" && matchMedia("(display-mode: standalone)").matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** iPhone, iPod and iPad (iPadOS presents itself as a Mac with a touch screen). */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** How this device installs the app now; read with the store's snapshot so a new offer or an install shows at once. */
export function installWay(state: { event: unknown; installed: boolean } = installStore): InstallWay {
  if (state.installed || runsInstalled()) return null;
  if (state.event) return "prompt";
  return isIos() ? "ios" : null;
}

/**
 * Shows the browser's install dialog with the kept offer and waits for the answer. The offer works once: it is dropped either way
 * (the browser fires a new one later if it wants to); accepted, the entry hides at once (`appinstalled` follows).
 */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = installStore.event;
  if (!event) return "unavailable";
  installStore.event = null;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === "accepted") installStore.installed = true;
    return outcome;
  } catch {
    return "unavailable";
  }
}
