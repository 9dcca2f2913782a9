// Contract page: the accreditation identity of the signed-in service point, from the session's user data, read-only and
// printable ('Imprimir' opens the browser's print dialog; the print CSS leaves only this page, without the shell) (main thread).
import { formatCepText, formatDocument } from "../../lib/br-format";

/** The session user's fields this page shows; src/app passes the user in, so this feature does not import the session one. */
export interface ContractHolder {
  RazaoSocial?: string;
  Descricao?: string;
  Cnpj?: string;
  InscricaoEstadual?: string | null;
  NumeroMatricula?: string | null;
  Endereco?: string | null;
  EnderecoComplemento?: string | null;
  EnderecoBairro?: string | null;
  EnderecoCidade?: string | null;
  EnderecoUf?: string | null;
  EnderecoCep?: string | null;
}

const show = (v: unknown) => (v === null || v === undefined || String(v).trim() === "" ? "Não informado" : String(v));

export default function ContractPage({ user }: { user: ContractHolder | null }) {
  if (!user) return null;
  const city = [user.EnderecoCidade, user.EnderecoUf].filter(Boolean).join("/");
  const address = [user.Endereco, user.EnderecoComplemento, user.EnderecoBairro, city].filter(Boolean).join(", ");
  const rows: [string, unknown][] = [
    ["Razão Social", user.RazaoSocial],
    ["Nome fantasia", user.Descricao],
    ["CNPJ", user.Cnpj && formatDocument(user.Cnpj)],
    ["Inscrição Estadual", user.InscricaoEstadual],
    ["Matrícula", user.NumeroMatricula],
    ["Endereço", address],
    ["CEP", formatCepText(user.EnderecoCep)],
  ];
  return (
    <section className="page contract-page">
      <header className="page-header">
        <h1 className="page-title">Contrato de Credenciamento</h1>
        <button type="button" className="btn no-print" onClick={() => window.print()}>
          Imprimir
        </button>
      </header>
      <p className="muted">Dados do ponto de atendimento vinculados ao contrato com o programa.</p>
      <dl className="details card">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{show(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
