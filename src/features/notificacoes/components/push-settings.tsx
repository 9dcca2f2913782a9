// 'Receber notificações neste aparelho': the device's push state (ativado / bloqueado pelo navegador / indisponível) and the
// button that asks the browser's permission and subscribes (main thread).
import { useEffect, useState } from "react";
import { NOTIFICATIONS_MSG } from "../../../config/messages/notifications.pt-BR";
import { disablePush, enablePush, pushState, type PushState } from "../push";

export function PushSettings() {
  const t = NOTIFICATIONS_MSG.notifications.push;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<{ state: PushState; error?: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      setState(result.state);
      setError(result.error ?? null);
    } catch {
      setError(t.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const text =
    state === "on" ? t.on : state === "blocked" ? t.blocked : state === "unavailable" ? t.unavailable : state === "off" ? t.off : "";
  return (
    <section className="card push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className="card-title">
        {t.title}
      </h2>
      <p className="muted" role="status" data-state={state ?? "checking"}>
        {text}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {state === "off" && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(enablePush)}>
          {busy ? t.working : t.enable}
        </button>
      )}
      {state === "on" && (
        <button type="button" className="btn" disabled={busy} onClick={() => void run(async () => ({ state: await disablePush() }))}>
          {t.disable}
        </button>
      )}
    </section>
  );
}
