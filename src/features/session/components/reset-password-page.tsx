// Criar nova senha (/redefinir-senha#token, public): a reset link's page, where a user replaces a forgotten password (main thread).
import { SetPasswordPage } from "./set-password-page";

export default function ResetPasswordPage() {
  return <SetPasswordPage kind="redefinicao" />;
}
