// 'Receber notificações neste aparelho' (features/notificacoes): the state the screen tells (bloqueado pelo navegador, a push
// service that does not answer, ativado with the subscription handed to the server), with the browser's permission, service
// worker and push manager stubbed (browser tests, real Chromium).
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { act } from "./act";
import { renderWithQuery } from "./render";
import { PushSettings } from "../../src/features/notificacoes/components/push-settings";

const KEY = `B${"A".repeat(86)}`;
const realFetch = window.fetch;
const restore: (() => void)[] = [];

function stub<T extends object>(target: T, name: string, value: unknown) {
  const own = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
  restore.push(() => (own ? Object.defineProperty(target, name, own) : delete (target as Record<string, unknown>)[name]));
}

/** The permission the browser reports and answers, and a service worker whose push manager subscribes with `subscribe`. */
function browserWith(permission: NotificationPermission, subscribe: () => Promise<unknown>) {
  stub(Notification, "permission", permission);
  stub(Notification, "requestPermission", async () => {
    stub(Notification, "permission", "granted");
    return "granted";
  });
  const pushManager = { getSubscription: async () => null, subscribe: vi.fn(subscribe) };
  stub(navigator.serviceWorker, "ready", Promise.resolve({ pushManager }));
  return pushManager;
}

const posted: { url: string; body: unknown }[] = [];
function serverAnswers() {
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/notificacoes/push/chave")) return Response.json({ chavePublica: KEY });
    posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json({ success: true, message: "Notificações ativadas neste aparelho." });
  }) as typeof fetch;
}

afterEach(() => {
  window.fetch = realFetch;
  posted.length = 0;
  restore
    .splice(0)
    .reverse()
    .forEach((undo) => undo());
});

const status = () => document.querySelector(".push-settings [role=status]")?.textContent;
const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === name);

describe("push settings", () => {
  it("says the browser blocked notifications, with no button to ask again", async () => {
    browserWith("denied", async () => ({}));
    await renderWithQuery(<PushSettings />);
    await vi.waitFor(() => expect(status()).toContain("Bloqueado pelo navegador"));
    expect(button("Receber notificações neste aparelho")).toBeUndefined();
  });

  it("says so when the push service does not answer, and nothing is sent to the server", async () => {
    const manager = browserWith("default", async () => {
      throw new DOMException("Registration failed - push service not available", "AbortError");
    });
    serverAnswers();
    await renderWithQuery(<PushSettings />);
    await vi.waitFor(() => expect(button("Receber notificações neste aparelho")).toBeDefined());
    await act(async () => userEvent.click(button("Receber notificações neste aparelho")!));
    await vi.waitFor(() =>
      expect(document.querySelector(".push-settings [role=alert]")?.textContent).toBe(
        "Não foi possível ativar: o serviço de notificações do navegador não respondeu. Tente novamente mais tarde.",
      ),
    );
    expect(manager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const key = (manager.subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey;
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(posted).toEqual([]);
  });

  it("subscribes with the server's key and hands the subscription to the server: ativado", async () => {
    const endpoint = "https://push.exemplo.com.br/abc";
    browserWith("default", async () => ({
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) } }),
      unsubscribe: async () => true,
    }));
    serverAnswers();
    await renderWithQuery(<PushSettings />);
    await vi.waitFor(() => expect(button("Receber notificações neste aparelho")).toBeDefined());
    await act(async () => userEvent.click(button("Receber notificações neste aparelho")!));
    await vi.waitFor(() => expect(status()).toContain("Ativado"));
    expect(posted).toEqual([
      {
        url: expect.stringMatching(/\/notificacoes\/push\/inscrever$/),
        body: { endpoint, keys: { p256dh: "p".repeat(87), auth: "a".repeat(22) } },
      },
    ]);
    expect(button("Desativar neste aparelho")).toBeDefined();
  });
});
