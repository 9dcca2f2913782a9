// Dados Cadastrais in view mode: the three cards of the spec as read-only field lists (main thread).
import { FieldList } from "../../../components/ui/field-list";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { DAYS, type RegistrationForm } from "../form";

const t = REGISTRATION_MSG.registration;

export function RegistrationView({ form }: { form: RegistrationForm }) {
  return (
    <div className="registration-grid">
      <section className="card" aria-labelledby="cadastro-credenciado">
        <h2 id="cadastro-credenciado" className="card-title">
          {t.pointCard}
        </h2>
        <FieldList
          empty={t.notInformed}
          rows={[
            { label: t.corporateName, value: form.RazaoSocial },
            { label: t.cnpj, value: form.Cnpj },
            { label: t.stateRegistration, value: form.InscricaoEstadual },
            { label: t.lifts, value: form.QtdeElevadores },
            { label: t.cep, value: form.EnderecoCep },
          ]}
        />
      </section>
      <section className="card" aria-labelledby="cadastro-endereco">
        <h2 id="cadastro-endereco" className="card-title">
          {t.addressCard}
        </h2>
        <FieldList
          empty={t.notInformed}
          rows={[
            { label: t.address, value: form.Endereco },
            { label: t.uf, value: form.EnderecoUf },
            { label: t.city, value: form.EnderecoCidade },
            { label: t.district, value: form.EnderecoBairro },
            { label: t.complement, value: form.EnderecoComplemento },
          ]}
        />
      </section>
      <section className="card registration-hours" aria-labelledby="cadastro-horarios">
        <h2 id="cadastro-horarios" className="card-title">
          {t.hoursCard}
        </h2>
        <FieldList
          rows={DAYS.map((d) => ({
            label: d.label,
            value: form[d.start] && form[d.end] ? t.hoursRange(form[d.start], form[d.end]) : t.closed,
          }))}
        />
      </section>
    </div>
  );
}
