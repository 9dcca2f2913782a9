// Login screen: e-mail, password with show/hide, Lembrar-me, 'Esqueci minha senha', busy state, sign-up link, and why the last
// session ended when the point's administrator deactivated the account (main thread).
import { useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { toast } from "../../../lib/toast";
import { SIGNUP_URL } from "../../../config/env";
import { MSG } from "../../../config/messages.pt-BR";
import { SESSION_MSG } from "../../../config/messages/session.pt-BR";
import { landingFor, PATHS } from "../../../config/paths";
import { login, sessionStore } from "../store";
import { useSession } from "../use-session";
import { redirectTarget } from "../redirect-target";
import logoUrl from "../../../assets/logo.svg";
import "./auth-pages.css";

export default function LoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Signed out because the point's administrator deactivated the account: said until the next attempt answers for itself.
  const { signedOutBy } = useSession();
  const notice = error || (signedOutBy === "deactivated" ? MSG.session.deactivated : "");
  const empty = email.trim() === "" || password === "";

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (empty) return setError(MSG.login.required);
    setBusy(true);
    setError("");
    const outcome = await login(email, password, remember);
    setBusy(false);
    // Told once, beside the form (role=alert, read out): a toast repeating it was the same words twice on the screen.
    if (!outcome.ok) return setError(outcome.message);
    toast.success(outcome.message);
    const wanted = redirectTarget(new URLSearchParams(search).get("redirect"), window.location.origin);
    navigate(landingFor(sessionStore.perfil, wanted), { replace: true });
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <img src={logoUrl} alt="" className="login-logo" width={64} height={64} />
        <h1 id="login-title">Portal do Credenciado</h1>
        <p className="muted">Entre com o e-mail e a senha do seu ponto de atendimento.</p>
        <label htmlFor="login-email">E-mail</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
          required
        />
        <label htmlFor="login-password">Senha</label>
        <div className="password-field">
          <input
            id="login-password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
            required
          />
          <button
            type="button"
            className="link-button"
            onClick={() => setShowPassword((v) => !v)}
            aria-pressed={showPassword}
            aria-controls="login-password"
          >
            {showPassword ? "Ocultar" : "Mostrar"}
            <span className="sr-only"> senha</span>
          </button>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={busy} />
          Lembrar-me
        </label>
        <p className="forgot-link">
          <Link href={PATHS.forgotPassword}>{SESSION_MSG.access.forgotLink}</Link>
        </p>
        {notice && (
          <p role="alert" className="form-error">
            {notice}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={empty || busy}>
          {busy ? MSG.login.busy : MSG.login.submit}
        </button>
        <p className="login-footer">
          Sua oficina ainda não é credenciada?{" "}
          <a href={SIGNUP_URL} target="_blank" rel="noopener noreferrer">
            Quero ser credenciado
          </a>
        </p>
      </form>
    </main>
  );
}
