// The one-time offer 'Enviar o acompanhamento ao sócio?' (issue 39): the orders this tab started (the agenda's start flow, the
// OS screen's initial-video prompt) until the offer is answered, so the OS screen offers the member's link once per order
// started here (main thread; sessionStorage: a reload of the tab keeps it, a new session does not).
const KEY = "portal-follow-offer";

function read(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function write(ids: string[]) {
  try {
    // A short list: only the latest orders started in this tab matter.
    sessionStorage.setItem(KEY, JSON.stringify(ids.slice(-20)));
  } catch {
    // Storage refused (private mode, full): the offer is simply not made.
  }
}

/** The order was started on this tab: its OS screen offers the member's link once. */
export function markFollowOffer(orderId: string): void {
  write([...read().filter((id) => id !== orderId), orderId]);
}

export function hasFollowOffer(orderId: string): boolean {
  return read().includes(orderId);
}

/** Answered (link opened or 'Agora não'): never offered again for that order. */
export function dropFollowOffer(orderId: string): void {
  write(read().filter((id) => id !== orderId));
}
