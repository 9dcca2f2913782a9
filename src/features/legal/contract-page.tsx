// Contract page: the accreditation identity of the signed-in service point, from the session's user data (main thread).

/** The session user's fields this page shows; src/app passes the user in, so this feature does not import the session one. */
export interface ContractHolder {
  RazaoSocial?: string;
  Descricao?: string;
  Cnpj?: string;
  NumeroMatricula?: string | null;
  Endereco?: string | null;
  EnderecoComplemento?: string | null;
  EnderecoBairro?: string | null;
  EnderecoCidade?: string | null;
  EnderecoUf?: string | null;
  EnderecoCep?: string | null;
}

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "Não informado" : String(v));

export default function ContractPage({ user }: { user: ContractHolder | null }) {
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
