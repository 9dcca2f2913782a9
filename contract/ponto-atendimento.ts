// The /ponto-atendimento routes of the point's own data: its bank/PIX payout data (administrators only) and its registration
// data with opening hours (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { idText, int, list, literal, MAX, Message, nullableText, obj, oneOf, params, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";

// ---- Bank/PIX payout data ------------------------------------------------------------------------------------------------

/** One bank record of the point: a PIX key, or an account for a transfer (the other kind's fields are empty texts). */
export const DadoBancario = obj({
  IdDadoBancario: str(),
  IdPontoAtendimento: str(),
  TipoChavePix: str("CPF, CNPJ, EMAIL, TELEFONE or CHAVE_ALEATORIA; empty for a transfer"),
  ChavePix: str("empty for a transfer"),
  Banco: str("empty for a PIX key"),
  NumeroAgencia: str("empty for a PIX key"),
  NumeroConta: str("empty for a PIX key"),
  TipoConta: str("CORRENTE or POUPANCA; empty for a PIX key"),
  NomeTitular: str(),
  DocumentoTitular: str("the holder's CPF or CNPJ"),
  Selecionado: oneOf(["S", "N"], "S: the account the point's payouts are paid to (one at most)"),
  DataCadastro: str("when it was registered (ISO instant)"),
});

// Bounded generously for the schema; the handler applies the per-field limits after trimming, with the spec's messages.
const bankText = Type.Optional(nullableText(MAX.name));
/** The bank record's body: PIX when a key type or key is given (the bank fields are then cleared), else a transfer. */
const bankBody = Type.Object({
  IdPontoAtendimento: Type.Optional(idText),
  /** The record to change or delete; the original client sends either spelling. */
  IdDadoBancario: Type.Optional(idText),
  idDadoBancario: Type.Optional(idText),
  TipoChavePix: bankText,
  ChavePix: bankText,
  Banco: bankText,
  NumeroAgencia: bankText,
  NumeroConta: bankText,
  TipoConta: bankText,
  NomeTitular: bankText,
  DocumentoTitular: bankText,
  /** S or N. */
  Selecionado: bankText,
});

const adminErrors = { 403: "the user's role is not administrative", 404: "another point's id" } as const;
const bankErrors = {
  400: "a required field missing, or a value a bank would refuse (CPF/CNPJ digits, key format, agency, account)",
  403: adminErrors[403],
  404: "another point's id, or not this point's bank record",
} as const;

export const listBankAccounts = defineRoute({
  method: "GET",
  url: "/ponto-atendimento/get-dados-bancarios/:idPontoAtendimento",
  summary: "The point's bank/PIX records, newest first (Cache-Control: no-store).",
  access: "point-admin",
  params: params("idPontoAtendimento"),
  response: { 200: obj({ dadosBancarios: list(DadoBancario) }) },
  errors: adminErrors,
});

export const addBankAccount = defineRoute({
  method: "POST",
  url: "/ponto-atendimento/add-dado-bancario",
  summary: "Adds a bank/PIX record (selecting it unselects the others and holds the payouts until the central confirms); audited.",
  access: "point-admin",
  body: bankBody,
  response: { 200: Message },
  errors: bankErrors,
});

export const editBankAccount = defineRoute({
  method: "POST",
  url: "/ponto-atendimento/edit-dado-bancario",
  summary: "Changes a bank/PIX record (a change of the payee holds the payouts until the central confirms); audited.",
  access: "point-admin",
  body: bankBody,
  response: { 200: Message },
  errors: bankErrors,
});

export const deleteBankAccount = defineRoute({
  method: "POST",
  url: "/ponto-atendimento/delete-dado-bancario",
  summary: "Deletes a bank/PIX record (the selected one holds the payouts); audited.",
  access: "point-admin",
  body: bankBody,
  response: { 200: Message },
  errors: { 403: adminErrors[403], 404: "not this point's bank record" },
});

// ---- Registration data and opening hours ---------------------------------------------------------------------------------

const hours = (what: string) => strOrNull(`${what}: 1970-01-01THH:mm:00.000Z (the time on a fixed UTC date); null when closed`);

export const DadosCadastrais = obj({
  IdPontoAtendimento: str(),
  Cnpj: str("masked: 11.222.333/0001-81"),
  RazaoSocial: str("company name"),
  InscricaoEstadual: strOrNull(),
  QtdeElevadores: int("lifts: how many orders the point serves at one time"),
  EnderecoCep: strOrNull("masked: 51020-000"),
  Endereco: strOrNull(),
  EnderecoCidade: strOrNull(),
  EnderecoUf: strOrNull("two upper-case letters"),
  EnderecoComplemento: strOrNull(),
  EnderecoBairro: strOrNull(),
  Descricao: str("trade name"),
  SegSexInicio: hours("Monday to Friday, opening"),
  SegSexFim: hours("Monday to Friday, closing"),
  SabadoInicio: hours("Saturdays, opening"),
  SabadoFim: hours("Saturdays, closing"),
  DomingoInicio: hours("Sundays, opening"),
  DomingoFim: hours("Sundays, closing"),
  FeriadoInicio: hours("holidays, opening"),
  FeriadoFim: hours("holidays, closing"),
});

export const getRegistration = defineRoute({
  method: "GET",
  url: "/ponto-atendimento/dados-cadastrais/:idPontoAtendimento",
  summary: "The point's registration data and opening hours (read by every user of the point).",
  access: "point",
  params: params("idPontoAtendimento"),
  response: { 200: obj({ success: literal(true), data: DadosCadastrais }) },
  errors: { 404: "another point's id" },
});

/** A text or time field of the flat body: a string (times as "1970-01-01THH:mm:00.000Z" or "HH:mm"; "" or null: closed) or null. */
const field = () => Type.Optional(nullableText(MAX.text));

export const updateRegistration = defineRoute({
  method: "POST",
  url: "/ponto-atendimento/atualizar-dados-cadastrais",
  summary: "Changes the fields sent of the point's registration data and hours (CNPJ or company name hold the payouts); audited.",
  access: "point-admin",
  // The flat data object itself; only the fields present are changed.
  body: Type.Object({
    IdPontoAtendimento: idText,
    Cnpj: field(),
    EnderecoCep: field(),
    Endereco: field(),
    EnderecoCidade: field(),
    EnderecoUf: field(),
    EnderecoComplemento: field(),
    EnderecoBairro: field(),
    RazaoSocial: field(),
    // Sent as a string by the original client; null stays null so the handler answers it with its own message.
    QtdeElevadores: Type.Optional(Type.Unsafe<number | string | null>({ type: ["integer", "string", "null"], maxLength: MAX.short })),
    InscricaoEstadual: field(),
    Descricao: field(),
    SegSexInicio: field(),
    SegSexFim: field(),
    SabadoInicio: field(),
    SabadoFim: field(),
    DomingoInicio: field(),
    DomingoFim: field(),
    FeriadoInicio: field(),
    FeriadoFim: field(),
  }),
  response: { 200: Message },
  errors: {
    400: "no field sent, a required field empty, an invalid CNPJ, CEP, UF, lift count or time, or a day's hours out of order",
    ...adminErrors,
  },
});

export type DadoBancario = Static<typeof DadoBancario>;
export type DadosCadastrais = Static<typeof DadosCadastrais>;
export type RegistrationBody = Static<typeof updateRegistration.body>;
export type BankBody = Static<typeof bankBody>;
