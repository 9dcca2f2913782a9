// Dados Cadastrais in view mode: the three cards of the spec as read-only field lists (main thread).
import { Fragment } from "react";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { DAYS, type RegistrationForm } from "../form";

const t = REGISTRATION_MSG.registration;
const orNone = (v: string) => (v.trim() ? v : t.notInformed);

export function RegistrationView({ form }: { form: RegistrationForm }) {
  return (
    <div className="registration-grid">
      <section className="card" aria-labelledby="cadastro-credenciado">
        <h2 id="cadastro-credenciado" className="card-title">
          {t.pointCard}
        </h2>
        <dl className="field-list">
          <dt>{t.corporateName}</dt>
          <dd>{orNone(form.RazaoSocial)}</dd>
          <dt>{t.cnpj}</dt>
          <dd>{orNone(form.Cnpj)}</dd>
          <dt>{t.stateRegistration}</dt>
          <dd>{orNone(form.InscricaoEstadual)}</dd>
          <dt>{t.lifts}</dt>
          <dd>{orNone(form.QtdeElevadores)}</dd>
          <dt>{t.cep}</dt>
          <dd>{orNone(form.EnderecoCep)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="cadastro-endereco">
        <h2 id="cadastro-endereco" className="card-title">
          {t.addressCard}
        </h2>
        <dl className="field-list">
          <dt>{t.address}</dt>
          <dd>{orNone(form.Endereco)}</dd>
          <dt>{t.uf}</dt>
          <dd>{orNone(form.EnderecoUf)}</dd>
          <dt>{t.city}</dt>
          <dd>{orNone(form.EnderecoCidade)}</dd>
          <dt>{t.district}</dt>
          <dd>{orNone(form.EnderecoBairro)}</dd>
          <dt>{t.complement}</dt>
          <dd>{orNone(form.EnderecoComplemento)}</dd>
        </dl>
      </section>
      <section className="card registration-hours" aria-labelledby="cadastro-horarios">
        <h2 id="cadastro-horarios" className="card-title">
          {t.hoursCard}
        </h2>
        <dl className="field-list">
          {DAYS.map((d) => (
            <Fragment key={d.key}>
              <dt>{d.label}</dt>
              <dd>{form[d.start] && form[d.end] ? t.hoursRange(form[d.start], form[d.end]) : t.closed}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
    </div>
  );
}
