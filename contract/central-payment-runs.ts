// The Central console's payment runs (issue 49): the paying accounts (bank profiles: the NSA sequence lives with each), a run
// of payable payouts from draft to the bank's return file (rascunho -> arquivo gerado -> enviado ao banco -> retorno
// importado; or cancelada with its reason), its CNAB 240 remessa generated on the server, the return file imported, and the
// journal of money actions (schemas shared by server and client; the client imports types only).
import { Type, type Static } from "typebox";
import { int, list, literal, nonBlank, num, numOrNull, obj, oneOf, str, strOrNull } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { IdParams, ISO_DATE } from "./central-approvals.ts";
import { Payee, Payout } from "./central-payments.ts";
import { FileAnswers } from "./uploads.ts";

/**
 * The layouts a paying account is added with (src/domain/cnab240.ts writes each). Caixa (104) takes its agreement's commitment
 * code and transmission parameter, and its runs number their transfers with digits only (at most 6).
 */
export const LAYOUTS = ["febraban", "001", "341", "237", "033", "104"] as const;
/** A run's file: all its transfers, or (Itaú SISPAG, Bradesco Multipag) its PIX transfers or its transfers to accounts. */
export const FILE_KINDS = ["todas", "pix", "conta"] as const;

/** A paying account of the program: the bank that receives the remessa, its agreement, and the file sequence (NSA). */
export const BankProfile = obj({
  IdContaPagadora: str(),
  Nome: str("a label the clerks choose it by"),
  CodigoBanco: str("COMPE code, 3 digits"),
  NomeBanco: str(),
  Layout: oneOf([...LAYOUTS], "the bank's variant of CNAB 240 the remessa is written in"),
  Convenio: str("the payment agreement code the bank gave the company"),
  Agencia: str(),
  DigitoAgencia: str(),
  Conta: str(),
  DigitoConta: str(),
  RazaoSocial: str("the paying company"),
  Cnpj: str("the paying company's CNPJ, 14 digits"),
  Logradouro: str(),
  Numero: str(),
  Complemento: str(),
  Cidade: str(),
  Cep: str("8 digits"),
  Uf: str("2 letters"),
  CodigoCompromisso: str("Caixa (104) only: the agreement's commitment code, up to 4 digits; empty for other layouts"),
  ParametroTransmissao: str("Caixa (104) only: the agreement's transmission parameter, 2 characters; empty for other layouts"),
  UltimoNsa: int("the last file sequence number (NSA) taken; the next file gets the next one"),
});

const short = (max: number, pattern?: string) => Type.String({ maxLength: max, ...(pattern ? { pattern } : {}) });

export const BankProfileInput = Type.Object({
  Nome: nonBlank(60),
  CodigoBanco: short(3, "^\\d{3}$"),
  NomeBanco: nonBlank(30),
  Layout: Type.Union([
    Type.Literal("febraban"),
    Type.Literal("001"),
    Type.Literal("341"),
    Type.Literal("237"),
    Type.Literal("033"),
    Type.Literal("104"),
  ]),
  Convenio: nonBlank(20),
  Agencia: short(5, "^\\d{1,5}$"),
  DigitoAgencia: short(1, "^[0-9A-Za-z]?$"),
  Conta: short(12, "^\\d{1,12}$"),
  DigitoConta: short(1, "^[0-9A-Za-z]?$"),
  RazaoSocial: nonBlank(30),
  Cnpj: short(18),
  Logradouro: nonBlank(30),
  Numero: short(5),
  Complemento: short(15),
  Cidade: nonBlank(20),
  Cep: short(9, "^\\d{5}-?\\d{3}$"),
  Uf: short(2, "^[A-Za-z]{2}$"),
  /** Caixa (104) requires both (the layout's rules are checked by writing a probe file); ignored for other layouts. */
  CodigoCompromisso: Type.Optional(short(4, "^\\d{0,4}$")),
  ParametroTransmissao: Type.Optional(short(2, "^[0-9A-Za-z]{0,2}$")),
});

export const RUN_STATES = ["rascunho", "arquivo_gerado", "enviado", "retorno_importado", "cancelada"] as const;
export const TRANSFER_STATES = ["pendente", "pago", "rejeitado"] as const;

/** One file of a run, once generated: its NSA, what it carries, its name when downloaded. */
export const RunFile = obj({
  Parte: int("1, or 2 for the second file of a run its layout splits"),
  Nsa: int("the file's sequence number at the paying account"),
  Conteudo: oneOf([...FILE_KINDS], "todas: every transfer; pix: the PIX transfers; conta: the transfers to accounts (TED, same bank)"),
  Transferencias: int(),
  NomeArquivo: str(),
});

/** A payment run: its state, its files' identity once generated, who did each step and when. */
export const PaymentRun = obj({
  IdRemessa: str(),
  Numero: int("the run's number; each transfer's 'seu número' is R<number>-<transfer> (Caixa: a number of up to 6 digits)"),
  Status: oneOf([...RUN_STATES]),
  IdContaPagadora: str(),
  ContaPagadora: str("the paying account's label"),
  DataPagamento: str("yyyy-MM-dd, the day the bank should pay"),
  Nsa: numOrNull("the (first) file's sequence number at the paying account; null until its file is generated"),
  /** The run's files once generated: one, or two where the layout takes PIX in a file of its own. */
  Arquivos: list(RunFile),
  Transferencias: int("one per point"),
  Repasses: int(),
  Total: num("BRL"),
  Pagas: int("transfers the bank's return file says were paid"),
  Rejeitadas: int("transfers the bank rejected (their payouts are payable again)"),
  CriadaPor: str(),
  CriadaEm: str("ISO instant"),
  GeradaPor: strOrNull(),
  GeradaEm: strOrNull("ISO instant of the file's generation (the file's own date and time)"),
  EnviadaPor: strOrNull(),
  EnviadaEm: strOrNull(),
  RetornoImportadoEm: strOrNull(),
  CanceladaPor: strOrNull(),
  CanceladaEm: strOrNull(),
  MotivoCancelamento: strOrNull(),
});

/** One transfer of a run: a point's payouts summed, paid to what the point's data was when the run was made. */
export const PaymentTransfer = obj({
  IdTransferencia: str(),
  SeuNumero: str("the company's id of the transfer in the remessa and in the bank's return file"),
  IdPontoAtendimento: str(),
  NomeFantasia: str(),
  Valor: num("BRL"),
  Status: oneOf([...TRANSFER_STATES]),
  NossoNumero: strOrNull("the bank's own id of the transfer, from its return file"),
  Ocorrencias: strOrNull("the return file's occurrence codes"),
  Motivo: strOrNull("why the bank rejected it, in pt-BR"),
  DataEfetivacao: strOrNull("yyyy-MM-dd, the day the bank paid it"),
  Favorecido: Payee,
  NumerosOS: list(int()),
  Arquivo: numOrNull("the part of the run's file it travels in (RunFile.Parte); null until generated"),
  Comprovante: strOrNull("the proof's original file name; null without a proof"),
});

export const RunQuery = Type.Object({
  status: Type.Optional(
    Type.Union([
      Type.Literal("rascunho"),
      Type.Literal("arquivo_gerado"),
      Type.Literal("enviado"),
      Type.Literal("retorno_importado"),
      Type.Literal("cancelada"),
    ]),
  ),
});

export const listBankProfiles = defineRoute({
  method: "GET",
  url: "/central/pagamentos/contas-pagadoras",
  summary: "The program's paying accounts (bank profiles), each with its last NSA.",
  access: "central",
  response: { 200: obj({ data: list(BankProfile) }) },
});

export const createBankProfile = defineRoute({
  method: "POST",
  url: "/central/pagamentos/contas-pagadoras",
  summary: "Adds a paying account (payer or admin).",
  access: "central",
  body: BankProfileInput,
  response: { 200: obj({ success: literal(true), message: str(), data: BankProfile }) },
  errors: { 400: "an invalid CNPJ or field", 403: "an approver", 409: "a paying account with that name already exists" },
});

export const listRuns = defineRoute({
  method: "GET",
  url: "/central/pagamentos/remessas",
  summary: "The payment runs, newest first (at most 200), by state.",
  access: "central",
  querystring: RunQuery,
  response: { 200: obj({ data: list(PaymentRun) }) },
});

export const createRun = defineRoute({
  method: "POST",
  url: "/central/pagamentos/remessas",
  summary:
    "A draft run of the selected payouts, to be paid on a date from a paying account: all or nothing, only payouts payable on that date (pending, not held, executed by then, in no other run); they are locked to it.",
  access: "central",
  body: Type.Object({
    ids: Type.Array(Type.String({ maxLength: 36 }), { minItems: 1, maxItems: 1000 }),
    dataPagamento: Type.String({ pattern: ISO_DATE }),
    idContaPagadora: Type.String({ maxLength: 36 }),
  }),
  response: { 200: obj({ success: literal(true), message: str(), data: PaymentRun }) },
  errors: {
    400: "a past date, or a payout executed after the date",
    403: "an approver",
    404: "an unknown payout or paying account",
    409: "a payout paid, held, or in another run (nothing is taken)",
  },
});

export const getRun = defineRoute({
  method: "GET",
  url: "/central/pagamentos/remessas/:id",
  summary: "One run with its transfers and each transfer's OS numbers.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ data: PaymentRun, transferencias: list(PaymentTransfer), repasses: list(Payout) }) },
  errors: { 404: "an unknown run" },
});

export const generateRunFile = defineRoute({
  method: "POST",
  url: "/central/pagamentos/remessas/:id/gerar",
  summary:
    "Generates the run's remessa: the paying account's next NSA (a database sequence per account: two clerks never take the same one) and the payees as they are now; again, the same NSA and 'seu número' per transfer.",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: obj({ success: literal(true), message: str(), data: PaymentRun }) },
  errors: {
    403: "an approver",
    404: "an unknown run",
    409: "a cancelled run, a point held since the draft, or a payment date already past",
  },
});

export const downloadRunFile = defineRoute({
  method: "GET",
  url: "/central/pagamentos/remessas/:id/arquivo",
  summary:
    "The run's CNAB 240 remessa (text/plain attachment, CRLF), the same bytes each time; `parte=2` the second file of a run its layout splits (PIX apart).",
  access: "central",
  params: IdParams,
  querystring: Type.Object({ parte: Type.Optional(Type.Union([Type.Literal("1"), Type.Literal("2")])) }),
  response: {
    200: Type.Unsafe<unknown>({
      description:
        "the remessa's text: Content-Type text/plain; charset=us-ascii, Content-Disposition attachment, lines of 240 characters ending CRLF",
    }),
  },
  errors: { 403: "an approver", 404: "an unknown run, or no such file", 409: "its file was not generated yet, or the run was cancelled" },
});

export const markRunSent = defineRoute({
  method: "POST",
  url: "/central/pagamentos/remessas/:id/enviar",
  summary: "Records that the run's file was sent to the bank (by whom, when).",
  access: "central",
  params: IdParams,
  body: Type.Unknown(),
  response: { 200: obj({ success: literal(true), message: str(), data: PaymentRun }) },
  errors: { 403: "an approver", 404: "an unknown run", 409: "its file was not generated, or it was already sent or cancelled" },
});

export const cancelRun = defineRoute({
  method: "POST",
  url: "/central/pagamentos/remessas/:id/cancelar",
  summary: "Cancels a run not yet sent to the bank, with a required reason: its payouts are payable again.",
  access: "central",
  params: IdParams,
  body: Type.Object({ motivo: nonBlank(500) }),
  response: { 200: obj({ success: literal(true), message: str(), data: PaymentRun }) },
  errors: { 400: "no reason", 403: "an approver", 404: "an unknown run", 409: "sent to the bank already" },
});

export const importReturn = defineRoute({
  method: "POST",
  url: "/central/pagamentos/retorno",
  summary:
    "Imports the bank's CNAB 240 return file (its text): each transfer named by its 'seu número' is marked paid (its payouts paid on the effective date) or rejected (its payouts payable again, with the reason). Importing the same file again changes nothing.",
  access: "central",
  body: Type.Object({
    nomeArquivo: Type.Optional(Type.String({ maxLength: 300 })),
    conteudo: Type.String({ minLength: 1, maxLength: 2_000_000, description: "the return file's text" }),
  }),
  response: {
    200: obj({
      success: literal(true),
      message: str(),
      pagas: int("transfers marked paid now"),
      rejeitadas: int("transfers marked rejected now"),
      jaImportadas: int("transfers already decided by an earlier import"),
      agendadas: int("transfers the bank only scheduled (BD…): still pending, a later return decides them"),
      desconhecidas: list(str("a 'seu número' of no run of ours")),
    }),
  },
  errors: { 400: "not a CNAB 240 return file, or one whose amounts differ from the runs'", 403: "an approver" },
});

export const uploadTransferProof = defineRoute({
  method: "POST",
  url: "/central/pagamentos/transferencias/:id/comprovante",
  summary: "Attaches (or replaces) a paid transfer's proof: multipart/form-data, part `file`, an image or a PDF.",
  access: "central",
  params: IdParams,
  response: { 200: obj({ success: literal(true), message: str(), Comprovante: str() }) },
  errors: {
    400: "not multipart, no part named file, or an empty file",
    403: "an approver",
    404: "an unknown transfer",
    409: "the transfer is not paid",
    413: "over the document size limit",
    415: "neither an image nor a PDF",
  },
});

export const getTransferProof = defineRoute({
  method: "GET",
  url: "/central/pagamentos/transferencias/:id/comprovante",
  summary: "A transfer's proof of payment (an attachment; Range, ETag/304).",
  access: "central",
  params: IdParams,
  response: FileAnswers,
  errors: { 404: "an unknown transfer, or one without a proof" },
});

/** One money action: who did what to which run, transfer or payout, when, with its note. */
export const JournalEntry = obj({
  Id: int(),
  Em: str("ISO instant"),
  Usuario: str(),
  IdUsuario: str(),
  Acao: str(
    "pagar, desfazer-pagamento, remessa-criada, arquivo-gerado, remessa-enviada, remessa-cancelada, retorno-importado, transferencia-paga, transferencia-rejeitada, incluido-em-remessa, retirado-de-remessa, pago-pelo-banco, rejeitado-pelo-banco, dados-pagamento-primeira-confirmacao, dados-pagamento-confirmados",
  ),
  Entidade: str(),
  IdEntidade: str(),
  IdPontoAtendimento: strOrNull(),
  NomeFantasia: strOrNull(),
  IdRemessa: strOrNull(),
  NumeroRemessa: numOrNull(),
  Antes: strOrNull(),
  Depois: strOrNull(),
  Observacao: strOrNull(),
});

export const JournalQuery = Type.Object({
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: 36 })),
  idUsuario: Type.Optional(Type.String({ maxLength: 36 })),
  idRemessa: Type.Optional(Type.String({ maxLength: 36 })),
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
});

export const listJournal = defineRoute({
  method: "GET",
  url: "/central/pagamentos/diario",
  summary: "The journal of money actions, newest first (at most 1000), by point, central user, run and period.",
  access: "central",
  querystring: JournalQuery,
  response: { 200: obj({ data: list(JournalEntry) }) },
  errors: { 400: "a date that is not a real calendar day" },
});

export type BankProfile = Static<typeof BankProfile>;
export type BankProfileInput = Static<typeof BankProfileInput>;
export type PaymentRun = Static<typeof PaymentRun>;
export type RunFile = Static<typeof RunFile>;
export type PaymentTransfer = Static<typeof PaymentTransfer>;
export type JournalEntry = Static<typeof JournalEntry>;
export type JournalFilter = Static<typeof JournalQuery>;
export type RunState = (typeof RUN_STATES)[number];
export type CnabLayoutCode = (typeof LAYOUTS)[number];
