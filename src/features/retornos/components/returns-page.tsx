// Retorno de Serviço (returns): being built in issue 13 (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export interface ReturnsPageProps { pointId: string; userId: string }

export default function ReturnsPage(_props: ReturnsPageProps) {
  return (
    <section className="page">
      <h1 className="page-title">Retorno de Serviço</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}
