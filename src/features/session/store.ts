// Session store (valtio): loading -> authenticated | unauthenticated, login (also after an access link's password) and logout (main thread).
import { proxy } from "valtio/vanilla";
import { STORAGE_KEYS } from "../../config/env";
import { MSG } from "../../config/messages.pt-BR";
import { isDeactivation } from "../../domain/deactivation";
import { isBlank } from "../../domain/validators";
import { bus } from "../../lib/bus";
import { reportRequestFailure } from "../../lib/offline/network";
import { closeOfflineCache, openOfflineCache } from "../../lib/offline/persist";
import { setOutboxSession } from "../../lib/outbox/outbox-session";
import {
  checkAuth,
  definePassword,
  getCentralUser,
  getUser,
  login as loginCall,
  logoutCentral,
  logoutSession,
  type CentralUser,
  type LoginResponse,
  type SessionUser,
} from "./api/credenciado";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";
interface SessionState {
  status: SessionStatus;
  /** The signed-in attendant (perfil "ponto"); null for the program's central staff. */
  user: SessionUser | null;
  /** The signed-in member of the central staff (perfil "central"). */
  central: CentralUser | null;
  perfil: "ponto" | "central";
  token: string | null;
  /** Why the last session ended, told on the login screen: the point's administrator deactivated the user. */
  signedOutBy: "deactivated" | null;
}

const DEFAULT_STATE: Readonly<SessionState> = Object.freeze({
  status: "loading",
  user: null,
  central: null,
  perfil: "ponto",
  token: null,
  signedOutBy: null,
});
export const sessionStore = proxy<SessionState>({ ...DEFAULT_STATE });

type Stored = { token: string; user: SessionUser; central?: undefined } | { token: string; central: CentralUser; user?: undefined };

function readStored(): Stored | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!token || !raw) return null;
  try {
    const user = JSON.parse(raw) as Record<string, unknown> | null;
    if (user && typeof user === "object" && user.Perfil === "central" && typeof user.Id === "string") {
      return { token, central: user as unknown as CentralUser };
    }
    if (user && typeof user === "object" && typeof user.IdPontoAtendimento === "string") return { token, user: user as SessionUser };
  } catch {
    // corrupt user data: discarded below together with the token
  }
  return null;
}

function clearStored() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

function setSignedOut(signedOutBy: SessionState["signedOutBy"] = null) {
  clearStored();
  // The uploader stops sending at once; the saved evidence waits for the same attendant's next sign-in.
  setOutboxSession(null);
  Object.assign(sessionStore, { status: "unauthenticated", user: null, central: null, perfil: "ponto", token: null, signedOutBy });
  // The API data kept for offline use leaves memory and the device with the session.
  void closeOfflineCache();
}

/**
 * Evidence is owned by the attendant and service point it was captured under, and sent only with their own token. The data kept
 * for offline use is theirs too: another owner's leaves memory before the screens mount (and the device soon after), theirs is
 * restored when offline.
 */
async function setSignedIn(user: SessionUser, token: string) {
  // openOfflineCache drops another owner's data from memory synchronously, before its first await; the screens then open at
  // once instead of waiting for IndexedDB (tens of ms, more on a cheap phone), so their calls start a step earlier. Online the
  // stored copy is not used anyway; offline it is hydrated into the screens' queries when read (restorePending).
  const restored = openOfflineCache({ userId: user.IdPontoAtendimentoUsuario, pointId: user.IdPontoAtendimento });
  setOutboxSession({ token, owner: { userId: user.IdPontoAtendimentoUsuario, pointId: user.IdPontoAtendimento } });
  Object.assign(sessionStore, { status: "authenticated", user, central: null, perfil: "ponto", token, signedOutBy: null });
  await restored;
}

/** The central staff capture no evidence and keep no point's data offline: only the session itself. */
function setCentralSignedIn(central: CentralUser, token: string) {
  setOutboxSession(null);
  void closeOfflineCache();
  Object.assign(sessionStore, { status: "authenticated", user: null, central, perfil: "central", token, signedOutBy: null });
}

/**
 * Restores the stored session. The screens open at once from the stored token and user (the spec's rule), while the token is
 * confirmed with the server in parallel: on a slow network the check no longer delays the first screen's own calls by a round
 * trip. Only a refusal (401, here or on any call) signs the user out, and the guard then sends them to /login; the screens' calls
 * carry the same token, so a revoked session is never shown data. An attendant who opens the portal without signal keeps working
 * with the data stored on the phone.
 */
export async function initSession(): Promise<void> {
  const stored = readStored();
  if (!stored) return setSignedOut();
  // The user's data read again confirms the token too (one call): a role changed by the point's administrator meanwhile shows
  // at once (the Equipe menu entry appears or goes).
  const check = stored.central ? getCentralUser(stored.token) : getUser(stored.token);
  if (stored.central) setCentralSignedIn(stored.central, stored.token);
  else await setSignedIn(stored.user, stored.token);
  const result = await check;
  if (!result.ok && result.status === 401) {
    if (sessionStore.token === stored.token) setSignedOut(isDeactivation(result.body) ? "deactivated" : null);
    return;
  }
  if (!result.ok && result.status === undefined) reportRequestFailure();
  if (result.ok && !stored.central) updateUser(stored.token, (result.data as { data?: SessionUser }).data);
  if (result.ok && stored.central) updateCentral(stored.token, (result.data as { data?: CentralUser }).data);
}

/** Keeps fresher data of the same central user: a role an admin changed meanwhile shows at once (issue 38). */
function updateCentral(token: string, fresh: CentralUser | undefined) {
  const current = sessionStore.central;
  if (!fresh || !current || sessionStore.token !== token || fresh.Id !== current.Id) return;
  if (JSON.stringify(fresh) === JSON.stringify(current)) return;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(fresh));
  sessionStore.central = fresh;
}

/** Keeps fresher data of the same signed-in user (role, name, the point's data); never another user's. */
function updateUser(token: string, fresh: SessionUser | undefined) {
  const current = sessionStore.user;
  if (!fresh || !current || sessionStore.token !== token || fresh.IdPontoAtendimentoUsuario !== current.IdPontoAtendimentoUsuario) return;
  if (JSON.stringify(fresh) === JSON.stringify(current)) return;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(fresh));
  sessionStore.user = fresh;
}

/** Reads the signed-in attendant's data again (after a 403: the role changed), e.g. so the Equipe entry leaves the menu. */
export async function refreshUser(): Promise<void> {
  const token = sessionStore.token;
  if (sessionStore.status !== "authenticated" || sessionStore.perfil !== "ponto" || !token) return;
  const res = await getUser(token);
  if (res.ok) updateUser(token, res.data.data);
}

export type LoginOutcome = { ok: true; message: string } | { ok: false; message: string };

function loginFailure(status: number | undefined, message: string | undefined, refused: string = MSG.login.failed): string {
  if (message) return message;
  if (status === undefined) return typeof navigator !== "undefined" && navigator.onLine === false ? MSG.login.offline : MSG.login.error;
  if (status >= 500) return MSG.login.serverError;
  return refused;
}

/**
 * A login answer -> the profile's checks (auth verification and user data, or the central user) -> stored and signed in. The
 * login and a password set from an access link answer alike and both end here. Nothing is stored unless every step succeeds. A
 * session already open on this device (someone else's, when an access link is opened on a shared phone) is replaced, and
 * revoked on the server in the background.
 */
async function signInWith(answer: LoginResponse): Promise<LoginOutcome> {
  const previous = sessionStore.token;
  const previousCentral = sessionStore.perfil === "central";
  const token = answer.token;
  // Only the central's answer carries `perfil`; an attendant's has none.
  if ("perfil" in answer) {
    const me = await getCentralUser(token);
    if (!me.ok || !me.data?.data) return { ok: false, message: MSG.login.userData };
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(me.data.data));
    setCentralSignedIn(me.data.data, token);
  } else {
    const auth = await checkAuth(token);
    if (!auth.ok) return { ok: false, message: MSG.login.authCheck };
    const user = await getUser(token);
    if (!user.ok || !user.data?.data) return { ok: false, message: MSG.login.userData };
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user.data.data));
    await setSignedIn(user.data.data, token);
  }
  if (previous && previous !== token) void (previousCentral ? logoutCentral(previous) : logoutSession(previous));
  return { ok: true, message: answer.message };
}

/** Credentials -> token -> signed in (signInWith). */
export async function login(email: string, password: string, remember: boolean): Promise<LoginOutcome> {
  if (isBlank(email) || password === "") return { ok: false, message: MSG.login.required };
  const res = await loginCall(email.trim(), password, remember);
  // The right password of a deactivated account: the app's own words for it (the server's are the same).
  if (!res.ok && isDeactivation(res.body)) return { ok: false, message: MSG.session.deactivated };
  if (!res.ok || !res.data?.token) return { ok: false, message: res.ok ? MSG.login.failed : loginFailure(res.status, res.message) };
  return signInWith(res.data);
}

/** The password of an access link (first access or new password), then signed in with the answer exactly as by the login. */
export async function setPasswordAndSignIn(accessToken: string, password: string, confirmation: string): Promise<LoginOutcome> {
  const res = await definePassword(accessToken, password, confirmation);
  if (!res.ok || !res.data?.token) {
    return {
      ok: false,
      message: res.ok ? MSG.screens.accessSaveFailed : loginFailure(res.status, res.message, MSG.screens.accessSaveFailed),
    };
  }
  return signInWith(res.data);
}

/** Clears token and user data at once; the server-side session is revoked in the background when reachable. */
export function logout(): void {
  const token = sessionStore.token;
  const central = sessionStore.perfil === "central";
  setSignedOut();
  if (token) void (central ? logoutCentral(token) : logoutSession(token));
}

bus.on("session:expired", ({ deactivated }) => {
  if (sessionStore.status === "authenticated") setSignedOut(deactivated ? "deactivated" : null);
});
bus.on("session:forbidden", () => void refreshUser());
