// The page of an access link (/primeiro-acesso#token, /redefinir-senha#token, public): the token from the URL's fragment (never
// sent to a server in a request line or a Referer) is checked, then 'Olá, Nome', the e-mail and the new password twice with
// its strength shown while typing; on success the user is signed in exactly as by the login and lands on the agenda (main thread).
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "wouter";
import { toast } from "../../../lib/toast";
import { SESSION_MSG } from "../../../config/messages/session.pt-BR";
import { landingFor, PATHS } from "../../../config/paths";
import { MIN_PASSWORD_LENGTH } from "../../../domain/team";
import { useSetPassword } from "../api/use-credenciado-mutations";
import type { AccessCheck } from "../api/credenciado";
import { passwordErrors, type PasswordErrors, type PasswordField } from "../password-rules";
import { usePasswordStrength } from "../use-password-strength";
import { PasswordMeter } from "./password-meter";
import { accessQuery } from "../query-options";
import { sessionStore } from "../store";
import "./auth-pages.css";

const M = SESSION_MSG.access;

/** The token after '#', as the link carries it (read once: the page does not change its own fragment). */
const tokenOfUrl = () => (typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.replace(/^#/, "")).trim());

function LoginLink() {
  return (
    <p className="auth-links">
      <Link href={PATHS.login}>{M.goToLogin}</Link>
    </p>
  );
}

function PasswordForm({ token, access }: { token: string; access: AccessCheck }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<PasswordErrors & { form?: string }>({});
  const { strength, checking, estimate } = usePasswordStrength(password, {
    name: access.Nome,
    email: access.Email,
    pointNames: [access.Ponto, access.RazaoSocial],
  });
  const save = useSetPassword({
    onSuccess: ({ message }) => {
      toast.success(message);
      navigate(landingFor(sessionStore.perfil, null), { replace: true });
    },
    onError: (err) => setErrors({ form: err.message }),
  });
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = passwordErrors(password, confirmation, access.Email, estimate);
    setErrors(found);
    const first = (["password", "confirmation"] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    save.mutate({ token, password, confirmation });
  };
  const edit = (field: PasswordField, value: string) => {
    (field === "password" ? setPassword : setConfirmation)(value);
    if (errors[field] || errors.form) setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const field = (name: PasswordField, label: string, value: string, hint?: string, meter?: ReactNode) => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={show ? "text" : "password"}
        autoComplete="new-password"
        value={value}
        onChange={(e) => edit(name, e.target.value)}
        disabled={busy}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[hint && `${id}-${name}-hint`, meter && `${id}-${name}-strength`, `${id}-${name}-error`]
          .filter(Boolean)
          .join(" ")}
      />
      {hint && (
        <p id={`${id}-${name}-hint`} className="muted auth-hint">
          {hint}
        </p>
      )}
      {meter}
      <p id={`${id}-${name}-error`} className="form-error" role={errors[name] ? "alert" : undefined}>
        {errors[name]}
      </p>
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={access.Email} readOnly hidden />
      {field(
        "password",
        M.newPassword,
        password,
        M.passwordHint(MIN_PASSWORD_LENGTH),
        <PasswordMeter id={`${id}-password-strength`} strength={strength} checking={checking} quiet={!!errors.password} />,
      )}
      {field("confirmation", M.confirmPassword, confirmation)}
      <label className="checkbox">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} disabled={busy} />
        {M.showPasswords}
      </label>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? M.saving : M.save}
      </button>
    </form>
  );
}

export function SetPasswordPage({ kind }: { kind: "convite" | "redefinicao" }) {
  const id = useId();
  const [token] = useState(tokenOfUrl);
  const check = useQuery(accessQuery(token));
  const title = kind === "convite" ? M.firstAccessTitle : M.resetTitle;
  let body;
  if (!token)
    body = (
      <p className="form-error" role="alert">
        {M.noToken}
      </p>
    );
  else if (check.data === undefined) {
    body = check.isError ? (
      <p className="form-error" role="alert">
        {check.error.message}
      </p>
    ) : (
      <p className="muted" role="status">
        {M.checking}
      </p>
    );
  }
  const access = check.data;
  return (
    <div className="auth-page">
      <section className="login-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{title}</h1>
        {access && token ? (
          <>
            <p className="auth-result">{M.hello(access.Nome)}</p>
            <p className="muted">{access.Tipo === "convite" ? M.firstAccessIntro : M.resetIntro}</p>
            <p className="auth-account">
              <span className="muted">{M.account}: </span>
              <strong>{access.Email}</strong>
            </p>
            <PasswordForm token={token} access={access} />
          </>
        ) : (
          <>
            {body}
            <LoginLink />
          </>
        )}
      </section>
    </div>
  );
}
