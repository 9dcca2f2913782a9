// Contract page: the accreditation identity of the signed-in service point, from the session's user data (main thread).
import { useSession } from "../session/use-session";

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "Não informado" : String(v));

export default function ContractPage() {
  const { user } = useSession();
  if (!user) return null;
  const address = [user.Endereco, user.EnderecoComplemento, user.EnderecoBairro, user.EnderecoCidade, user.EnderecoUf]
    .filter(Boolean).join(", ");
  const rows: [string, unknown][] = [
    ["Razão Social", user.RazaoSocial], ["Nome fantasia", user.Descricao], ["CNPJ", user.Cnpj],
    ["Matrícula", user.NumeroMatricula], ["Endereço", address], ["CEP", user.EnderecoCep],
  ];
  return (
    <section className="page">
      <h1 className="page-title">Contrato de Credenciamento</h1>
      <p className="muted">Dados do ponto de atendimento vinculados ao contrato com o programa.</p>
      <dl className="details card">
        {rows.map(([label, value]) => (
          <div key={label}><dt>{label}</dt><dd>{show(value)}</dd></div>
        ))}
      </dl>
    </section>
  );
}
