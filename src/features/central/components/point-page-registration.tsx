// A service point's registration data, read-only (formatted CNPJ and CEP): the "Contatos e cadastro" part of the central's
// point page (main thread).
import { formatCepText, formatDocument } from "../../../lib/br-format";
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

const orNone = (v: string | number | null | undefined) => {
  const text = v === null || v === undefined ? "" : String(v).trim();
  return text ? text : <span className="muted">{t.notInformed}</span>;
};

export function RegistrationData({ data }: { data: PointRegistration }) {
  return (
    <div className="point-registration">
      <section aria-labelledby="ponto-cadastro-dados">
        <h3 id="ponto-cadastro-dados" className="point-registration-title">
          {t.pointCard}
        </h3>
        <dl className="field-list">
          <dt>{t.tradeName}</dt>
          <dd>{orNone(data.NomeFantasia)}</dd>
          <dt>{t.corporateName}</dt>
          <dd>{orNone(data.RazaoSocial)}</dd>
          <dt>{t.cnpj}</dt>
          <dd>{orNone(formatDocument(data.Cnpj))}</dd>
          <dt>{t.stateRegistration}</dt>
          <dd>{orNone(data.InscricaoEstadual)}</dd>
          <dt>{t.registrationNumber}</dt>
          <dd>{orNone(data.Matricula)}</dd>
          <dt>{t.lifts}</dt>
          <dd>{orNone(data.QuantidadeElevadores)}</dd>
        </dl>
      </section>
      <section aria-labelledby="ponto-cadastro-endereco">
        <h3 id="ponto-cadastro-endereco" className="point-registration-title">
          {t.addressCard}
        </h3>
        <dl className="field-list">
          <dt>{t.cep}</dt>
          <dd>{orNone(formatCepText(data.Cep))}</dd>
          <dt>{t.address}</dt>
          <dd>{orNone(data.Endereco)}</dd>
          <dt>{t.complement}</dt>
          <dd>{orNone(data.Complemento)}</dd>
          <dt>{t.district}</dt>
          <dd>{orNone(data.Bairro)}</dd>
          <dt>{t.city}</dt>
          <dd>{orNone(data.Cidade)}</dd>
          <dt>{t.uf}</dt>
          <dd>{orNone(data.Uf)}</dd>
        </dl>
      </section>
    </div>
  );
}
