// Dados Cadastrais form model: loaded data <-> form strings <-> the contract's flat body, and the form's rules (main thread).
// The server (server/repositories/points.ts) applies the same rules with the same messages.
import { formatCep } from "@brazilian-utils/brazilian-utils/format-cep";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { REGISTRATION_MSG } from "../../config/messages/registration.pt-BR";
import type { DadosCadastrais } from "../../lib/point-registration";
import type { RegistrationBody } from "./api/dados-cadastrais";

const TEXT_KEYS = [
  "RazaoSocial",
  "Cnpj",
  "InscricaoEstadual",
  "QtdeElevadores",
  "EnderecoCep",
  "Endereco",
  "EnderecoUf",
  "EnderecoCidade",
  "EnderecoBairro",
  "EnderecoComplemento",
] as const;
export const DAYS = [
  { key: "segSex", label: REGISTRATION_MSG.registration.weekdays, start: "SegSexInicio", end: "SegSexFim", closed: false },
  { key: "sabado", label: REGISTRATION_MSG.registration.saturdays, start: "SabadoInicio", end: "SabadoFim", closed: false },
  { key: "domingo", label: REGISTRATION_MSG.registration.sundays, start: "DomingoInicio", end: "DomingoFim", closed: true },
  { key: "feriado", label: REGISTRATION_MSG.registration.holidays, start: "FeriadoInicio", end: "FeriadoFim", closed: true },
] as const;
type TimeKey = (typeof DAYS)[number]["start" | "end"];
export type FieldKey = (typeof TEXT_KEYS)[number] | TimeKey;
export type DayKey = (typeof DAYS)[number]["key"];

/** Every editable value as the inputs hold it; times as "HH:mm", "" when closed. */
export type RegistrationForm = Record<FieldKey, string>;
export type FormErrors = Partial<Record<FieldKey | DayKey, string>>;

/** Whole hours 00:00 to 23:00, the spec's choices. */
export const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

const digits = (v: string) => v.replace(/\D/g, "");

/** "1970-01-01T08:00:00.000Z" (or "08:00") -> "08:00": only the UTC hour and minute matter; anything else is closed. */
export function isoToTime(value: string | null | undefined): string {
  const m = /(?:T|^)([01]\d|2[0-3]):([0-5]\d)/.exec(value ?? "");
  return m ? `${m[1]}:${m[2]}` : "";
}

export const timeToIso = (time: string): string | null => (time ? `1970-01-01T${time}:00.000Z` : null);

export function toForm(data: DadosCadastrais): RegistrationForm {
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const form = Object.fromEntries(TEXT_KEYS.map((k) => [k, text(data[k])])) as RegistrationForm;
  if (digits(form.Cnpj).length === 14) form.Cnpj = formatCnpj(digits(form.Cnpj));
  if (digits(form.EnderecoCep).length === 8) form.EnderecoCep = formatCep(digits(form.EnderecoCep));
  form.EnderecoUf = form.EnderecoUf.toUpperCase();
  for (const d of DAYS) {
    form[d.start] = isoToTime(data[d.start]);
    form[d.end] = isoToTime(data[d.end]);
  }
  return form;
}

export const sameForm = (a: RegistrationForm, b: RegistrationForm) => (Object.keys(a) as FieldKey[]).every((k) => a[k] === b[k]);

/** The flat body of atualizar-dados-cadastrais: every field (optional ones null when empty), QtdeElevadores as a string. */
export function toPayload(form: RegistrationForm, loaded: DadosCadastrais, pointId: string): RegistrationBody {
  const optional = (v: string) => v.trim() || null;
  const body: RegistrationBody = {
    ...loaded,
    IdPontoAtendimento: pointId,
    RazaoSocial: form.RazaoSocial.trim(),
    Cnpj: form.Cnpj.trim(),
    InscricaoEstadual: optional(form.InscricaoEstadual),
    QtdeElevadores: form.QtdeElevadores.trim(),
    EnderecoCep: optional(form.EnderecoCep),
    Endereco: optional(form.Endereco),
    EnderecoUf: optional(form.EnderecoUf),
    EnderecoCidade: optional(form.EnderecoCidade),
    EnderecoBairro: optional(form.EnderecoBairro),
    EnderecoComplemento: optional(form.EnderecoComplemento),
  };
  for (const d of DAYS) {
    body[d.start] = timeToIso(form[d.start]);
    body[d.end] = timeToIso(form[d.end]);
  }
  return body;
}

const REQUIRED: [FieldKey, string][] = [
  ["RazaoSocial", REGISTRATION_MSG.registration.corporateNameRequired],
  ["Cnpj", REGISTRATION_MSG.registration.cnpjRequired],
  ["QtdeElevadores", REGISTRATION_MSG.registration.liftsRequired],
  ["EnderecoCep", REGISTRATION_MSG.registration.cepRequired],
  ["Endereco", REGISTRATION_MSG.registration.addressRequired],
  ["EnderecoUf", REGISTRATION_MSG.registration.ufRequired],
  ["EnderecoCidade", REGISTRATION_MSG.registration.cityRequired],
  ["EnderecoBairro", REGISTRATION_MSG.registration.districtRequired],
];

/** The form's errors by field (and by day for the hours); empty when it can be sent. */
export function validate(form: RegistrationForm): FormErrors {
  const errors: FormErrors = {};
  for (const [key, message] of REQUIRED) if (!form[key].trim()) errors[key] = message;
  if (!errors.Cnpj && !isValidCnpj(form.Cnpj)) errors.Cnpj = REGISTRATION_MSG.registration.cnpjInvalid;
  if (!errors.EnderecoCep && digits(form.EnderecoCep).length !== 8) errors.EnderecoCep = REGISTRATION_MSG.registration.cepInvalid;
  if (!errors.QtdeElevadores && !/^\d{1,2}$/.test(form.QtdeElevadores.trim()))
    errors.QtdeElevadores = REGISTRATION_MSG.registration.liftsInvalid;
  for (const d of DAYS) {
    const start = form[d.start];
    const end = form[d.end];
    if (Boolean(start) !== Boolean(end)) errors[d.key] = REGISTRATION_MSG.registration.hoursPair(d.label);
    // "HH:mm" strings compare in time order; an equal start and end would leave the day without a single slot.
    else if (start && start >= end) errors[d.key] = REGISTRATION_MSG.registration.hoursOrder(d.label);
  }
  return errors;
}
