// Every bank layout of src/domain/cnab240.ts read back by an independent reader: the field tables below were transcribed from
// each bank's own documentation (cited per table), not from the generator's code. The reader checks that every table covers
// positions 1-240 exactly once, that numeric fields hold digits, that fillers are blank or zeros, the counts and sums of the
// trailers, and each layout's own fields (Node, unit).
import { describe, expect, it } from "vitest";
import { cnab240, cnabFileGroups, CNAB_LAYOUTS, type CnabLayout, type CnabPayer, type CnabTransfer } from "../../src/domain/cnab240";

/** A record's fields: name, 1-based inclusive positions, N (numeric) or A (alphanumeric). */
type Table = { name: string; from: number; to: number; kind: "N" | "A" }[];

/** "name from-to kind; …" as the manuals list fields (a single position as "from"). */
function table(spec: string): Table {
  const fields = spec
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(\w+) (\d+)(?:-(\d+))? ([NA])$/.exec(s);
      if (!m) throw new Error(`campo mal escrito: ${s}`);
      return { name: m[1]!, from: Number(m[2]), to: Number(m[3] ?? m[2]), kind: m[4] as "N" | "A" };
    });
  // The table itself: positions 1-240, in order, none twice, none missing; no name twice.
  if (new Set(fields.map((f) => f.name)).size !== fields.length) throw new Error("tabela com nome de campo repetido");
  let next = 1;
  for (const f of fields) {
    if (f.from !== next) throw new Error(`tabela: ${f.name} começa em ${f.from}, esperado ${next}`);
    next = f.to + 1;
  }
  if (next !== 241) throw new Error(`tabela termina em ${next - 1}`);
  return fields;
}

/** Fillers by the manuals' names: blank when alphanumeric, zeros when numeric. */
const FILLER = /^(cnab|brancos|filler|febraban|reservado|zeros)/;

function read(line: string, t: Table): Record<string, string> {
  expect(line).toHaveLength(240);
  const out: Record<string, string> = {};
  for (const f of t) {
    const v = line.slice(f.from - 1, f.to);
    if (f.kind === "N") expect(v, `${f.name} ${f.from}-${f.to} numérico`).toMatch(/^\d+$/);
    if (FILLER.test(f.name)) expect(v, `${f.name} ${f.from}-${f.to} vazio`).toMatch(f.kind === "N" ? /^0+$/ : /^ +$/);
    out[f.name] = v;
  }
  return out;
}

interface Tables {
  fileHeader: Table;
  lotHeader: Table;
  a: Table;
  b: Table;
  bPix: Table;
  lotTrailer: Table;
  fileTrailer: Table;
}

type Fields = Record<string, string>;
interface ReadFile {
  header: Fields;
  trailer: Fields;
  lots: { header: Fields; trailer: Fields; details: { a: Fields; b: Fields }[] }[];
}

/** Reads a remessa with a bank's tables: record types in order, lot numbers, sequences, counts and sums. */
function readWith(file: string, t: Tables): ReadFile {
  expect(file.endsWith("\r\n")).toBe(true);
  const lines = file.slice(0, -2).split("\r\n");
  const header = read(lines[0]!, t.fileHeader);
  expect([header.banco, header.lote, header.registro]).toEqual([lines[0]!.slice(0, 3), "0000", "0"]);
  const lots: ReadFile["lots"] = [];
  let i = 1;
  while (lines[i]!.slice(7, 8) === "1") {
    const lh = read(lines[i]!, t.lotHeader);
    expect(Number(lh.lote)).toBe(lots.length + 1);
    const pix = lh.forma === "45";
    const details: { a: Fields; b: Fields }[] = [];
    let seq = 0;
    let sum = 0;
    i += 1;
    while (lines[i]!.slice(7, 8) === "3") {
      const a = read(lines[i]!, t.a);
      const b = read(lines[i + 1]!, pix ? t.bPix : t.b);
      expect([a.lote, a.segmento, Number(a.sequencial)]).toEqual([lh.lote, "A", ++seq]);
      expect([b.lote, b.segmento, Number(b.sequencial)]).toEqual([lh.lote, "B", ++seq]);
      sum += Number(a.valor);
      details.push({ a, b });
      i += 2;
    }
    const lt = read(lines[i]!, t.lotTrailer);
    expect([lt.registro, lt.lote, Number(lt.quantidade), Number(lt.valores)]).toEqual(["5", lh.lote, seq + 2, sum]);
    lots.push({ header: lh, trailer: lt, details });
    i += 1;
  }
  const trailer = read(lines[i]!, t.fileTrailer);
  expect([trailer.lote, trailer.registro, Number(trailer.lotes), Number(trailer.registros)]).toEqual([
    "9999",
    "9",
    lots.length,
    lines.length,
  ]);
  expect(i).toBe(lines.length - 1);
  return { header, trailer, lots };
}

// The fields every record starts with (G001-G003, and G038-G039 in details).
const HEAD = "banco 1-3 N; lote 4-7 N; registro 8 N";
const DETAIL = `${HEAD}; sequencial 9-13 N; segmento 14 A`;

/**
 * FEBRABAN "Layout Padrão CNAB 240" 10.11, pagamentos (transcribed in ratto/leiautes-para-devs, docs/"Layout padrao CNAB240
 * V 10 11 - 21_08_2023.md"; the same fields in the 8.6 PDF, eduardordm/cnab240 docs/vendor/febraban/…V86.pdf).
 */
const FEBRABAN: Tables = {
  fileHeader: table(
    `${HEAD}; cnab1 9-17 A; tipoInscricao 18 N; inscricao 19-32 N; convenio 33-52 A; agencia 53-57 N; dvAgencia 58 A; conta 59-70 N;
     dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A; nomeBanco 103-132 A; cnab2 133-142 A; codigo 143 N; data 144-151 N;
     hora 152-157 N; nsa 158-163 N; versao 164-166 N; densidade 167-171 N; reservadoBanco 172-191 A; reservadoEmpresa 192-211 A;
     cnab3 212-240 A`,
  ),
  lotHeader: table(
    `${HEAD}; operacao 9 A; servico 10-11 N; forma 12-13 N; versao 14-16 N; cnab1 17 A; tipoInscricao 18 N; inscricao 19-32 N;
     convenio 33-52 A; agencia 53-57 N; dvAgencia 58 A; conta 59-70 N; dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A;
     mensagem 103-142 A; logradouro 143-172 A; numero 173-177 N; complemento 178-192 A; cidade 193-212 A; cep 213-217 N;
     complementoCep 218-220 A; estado 221-222 A; formaPagamento 223-224 N; cnab2 225-230 A; ocorrencias 231-240 A`,
  ),
  a: table(
    `${DETAIL}; tipoMovimento 15 N; instrucao 16-17 N; camara 18-20 N; bancoFavorecido 21-23 N; agencia 24-28 N; dvAgencia 29 A;
     conta 30-41 N; dvConta 42 A; dvAgConta 43 A; nome 44-73 A; seuNumero 74-93 A; data 94-101 N; moeda 102-104 A;
     quantidadeMoeda 105-119 N; valor 120-134 N; nossoNumero 135-154 A; dataReal 155-162 N; valorReal 163-177 N; informacao2 178-217 A;
     finalidadeDoc 218-219 A; finalidadeTed 220-224 A; finalidadeComplementar 225-226 A; cnab 227-229 A; aviso 230 N;
     ocorrencias 231-240 A`,
  ),
  b: table(
    `${DETAIL}; cnab1 15-17 A; tipoInscricao 18 N; inscricao 19-32 N; logradouro 33-62 A; numero 63-67 N; complemento 68-82 A;
     bairro 83-97 A; cidade 98-117 A; cep 118-122 N; complementoCep 123-125 A; estado 126-127 A; vencimento 128-135 N;
     valorDocumento 136-150 N; abatimento 151-165 N; desconto 166-180 N; mora 181-195 N; multa 196-210 N; codigoFavorecido 211-225 A;
     aviso 226 N; ug 227-232 N; ispb 233-240 N`,
  ),
  // Segment B of a PIX transfer (10.11: G100 forma de iniciação, G101 informações 10-12).
  bPix: table(
    `${DETAIL}; formaIniciacao 15-17 A; tipoInscricao 18 N; inscricao 19-32 N; txid 33-67 A; informacao 68-127 A; chave 128-226 A;
     cnab 227-232 A; ispb 233-240 N`,
  ),
  lotTrailer: table(
    `${HEAD}; cnab1 9-17 A; quantidade 18-23 N; valores 24-41 N; moedas 42-59 N; aviso 60-65 N; cnab2 66-230 A; ocorrencias 231-240 A`,
  ),
  fileTrailer: table(`${HEAD}; cnab1 9-17 A; lotes 18-23 N; registros 24-29 N; contas 30-35 N; cnab2 36-240 A`),
};

/**
 * Itaú SISPAG: Itaú, "SISPAG — Layout de Arquivos CNAB240 Versão 80" (eduardordm/cnab240, docs/vendor/itau/SISPAG_CNAB_240.pdf):
 * header de arquivo p. 8, header de lote p. 9, segmento A p. 10, segmento B p. 12, trailer de lote p. 18, trailer de arquivo
 * p. 35. Version 086 (wlrsilveira/cnab-sispag, src/Infrastructure/Bank/Itau/Layout/): NSA in 158-166 (FileHeaderRecord.php),
 * segment A 105-112 ISPB, 113-114 identificação da transferência (SegmentARecord.php), the PIX segment B (SegmentBPixRecord.php).
 */
const ITAU: Tables = {
  fileHeader: table(
    `${HEAD}; brancos1 9-14 A; layout 15-17 N; tipoInscricao 18 N; inscricao 19-32 N; brancos2 33-52 A; agencia 53-57 N; brancos3 58 A;
     conta 59-70 N; brancos4 71 A; dac 72 N; nomeEmpresa 73-102 A; nomeBanco 103-132 A; brancos5 133-142 A; codigo 143 N;
     data 144-151 N; hora 152-157 N; nsa 158-166 N; densidade 167-171 N; brancos6 172-240 A`,
  ),
  lotHeader: table(
    `${HEAD}; operacao 9 A; servico 10-11 N; forma 12-13 N; layout 14-16 N; brancos1 17 A; tipoInscricao 18 N; inscricao 19-32 N;
     identificacao 33-36 A; brancos2 37-52 A; agencia 53-57 N; brancos3 58 A; conta 59-70 N; brancos4 71 A; dac 72 N;
     nomeEmpresa 73-102 A; finalidade 103-132 A; historico 133-142 A; endereco 143-172 A; numero 173-177 N; complemento 178-192 A;
     cidade 193-212 A; cep 213-220 N; estado 221-222 A; brancos5 223-230 A; ocorrencias 231-240 A`,
  ),
  a: table(
    `${DETAIL}; tipoMovimento 15-17 N; camara 18-20 N; bancoFavorecido 21-23 N; agenciaConta 24-43 A; nome 44-73 A; seuNumero 74-93 A;
     data 94-101 N; moeda 102-104 A; ispb 105-112 N; identificacao 113-114 N; zeros 115-119 N; valor 120-134 N; nossoNumero 135-149 A;
     brancos1 150-154 A; dataEfetiva 155-162 N; valorEfetivo 163-177 N; finalidadeDetalhe 178-195 A; brancos2 196-197 A;
     numeroDocumento 198-203 N; inscricao 204-217 N; finalidadeDoc 218-219 A; finalidadeTed 220-224 A; brancos3 225-229 A;
     aviso 230 A; ocorrencias 231-240 A`,
  ),
  b: table(
    `${DETAIL}; brancos1 15-17 A; tipoInscricao 18 N; inscricao 19-32 N; endereco 33-62 A; numero 63-67 N; complemento 68-82 A;
     bairro 83-97 A; cidade 98-117 A; cep 118-125 N; estado 126-127 A; email 128-227 A; brancos2 228-230 A; ocorrencias 231-240 A`,
  ),
  bPix: table(
    `${DETAIL}; tipoChave 15-16 A; brancos1 17 A; tipoInscricao 18 N; inscricao 19-32 N; brancos2 33-62 A; informacao 63-127 A;
     chave 128-227 A; brancos3 228-230 A; ocorrencias 231-240 A`,
  ),
  lotTrailer: table(
    `${HEAD}; brancos1 9-17 A; quantidade 18-23 N; valores 24-41 N; zeros 42-59 N; brancos2 60-230 A; ocorrencias 231-240 A`,
  ),
  fileTrailer: table(`${HEAD}; brancos1 9-17 A; lotes 18-23 N; registros 24-29 N; brancos2 30-240 A`),
};

/**
 * Bradesco Multipag: Bradesco, "Manual de Procedimentos Multipag Bradesco (240 posições) — Pix", versão 6, jul/2023
 * (GilvanMarques/convertepagamentos, Manuais/Multipag_Bradesco_PIX_240_posicoes.pdf): header de arquivo pp. 10-11 (22.0
 * identificação PIX 172-174), header de lote p. 17 (layout 045), segmento A p. 18, segmento B p. 19.
 */
const BRADESCO: Tables = {
  ...FEBRABAN,
  fileHeader: table(
    `${HEAD}; cnab1 9-17 A; tipoInscricao 18 N; inscricao 19-32 N; convenio 33-52 A; agencia 53-57 N; dvAgencia 58 A; conta 59-70 N;
     dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A; nomeBanco 103-132 A; cnab2 133-142 A; codigo 143 N; data 144-151 N;
     hora 152-157 N; nsa 158-163 N; layout 164-166 N; densidade 167-171 N; identificacaoPix 172-174 A; reservadoBanco 175-191 A;
     reservadoEmpresa 192-211 A; cnab3 212-240 A`,
  ),
  bPix: table(
    `${DETAIL}; formaIniciacao 15-17 A; tipoInscricao 18 N; inscricao 19-32 N; informacao10 33-67 A; informacao11 68-127 A;
     informacao12 128-226 A; ug 227-232 N; ispb 233-240 N`,
  ),
};

/**
 * Santander: DevCapere/OpenPagForPHP, src/resources/B033/retorno/L060/ (Santander, pagamento a fornecedores, CNAB 240
 * v11.3.2): Registro0.php, Registro1.php, Registro3A.php, Registro3B_Pix.php, Registro3B_TedDoc.php, Registro5.php, Registro9.php.
 */
const SANTANDER: Tables = {
  ...FEBRABAN,
  fileHeader: table(
    `${HEAD}; filler1 9-17 A; tipoInscricao 18 N; inscricao 19-32 N; convenio 33-52 A; agencia 53-57 N; dvAgencia 58 A; conta 59-70 N;
     dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A; nomeBanco 103-132 A; filler2 133-142 A; codigo 143 N; data 144-151 N;
     hora 152-157 N; nsa 158-163 N; versao 164-166 N; densidade 167-171 N; reservadoBanco 172-191 A; reservadoEmpresa 192-211 A;
     filler3 212-230 A; ocorrencias 231-240 A`,
  ),
  lotHeader: table(
    `${HEAD}; operacao 9 A; servico 10-11 N; forma 12-13 N; versao 14-16 N; filler1 17 A; tipoInscricao 18 N; inscricao 19-32 N;
     convenio 33-52 A; agencia 53-57 N; dvAgencia 58 A; conta 59-70 N; dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A;
     informacao1 103-142 A; endereco 143-172 A; numero 173-177 N; complemento 178-192 A; cidade 193-212 A; cep 213-217 N;
     complementoCep 218-220 N; uf 221-222 A; filler2 223-230 A; ocorrencias 231-240 A`,
  ),
  bPix: table(
    `${DETAIL}; formaIniciacao 15-16 A; reservado1 17 A; tipoInscricao 18 N; inscricao 19-32 N; informacao10 33-67 A;
     informacao11 68-127 A; informacao12 128-226 A; reservado2 227-232 A; ispb 233-240 A`,
  ),
  fileTrailer: table(`${HEAD}; filler1 9-17 A; lotes 18-23 N; registros 24-29 N; filler2 30-240 A`),
};

/**
 * Banco do Brasil: Romulogss/parser-retorno-cnab240bb, src/main/java/br/com/brvt/Modelo/HeaderCNAB240BB.java (07.0BB1-07.0BB4)
 * and HeaderLoteAB.java (11.1BB1-11.1BB4), from BB's PgtVer03BB layout: the convênio block split in four.
 */
const BB_AGREEMENT = "convenioNumero 33-41 N; convenioCodigo 42-45 N; reservadoBb 46-50 A; arquivoTeste 51-52 A";
const BB: Tables = {
  ...FEBRABAN,
  fileHeader: table(febrabanSpec("fileHeader").replace("convenio 33-52 A", BB_AGREEMENT)),
  lotHeader: table(febrabanSpec("lotHeader").replace("convenio 33-52 A", BB_AGREEMENT)),
};

/**
 * Caixa: RJ-SMTR/api-cct (Caixa, leiaute v032 micro, fev/2024): src/cnab/templates/cnab-240/104/cnab-header-arquivo-104-template
 * .const.ts (0.01-0.34), pagamento/cnab-header-lote-104-pgto-template.const.ts (1.01-1.31), pagamento/cnab-detalhe-a-104-template
 * .const.ts (A.01-A.36), pagamento/cnab-detalhe-b-104-template.const.ts (B.01-B.24), cnab-trailer-*-104-template.const.ts.
 */
const CAIXA: Tables = {
  ...FEBRABAN,
  fileHeader: table(
    `${HEAD}; filler1 9-17 A; tipoInscricao 18 N; inscricao 19-32 N; convenio 33-38 N; parametroTransmissao 39-40 N; ambienteCliente 41 A;
     ambienteCaixa 42 A; origemAplicativo 43-45 A; numeroVersao 46-49 N; filler2 50-52 A; agencia 53-57 N; dvAgencia 58 N;
     conta 59-70 N; dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A; nomeBanco 103-132 A; filler3 133-142 A; tipoArquivo 143 N;
     data 144-151 N; hora 152-157 N; nsa 158-163 N; versao 164-166 N; densidade 167-171 N; reservadoBanco 172-191 A;
     reservadoEmpresa 192-211 A; febraban1 212-222 A; identidadeCobranca 223-225 A; van 226-228 N; tipoServico 229-230 A;
     ocorrencias 231-240 A`,
  ),
  lotHeader: table(
    `${HEAD}; operacao 9 A; servico 10-11 N; forma 12-13 N; versao 14-16 N; filler1 17 A; tipoInscricao 18 N; inscricao 19-32 N;
     convenio 33-38 N; tipoCompromisso 39-40 N; codigoCompromisso 41-44 N; parametroTransmissao 45-46 A; filler2 47-52 A;
     agencia 53-57 N; dvAgencia 58 A; conta 59-70 N; dvConta 71 A; dvAgConta 72 A; nomeEmpresa 73-102 A; mensagem 103-142 A;
     logradouro 143-172 A; numero 173-177 N; complemento 178-192 A; cidade 193-212 A; cep 213-217 N; complementoCep 218-220 A;
     estado 221-222 A; febraban 223-230 A; ocorrencias 231-240 A`,
  ),
  a: table(
    `${DETAIL}; tipoMovimento 15 N; instrucao 16-17 N; camara 18-20 N; bancoFavorecido 21-23 N; agencia 24-28 N; dvAgencia 29 A;
     conta 30-41 N; dvConta 42 A; dvAgConta 43 A; nome 44-73 A; seuNumero 74-79 N; filler1 80-92 A; tipoConta 93 A; data 94-101 N;
     moeda 102-104 A; quantidadeMoeda 105-119 N; valor 120-134 N; nossoNumero 135-143 N; filler2 144-146 A; parcelas 147-148 N;
     bloqueio 149 A; formaParcelamento 150 N; periodo 151-152 A; parcela 153-154 N; dataEfetivacao 155-162 N; valorReal 163-177 N;
     informacao2 178-217 A; finalidadeDoc 218-219 N; febraban 220-229 A; aviso 230 N; ocorrencias 231-240 A`,
  ),
  b: table(
    `${DETAIL}; febraban1 15-17 A; tipoInscricao 18 N; inscricao 19-32 N; logradouro 33-62 A; numero 63-67 N; complemento 68-82 A;
     bairro 83-97 A; cidade 98-117 A; cep 118-122 N; complementoCep 123-125 A; estado 126-127 A; vencimento 128-135 N;
     valorDocumento 136-150 N; abatimento 151-165 N; desconto 166-180 N; mora 181-195 N; multa 196-210 N; codigoFavorecido 211-225 A;
     filler 226-240 A`,
  ),
};

/** The FEBRABAN specs as text, for the banks that only split one of its fields. */
function febrabanSpec(record: "fileHeader" | "lotHeader"): string {
  return FEBRABAN[record]
    .map((f) => (f.from === f.to ? `${f.name} ${f.from} ${f.kind}` : `${f.name} ${f.from}-${f.to} ${f.kind}`))
    .join("; ");
}

const address = { street: "Rua da Aurora", number: "325", complement: "Sala 12", city: "Recife", zip: "50050-000", state: "PE" };
const payerOf = (layout: CnabLayout, extra: Partial<CnabPayer> = {}): CnabPayer => ({
  bankCode: CNAB_LAYOUTS[layout].bankCode ?? "756",
  bankName: "Banco",
  document: "12.345.678/0001-95",
  name: "Programa Clube Automotivo Ltda",
  agreement: "123456",
  agency: "1234",
  agencyDigit: "5",
  account: "56789",
  accountDigit: "0",
  layout,
  address,
  ...extra,
});
const options = { paymentDate: "2026-11-27", generatedDate: "2026-11-26", generatedTime: "18:05:09", fileNumber: 42 };

const pixEmail: CnabTransfer = {
  name: "Auto Center Boa Viagem Ltda",
  document: "11.222.333/0001-81",
  amount: 150.1,
  yourNumber: "101",
  info: "OS 101, 102",
  pix: { type: "EMAIL", key: "Financeiro@BoaViagem.com.br" },
};
const pixCnpj: CnabTransfer = { ...pixEmail, yourNumber: "102", amount: 20, pix: { type: "CNPJ", key: "11.222.333/0001-81" } };
const ted = (bank: string): CnabTransfer => ({
  name: "Oficina Serra Azul ME",
  document: "529.982.247-25",
  amount: 0.3,
  yourNumber: "103",
  info: "OS 201",
  bank: { code: bank, agency: "0456", agencyDigit: "7", account: "0012345", accountDigit: "6", savings: false },
});
const sameBank = (bank: string): CnabTransfer => ({
  name: "Mecânica São João",
  document: "39053344705",
  amount: 1999.99,
  yourNumber: "104",
  info: "OS 301",
  bank: { code: bank, agency: "9999", agencyDigit: "", account: "77", accountDigit: "3", savings: true },
});

/** Checks common to every layout: the payer, the dates, the NSA where the layout has one, the amounts. */
function expectPayer(f: ReadFile) {
  expect([f.header.tipoInscricao, f.header.inscricao, f.header.nomeEmpresa.trimEnd()]).toEqual([
    "2",
    "12345678000195",
    "PROGRAMA CLUBE AUTOMOTIVO LTDA",
  ]);
  expect([f.header.codigo ?? f.header.tipoArquivo, f.header.data, f.header.hora]).toEqual(["1", "26112026", "180509"]);
  for (const lot of f.lots) expect([lot.header.operacao, lot.header.servico]).toEqual(["C", "20"]);
}

describe("CNAB 240 bank layouts, read back by each bank's table", () => {
  it("FEBRABAN: the standard fields, versions 103/046, address in the lot header", () => {
    const f = readWith(cnab240(payerOf("febraban"), [pixEmail, ted("237"), sameBank("756")], options), FEBRABAN);
    expectPayer(f);
    expect([f.header.banco, f.header.versao, f.header.nsa, f.header.convenio.trimEnd()]).toEqual(["756", "103", "000042", "123456"]);
    expect(f.lots.map((l) => [l.header.forma, l.header.versao])).toEqual([
      ["45", "046"],
      ["41", "046"],
      ["05", "046"],
    ]);
    const lh = f.lots[0]!.header;
    expect([
      lh.logradouro.trimEnd(),
      lh.numero,
      lh.complemento.trimEnd(),
      lh.cidade.trimEnd(),
      lh.cep + lh.complementoCep,
      lh.estado,
    ]).toEqual(["RUA DA AURORA", "00325", "SALA 12", "RECIFE", "50050000", "PE"]);
    const pix = f.lots[0]!.details[0]!;
    expect([pix.a.camara, pix.a.seuNumero.trimEnd(), pix.a.moeda, pix.b.formaIniciacao, pix.b.chave.trimEnd()]).toEqual([
      "009",
      "101",
      "BRL",
      "02 ",
      "Financeiro@BoaViagem.com.br",
    ]);
    const t = f.lots[1]!.details[0]!.a;
    expect([t.camara, t.bancoFavorecido, t.agencia, t.dvAgencia, t.conta, t.dvConta, t.finalidadeTed]).toEqual([
      "018",
      "237",
      "00456",
      "7",
      "000000012345",
      "6",
      "00005",
    ]);
  });

  it("Banco do Brasil: the convênio block split in number, 0126, reserved and the test mark", () => {
    const payer = payerOf("001", { agreement: "118917" });
    const f = readWith(cnab240(payer, [pixEmail, ted("237")], options), BB);
    expectPayer(f);
    for (const r of [f.header, ...f.lots.map((l) => l.header)])
      expect([r.convenioNumero, r.convenioCodigo, r.reservadoBb, r.arquivoTeste]).toEqual(["000118917", "0126", "     ", "  "]);
    const test = readWith(cnab240(payer, [pixEmail], { ...options, test: true }), BB);
    expect([test.header.arquivoTeste, test.lots[0]!.header.arquivoTeste]).toEqual(["TS", "TS"]);
    expect(() => cnab240({ ...payer, agreement: "CONV-12" }, [pixEmail], options)).toThrow("número do convênio de pagamentos");
    expect(() => cnab240({ ...payer, agreement: "1234567890" }, [pixEmail], options)).toThrow("até 9 dígitos");
  });

  it("Itaú SISPAG: version at 015-017, DAC at 072, note 11 accounts, REA, the favorecido's CPF/CNPJ at 204-217, PIX alone", () => {
    const payer = payerOf("341");
    const [pixOnly, others] = cnabFileGroups(payer, [pixEmail, ted("237"), pixCnpj, sameBank("341")]);
    expect([pixOnly!.length, others!.length]).toEqual([2, 2]);

    const p = readWith(cnab240(payer, pixOnly!, options), ITAU);
    expectPayer(p);
    expect([p.header.banco, p.header.layout, p.header.dac, p.header.nsa, p.header.densidade]).toEqual([
      "341",
      "080",
      "0",
      "000000042",
      "00000",
    ]);
    expect([p.lots[0]!.header.forma, p.lots[0]!.header.layout, p.lots[0]!.header.dac, p.lots[0]!.header.cep]).toEqual([
      "45",
      "040",
      "0",
      "50050000",
    ]);
    const [email, cnpj] = p.lots[0]!.details;
    expect([email!.a.tipoMovimento, email!.a.camara, email!.a.bancoFavorecido, email!.a.agenciaConta.trim()]).toEqual([
      "000",
      "009",
      "000",
      "",
    ]);
    expect([email!.a.moeda, email!.a.ispb, email!.a.identificacao, email!.a.valor]).toEqual(["REA", "00000000", "04", "000000000015010"]);
    expect([email!.a.seuNumero.trimEnd(), email!.a.inscricao, email!.a.finalidadeDetalhe.trimEnd(), email!.a.aviso]).toEqual([
      "101",
      "11222333000181",
      "OS 101, 102",
      "0",
    ]);
    expect([email!.b.tipoChave, email!.b.informacao.trimEnd(), email!.b.chave.trimEnd()]).toEqual([
      "02",
      "OS 101, 102",
      "Financeiro@BoaViagem.com.br",
    ]);
    expect([cnpj!.b.tipoChave, cnpj!.b.chave.trimEnd()]).toEqual(["03", "11222333000181"]);

    const o = readWith(cnab240(payer, others!, options), ITAU);
    expect(o.lots.map((l) => l.header.forma)).toEqual(["41", "05"]);
    const tedA = o.lots[0]!.details[0]!.a;
    // Note 11, another bank: agency (5) + blank + account (12) + blank + DAC.
    expect([tedA.camara, tedA.bancoFavorecido, tedA.agenciaConta, tedA.finalidadeTed, tedA.identificacao]).toEqual([
      "018",
      "237",
      "00456 000000012345 6",
      "00005",
      "00",
    ]);
    expect(tedA.inscricao).toBe("00052998224725");
    // Note 11, an Itaú account: 0 + agency (4) + blank + 000000 + account (6) + blank + DAC.
    expect(o.lots[1]!.details[0]!.a.agenciaConta).toBe("09999 000000000077 3");
    expect([o.lots[1]!.details[0]!.b.cep, o.lots[1]!.details[0]!.b.email.trim()]).toEqual(["00000000", ""]);

    expect(() => cnab240(payer, [pixEmail, ted("237")], options)).toThrow("exige os PIX num arquivo separado");
    expect(() => cnab240({ ...payer, accountDigit: "X" }, [pixEmail], options)).toThrow("DAC) da conta pagadora é um algarismo");
    const longAccount = { ...sameBank("341"), bank: { ...sameBank("341").bank!, account: "1234567" } };
    expect(() => cnab240(payer, [longAccount], options)).toThrow("conta Itaú deve ter agência de até 4 dígitos, conta de até 6");
  });

  it("Bradesco Multipag: versions 089/045, PIX files marked at 172-174, a CPF/CNPJ key only in 019-032", () => {
    const payer = payerOf("237");
    const [pixOnly, others] = cnabFileGroups(payer, [pixEmail, ted("341"), pixCnpj]);
    const p = readWith(cnab240(payer, pixOnly!, options), BRADESCO);
    expectPayer(p);
    expect([p.header.layout, p.header.identificacaoPix, p.header.nsa]).toEqual(["089", "PIX", "000042"]);
    expect([p.lots[0]!.header.forma, p.lots[0]!.header.versao]).toEqual(["45", "045"]);
    const [email, cnpj] = p.lots[0]!.details;
    // G101: informação 12 holds the e-mail, phone or random key; for a CPF/CNPJ key (03) the key is the document.
    expect([email!.b.formaIniciacao, email!.b.informacao12.trimEnd(), email!.b.ug]).toEqual([
      "02 ",
      "Financeiro@BoaViagem.com.br",
      "000000",
    ]);
    expect([cnpj!.b.formaIniciacao, cnpj!.b.inscricao, cnpj!.b.informacao12.trim()]).toEqual(["03 ", "11222333000181", ""]);

    const o = readWith(cnab240(payer, others!, options), BRADESCO);
    expect([o.header.identificacaoPix, o.lots[0]!.header.forma, o.lots[0]!.header.versao]).toEqual(["   ", "41", "045"]);
    expect(() => cnab240(payer, [pixEmail, ted("341")], options)).toThrow("O Bradesco (237) Multipag exige os PIX num arquivo separado");
    const otherKey = { ...pixCnpj, pix: { type: "CNPJ" as const, key: "60.701.190/0001-04" } };
    expect(() => cnab240(payer, [otherKey], options)).toThrow("a chave PIX CPF/CNPJ deve ser o próprio documento");
  });

  it("Santander: versions 060/031, lot header 223-230 and file trailer 030-240 blank, PIX segment B as its table", () => {
    const f = readWith(cnab240(payerOf("033"), [pixEmail, ted("341"), sameBank("033")], options), SANTANDER);
    expectPayer(f);
    expect([f.header.banco, f.header.versao, f.header.nsa]).toEqual(["033", "060", "000042"]);
    expect(f.lots.map((l) => [l.header.forma, l.header.versao])).toEqual([
      ["45", "031"],
      ["41", "031"],
      ["05", "031"],
    ]);
    const pix = f.lots[0]!.details[0]!.b;
    expect([pix.formaIniciacao, pix.reservado1, pix.informacao12.trimEnd()]).toEqual(["02", " ", "Financeiro@BoaViagem.com.br"]);
    expect(f.lots[1]!.details[0]!.a.finalidadeTed).toBe("00005");
  });

  it("Caixa: convênio, transmission and environment fields, layouts 080/041, seu número of 6 digits, no PIX", () => {
    const payer = payerOf("104", { agreement: "444773", caixa: { commitmentCode: "1", transmissionParameter: "01" } });
    const f = readWith(cnab240(payer, [ted("341"), sameBank("104")], options), CAIXA);
    expectPayer(f);
    const h = f.header;
    expect([h.convenio, h.parametroTransmissao, h.ambienteCliente, h.numeroVersao, h.dvAgencia]).toEqual([
      "444773",
      "01",
      "P",
      "0000",
      "5",
    ]);
    expect([h.versao, h.densidade, h.van, h.nsa]).toEqual(["080", "01600", "000", "000042"]);
    expect(
      f.lots.map((l) => [l.header.forma, l.header.versao, l.header.convenio, l.header.tipoCompromisso, l.header.codigoCompromisso]),
    ).toEqual([
      ["41", "041", "444773", "01", "0001"],
      ["05", "041", "444773", "01", "0001"],
    ]);
    expect(f.lots[0]!.header.parametroTransmissao).toBe("01");
    const a = f.lots[0]!.details[0]!.a;
    expect([a.seuNumero, a.tipoConta, a.nossoNumero, a.parcelas, a.bloqueio, a.formaParcelamento, a.periodo, a.parcela]).toEqual([
      "000103",
      "1",
      "000000000",
      "01",
      "N",
      "1",
      "00",
      "00",
    ]);
    expect([a.camara, a.finalidadeDoc, f.lots[1]!.details[0]!.a.tipoConta, f.lots[1]!.details[0]!.a.camara]).toEqual([
      "018",
      "00",
      "2",
      "000",
    ]);
    expect(readWith(cnab240(payer, [ted("341")], { ...options, test: true }), CAIXA).header.ambienteCliente).toBe("T");

    expect(() => cnab240(payer, [pixEmail], options)).toThrow("não tem PIX por chave");
    expect(() => cnab240(payer, [{ ...ted("341"), yourNumber: "R000012-003" }], options)).toThrow(
      '"seu número" da transferência tem até 6 algarismos',
    );
    expect(() => cnab240({ ...payer, caixa: null }, [ted("341")], options)).toThrow("código do compromisso");
    expect(() => cnab240({ ...payer, agreement: "1234567" }, [ted("341")], options)).toThrow("código do convênio (até 6 dígitos)");
  });

  it("labels every layout in pt-BR and cites a source for every bank's variation", () => {
    expect(Object.fromEntries(Object.entries(CNAB_LAYOUTS).map(([k, v]) => [k, v.label]))).toEqual({
      febraban: "FEBRABAN 240 (padrão)",
      "001": "Banco do Brasil (001)",
      "341": "Itaú (341) SISPAG",
      "237": "Bradesco (237) Multipag",
      "033": "Santander (033)",
      "104": "Caixa (104)",
    });
    for (const [k, v] of Object.entries(CNAB_LAYOUTS)) {
      expect(v.bankCode).toBe(k === "febraban" ? null : k);
      if (k !== "febraban") expect(v.sources.length).toBeGreaterThan(0);
    }
  });
});
