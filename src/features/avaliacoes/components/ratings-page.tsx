// Avaliações dos Clientes (ratings): being built in issue 13 (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export interface RatingsPageProps { pointId: string; userId: string }

export default function RatingsPage(_props: RatingsPageProps) {
  return (
    <section className="page">
      <h1 className="page-title">Avaliações dos Clientes</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}
