// The FEBRABAN CNAB 240 "remessa de pagamentos" (PIX and TED/credit in account to suppliers) of a payment batch: one transfer
// per beneficiary, in lots by kind of transfer, every line 240 characters (pure TS: runs in the browser on export and in tests).
//
// Layout source: FEBRABAN, "Layout Padrão de Arquivos — CNAB 240 posições", version 10.11 (Pagamentos: Títulos de Cobrança,
// Crédito em Conta, TED e PIX), records 0 (header de arquivo), 1 (header de lote), 3 segments A and B (PIX transfer by key:
// segment B positions 015-017 forma de iniciação and 128-226 chave), 5 (trailer de lote) and 9 (trailer de arquivo). Field
// names below follow the manual's; positions are 1-based and inclusive, as the manual writes them. Numeric fields ("N") are
// right-aligned and zero-filled; alphanumeric ones ("A") left-aligned, space-filled, upper case, without accents. Each bank
// homologates the file with its own variations (convênio format, optional fields): the payer's data come from its contract.
// No maintained npm library writes the payment (not collection) layout; this one is checked by an independent reader in tests.

/** The paying company (the program) and its account at the bank that receives the file. */
export interface CnabPayer {
  /** COMPE code of the payer's bank, 3 digits ("341"). */
  bankCode: string;
  bankName: string;
  /** CNPJ, 14 digits (punctuation ignored). */
  document: string;
  name: string;
  /** The payment agreement (convênio) code the bank gave the company, up to 20 characters. */
  agreement: string;
  /** Agency, up to 5 digits, and its check digit (may be empty). */
  agency: string;
  agencyDigit: string;
  /** Account, up to 12 digits, and its check digit. */
  account: string;
  accountDigit: string;
}

export type PixKeyType = "CPF" | "CNPJ" | "EMAIL" | "TELEFONE" | "CHAVE_ALEATORIA";

/** One transfer: a beneficiary's payouts summed (the rows' ids go in the caller's informative text). */
export interface CnabTransfer {
  name: string;
  /** The beneficiary's CPF (11 digits) or CNPJ (14 digits); punctuation ignored. */
  document: string;
  /** BRL, to the cent. */
  amount: number;
  /** "Seu número": the company's id of this transfer, up to 20 characters (returned by the bank in its answer file). */
  yourNumber: string;
  /** Free text to the beneficiary (the OS numbers): 40 characters in segment A, 60 in a PIX segment B. */
  info: string;
  pix?: { type: PixKeyType; key: string };
  bank?: { code: string; agency: string; agencyDigit: string; account: string; accountDigit: string; savings: boolean };
}

export interface CnabOptions {
  /** yyyy-MM-dd, the day the bank should pay. */
  paymentDate: string;
  /** The file's generation time on Brasília's wall clock: yyyy-MM-dd and HH:mm:ss. */
  generatedDate: string;
  generatedTime: string;
  /** NSA, the file's sequence number at the company (1..999999). */
  fileNumber: number;
}

export class CnabError extends Error {}

const LINE = 240;
/** Versions of the layout this file declares: 10.11 (file 103, lot 046 for payments). */
export const FILE_LAYOUT_VERSION = "103";
export const LOT_LAYOUT_VERSION = "046";

/** Kinds of transfer ("forma de lançamento", header de lote 012-013) and their clearing house (segment A 018-020). */
export const LAUNCH = {
  /** Credit in a checking account at the payer's own bank. */
  sameBankChecking: { code: "01", chamber: "000" },
  /** Credit in a savings account at the payer's own bank. */
  sameBankSavings: { code: "05", chamber: "000" },
  /** TED to another holder at another bank (STR). */
  ted: { code: "41", chamber: "018" },
  /** PIX transfer (SPI). */
  pix: { code: "45", chamber: "009" },
} as const;
type Launch = (typeof LAUNCH)[keyof typeof LAUNCH];

/** PIX "forma de iniciação" (segment B 015-017) per key type. */
const PIX_INITIATION: Record<PixKeyType, string> = { TELEFONE: "01", EMAIL: "02", CPF: "03", CNPJ: "03", CHAVE_ALEATORIA: "04" };

const digits = (v: string) => v.replace(/\D/g, "");

/** Upper-case ASCII: accents dropped (Ç -> C), anything else outside the bank's character set becomes a space. */
export function cnabText(v: string): string {
  return v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9 .,\-/&@_]/g, " ");
}

/** Alphanumeric field: left-aligned, space-filled, cut at `size`. */
export const alpha = (v: string, size: number) => cnabText(v).slice(0, size).padEnd(size, " ");
/** Numeric field: right-aligned, zero-filled; a value longer than the field is refused (it would change the number). */
export function num(v: string | number, size: number, field = "campo"): string {
  const d = typeof v === "number" ? String(Math.trunc(v)) : digits(v);
  if (d.length > size) throw new CnabError(`O ${field} tem mais de ${size} dígitos.`);
  return d.padStart(size, "0");
}
const blank = (size: number) => " ".repeat(size);
/** A BRL amount in cents, zero-filled. */
const cents = (amount: number, size: number) => num(Math.round(amount * 100), size, "valor");
/** yyyy-MM-dd -> DDMMAAAA. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
const personType = (doc: string) => (digits(doc).length === 14 ? "2" : "1");

/** Joins fields and checks the record is exactly 240 characters (a wrong size would shift every later field). */
function record(parts: string[], what: string): string {
  const line = parts.join("");
  if (line.length !== LINE) throw new Error(`CNAB 240: ${what} com ${line.length} posições`);
  return line;
}

/** The PIX key as the directory keys it: documents as digits, a phone as +55DDDNÚMERO, e-mail and random keys as written. */
export function pixKeyText(type: PixKeyType, key: string): string {
  if (type === "CPF" || type === "CNPJ") return digits(key);
  if (type === "TELEFONE") {
    const d = digits(key);
    return `+${d.startsWith("55") && d.length > 11 ? d : `55${d}`}`;
  }
  return key.trim();
}

/** Which lot a transfer goes in: PIX by key, a credit at the payer's bank, or a TED to another bank. */
export function launchOf(t: CnabTransfer, payerBank: string): Launch {
  if (t.pix) return LAUNCH.pix;
  if (!t.bank) throw new CnabError(`${t.name}: sem chave PIX nem conta bancária.`);
  if (t.bank.code === payerBank) return t.bank.savings ? LAUNCH.sameBankSavings : LAUNCH.sameBankChecking;
  return LAUNCH.ted;
}

function checkPayer(p: CnabPayer) {
  if (!/^\d{3}$/.test(p.bankCode)) throw new CnabError("Informe o código do banco pagador com 3 dígitos (ex.: 341).");
  if (digits(p.document).length !== 14) throw new CnabError("Informe o CNPJ da empresa pagadora (14 dígitos).");
  if (!p.name.trim()) throw new CnabError("Informe o nome da empresa pagadora.");
  if (!digits(p.agency) || digits(p.agency).length > 5) throw new CnabError("Informe a agência da conta pagadora (até 5 dígitos).");
  if (!digits(p.account) || digits(p.account).length > 12) throw new CnabError("Informe a conta pagadora (até 12 dígitos).");
  if (p.agreement.length > 20) throw new CnabError("O convênio tem no máximo 20 caracteres.");
}

function checkTransfer(t: CnabTransfer) {
  if (!(t.amount > 0)) throw new CnabError(`${t.name}: valor da transferência deve ser maior que zero.`);
  const doc = digits(t.document).length;
  if (doc !== 11 && doc !== 14) throw new CnabError(`${t.name}: CPF ou CNPJ do favorecido inválido.`);
  if (t.pix && pixKeyText(t.pix.type, t.pix.key).length > 99) throw new CnabError(`${t.name}: chave PIX longa demais.`);
  if (t.bank && !/^\d{3}$/.test(t.bank.code)) throw new CnabError(`${t.name}: banco do favorecido sem código de 3 dígitos.`);
}

/** 0 — Header de arquivo. */
function fileHeader(p: CnabPayer, o: CnabOptions) {
  return record(
    [
      num(p.bankCode, 3), // 001-003 código do banco na compensação
      "0000", // 004-007 lote de serviço
      "0", // 008 tipo de registro
      blank(9), // 009-017 uso exclusivo FEBRABAN
      "2", // 018 tipo de inscrição da empresa (2 = CNPJ)
      num(p.document, 14, "CNPJ"), // 019-032 número de inscrição da empresa
      alpha(p.agreement, 20), // 033-052 código do convênio no banco
      num(p.agency, 5, "agência"), // 053-057 agência mantenedora da conta
      alpha(p.agencyDigit, 1), // 058 dígito verificador da agência
      num(p.account, 12, "conta"), // 059-070 número da conta corrente
      alpha(p.accountDigit, 1), // 071 dígito verificador da conta
      blank(1), // 072 dígito verificador da agência/conta
      alpha(p.name, 30), // 073-102 nome da empresa
      alpha(p.bankName, 30), // 103-132 nome do banco
      blank(10), // 133-142 uso exclusivo FEBRABAN
      "1", // 143 código remessa (1) / retorno (2)
      ddmmyyyy(o.generatedDate), // 144-151 data de geração do arquivo
      num(o.generatedTime, 6, "hora"), // 152-157 hora de geração (HHMMSS)
      num(o.fileNumber, 6, "número do arquivo"), // 158-163 número sequencial do arquivo (NSA)
      FILE_LAYOUT_VERSION, // 164-166 número da versão do layout do arquivo
      "00000", // 167-171 densidade de gravação
      blank(20), // 172-191 para uso reservado do banco
      blank(20), // 192-211 para uso reservado da empresa
      blank(29), // 212-240 uso exclusivo FEBRABAN
    ],
    "header de arquivo",
  );
}

/** 1 — Header de lote (pagamento a fornecedores, crédito). */
function lotHeader(p: CnabPayer, lot: number, launch: Launch) {
  return record(
    [
      num(p.bankCode, 3), // 001-003 banco
      num(lot, 4), // 004-007 lote de serviço
      "1", // 008 tipo de registro
      "C", // 009 tipo da operação (C = lançamento a crédito)
      "20", // 010-011 tipo do serviço (20 = pagamento a fornecedor)
      launch.code, // 012-013 forma de lançamento
      LOT_LAYOUT_VERSION, // 014-016 versão do layout do lote
      blank(1), // 017 uso exclusivo FEBRABAN
      "2", // 018 tipo de inscrição da empresa
      num(p.document, 14, "CNPJ"), // 019-032 número de inscrição
      alpha(p.agreement, 20), // 033-052 convênio
      num(p.agency, 5, "agência"), // 053-057 agência
      alpha(p.agencyDigit, 1), // 058 DV agência
      num(p.account, 12, "conta"), // 059-070 conta
      alpha(p.accountDigit, 1), // 071 DV conta
      blank(1), // 072 DV agência/conta
      alpha(p.name, 30), // 073-102 nome da empresa
      blank(40), // 103-142 mensagem
      blank(30), // 143-172 logradouro
      "00000", // 173-177 número
      blank(15), // 178-192 complemento
      blank(20), // 193-212 cidade
      "00000", // 213-217 CEP
      blank(3), // 218-220 complemento do CEP
      blank(2), // 221-222 estado
      "01", // 223-224 indicativo da forma de pagamento do serviço (01 = débito em conta corrente)
      blank(6), // 225-230 uso exclusivo FEBRABAN
      blank(10), // 231-240 ocorrências (retorno)
    ],
    "header de lote",
  );
}

/** 3 A — the transfer: beneficiary's account (zeros for a PIX by key), name, date and amount. */
function segmentA(p: CnabPayer, lot: number, seq: number, t: CnabTransfer, launch: Launch, o: CnabOptions) {
  const b = t.pix ? undefined : t.bank;
  return record(
    [
      num(p.bankCode, 3), // 001-003 banco
      num(lot, 4), // 004-007 lote
      "3", // 008 tipo de registro (detalhe)
      num(seq, 5), // 009-013 número sequencial do registro no lote
      "A", // 014 código de segmento
      "0", // 015 tipo de movimento (0 = inclusão)
      "00", // 016-017 código da instrução para movimento (00 = inclusão de registro detalhe liberado)
      launch.chamber, // 018-020 código da câmara centralizadora
      num(b?.code ?? "", 3), // 021-023 banco do favorecido
      num(b?.agency ?? "", 5, "agência"), // 024-028 agência do favorecido
      alpha(b?.agencyDigit ?? "", 1), // 029 DV agência
      num(b?.account ?? "", 12, "conta"), // 030-041 conta do favorecido
      alpha(b?.accountDigit ?? "", 1), // 042 DV conta
      blank(1), // 043 DV agência/conta
      alpha(t.name, 30), // 044-073 nome do favorecido
      alpha(t.yourNumber, 20), // 074-093 seu número (número do documento atribuído pela empresa)
      ddmmyyyy(o.paymentDate), // 094-101 data do pagamento
      "BRL", // 102-104 tipo da moeda
      num(0, 15), // 105-119 quantidade da moeda
      cents(t.amount, 15), // 120-134 valor do pagamento
      blank(20), // 135-154 nosso número (atribuído pelo banco)
      num(0, 8), // 155-162 data real da efetivação (retorno)
      num(0, 15), // 163-177 valor real da efetivação (retorno)
      alpha(t.info, 40), // 178-217 outras informações
      blank(2), // 218-219 complemento tipo de serviço (finalidade do DOC)
      launch === LAUNCH.ted ? "00005" : blank(5), // 220-224 finalidade da TED (00005 = pagamento a fornecedores)
      blank(2), // 225-226 complemento de finalidade do pagamento
      blank(3), // 227-229 uso exclusivo FEBRABAN
      "0", // 230 aviso ao favorecido (0 = não emite)
      blank(10), // 231-240 ocorrências (retorno)
    ],
    "segmento A",
  );
}

/** 3 B — the beneficiary's registration; for a PIX, the key and how it is given. */
function segmentB(p: CnabPayer, lot: number, seq: number, t: CnabTransfer) {
  const head = [num(p.bankCode, 3), num(lot, 4), "3", num(seq, 5), "B"]; // 001-014 as in segment A, segment B
  if (t.pix) {
    return record(
      [
        ...head,
        alpha(PIX_INITIATION[t.pix.type], 3), // 015-017 forma de iniciação (01 telefone, 02 e-mail, 03 CPF/CNPJ, 04 aleatória)
        personType(t.document), // 018 tipo de inscrição do favorecido (1 CPF, 2 CNPJ)
        num(t.document, 14, "CPF/CNPJ"), // 019-032 número de inscrição do favorecido
        blank(35), // 033-067 TXID (only for a QR code payment)
        alpha(t.info, 60), // 068-127 informação entre usuários
        // 128-226 chave PIX: written as the directory keys it (an e-mail keeps its case), not through alpha().
        pixKeyText(t.pix.type, t.pix.key).padEnd(99, " "),
        blank(6), // 227-232 uso exclusivo FEBRABAN
        num(0, 8), // 233-240 código ISPB (not needed with a key)
      ],
      "segmento B (PIX)",
    );
  }
  return record(
    [
      ...head,
      blank(3), // 015-017 uso exclusivo FEBRABAN
      personType(t.document), // 018 tipo de inscrição do favorecido
      num(t.document, 14, "CPF/CNPJ"), // 019-032 número de inscrição do favorecido
      blank(30), // 033-062 logradouro
      "00000", // 063-067 número
      blank(15), // 068-082 complemento
      blank(15), // 083-097 bairro
      blank(20), // 098-117 cidade
      "00000", // 118-122 CEP
      blank(3), // 123-125 complemento do CEP
      blank(2), // 126-127 estado
      num(0, 8), // 128-135 data do vencimento
      cents(t.amount, 15), // 136-150 valor do documento
      num(0, 15), // 151-165 valor do abatimento
      num(0, 15), // 166-180 valor do desconto
      num(0, 15), // 181-195 valor da mora
      num(0, 15), // 196-210 valor da multa
      blank(15), // 211-225 código/documento do favorecido
      "0", // 226 aviso ao favorecido
      num(0, 6), // 227-232 código UG centralizadora (SIAPE)
      num(0, 8), // 233-240 código ISPB
    ],
    "segmento B",
  );
}

/** 5 — Trailer de lote: its records (header and trailer included) and the sum of its amounts. */
function lotTrailer(p: CnabPayer, lot: number, records: number, total: number) {
  return record(
    [
      num(p.bankCode, 3), // 001-003 banco
      num(lot, 4), // 004-007 lote
      "5", // 008 tipo de registro
      blank(9), // 009-017 uso exclusivo FEBRABAN
      num(records, 6), // 018-023 quantidade de registros do lote
      cents(total, 18), // 024-041 somatória dos valores
      num(0, 18), // 042-059 somatória de quantidade de moedas
      num(0, 6), // 060-065 número do aviso de débito
      blank(165), // 066-230 uso exclusivo FEBRABAN
      blank(10), // 231-240 ocorrências (retorno)
    ],
    "trailer de lote",
  );
}

/** 9 — Trailer de arquivo: its lots and every record of the file. */
function fileTrailer(p: CnabPayer, lots: number, records: number) {
  return record(
    [
      num(p.bankCode, 3), // 001-003 banco
      "9999", // 004-007 lote de serviço
      "9", // 008 tipo de registro
      blank(9), // 009-017 uso exclusivo FEBRABAN
      num(lots, 6), // 018-023 quantidade de lotes do arquivo
      num(records, 6), // 024-029 quantidade de registros do arquivo
      num(0, 6), // 030-035 quantidade de contas para conciliação
      blank(205), // 036-240 uso exclusivo FEBRABAN
    ],
    "trailer de arquivo",
  );
}

/**
 * The remessa: a lot per kind of transfer (PIX, TED, credit at the payer's bank), each transfer a segment A and a segment B;
 * lines end in CR LF, as the banks' systems read them. Throws CnabError (pt-BR) on data a bank would refuse.
 */
export function cnab240(payer: CnabPayer, transfers: readonly CnabTransfer[], o: CnabOptions): string {
  checkPayer(payer);
  if (transfers.length === 0) throw new CnabError("Nenhuma transferência para gerar o arquivo.");
  transfers.forEach(checkTransfer);
  const byLaunch = new Map<Launch, CnabTransfer[]>();
  for (const t of transfers) {
    const launch = launchOf(t, payer.bankCode);
    byLaunch.set(launch, [...(byLaunch.get(launch) ?? []), t]);
  }
  const lines = [fileHeader(payer, o)];
  let lot = 0;
  for (const [launch, list] of byLaunch) {
    lot += 1;
    lines.push(lotHeader(payer, lot, launch));
    let seq = 0;
    for (const t of list) {
      lines.push(segmentA(payer, lot, ++seq, t, launch, o));
      lines.push(segmentB(payer, lot, ++seq, t));
    }
    const total = list.reduce((n, t) => n + Math.round(t.amount * 100), 0) / 100;
    lines.push(lotTrailer(payer, lot, seq + 2, total));
  }
  lines.push(fileTrailer(payer, lot, lines.length + 1));
  return `${lines.join("\r\n")}\r\n`;
}

/** COMPE codes of the banks most points use, for a bank recorded by name ("Itaú") rather than "341 - Itaú". */
const BANK_CODES: [RegExp, string][] = [
  [/BANCO DO BRASIL|^BB$/, "001"],
  [/BRADESCO/, "237"],
  [/ITAU/, "341"],
  [/CAIXA|^CEF$/, "104"],
  [/SANTANDER/, "033"],
  [/NUBANK|NU PAGAMENTOS/, "260"],
  [/INTER/, "077"],
  [/SICOOB/, "756"],
  [/SICREDI/, "748"],
  [/BANRISUL/, "041"],
  [/C6/, "336"],
  [/BTG/, "208"],
  [/SAFRA/, "422"],
  [/ORIGINAL/, "212"],
  [/PAGSEGURO|PAGBANK/, "290"],
  [/MERCADO PAGO/, "323"],
  [/BANCO DO NORDESTE|^BNB$/, "004"],
];

/** The bank's 3-digit COMPE code from how the point wrote its bank ("341 - Itaú", "Itaú Unibanco"); null when unknown. */
export function bankCodeOf(bank: string | null | undefined): string | null {
  if (!bank) return null;
  const lead = /^\s*(\d{3})\b/.exec(bank);
  if (lead) return lead[1]!;
  const name = cnabText(bank).trim();
  return BANK_CODES.find(([re]) => re.test(name))?.[1] ?? null;
}

/** "12345-6" / "12345" -> number and check digit (the digit after the last dash; none without one). */
export function splitDigit(v: string | null | undefined): { number: string; digit: string } {
  const text = (v ?? "").trim();
  const m = /^(.*)-\s*([0-9Xx])$/.exec(text);
  return m ? { number: digits(m[1]!), digit: m[2]!.toUpperCase() } : { number: digits(text), digit: "" };
}
