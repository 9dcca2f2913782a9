// The service point aggregate: its reads and writes and their mappings to the contract's shapes (server only).
import { eq } from "drizzle-orm";
import { formatCep, formatCnpj, getStates, isValidCnpj } from "@brazilian-utils/brazilian-utils";
import type { DadosCadastrais, RegistrationBody } from "../../contract/ponto-atendimento.ts";
import type { Db } from "../db/client.ts";
import { servicePoints } from "../db/schema.ts";
import { timeToIso } from "../lib/format.ts";
import { badRequest } from "../lib/http-errors.ts";
import type { FieldSpec } from "../rules/audit-fields.ts";

/** A point's row by id (the caller checked the id is the token's point). */
export async function pointById(db: Db, id: string) {
  const [point] = await db.select().from(servicePoints).where(eq(servicePoints.id, id));
  return point;
}

// ---- Registration data and opening hours (GET and POST /ponto-atendimento/…dados-cadastrais) --------------------------------

export type PointRow = typeof servicePoints.$inferSelect;

export const toDadosCadastrais = (p: PointRow): DadosCadastrais => ({
  IdPontoAtendimento: p.id,
  Cnpj: p.cnpj,
  RazaoSocial: p.corporateName,
  InscricaoEstadual: p.stateRegistration,
  QtdeElevadores: p.lifts,
  EnderecoCep: p.cep,
  Endereco: p.address,
  EnderecoCidade: p.city,
  EnderecoUf: p.uf,
  EnderecoComplemento: p.complement,
  EnderecoBairro: p.district,
  Descricao: p.tradeName,
  SegSexInicio: timeToIso(p.weekdayOpen),
  SegSexFim: timeToIso(p.weekdayClose),
  SabadoInicio: timeToIso(p.saturdayOpen),
  SabadoFim: timeToIso(p.saturdayClose),
  DomingoInicio: timeToIso(p.sundayOpen),
  DomingoFim: timeToIso(p.sundayClose),
  FeriadoInicio: timeToIso(p.holidayOpen),
  FeriadoFim: timeToIso(p.holidayClose),
});

type RegistrationKey = Exclude<keyof RegistrationBody, "IdPontoAtendimento">;

/** The body's fields (the contract's names) and their columns, in the body's order. */
const REGISTRATION_FIELDS = {
  Cnpj: "cnpj",
  EnderecoCep: "cep",
  Endereco: "address",
  EnderecoCidade: "city",
  EnderecoUf: "uf",
  EnderecoComplemento: "complement",
  EnderecoBairro: "district",
  RazaoSocial: "corporateName",
  QtdeElevadores: "lifts",
  InscricaoEstadual: "stateRegistration",
  Descricao: "tradeName",
  SegSexInicio: "weekdayOpen",
  SegSexFim: "weekdayClose",
  SabadoInicio: "saturdayOpen",
  SabadoFim: "saturdayClose",
  DomingoInicio: "sundayOpen",
  DomingoFim: "sundayClose",
  FeriadoInicio: "holidayOpen",
  FeriadoFim: "holidayClose",
} as const satisfies Record<RegistrationKey, keyof PointRow>;
const TIME_KEYS: ReadonlySet<string> = new Set([
  "SegSexInicio",
  "SegSexFim",
  "SabadoInicio",
  "SabadoFim",
  "DomingoInicio",
  "DomingoFim",
  "FeriadoInicio",
  "FeriadoFim",
]);

/** The 27 federative units' codes, from the same library that formats the CEP and CNPJ. */
const UFS: ReadonlySet<string> = new Set(getStates().map((state) => state.code));

// Registration rules, kept in step with src/features/dados-cadastrais/form.ts (the server may not import a feature): the same
// required fields, CNPJ check digits, an 8-digit CEP and a start before the end of each day's hours, with the same messages.
const REQUIRED_TEXT: Record<string, string> = {
  RazaoSocial: "Razão Social é obrigatória",
  Cnpj: "CNPJ é obrigatório",
  Descricao: "Nome fantasia é obrigatório",
  EnderecoCep: "CEP é obrigatório",
  Endereco: "Endereço é obrigatório",
  EnderecoUf: "UF é obrigatória",
  EnderecoCidade: "Cidade é obrigatória",
  EnderecoBairro: "Bairro é obrigatório",
};

/** "1970-01-01T08:00:00.000Z", "08:00" or null/"" (closed) -> "08:00" | null. */
export function parseOpeningTime(key: string, v: unknown): string | null {
  if (v === null || v === "") return null;
  const m = typeof v === "string" ? /^(?:\d{4}-\d{2}-\d{2}T)?([01]\d|2[0-3]):([0-5]\d)(?::\d{2}(?:\.\d{1,3})?Z?)?$/.exec(v) : null;
  if (!m) throw badRequest(`O horário ${key} é inválido.`);
  return `${m[1]}:${m[2]}`;
}

/** The columns to change for the fields present in the body, checked by the registration rules (400 with their message). */
export function registrationPatch(b: RegistrationBody): Partial<PointRow> {
  const patch: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(REGISTRATION_FIELDS) as [RegistrationKey, string][]) {
    if (!(key in b)) continue;
    const v = b[key];
    if (TIME_KEYS.has(key)) patch[column] = parseOpeningTime(key, v);
    else if (key === "QtdeElevadores") {
      const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > 99)
        throw badRequest("Qtde. Elevadores deve ser um número inteiro de 0 a 99.");
      patch[column] = n;
    } else {
      if (v !== null && typeof v !== "string") throw badRequest(`O campo ${key} é inválido.`);
      const s = (v ?? "").trim();
      if (s.length > 300) throw badRequest(`O campo ${key} é longo demais.`);
      if (REQUIRED_TEXT[key] && !s) throw badRequest(REQUIRED_TEXT[key]);
      if (key === "EnderecoUf" && s && !UFS.has(s.toUpperCase())) throw badRequest("UF inválida.");
      if (key === "Cnpj" && !isValidCnpj(s)) throw badRequest("CNPJ inválido: confira os dígitos verificadores.");
      if (key === "EnderecoCep" && !/^\d{5}-?\d{3}$/.test(s)) throw badRequest("CEP inválido: informe os 8 dígitos (00000-000).");
      // Stored masked, as seeded and shown: 11.222.333/0001-81 and 51020-000.
      patch[column] =
        key === "EnderecoUf"
          ? s.toUpperCase() || null
          : key === "Cnpj"
            ? formatCnpj(s.replace(/\D/g, ""))
            : key === "EnderecoCep"
              ? formatCep(s.replace(/\D/g, ""))
              : s || null;
    }
  }
  return patch as Partial<PointRow>;
}

const HOUR_PAIRS = [
  ["Segunda a Sexta", "weekdayOpen", "weekdayClose"],
  ["Sábados", "saturdayOpen", "saturdayClose"],
  ["Domingos", "sundayOpen", "sundayClose"],
  ["Feriados", "holidayOpen", "holidayClose"],
] as const;

/**
 * After the update every day must have both start and end, or neither (closed), and never a start after its end. An equal start
 * and end is left to the slot rules (they answer "Horário de funcionamento inválido"); the form refuses it before sending.
 */
export function assertHourPairs(current: PointRow, patch: Partial<PointRow>) {
  const merged = { ...current, ...patch };
  for (const [day, open, close] of HOUR_PAIRS) {
    const start = merged[open] == null ? null : String(merged[open]).slice(0, 5);
    const end = merged[close] == null ? null : String(merged[close]).slice(0, 5);
    if ((start === null) !== (end === null)) throw badRequest(`${day}: informe início e fim, ou deixe os dois vazios.`);
    if (start !== null && end !== null && start > end) throw badRequest(`${day}: o início deve ser antes do fim.`);
  }
}

const hhmm = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v).slice(0, 5));
const REGISTRATION_LABELS: Record<RegistrationKey, string> = {
  Cnpj: "CNPJ",
  EnderecoCep: "CEP",
  Endereco: "Endereço",
  EnderecoCidade: "Cidade",
  EnderecoUf: "UF",
  EnderecoComplemento: "Complemento",
  EnderecoBairro: "Bairro",
  RazaoSocial: "Razão social",
  QtdeElevadores: "Qtde. elevadores",
  InscricaoEstadual: "Inscrição estadual",
  Descricao: "Nome fantasia",
  SegSexInicio: "Segunda a sexta: início",
  SegSexFim: "Segunda a sexta: fim",
  SabadoInicio: "Sábados: início",
  SabadoFim: "Sábados: fim",
  DomingoInicio: "Domingos: início",
  DomingoFim: "Domingos: fim",
  FeriadoInicio: "Feriados: início",
  FeriadoFim: "Feriados: fim",
};
/** The registration's fields as the record of changes names them (hours as HH:mm). */
export const REGISTRATION_SPECS: FieldSpec<PointRow>[] = (Object.entries(REGISTRATION_FIELDS) as [RegistrationKey, keyof PointRow][]).map(
  ([key, column]) => ({ key: column, label: REGISTRATION_LABELS[key], text: TIME_KEYS.has(key) ? hhmm : undefined }),
);

/** Writes a registration patch in the caller's transaction (which holds the point's row lock) and answers the row after it. */
export async function updatePoint(tx: Db, id: string, patch: Partial<PointRow>) {
  const [after] = await tx.update(servicePoints).set(patch).where(eq(servicePoints.id, id)).returning();
  return after!;
}
