// Espelho Financeiro (mirror): being built in issue 13 (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export interface MirrorPageProps { pointId: string; userId: string }

export default function MirrorPage(_props: MirrorPageProps) {
  return (
    <section className="page">
      <h1 className="page-title">Espelho Financeiro</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}
