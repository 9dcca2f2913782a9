// A deactivated user is told why on the login screen: a stored session the server refuses as deactivated (opening the app), a
// call refused that way while signed in, and the login's own answer after the right password; any other 401 says nothing more
// (browser tests, the server's answers stubbed on fetch).
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "./render";
import LoginPage from "../../src/features/session/components/login-page";
import { initSession, login, sessionStore } from "../../src/features/session/store";
import { call } from "../../src/lib/api-client";
import { listAppointments } from "../../contract/gen/agendamentos";
import { STORAGE_KEYS } from "../../src/config/env";

const TEXT = "Seu acesso foi desativado pelo administrador do ponto. Fale com ele para voltar a entrar.";
const USER = { IdPontoAtendimentoUsuario: "u1", IdPontoAtendimento: "p1", Nome: "Carlos Lima", Email: "carlos@teste.com.br" };
const deactivated = { success: false, message: TEXT, codigo: "usuario-desativado" };
const plain401 = { success: false, message: "Acesso não autorizado! Faça login novamente." };

/** Every call answers `status` with `body`. */
function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}
function storeSession() {
  localStorage.setItem(STORAGE_KEYS.token, "stored-token");
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
}
const alertText = () => document.querySelector("[role=alert]")?.textContent ?? null;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  Object.assign(sessionStore, { status: "unauthenticated", user: null, token: null, signedOutBy: null });
});

describe("a deactivated user on the login screen", () => {
  it("opening the app with a session the server ended by deactivation: signed out, and the login says why", async () => {
    storeSession();
    answer(401, deactivated);
    await initSession();
    expect(sessionStore.status).toBe("unauthenticated");
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await renderWithQuery(<LoginPage />);
    expect(alertText()).toBe(TEXT);
  });

  it("a call refused as deactivated while signed in signs out with the reason; an ordinary 401 does not give it", async () => {
    storeSession();
    answer(200, { message: "ok", data: USER });
    await initSession();
    expect(sessionStore.status).toBe("authenticated");
    answer(401, deactivated);
    await call(listAppointments, { params: { idPontoAtendimento: "p1" } });
    expect([sessionStore.status, sessionStore.signedOutBy]).toEqual(["unauthenticated", "deactivated"]);

    storeSession();
    answer(200, { message: "ok", data: USER });
    await initSession();
    answer(401, plain401);
    await call(listAppointments, { params: { idPontoAtendimento: "p1" } });
    expect([sessionStore.status, sessionStore.signedOutBy]).toEqual(["unauthenticated", null]);
    await renderWithQuery(<LoginPage />);
    expect(alertText()).toBeNull();
  });

  it("the login's answer after the right password is shown as the reason", async () => {
    answer(401, { message: TEXT, codigo: "usuario-desativado" });
    expect(await login("carlos@teste.com.br", "certa", false)).toEqual({ ok: false, message: TEXT });
    answer(401, { message: "Credenciais inválidas." });
    expect(await login("carlos@teste.com.br", "errada", false)).toEqual({ ok: false, message: "Credenciais inválidas." });
  });
});
