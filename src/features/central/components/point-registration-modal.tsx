// 'Cadastro do ponto': one service point's registration data, read-only (formatted CNPJ and CEP), loaded when the modal opens,
// with its loading and error (retry) states inside the modal (main thread).
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../../components/ui/modal";
import { QueryState } from "../../../components/ui/query-state";
import { formatCepText, formatDocument } from "../../../lib/br-format";
import type { PointRegistration, PointSummary } from "../api/central";
import { CENTRAL_LOAD_FAILED, pointQuery } from "../query-options";

export const REGISTRATION_TEXT = {
  title: (name: string) => `Cadastro de ${name}`,
  loading: "Carregando cadastro...",
  close: "Fechar",
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

function RegistrationData({ data }: { data: PointRegistration }) {
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

export function PointRegistrationModal({ point, onClose }: { point: PointSummary; onClose: () => void }) {
  const query = useQuery(pointQuery(point.IdPontoAtendimento));
  return (
    <Modal
      open
      title={t.title(point.NomeFantasia)}
      onClose={onClose}
      footer={
        <button type="button" className="btn" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <QueryState query={query} variant="card" loading={t.loading} error={query.error?.message || CENTRAL_LOAD_FAILED}>
        {(data) => <RegistrationData data={data} />}
      </QueryState>
    </Modal>
  );
}
