// Primeiro acesso (/primeiro-acesso#token, public): an invitation's link, where a new user creates their password (main thread).
import { SetPasswordPage } from "./set-password-page";

export default function FirstAccessPage() {
  return <SetPasswordPage kind="convite" />;
}
