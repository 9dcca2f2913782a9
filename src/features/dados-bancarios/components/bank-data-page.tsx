// Dados Bancários (bankData): being built in issue 13 (main thread).
import { MSG } from "../../../config/messages.pt-BR";

export interface BankDataPageProps { pointId: string; userId: string }

export default function BankDataPage(_props: BankDataPageProps) {
  return (
    <section className="page">
      <h1 className="page-title">Dados Bancários</h1>
      <p className="muted">{MSG.placeholder}</p>
    </section>
  );
}
