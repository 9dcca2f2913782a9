// Dados Cadastrais in view mode: the three cards of the spec as read-only field lists (main thread).
import type { ReactNode } from "react";
import { FieldList } from "../../../components/ui/field-list";
import { REGISTRATION_MSG } from "../../../config/messages/registration.pt-BR";
import { DAYS, type FieldKey, type RegistrationForm } from "../form";

const t = REGISTRATION_MSG.registration;

/** Each text card's fields in the spec's order: label and the form's key. */
const POINT_FIELDS: readonly (readonly [string, FieldKey])[] = [
  [t.corporateName, "RazaoSocial"],
  [t.cnpj, "Cnpj"],
  [t.stateRegistration, "InscricaoEstadual"],
  [t.lifts, "QtdeElevadores"],
  [t.cep, "EnderecoCep"],
];
const ADDRESS_FIELDS: readonly (readonly [string, FieldKey])[] = [
  [t.address, "Endereco"],
  [t.uf, "EnderecoUf"],
  [t.city, "EnderecoCidade"],
  [t.district, "EnderecoBairro"],
  [t.complement, "EnderecoComplemento"],
];

function Card({ id, title, className = "card", children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function RegistrationView({ form }: { form: RegistrationForm }) {
  const texts = (fields: readonly (readonly [string, FieldKey])[]) => (
    <FieldList empty={t.notInformed} rows={fields.map(([label, key]) => ({ label, value: form[key] }))} />
  );
  return (
    <div className="registration-grid">
      <Card id="cadastro-credenciado" title={t.pointCard}>
        {texts(POINT_FIELDS)}
      </Card>
      <Card id="cadastro-endereco" title={t.addressCard}>
        {texts(ADDRESS_FIELDS)}
      </Card>
      <Card id="cadastro-horarios" title={t.hoursCard} className="card registration-hours">
        <FieldList
          rows={DAYS.map((d) => ({
            label: d.label,
            value: form[d.start] && form[d.end] ? t.hoursRange(form[d.start], form[d.end]) : t.closed,
          }))}
        />
      </Card>
    </div>
  );
}
