// Dados Cadastrais (registration): being built in issue 13 (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export interface RegistrationPageProps { pointId: string; userId: string }

export default function RegistrationPage(_props: RegistrationPageProps) {
  return (
    <section className="page">
      <h1 className="page-title">Dados Cadastrais</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}
