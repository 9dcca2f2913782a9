// A service point's registration data, read-only (formatted CNPJ and CEP): the "Contatos e cadastro" part of the central's
// point page (main thread).
import { formatCepText, formatDocument } from "../../../lib/br-format";
import { FieldList } from "../../../components/ui/field-list";
import type { PointRegistration } from "../../../../contract/central-points";

export const REGISTRATION_TEXT = {
  notInformed: "Não informado",
  pointCard: "Dados do credenciado",
  addressCard: "Endereço",
  tradeName: "Nome fantasia",
  corporateName: "Razão social",
  cnpj: "CNPJ",
  stateRegistration: "Inscrição estadual",
  registrationNumber: "Matrícula",
  lifts: "Qtde. elevadores",
  cep: "CEP",
  address: "Endereço",
  complement: "Complemento",
  district: "Bairro",
  city: "Cidade",
  uf: "UF",
} as const;
const t = REGISTRATION_TEXT;

/** The value as text without its outer spaces; FieldList shows an empty one as NOT_INFORMED. */
const text = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v).trim());
const NOT_INFORMED = <span className="muted">{t.notInformed}</span>;

export function RegistrationData({ data }: { data: PointRegistration }) {
  return (
    <div className="point-registration">
      <section aria-labelledby="ponto-cadastro-dados">
        <h3 id="ponto-cadastro-dados" className="point-registration-title">
          {t.pointCard}
        </h3>
        <FieldList
          empty={NOT_INFORMED}
          rows={[
            { label: t.tradeName, value: text(data.NomeFantasia) },
            { label: t.corporateName, value: text(data.RazaoSocial) },
            { label: t.cnpj, value: text(formatDocument(data.Cnpj)) },
            { label: t.stateRegistration, value: text(data.InscricaoEstadual) },
            { label: t.registrationNumber, value: text(data.Matricula) },
            { label: t.lifts, value: text(data.QuantidadeElevadores) },
          ]}
        />
      </section>
      <section aria-labelledby="ponto-cadastro-endereco">
        <h3 id="ponto-cadastro-endereco" className="point-registration-title">
          {t.addressCard}
        </h3>
        <FieldList
          empty={NOT_INFORMED}
          rows={[
            { label: t.cep, value: text(formatCepText(data.Cep)) },
            { label: t.address, value: text(data.Endereco) },
            { label: t.complement, value: text(data.Complemento) },
            { label: t.district, value: text(data.Bairro) },
            { label: t.city, value: text(data.Cidade) },
            { label: t.uf, value: text(data.Uf) },
          ]}
        />
      </section>
    </div>
  );
}
