// The FEBRABAN CNAB 240 "remessa de pagamentos" (PIX and TED/credit in account to suppliers) of a payment batch: one transfer
// per beneficiary, in lots by kind of transfer, every line 240 characters (pure TS: runs on the server, in the browser and in tests).
//
// Layout source: FEBRABAN, "Layout Padrão de Arquivos — CNAB 240 posições", version 10.11 (Pagamentos: Títulos de Cobrança,
// Crédito em Conta, TED e PIX), records 0 (header de arquivo), 1 (header de lote), 3 segments A and B (PIX transfer by key:
// segment B positions 015-017 forma de iniciação and 128-226 chave), 5 (trailer de lote) and 9 (trailer de arquivo). Field
// names below follow the manual's; positions are 1-based and inclusive, as the manual writes them. Numeric fields ("N") are
// right-aligned and zero-filled; alphanumeric ones ("A") left-aligned, space-filled, upper case, without accents.
//
// Banks homologate the file with their own variations. Each layout in CNAB_LAYOUTS is the FEBRABAN file with the fields its
// bank documents differently written over it ("patches" below, each with the public source it was read from); a bank whose
// variation could not be sourced keeps the FEBRABAN fields. No maintained npm library writes the payment (not collection)
// layout; every layout is checked by independent readers in tests/unit/cnab240.test.ts and cnab240-layouts.test.ts.

/** The layouts a payer's bank reads: the FEBRABAN standard or a bank's own variation of it. */
export type CnabLayout = "febraban" | "001" | "341" | "237" | "033" | "104";

/** The paying company's address, written in the lot header (FEBRABAN header de lote 143-222). */
export interface CnabAddress {
  street: string;
  number: string;
  complement?: string | null;
  city: string;
  /** CEP, 8 digits (punctuation ignored). */
  zip: string;
  /** UF, 2 letters. */
  state: string;
}

/** The paying company (the program) and its account at the bank that receives the file. */
export interface CnabPayer {
  /** COMPE code of the payer's bank, 3 digits ("341"). */
  bankCode: string;
  bankName: string;
  /** CNPJ, 14 digits (punctuation ignored). */
  document: string;
  name: string;
  /**
   * The payment agreement (convênio) code the bank gave the company, up to 20 characters. Banco do Brasil: the convênio
   * number, up to 9 digits; Caixa: the convênio code, up to 6 digits; Itaú SISPAG has no such field (ignored).
   */
  agreement: string;
  /** Agency, up to 5 digits, and its check digit (may be empty). */
  agency: string;
  agencyDigit: string;
  /** Account, up to 12 digits, and its check digit. */
  account: string;
  accountDigit: string;
  /** The layout the payer's bank reads (default "febraban"); a bank's layout needs that bank's code in `bankCode`. */
  layout?: CnabLayout;
  /** Written in the lot header; blank (and zeros) when absent. */
  address?: CnabAddress | null;
  /** Caixa (104) only: the "código do compromisso" (up to 4 digits) and "parâmetro de transmissão" (2) given with the convênio. */
  caixa?: { commitmentCode: string; transmissionParameter: string } | null;
}

export type PixKeyType = "CPF" | "CNPJ" | "EMAIL" | "TELEFONE" | "CHAVE_ALEATORIA";

/** One transfer: a beneficiary's payouts summed (the rows' ids go in the caller's informative text). */
export interface CnabTransfer {
  name: string;
  /** The beneficiary's CPF (11 digits) or CNPJ (14 digits); punctuation ignored. */
  document: string;
  /** BRL, to the cent. */
  amount: number;
  /** "Seu número": the company's id of this transfer, up to 20 characters (Caixa: up to 6 digits), returned by the bank. */
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
  /** A test file for the bank's homologation (Banco do Brasil "TS", Caixa ambiente "T"); other layouts have no such mark. */
  test?: boolean;
}

export class CnabError extends Error {}

const LINE = 240;
/** Versions of the FEBRABAN layout this file declares: 10.11 (file 103, lot 046 for payments). */
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

/** What a layout is, for the screen that picks it and for the code that writes and reads it. */
export interface CnabLayoutInfo {
  /** pt-BR name shown to the person choosing the layout. */
  label: string;
  /** The COMPE code of the bank whose layout this is; null for the FEBRABAN standard (any bank). */
  bankCode: string | null;
  /** Version of the file layout the header declares (Itaú: 015-017; the others: 164-166). */
  fileVersion: string;
  /** Version of the lot layout the lot headers declare (014-016). */
  lotVersion: string;
  /** PIX transfers must travel in a file of their own (see cnabFileGroups). */
  pixOwnFile: boolean;
  /** The layout has PIX transfers by key at all. */
  pix: boolean;
  /** Where the layout's deviations were read: "repository: file" of public sources (empty for the FEBRABAN standard). */
  sources: string[];
}

export const CNAB_LAYOUTS: Record<CnabLayout, CnabLayoutInfo> = {
  febraban: {
    label: "FEBRABAN 240 (padrão)",
    bankCode: null,
    fileVersion: FILE_LAYOUT_VERSION,
    lotVersion: LOT_LAYOUT_VERSION,
    pixOwnFile: false,
    pix: true,
    sources: [],
  },
  "001": {
    label: "Banco do Brasil (001)",
    bankCode: "001",
    // BB's remessa versions could not be sourced (its return sample says 050/030 for what it writes): the FEBRABAN ones.
    fileVersion: FILE_LAYOUT_VERSION,
    lotVersion: LOT_LAYOUT_VERSION,
    pixOwnFile: false,
    pix: true,
    sources: [
      "Romulogss/parser-retorno-cnab240bb: src/main/java/br/com/brvt/Modelo/HeaderCNAB240BB.java, HeaderLoteAB.java (BB, PgtVer03BB)",
      "Romulogss/parser-retorno-cnab240bb: documentação/CNAB240BB.ret (a BB payment return)",
    ],
  },
  "341": {
    label: "Itaú (341) SISPAG",
    bankCode: "341",
    fileVersion: "080",
    lotVersion: "040",
    pixOwnFile: true,
    pix: true,
    sources: [
      "eduardordm/cnab240: docs/vendor/itau/SISPAG_CNAB_240.pdf (Itaú, SISPAG CNAB240 versão 80)",
      "eduardordm/cnab240: lib/cnab240/arquivo/v80/header.rb, pagamentos/v80/header.rb, segmentos/v80/segmento_a.rb",
      "wlrsilveira/cnab-sispag: src/Infrastructure/Bank/Itau/Layout/*.php (SISPAG versão 086, PIX)",
    ],
  },
  "237": {
    label: "Bradesco (237) Multipag",
    bankCode: "237",
    fileVersion: "089",
    lotVersion: "045",
    pixOwnFile: true,
    pix: true,
    sources: [
      "GilvanMarques/convertepagamentos: Manuais/Multipag_Bradesco_PIX_240_posicoes.pdf (Bradesco, Multipag 240 Pix, versão 6, jul/2023)",
      "thiagosantos/bradesco-cnab240: docs/bradesco-layout-multipag.pdf (Bradesco, Multipag CNAB 240)",
    ],
  },
  "033": {
    label: "Santander (033)",
    bankCode: "033",
    fileVersion: "060",
    lotVersion: "031",
    pixOwnFile: false,
    pix: true,
    sources: ["DevCapere/OpenPagForPHP: src/resources/B033/retorno/L060/Registro0.php, Registro1.php, Registro3A.php, Registro9.php"],
  },
  "104": {
    label: "Caixa (104)",
    bankCode: "104",
    fileVersion: "080",
    lotVersion: "041",
    pixOwnFile: false,
    // The sourced layout (Caixa, leiaute v032 micro, fev/2024) has no PIX transfer by key (forma 45) in its payment lots.
    pix: false,
    sources: ["RJ-SMTR/api-cct: src/cnab/templates/cnab-240/104/** and src/cnab/enums/104/** (Caixa, leiaute v032 micro, fev/2024)"],
  },
};

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
  if (d.length > size) throw new CnabError(`${field[0]!.toUpperCase()}${field.slice(1)} com mais de ${size} dígitos.`);
  return d.padStart(size, "0");
}
const blank = (size: number) => " ".repeat(size);
const zeros = (size: number) => "0".repeat(size);
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

/** A field a bank writes differently from FEBRABAN: its 1-based inclusive positions and its content. */
type Patch = [from: number, to: number, value: string];

/** Writes a bank's fields over a FEBRABAN record; a value of the wrong size is a bug here, not the user's data. */
function patch(line: string, patches: readonly Patch[], what: string): string {
  let out = line;
  for (const [from, to, value] of patches) {
    if (value.length !== to - from + 1) throw new Error(`CNAB 240: ${what} ${from}-${to} com ${value.length} posições`);
    out = out.slice(0, from - 1) + value + out.slice(to);
  }
  return out;
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

/** The payer's layout, "febraban" when none is given. */
export const layoutOf = (payer: CnabPayer): CnabLayout => payer.layout ?? "febraban";

/**
 * The transfers as the files the payer's bank takes: one group, or two (PIX first, then the others) where the layout wants
 * PIX in a file of its own (Itaú SISPAG, Bradesco Multipag). Each group is one cnab240() call with its own NSA.
 */
export function cnabFileGroups(payer: CnabPayer, transfers: readonly CnabTransfer[]): CnabTransfer[][] {
  if (!CNAB_LAYOUTS[layoutOf(payer)]?.pixOwnFile) return [[...transfers]];
  const pix = transfers.filter((t) => t.pix);
  const others = transfers.filter((t) => !t.pix);
  return [pix, others].filter((g) => g.length > 0);
}

function checkPayer(p: CnabPayer) {
  const layout = layoutOf(p);
  const info = CNAB_LAYOUTS[layout];
  if (!info) throw new CnabError(`Leiaute CNAB desconhecido: "${layout}".`);
  if (!/^\d{3}$/.test(p.bankCode)) throw new CnabError("Informe o código do banco pagador com 3 dígitos (ex.: 341).");
  if (info.bankCode && p.bankCode !== info.bankCode)
    throw new CnabError(`O leiaute ${info.label} é do banco ${info.bankCode}, mas a conta pagadora é do banco ${p.bankCode}.`);
  if (digits(p.document).length !== 14) throw new CnabError("Informe o CNPJ da empresa pagadora (14 dígitos).");
  if (!p.name.trim()) throw new CnabError("Informe o nome da empresa pagadora.");
  if (!digits(p.agency) || digits(p.agency).length > 5) throw new CnabError("Informe a agência da conta pagadora (até 5 dígitos).");
  if (!digits(p.account) || digits(p.account).length > 12) throw new CnabError("Informe a conta pagadora (até 12 dígitos).");
  if (p.agreement.length > 20) throw new CnabError("O convênio tem no máximo 20 caracteres.");
  if (p.address) {
    const a = p.address;
    if (!a.street.trim() || !a.city.trim()) throw new CnabError("Informe o logradouro e a cidade do endereço da empresa pagadora.");
    if (digits(a.number).length > 5) throw new CnabError("O número do endereço da empresa pagadora tem no máximo 5 dígitos.");
    if (digits(a.zip).length !== 8) throw new CnabError("Informe o CEP da empresa pagadora com 8 dígitos.");
    if (!/^[A-Za-z]{2}$/.test(a.state.trim())) throw new CnabError("Informe a UF da empresa pagadora com 2 letras (ex.: PE).");
  }
  if (layout === "001" && !/^\d{1,9}$/.test(p.agreement.trim()))
    throw new CnabError("Para o Banco do Brasil, informe o número do convênio de pagamentos (até 9 dígitos).");
  if (layout === "341" && !/^\d$/.test(p.accountDigit))
    throw new CnabError("Para o Itaú, o dígito (DAC) da conta pagadora é um algarismo de 0 a 9.");
  if (layout === "104") {
    if (!/^\d{1,6}$/.test(p.agreement.trim())) throw new CnabError("Para a Caixa, informe o código do convênio (até 6 dígitos).");
    if (!p.caixa || !/^\d{1,4}$/.test(p.caixa.commitmentCode) || !/^[0-9A-Za-z]{2}$/.test(p.caixa.transmissionParameter))
      throw new CnabError(
        "Para a Caixa, informe o código do compromisso (até 4 dígitos) e o parâmetro de transmissão (2 caracteres) do convênio.",
      );
  }
}

function checkTransfer(t: CnabTransfer, payer: CnabPayer) {
  const layout = layoutOf(payer);
  if (!(t.amount > 0)) throw new CnabError(`${t.name}: valor da transferência deve ser maior que zero.`);
  const doc = digits(t.document).length;
  if (doc !== 11 && doc !== 14) throw new CnabError(`${t.name}: CPF ou CNPJ do favorecido inválido.`);
  if (t.pix && pixKeyText(t.pix.type, t.pix.key).length > 99) throw new CnabError(`${t.name}: chave PIX longa demais.`);
  if (t.pix && !CNAB_LAYOUTS[layout].pix)
    throw new CnabError(`${t.name}: o leiaute ${CNAB_LAYOUTS[layout].label} não tem PIX por chave; pague por TED ou crédito em conta.`);
  if (!t.pix && t.bank) {
    const b = t.bank;
    if (!/^\d{3}$/.test(b.code)) throw new CnabError(`${t.name}: banco do favorecido sem código de 3 dígitos.`);
    if (digits(b.agency).length > 5 || digits(b.account).length > 12)
      throw new CnabError(`${t.name}: agência (até 5 dígitos) ou conta (até 12 dígitos) do favorecido longa demais.`);
    // Itaú SISPAG Nota 11: an Itaú/Unibanco account is agency 4 digits, account 6 digits and a one-digit DAC (see segmentA341).
    if (layout === "341" && (b.code === "341" || b.code === "409")) {
      if (digits(b.agency).length > 4 || digits(b.account).length > 6 || !/^\d$/.test(b.accountDigit))
        throw new CnabError(`${t.name}: conta Itaú deve ter agência de até 4 dígitos, conta de até 6 dígitos e DAC de um algarismo.`);
    }
  }
  if (t.pix && layout === "237" && PIX_INITIATION[t.pix.type] === "03" && digits(t.pix.key) !== digits(t.document))
    throw new CnabError(`${t.name}: no Bradesco, a chave PIX CPF/CNPJ deve ser o próprio documento do favorecido.`);
  if (layout === "104" && !/^\d{1,6}$/.test(t.yourNumber))
    throw new CnabError(`${t.name}: na Caixa, o "seu número" da transferência tem até 6 algarismos (recebido "${t.yourNumber}").`);
  if (t.yourNumber.length > 20) throw new CnabError(`${t.name}: "seu número" com mais de 20 caracteres.`);
}

// ---------------------------------------------------------------------------------------------------------------------------
// The FEBRABAN 10.11 records. Each bank's patches below are written over these.

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

/** The lot header's address block, 143-222 (FEBRABAN G032-G036): blank and zeros when the payer has none. */
function addressFields(a: CnabAddress | null | undefined): string[] {
  const zip = digits(a?.zip ?? "");
  return [
    alpha(a?.street ?? "", 30), // 143-172 logradouro
    num(a?.number ?? "", 5, "número do endereço"), // 173-177 número
    alpha(a?.complement ?? "", 15), // 178-192 complemento
    alpha(a?.city ?? "", 20), // 193-212 cidade
    num(zip.slice(0, 5), 5, "CEP"), // 213-217 CEP
    zip ? zip.slice(5, 8) : blank(3), // 218-220 complemento do CEP
    alpha((a?.state ?? "").trim(), 2), // 221-222 estado
  ];
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
      ...addressFields(p.address), // 143-222 endereço da empresa
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

// ---------------------------------------------------------------------------------------------------------------------------
// Each bank's fields, written over the FEBRABAN records. Positions and contents as the cited sources give them.

/** What a record's patches may depend on. */
interface Ctx {
  payer: CnabPayer;
  o: CnabOptions;
  /** The file holds only PIX transfers. */
  pixFile: boolean;
}

interface Variant {
  fileHeader?(c: Ctx): Patch[];
  lotHeader?(c: Ctx, launch: Launch): Patch[];
  segmentA?(c: Ctx, t: CnabTransfer, launch: Launch): Patch[];
  segmentB?(c: Ctx, t: CnabTransfer): Patch[];
  lotTrailer?(c: Ctx): Patch[];
  fileTrailer?(c: Ctx): Patch[];
}

/**
 * Banco do Brasil (001). Source: Romulogss/parser-retorno-cnab240bb, src/main/java/br/com/brvt/Modelo/HeaderCNAB240BB.java
 * (fields 07.0BB1-07.0BB4) and HeaderLoteAB.java (11.1BB1-11.1BB4), read from BB's "PgtVer03BB" payment layout: the
 * convênio field 033-052 is split into the convênio number 033-041 (9 digits), a code 042-045, BB's reserved 046-050 and the
 * test-file mark 051-052 ("TS"). The code "0126" is what BB's own payment return carries there (the same repository,
 * documentação/CNAB240BB.ret, header and lot header). Everything else: FEBRABAN.
 */
const bbAgreement = (c: Ctx): Patch => [
  33,
  52,
  num(c.payer.agreement.trim(), 9, "convênio") + "0126" + blank(5) + (c.o.test ? "TS" : blank(2)),
];
const BB: Variant = {
  fileHeader: (c) => [bbAgreement(c)],
  lotHeader: (c) => [bbAgreement(c)],
};

/**
 * Itaú SISPAG (341). Sources: Itaú's "SISPAG — Layout de Arquivos CNAB240 Versão 80" (eduardordm/cnab240,
 * docs/vendor/itau/SISPAG_CNAB_240.pdf, pp. 8-12, 18, 35 and notes 10, 11, 16, 26), as also coded in eduardordm/cnab240
 * lib/cnab240/arquivo/v80/header.rb, pagamentos/v80/header.rb, segmentos/v80/segmento_a.rb, agencia_itau.rb and
 * agencia_outros.rb; the PIX fields of version 086 from wlrsilveira/cnab-sispag, src/Infrastructure/Bank/Itau/Layout/
 * (FileHeaderRecord.php, BatchHeaderDefinition.php, SegmentARecord.php, SegmentBPixRecord.php, ItauConstants.php).
 */
const ITAU: Variant = {
  // Header de arquivo: no convênio; the layout version at 015-017; the DAC of agency/account at 072 (058 and 071 blank);
  // 158-166 the file's sequence (version 086, FileHeaderRecord.php; version 80 had zeros there); 172-240 blank.
  fileHeader: (c) => [
    [9, 14, blank(6)], // brancos
    [15, 17, CNAB_LAYOUTS["341"].fileVersion], // layout do arquivo
    [33, 52, blank(20)], // brancos (no convênio)
    [58, 58, blank(1)], // brancos
    [71, 71, blank(1)], // brancos
    [72, 72, num(c.payer.accountDigit, 1, "DAC")], // DAC da agência/conta debitada
    [158, 166, num(c.o.fileNumber, 9, "número do arquivo")], // número sequencial do arquivo (v086)
    [167, 171, zeros(5)], // densidade
    [172, 240, blank(69)], // brancos
  ],
  // Header de lote: layout 040; 033-036 identificação no extrato (blank) and 037-052 blank; DAC at 072; 103-132 finalidade
  // and 133-142 histórico (blank); CEP as 8 digits 213-220 (the same digits FEBRABAN splits 5 + 3); 223-230 blank.
  lotHeader: (c) => [
    [14, 16, CNAB_LAYOUTS["341"].lotVersion],
    [33, 52, blank(20)],
    [58, 58, blank(1)],
    [71, 71, blank(1)],
    [72, 72, num(c.payer.accountDigit, 1, "DAC")],
    [213, 220, num(digits(c.payer.address?.zip ?? ""), 8, "CEP")],
    [223, 230, blank(8)],
  ],
  // Segmento A: tipo de movimento 015-017 "000"; câmara 018-020 (v086); agency/account by note 11; currency "REA";
  // 105-112 ISPB (zeros) and 113-114 "04" for a PIX by key (v086, note 36); nosso número 135-149 + 5 blanks; 178-195
  // finalidade detalhe (18) + 2 blanks; 198-203 nº do documento (retorno, zeros); 204-217 the beneficiary's CPF/CNPJ;
  // 218-230 as FEBRABAN writes them: 218-219 blank, 220-224 finalidade da TED (note 26: 00005 pagamento de fornecedores),
  // 225-229 blank, 230 aviso "0" (note 16: no notice).
  segmentA: (_c, t, launch) => [
    [15, 17, "000"],
    [18, 20, launch.chamber],
    [24, 43, itauAgencyAccount(t)],
    [102, 104, "REA"],
    [105, 119, zeros(8) + (t.pix ? "04" : "00") + zeros(5)],
    [135, 154, blank(20)],
    [178, 217, alpha(t.info, 18) + blank(2) + zeros(6) + num(t.document, 14, "CPF/CNPJ")],
  ],
  // Segmento B: TED/credit (v80, p. 12): CEP 118-125 as 8 digits, 128-227 the beneficiary's e-mail (blank), 228-230 blank.
  // PIX (v086, SegmentBPixRecord.php): 015-016 key type, 017 blank, 033-062 blank, 063-127 informação entre usuários (65),
  // 128-227 the key (100), 228-230 blank.
  segmentB: (_c, t) =>
    t.pix
      ? [
          [15, 17, PIX_INITIATION[t.pix.type] + blank(1)],
          [33, 62, blank(30)],
          [63, 127, alpha(t.info, 65)],
          [128, 227, pixKeyText(t.pix.type, t.pix.key).padEnd(100, " ")],
          [228, 240, blank(13)],
        ]
      : [
          [118, 125, zeros(8)],
          [128, 240, blank(113)],
        ],
  // Trailer de lote: 042-059 zeros, 060-230 blank (p. 18). Trailer de arquivo: 030-240 blank (p. 35).
  lotTrailer: () => [[60, 230, blank(171)]],
  fileTrailer: () => [[30, 240, blank(211)]],
};

/**
 * Itaú note 11, "agência conta favorecido" 024-043: an Itaú/Unibanco (341/409) account as 0 + agency (4) + blank + 000000 +
 * account (6) + blank + DAC; another bank's as agency (5) + blank + account (12) + blank + DAC; blank for a PIX by key.
 */
function itauAgencyAccount(t: CnabTransfer): string {
  const b = t.pix ? undefined : t.bank;
  if (!b) return blank(20);
  if (b.code === "341" || b.code === "409")
    return `0${num(b.agency, 4, "agência")} ${zeros(6)}${num(b.account, 6, "conta")} ${num(b.accountDigit, 1, "DAC")}`;
  return `${num(b.agency, 5, "agência")} ${num(b.account, 12, "conta")} ${alpha(b.accountDigit, 1)}`;
}

/**
 * Bradesco Multipag (237). Source: Bradesco, "Manual de Procedimentos Multipag Bradesco (240 posições) — Pix", versão 6,
 * jul/2023 (GilvanMarques/convertepagamentos, Manuais/Multipag_Bradesco_PIX_240_posicoes.pdf, pp. 10-19 and notes G021,
 * G100, G101, P012), with its general layout (thiagosantos/bradesco-cnab240, docs/bradesco-layout-multipag.pdf): file layout
 * 089, lot layout 045; a PIX file says "PIX" at 172-174 and carries only PIX lots (G021); in a PIX segment B the key goes in
 * 128-226 only for phone, e-mail and random keys (G101: a CPF/CNPJ key is the document in 019-032); 227-232 numeric (P012).
 */
const BRADESCO: Variant = {
  fileHeader: (c) => [[164, 166, CNAB_LAYOUTS["237"].fileVersion], ...(c.pixFile ? ([[172, 174, "PIX"]] as Patch[]) : [])],
  lotHeader: () => [[14, 16, CNAB_LAYOUTS["237"].lotVersion]],
  segmentB: (_c, t) =>
    t.pix ? [...(PIX_INITIATION[t.pix.type] === "03" ? ([[128, 226, blank(99)]] as Patch[]) : []), [227, 232, zeros(6)]] : [],
};

/**
 * Santander (033). Source: DevCapere/OpenPagForPHP, src/resources/B033/retorno/L060/Registro0.php (file layout 060),
 * Registro1.php (lot layout 031; complemento do CEP 218-220 numeric; 223-230 filler), Registro9.php (030-240 filler), read
 * from Santander's "Pagamento a Fornecedores — Layout CNAB 240" v11.3.2. Its PIX segment B (Registro3B_Pix.php: 015-016
 * forma de iniciação + 017 blank) is what FEBRABAN's 015-017 already holds.
 */
const SANTANDER: Variant = {
  fileHeader: () => [[164, 166, CNAB_LAYOUTS["033"].fileVersion]],
  lotHeader: (c) => [
    [14, 16, CNAB_LAYOUTS["033"].lotVersion],
    [218, 220, num(digits(c.payer.address?.zip ?? "").slice(5, 8), 3, "CEP")],
    [223, 230, blank(8)],
  ],
  fileTrailer: () => [[30, 240, blank(211)]],
};

/**
 * Caixa (104). Source: RJ-SMTR/api-cct, src/cnab/templates/cnab-240/104/cnab-header-arquivo-104-template.const.ts,
 * pagamento/cnab-header-lote-104-pgto-template.const.ts, pagamento/cnab-detalhe-a-104-template.const.ts and
 * pagamento/cnab-detalhe-b-104-template.const.ts, with the enums of src/cnab/enums/104/, read from Caixa's "Pagamento de
 * salários, pagamento/crédito a fornecedor e autopagamento" leiaute v032 micro (fev/2024).
 */
const CAIXA: Variant = {
  // Header de arquivo 0.07-0.13: convênio 033-038, parâmetro de transmissão 039-040, ambiente do cliente 041 (P/T), ambiente
  // Caixa 042, origem do aplicativo 043-045, versão 046-049 "0000", 050-052 filler; 058 DV da agência numeric; layout 080;
  // densidade 01600; 212-222 filler, 223-225 identidade cobrança, 226-228 VAN "000", 229-230 blank.
  fileHeader: (c) => [
    [33, 52, caixaAgreement(c) + alpha(c.payer.caixa!.transmissionParameter, 2) + (c.o.test ? "T" : "P") + blank(4) + "0000" + blank(3)],
    [58, 58, num(c.payer.agencyDigit, 1, "DV da agência")],
    [164, 171, CNAB_LAYOUTS["104"].fileVersion + "01600"],
    [212, 240, blank(14) + "000" + blank(12)],
  ],
  // Header de lote 1.07, 1.11-1.15: layout 041; convênio 033-038, tipo de compromisso 039-040 ("01" pagamento a
  // fornecedores), código do compromisso 041-044, parâmetro de transmissão 045-046, 047-052 filler; 223-230 filler.
  lotHeader: (c) => [
    [14, 16, CNAB_LAYOUTS["104"].lotVersion],
    [
      33,
      52,
      caixaAgreement(c) +
        "01" +
        num(c.payer.caixa!.commitmentCode, 4, "código do compromisso") +
        alpha(c.payer.caixa!.transmissionParameter, 2) +
        blank(6),
    ],
    [223, 230, blank(8)],
  ],
  // Segmento A A.16-A.29, A.33-A.34: seu número 074-079 (6 digits), 080-092 filler, 093 tipo de conta (1 corrente, 2
  // poupança), nosso número 135-143 (9 digits, zeros), 144-146 filler, parcelas 147-148 "01", bloqueio 149 "N", forma de
  // parcelamento 150 "1", período 151-152 "00", parcela 153-154 "00"; finalidade do DOC 218-219 "00", 220-229 filler.
  segmentA: (_c, t) => [
    [74, 93, num(t.yourNumber, 6, "seu número") + blank(13) + (t.bank?.savings ? "2" : "1")],
    [135, 154, zeros(9) + blank(3) + "01" + "N" + "1" + "00" + "00"],
    [218, 229, "00" + blank(10)],
  ],
  // Segmento B B.24: 226-240 filler.
  segmentB: () => [[226, 240, blank(15)]],
};
const caixaAgreement = (c: Ctx) => num(c.payer.agreement.trim(), 6, "convênio");

const VARIANTS: Record<CnabLayout, Variant> = { febraban: {}, "001": BB, "341": ITAU, "237": BRADESCO, "033": SANTANDER, "104": CAIXA };

/**
 * The remessa: a lot per kind of transfer (PIX, TED, credit at the payer's bank), each transfer a segment A and a segment B,
 * in the payer's layout; lines end in CR LF, as the banks' systems read them. Throws CnabError (pt-BR) on data a bank would
 * refuse, and on PIX mixed with other transfers where the layout wants them in separate files (see cnabFileGroups).
 */
export function cnab240(payer: CnabPayer, transfers: readonly CnabTransfer[], o: CnabOptions): string {
  checkPayer(payer);
  if (transfers.length === 0) throw new CnabError("Nenhuma transferência para gerar o arquivo.");
  for (const t of transfers) checkTransfer(t, payer);
  const layout = layoutOf(payer);
  const info = CNAB_LAYOUTS[layout];
  const pixCount = transfers.filter((t) => t.pix).length;
  if (info.pixOwnFile && pixCount > 0 && pixCount < transfers.length)
    throw new CnabError(`O ${info.label} exige os PIX num arquivo separado das TED e créditos em conta: gere um arquivo para cada grupo.`);
  const v = VARIANTS[layout];
  const c: Ctx = { payer, o, pixFile: pixCount === transfers.length };

  const byLaunch = new Map<Launch, CnabTransfer[]>();
  for (const t of transfers) {
    const launch = launchOf(t, payer.bankCode);
    byLaunch.set(launch, [...(byLaunch.get(launch) ?? []), t]);
  }
  const lines = [patch(fileHeader(payer, o), v.fileHeader?.(c) ?? [], "header de arquivo")];
  let lot = 0;
  for (const [launch, list] of byLaunch) {
    lot += 1;
    lines.push(patch(lotHeader(payer, lot, launch), v.lotHeader?.(c, launch) ?? [], "header de lote"));
    let seq = 0;
    for (const t of list) {
      lines.push(patch(segmentA(payer, lot, ++seq, t, launch, o), v.segmentA?.(c, t, launch) ?? [], "segmento A"));
      lines.push(patch(segmentB(payer, lot, ++seq, t), v.segmentB?.(c, t) ?? [], "segmento B"));
    }
    const total = list.reduce((n, t) => n + Math.round(t.amount * 100), 0) / 100;
    lines.push(patch(lotTrailer(payer, lot, seq + 2, total), v.lotTrailer?.(c) ?? [], "trailer de lote"));
  }
  lines.push(patch(fileTrailer(payer, lot, lines.length + 1), v.fileTrailer?.(c) ?? [], "trailer de arquivo"));
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
