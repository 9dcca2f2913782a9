// Esqueci minha senha (/esqueci-senha, public): one e-mail field; the server's neutral answer (the same whether the e-mail has
// an account or not, so nobody learns which e-mails exist) and a link back to the login (main thread).
import { useId, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { SESSION_MSG } from "../../../config/messages/session.pt-BR";
import { PATHS } from "../../../config/paths";
import { isEmail } from "../../../domain/validators";
import { useForgotPassword } from "../api/use-credenciado-mutations";
import "./auth-pages.css";

const M = SESSION_MSG.access;

export default function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const send = useForgotPassword({ onError: (err) => setError(err.message) });
  const done = send.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const value = email.trim();
    const invalid = value === "" ? M.emailRequired : !isEmail(value) ? M.emailInvalid : "";
    setError(invalid);
    if (invalid) return document.getElementById(`${id}-email`)?.focus();
    send.mutate(value);
  };

  return (
    <div className="auth-page">
      <form className="login-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{M.forgotTitle}</h1>
        {done ? (
          <p className="auth-result" role="status">
            {send.data.message}
          </p>
        ) : (
          <>
            <p className="muted">{M.forgotIntro}</p>
            <label htmlFor={`${id}-email`}>{M.email}</label>
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError("");
              }}
              disabled={send.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-error`}
              required
            />
            <p id={`${id}-error`} className="form-error" role={error ? "alert" : undefined}>
              {error}
            </p>
            <button type="submit" className="btn btn-primary btn-block" disabled={send.isPending}>
              {send.isPending ? M.sending : M.send}
            </button>
          </>
        )}
        <p className="auth-links">
          <Link href={PATHS.login}>{M.backToLogin}</Link>
        </p>
      </form>
    </div>
  );
}
