// The bank's answer to a CNAB 240 payment remessa (the "retorno"): the same records, header 143 = "2", each segment A with the
// bank's occurrence codes (231-240), its own number for the transfer, the date and amount it really paid. Read per transfer
// by its "seu número", so the server can mark each transfer paid or refused (pure TS, no dependencies).
//
// Sources. Record structure and fields: FEBRABAN "Layout Padrão CNAB 240" 10.11 (as in ./cnab240.ts). The occurrence table
// (G059, "Códigos das Ocorrências para Retorno") as FEBRABAN 10.11 lists it, read from the transcription of the manual in
// ratto/leiautes-para-devs, docs/"Layout padrao CNAB240 V 10 11 - 21_08_2023.md" (§ G059), checked against the 8.6 manual
// (eduardordm/cnab240, docs/vendor/febraban/subcpadr12_layout_padrao_V86.pdf, G059) and the PIX codes PA-PN against Bradesco's
// Multipag Pix manual (GilvanMarques/convertepagamentos, Manuais/Multipag_Bradesco_PIX_240_posicoes.pdf, G059). The texts
// below are written in plain pt-BR from those tables (sentence case, current spelling). Itaú SISPAG and Santander answer with
// tables of their own (sources at ITAU_OCCURRENCES and SANTANDER_OCCURRENCES).
import { CNAB_LAYOUTS, CnabError, type CnabLayout } from "./cnab240";

export interface ReturnTransfer {
  /** "Seu número" (segment A 074-093, trimmed): the company's id of the transfer, as written in the remessa (Caixa: 074-079, without leading zeros). */
  yourNumber: string;
  /** The bank's own number for the transfer ("nosso número", segment A 135-154, trimmed; "" when blank or zeros). */
  bankNumber: string;
  /** Occurrence codes of segment A 231-240, in pairs ("00", "BD", "AG" …), blanks dropped. */
  occurrences: string[];
  /** true when the occurrences say the credit was made ("00" = Crédito ou Débito Efetivado; Itaú also FC/FD, paid through a financing). */
  paid: boolean;
  /**
   * true when the bank only says it took the transfer in (FEBRABAN BD/BE "inclusão/alteração efetuada com sucesso", Itaú
   * BD "pagamento agendado" …): not paid yet, and not refused either; a later return tells the outcome.
   */
  scheduled: boolean;
  /** pt-BR text of each occurrence that is not a success, joined with "; " (null when paid), e.g. "AP - Data do lançamento inválida". */
  reason: string | null;
  /** The effective payment date (segment A 155-162, ddMMyyyy) as yyyy-MM-dd, or null when zeros/blank. */
  effectiveDate: string | null;
  /** Amount actually paid (segment A 163-177, 13+2 digits) in BRL, or the scheduled amount 120-134 when the real one is zero. */
  amount: number;
  /** 1-based line number of the segment A in the file. */
  line: number;
}

export interface ReturnFile {
  bankCode: string;
  /** The layout the file was read with (see readCnabReturn). */
  layout: CnabLayout;
  /** The bank's NSA for this file (header 158-163; Itaú 158-166). */
  fileNumber: number;
  /** yyyy-MM-dd */
  generatedDate: string;
  /** The paying company's CNPJ (14 digits) or CPF (11), header 019-032. */
  payerDocument: string;
  transfers: ReturnTransfer[];
}

/** pt-BR text per FEBRABAN occurrence code (10.11, G059: every code the manual lists). */
export const RETURN_OCCURRENCES: Record<string, string> = {
  "00": "Crédito ou débito efetivado",
  "01": "Insuficiência de fundos – débito não efetuado",
  "02": "Crédito ou débito cancelado pelo pagador/credor",
  "03": "Débito autorizado pela agência – efetuado",
  AA: "Controle inválido",
  AB: "Tipo de operação inválido",
  AC: "Tipo de serviço inválido",
  AD: "Forma de lançamento inválida",
  AE: "Tipo/número de inscrição inválido",
  AF: "Código de convênio inválido",
  AG: "Agência/conta corrente/DV inválido",
  AH: "Número sequencial do registro no lote inválido",
  AI: "Código de segmento de detalhe inválido",
  AJ: "Tipo de movimento inválido",
  AK: "Código da câmara de compensação do banco favorecido/depositário inválido",
  AL: "Código do banco favorecido, instituição de pagamento ou depositário inválido",
  AM: "Agência mantenedora da conta corrente do favorecido inválida",
  AN: "Conta corrente/DV/conta de pagamento do favorecido inválido",
  AO: "Nome do favorecido não informado",
  AP: "Data do lançamento inválida",
  AQ: "Tipo/quantidade da moeda inválido",
  AR: "Valor do lançamento inválido",
  AS: "Aviso ao favorecido – identificação inválida",
  AT: "Tipo/número de inscrição do favorecido inválido",
  AU: "Logradouro do favorecido não informado",
  AV: "Número do local do favorecido não informado",
  AW: "Cidade do favorecido não informada",
  AX: "CEP/complemento do favorecido inválido",
  AY: "Sigla do estado do favorecido inválida",
  AZ: "Código/nome do banco depositário inválido",
  BA: "Código/nome da agência depositária não informado",
  BB: "Seu número inválido",
  BC: "Nosso número inválido",
  BD: "Inclusão efetuada com sucesso",
  BE: "Alteração efetuada com sucesso",
  BF: "Exclusão efetuada com sucesso",
  BG: "Agência/conta impedida legalmente/bloqueada",
  BH: "Empresa não pagou salário",
  BI: "Falecimento do mutuário",
  BJ: "Empresa não enviou remessa do mutuário",
  BK: "Empresa não enviou remessa no vencimento",
  BL: "Valor da parcela inválido",
  BM: "Identificação do contrato inválida",
  BN: "Operação de consignação incluída com sucesso",
  BO: "Operação de consignação alterada com sucesso",
  BP: "Operação de consignação excluída com sucesso",
  BQ: "Operação de consignação liquidada com sucesso",
  BR: "Reativação efetuada com sucesso",
  BS: "Suspensão efetuada com sucesso",
  CA: "Código de barras – código do banco inválido",
  CB: "Código de barras – código da moeda inválido",
  CC: "Código de barras – dígito verificador geral inválido",
  CD: "Código de barras – valor do título inválido",
  CE: "Código de barras – campo livre inválido",
  CF: "Valor do documento inválido",
  CG: "Valor do abatimento inválido",
  CH: "Valor do desconto inválido",
  CI: "Valor de mora inválido",
  CJ: "Valor da multa inválido",
  CK: "Valor do IR inválido",
  CL: "Valor do ISS inválido",
  CM: "Valor do IOF inválido",
  CN: "Valor de outras deduções inválido",
  CO: "Valor de outros acréscimos inválido",
  CP: "Valor do INSS inválido",
  HA: "Lote não aceito",
  HB: "Inscrição da empresa inválida para o contrato",
  HC: "Convênio com a empresa inexistente/inválido para o contrato",
  HD: "Agência/conta corrente da empresa inexistente/inválida para o contrato",
  HE: "Tipo de serviço inválido para o contrato",
  HF: "Conta corrente da empresa com saldo insuficiente",
  HG: "Lote de serviço fora de sequência",
  HH: "Lote de serviço inválido",
  HI: "Arquivo não aceito",
  HJ: "Tipo de registro inválido",
  HK: "Código remessa/retorno inválido",
  HL: "Versão de leiaute inválida",
  HM: "Mutuário não identificado",
  HN: "Tipo do benefício não permite empréstimo",
  HO: "Benefício cessado/suspenso",
  HP: "Benefício possui representante legal",
  HQ: "Benefício é do tipo PA (pensão alimentícia)",
  HR: "Quantidade de contratos permitida excedida",
  HS: "Benefício não pertence ao banco informado",
  HT: "Início do desconto informado já ultrapassado",
  HU: "Número da parcela inválido",
  HV: "Quantidade de parcelas inválida",
  HW: "Margem consignável excedida para o mutuário dentro do prazo do contrato",
  HX: "Empréstimo já cadastrado",
  HY: "Empréstimo inexistente",
  HZ: "Empréstimo já encerrado",
  H1: "Arquivo sem trailer",
  H2: "Mutuário sem crédito na competência",
  H3: "Não descontado – outros motivos",
  H4: "Retorno de crédito não pago",
  H5: "Cancelamento de empréstimo retroativo",
  H6: "Outros motivos de glosa",
  H7: "Margem consignável excedida para o mutuário acima do prazo do contrato",
  H8: "Mutuário desligado do empregador",
  H9: "Mutuário afastado por licença",
  IA: "Primeiro nome do mutuário diferente do primeiro nome do movimento do censo ou da base de titular do benefício",
  IB: "Benefício suspenso/cessado pela APS ou pelo Sisobi",
  IC: "Benefício suspenso por dependência de cálculo",
  ID: "Benefício suspenso/cessado pela inspetoria/auditoria",
  IE: "Benefício bloqueado para empréstimo pelo beneficiário",
  IF: "Benefício bloqueado para empréstimo por TBM",
  IG: "Benefício em fase de concessão de PA ou desdobramento",
  IH: "Benefício cessado por óbito",
  II: "Benefício cessado por fraude",
  IJ: "Benefício cessado por concessão de outro benefício",
  IK: "Benefício cessado: estatutário transferido para o órgão de origem",
  IL: "Empréstimo suspenso pela APS",
  IM: "Empréstimo cancelado pelo banco",
  IN: "Crédito transformado em PAB",
  IO: "Término da consignação alterado",
  IP: "Fim do empréstimo ocorreu durante período de suspensão ou concessão",
  IQ: "Empréstimo suspenso pelo banco",
  IR: "Não averbação de contrato – parcelas/competências além da data-limite da extinção de cota do dependente titular de benefícios",
  TA: "Lote não aceito – totais do lote com diferença",
  YA: "Título não encontrado",
  YB: "Identificador de registro opcional inválido",
  YC: "Código padrão inválido",
  YD: "Código de ocorrência inválido",
  YE: "Complemento de ocorrência inválido",
  YF: "Alegação já informada",
  ZA: "Agência/conta do favorecido substituída",
  ZB: "Primeiro e último nomes do beneficiário divergem dos da Receita Federal",
  ZC: "Confirmação de antecipação de valor",
  ZD: "Antecipação parcial de valor",
  ZE: "Título bloqueado na base",
  ZF: "Sistema em contingência – título com valor maior que a referência",
  ZG: "Sistema em contingência – título vencido",
  ZH: "Sistema em contingência – título indexado",
  ZI: "Beneficiário divergente",
  ZJ: "Limite de pagamentos parciais excedido",
  ZK: "Boleto já liquidado",
  PA: "Pix não efetivado",
  PB: "Transação interrompida devido a erro no PSP do recebedor",
  PC: "Número da conta transacional encerrada no PSP do recebedor",
  PD: "Tipo incorreto para a conta transacional especificada",
  PE: "Tipo de transação não suportado/autorizado na conta transacional especificada",
  PF: "CPF/CNPJ do usuário recebedor não é consistente com o titular da conta transacional especificada",
  PG: "CPF/CNPJ do usuário recebedor incorreto",
  PH: "Ordem rejeitada pelo PSP do recebedor",
  PI: "ISPB do PSP do pagador inválido ou inexistente",
  PJ: "Chave não cadastrada no DICT",
  PK: "QR Code inválido/vencido",
  PL: "Forma de iniciação inválida",
  PM: "Chave de pagamento inválida",
  PN: "Chave de pagamento não informada",
};

/**
 * Itaú SISPAG's own table (note 8), which gives several codes other meanings than FEBRABAN's. Source: Itaú, "SISPAG —
 * Layout de Arquivos CNAB240 Versão 80" (eduardordm/cnab240, docs/vendor/itau/SISPAG_CNAB_240.pdf, note 8, pp. 38-40), with
 * the PIX/QR Code meanings version 086 adds (wlrsilveira/cnab-sispag, src/Infrastructure/I18n/occurrence_codes.php).
 */
const ITAU_OCCURRENCES: Record<string, string> = {
  "00": "Pagamento efetuado",
  AE: "Data de pagamento alterada",
  AG: "Número do lote inválido",
  AH: "Número sequencial do registro no lote inválido",
  AI: "Produto demonstrativo de pagamento não contratado",
  AJ: "Tipo de movimento inválido",
  AL: "Código do banco favorecido inválido",
  AM: "Agência do favorecido inválida",
  AN: "Conta corrente do favorecido inválida",
  AO: "Nome do favorecido inválido",
  AP: "Data de pagamento, de validade, hora de lançamento, arrecadação ou apuração inválida",
  AQ: "Quantidade de registros maior que 999999",
  AR: "Valor arrecadado ou do lançamento inválido",
  BC: "Nosso número inválido",
  BD: "Pagamento agendado",
  BE: "Pagamento agendado com forma alterada para OP",
  BI: "CNPJ/CPF do favorecido no segmento J-52 ou B inválido (ou documento do favorecido do PIX inválido)",
  BL: "Valor da parcela inválido",
  CD: "CNPJ/CPF informado divergente do cadastrado",
  CE: "Pagamento cancelado",
  CF: "Valor do documento inválido (ou divergente do QR Code)",
  CG: "Valor do abatimento inválido",
  CH: "Valor do desconto inválido",
  CI: "CNPJ/CPF/identificador/inscrição estadual/inscrição no CAD/ICMS inválido",
  CJ: "Valor da multa inválido",
  CK: "Tipo de inscrição inválida",
  CL: "Valor do INSS inválido",
  CM: "Valor do COFINS inválido",
  CN: "Conta não cadastrada",
  CO: "Valor de outras entidades inválido",
  CP: "Confirmação de OP cumprida",
  CQ: "Soma das faturas difere do pagamento",
  CR: "Valor da CSLL inválido",
  CS: "Data de vencimento da fatura inválida",
  DA: "Número de dependentes do salário-família inválido",
  DB: "Número de horas semanais inválido",
  DC: "Salário de contribuição do INSS inválido",
  DD: "Salário de contribuição do FGTS inválido",
  DE: "Valor total dos proventos inválido",
  DF: "Valor total dos descontos inválido",
  DG: "Valor líquido não numérico",
  DH: "Valor líquido informado difere do calculado",
  DI: "Valor do salário-base inválido",
  DJ: "Base de cálculo do IRRF inválida",
  DK: "Base de cálculo do FGTS inválida",
  DL: "Forma de pagamento incompatível com holerite",
  DM: "E-mail do favorecido inválido",
  DV: "DOC/TED devolvido pelo banco favorecido",
  D0: "Finalidade do holerite inválida",
  D1: "Mês de competência do holerite inválido",
  D2: "Dia da competência do holerite inválido",
  D3: "Centro de custo inválido",
  D4: "Campo numérico da funcional inválido",
  D5: "Data de início de férias não numérica",
  D6: "Data de início de férias inconsistente",
  D7: "Data de fim de férias não numérica",
  D8: "Data de fim de férias inconsistente",
  D9: "Número de dependentes do IR inválido",
  EM: "Confirmação de OP emitida",
  EX: "Devolução de OP não sacada pelo favorecido",
  E0: "Tipo de movimento do holerite inválido",
  E1: "Valor 01 do holerite/informe inválido",
  E2: "Valor 02 do holerite/informe inválido",
  E3: "Valor 03 do holerite/informe inválido",
  E4: "Valor 04 do holerite/informe inválido",
  FC: "Pagamento efetuado através de financiamento COMPROR",
  FD: "Pagamento efetuado através de financiamento DESCOMPROR",
  HA: "Erro no header de arquivo",
  HM: "Erro no header de lote",
  IB: "Valor do documento inválido",
  IC: "Valor do abatimento inválido",
  ID: "Valor do desconto inválido",
  IE: "Valor da mora inválido",
  IF: "Valor da multa inválido",
  IG: "Valor da dedução inválido",
  IH: "Valor do acréscimo inválido",
  II: "Data de vencimento inválida (ou QR Code expirado)",
  IJ: "Competência/período de referência/parcela inválida",
  IK: "Tributo não liquidável via SISPAG ou não conveniado com o Itaú",
  IL: "Código de pagamento/empresa/receita inválido",
  IM: "Tipo e forma não compatíveis",
  IN: "Banco/agência não cadastrados",
  IO: "DAC/valor/competência/identificador do lacre inválido (ou identificação do QR Code inválida)",
  IP: "DAC do código de barras inválido (ou erro na validação do QR Code)",
  IQ: "Dívida ativa ou número de etiqueta inválido",
  IR: "Pagamento alterado",
  IS: "Concessionária não conveniada com o Itaú",
  IT: "Valor do tributo inválido",
  IU: "Valor da receita bruta acumulada inválido",
  IV: "Número do documento de origem/referência inválido",
  IX: "Código do produto inválido",
  LA: "Data de pagamento de um lote alterada",
  LC: "Lote de pagamentos cancelado",
  NA: "Pagamento cancelado por falta de autorização",
  NB: "Identificação do tributo inválida",
  NC: "Exercício (ano-base) inválido",
  ND: "Código RENAVAM não encontrado/inválido",
  NE: "UF inválida",
  NF: "Código do município inválido",
  NG: "Placa inválida",
  NH: "Opção/parcela de pagamento inválida",
  NI: "Tributo já foi pago ou está vencido",
  NR: "Operação não realizada",
  PD: "Pagamento disponível para antecipação no risco sacado",
  RJ: "Registro rejeitado",
  RS: "Aquisição confirmada (risco sacado)",
  SS: "Pagamento cancelado por insuficiência de saldo ou limite diário de pagamento",
  TA: "Lote não aceito – totais do lote com diferença",
  TI: "Titularidade inválida",
  X1: "Forma incompatível com o layout 010",
  X2: "Número da nota fiscal inválido",
  X3: "Identificador de NF/CNPJ inválido",
  X4: "Forma 32 inválida",
};

/**
 * Santander's codes that FEBRABAN's table lacks or means otherwise. Source: DevCapere/OpenPagForPHP,
 * src/resources/B033/retorno/L060/CodigosOcorrencia.php (Santander, pagamento a fornecedores, layout CNAB 240 v11.3.2).
 */
const SANTANDER_OCCURRENCES: Record<string, string> = {
  A1: "Sequencial do arquivo diverge do esperado",
  A2: "Finalidade do DOC/TED inválida",
  A3: "Banco, tipo de registro ou código remessa/retorno inválido",
  A4: "Registro do arquivo remessa não identificado",
  A5: "Registro header não encontrado",
  A6: "Registro trailer não encontrado",
  A7: "Remessa sem registros de detalhe",
  A8: "Arquivo com mais de um registro header",
  A9: "Arquivo com mais de um registro trailer",
  B1: "Bloqueado, pendente de autorização",
  B3: "Bloqueado pelo cliente",
  B4: "Bloqueado pela captura de título da cobrança",
  B8: "Bloqueado pela validação de tributos",
  HU: "Data/hora de envio inválida",
  IA: "Pagamento exclusivo em cartório",
  IJ: "Competência, período de referência ou número da parcela inválido",
  IL: "Código de pagamento/receita não numérico ou com zeros",
  IM: "Município inválido",
  IN: "Número da declaração inválido",
  IO: "Número da etiqueta inválido",
  IP: "Número da notificação inválido",
  IQ: "Inscrição estadual inválida",
  IR: "Dívida ativa inválida",
  IS: "Valor de honorários ou outros acréscimos inválido",
  IT: "Período de apuração inválido",
  IU: "Valor ou percentual da receita inválido",
  IV: "Número de referência inválido",
  PM: "Chave inválida ou inválida para o favorecido",
  SC: "Validação parcial",
  W1: "Sequencial do arquivo diverge do esperado",
  WW: "Duplicidade de sequencial de arquivo",
  XB: "Número de inscrição do contribuinte inválido",
  XC: "Código do pagamento, competência ou número de inscrição inválido",
  XF: "Código do pagamento ou competência não numérico ou igual a zeros",
  ZA: "Transferência devolvida",
  ZB: "Transferência de mesma titularidade não permitida",
  ZC: "Código de pagamento de tributo inválido",
  ZD: "Competência inválida",
  ZG: "Banco de destino não recebe DOC/Pix (em cobrança: sistema em contingência – título vencido)",
  ZK: "Título já liquidado",
  ZT: "Valor de outras entidades inválido",
  ZU: "Sistema de origem inválido",
  ZV: "Autorização iniciada no Internet Banking",
  ZW: "Banco de destino não recebe DOC",
  ZX: "Banco de destino inoperante para DOC",
  ZY: "Código do histórico de crédito inválido",
  Z0: "Conta com bloqueio",
  Z1: "Conta fechada: é necessário ativar a conta",
  Z2: "Conta com movimento controlado",
  Z3: "Conta cancelada",
  Z4: "Registro inconsistente (título)",
  Z5: "Apresentação indevida (título)",
  Z6: "Dados do destinatário inválidos",
  Z7: "Agência ou conta destinatária do crédito inválida",
  Z8: "Divergência na titularidade",
  Z9: "Conta destinatária do crédito encerrada",
  "99": "Bloqueado por outros motivos",
};

/** How a layout's return is read where it differs from FEBRABAN's: its fields' positions, its codes and their texts. */
interface ReturnRules {
  /** Segment A "seu número" and "nosso número" positions (1-based, inclusive); `numeric` ones are zero-filled numbers. */
  yourNumber: [number, number];
  bankNumber: [number, number];
  numeric: boolean;
  /** Codes saying the credit was made. */
  paid: readonly string[];
  /** Codes saying only that the bank took the transfer in (see ReturnTransfer.scheduled). */
  accepted: readonly string[];
  /** The bank's own texts, over FEBRABAN's. */
  texts: Record<string, string>;
  /** Header positions of the file's NSA. */
  nsa: [number, number];
}

const FEBRABAN_RULES: ReturnRules = {
  yourNumber: [74, 93],
  bankNumber: [135, 154],
  numeric: false,
  paid: ["00"],
  accepted: ["BD", "BE"],
  texts: {},
  nsa: [158, 163],
};

const RULES: Record<CnabLayout, ReturnRules> = {
  febraban: FEBRABAN_RULES,
  "001": FEBRABAN_RULES,
  "237": FEBRABAN_RULES,
  // Itaú: nosso número 135-149 (then 5 blanks); NSA 158-166 (as ./cnab240.ts writes it); FC/FD are payments made through a
  // financing; BD scheduled, BE scheduled as an OP, AE date changed, IR payment changed (note 8).
  "341": {
    ...FEBRABAN_RULES,
    bankNumber: [135, 149],
    paid: ["00", "FC", "FD"],
    accepted: ["BD", "BE", "AE", "IR"],
    texts: ITAU_OCCURRENCES,
    nsa: [158, 166],
  },
  // Santander: B1 (pending the company's authorisation) and ZV (authorisation started) are not refusals.
  "033": { ...FEBRABAN_RULES, accepted: ["BD", "BE", "B1", "ZV"], texts: SANTANDER_OCCURRENCES },
  // Caixa (RJ-SMTR/api-cct, cnab-detalhe-a-104-template.const.ts): seu número 074-079 and nosso número 135-143, numeric.
  "104": { ...FEBRABAN_RULES, yourNumber: [74, 79], bankNumber: [135, 143], numeric: true },
};

/** The text of an occurrence code in a layout: the bank's own table first, then FEBRABAN's; unknown codes say so. */
export function occurrenceText(code: string, layout: CnabLayout = "febraban"): string {
  return RULES[layout].texts[code] ?? RETURN_OCCURRENCES[code] ?? `Ocorrência ${code} sem descrição no leiaute`;
}

const LINE = 240;
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
function fail(n: number, message: string): never {
  throw new CnabError(`Linha ${n}: ${message}`);
}

/** The layout a file's header says it is in: Itaú's by its version at 015-017, Caixa's by its convênio block, else by bank. */
export function returnLayoutOf(header: string): CnabLayout {
  const bank = at(header, 1, 3);
  // A FEBRABAN file keeps 009-017 blank; Itaú SISPAG writes its layout version at 015-017.
  if (bank === "341") return /^\d{3}$/.test(at(header, 15, 17)) ? "341" : "febraban";
  // Caixa: convênio 033-038, parâmetro de transmissão 039-040, ambiente do cliente 041 "P" or "T".
  if (bank === "104") return /^\d{6}[0-9A-Z]{2}[PT]$/.test(at(header, 33, 41)) ? "104" : "febraban";
  return bank === "001" || bank === "237" || bank === "033" ? bank : "febraban";
}

/** The file's lines: a UTF-8 BOM dropped, CR LF or LF, a final newline or not. */
function linesOf(text: string): string[] {
  const body = text.replace(/^\uFEFF/, "");
  const lines = body.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** ddMMyyyy -> yyyy-MM-dd, null for zeros or blanks; throws on anything else. */
function isoDate(v: string, n: number, what: string): string | null {
  if (/^(0{8}| {8})$/.test(v)) return null;
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(v);
  const date = m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))) : null;
  if (!m || !date || date.getUTCDate() !== Number(m[1]) || date.getUTCMonth() !== Number(m[2]) - 1)
    return fail(n, `${what} "${v}" não é uma data válida (DDMMAAAA).`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** A numeric field as a number; throws naming the line and the positions when it is not digits. */
function numberAt(line: string, from: number, to: number, n: number, what: string): number {
  const v = at(line, from, to);
  if (!/^\d+$/.test(v)) fail(n, `${what} (posições ${from}-${to}) deveria ser numérico e traz "${v}".`);
  return Number(v);
}

/** The occurrences of 231-240: pairs, blanks dropped, upper case. */
const occurrencesOf = (line: string) =>
  (at(line, 231, 240).match(/.{1,2}/g) ?? []).map((c) => c.trim().toUpperCase()).filter((c) => c.length > 0);

/** "seu número" and "nosso número" of a segment A as the layout places them. */
function numbersOf(line: string, r: ReturnRules) {
  let yourNumber = at(line, ...r.yourNumber).trim();
  let bankNumber = at(line, ...r.bankNumber).trim();
  if (r.numeric) yourNumber = yourNumber.replace(/^0+(?=\d)/, "");
  if (/^0*$/.test(bankNumber)) bankNumber = "";
  else if (r.numeric) bankNumber = bankNumber.replace(/^0+/, "");
  return { yourNumber, bankNumber };
}

/**
 * Reads a CNAB 240 payment return; throws CnabError (from ./cnab240) with a clear pt-BR message naming the line on anything
 * malformed (line not 240 chars, not a return i.e. header 143 must be "2", unknown record, counts in trailers wrong, a file
 * with no segment A). Accepts CRLF or LF, a final newline or not, and a UTF-8 BOM. Segments other than A (B, C, Z …) are
 * counted and skipped. The layout comes from the header (returnLayoutOf) unless `options.layout` says it.
 */
export function readCnabReturn(text: string, options: { layout?: CnabLayout } = {}): ReturnFile {
  if (typeof text !== "string" || text.replace(/^\uFEFF/, "").trim() === "") throw new CnabError("O arquivo de retorno está vazio.");
  const lines = linesOf(text);
  // A binary file (a PDF, a spreadsheet, a zip) first: its lines' lengths would say less.
  // eslint-disable-next-line no-control-regex
  const binary = lines.findIndex((line) => /[\u0000-\u001F\u007F]/.test(line));
  if (binary >= 0)
    fail(binary + 1, "caracteres de controle: este não é um arquivo de texto CNAB 240 (talvez um PDF, planilha ou arquivo compactado).");
  lines.forEach((line, i) => {
    if (line.length !== LINE) fail(i + 1, `tem ${line.length} posições; cada linha do CNAB 240 tem ${LINE}.`);
  });

  const header = lines[0]!;
  if (at(header, 8, 8) !== "0" || at(header, 4, 7) !== "0000")
    fail(1, "o arquivo não começa com o header de arquivo do CNAB 240 (registro 0, lote 0000).");
  const code = at(header, 143, 143);
  if (code === "1") fail(1, "este arquivo é uma remessa (código 1 na posição 143), não o retorno do banco.");
  if (code !== "2") fail(1, `código remessa/retorno "${code}" na posição 143; o retorno do banco traz 2.`);
  const bankCode = at(header, 1, 3);
  if (!/^\d{3}$/.test(bankCode)) fail(1, `código do banco "${bankCode}" inválido (posições 1-3).`);
  const layout = options.layout ?? returnLayoutOf(header);
  if (!CNAB_LAYOUTS[layout]) throw new CnabError(`Leiaute CNAB desconhecido: "${layout}".`);
  const r = RULES[layout];
  const generatedDate = isoDate(at(header, 144, 151), 1, "A data de geração (posições 144-151)");
  if (!generatedDate) fail(1, "o header não traz a data de geração do arquivo (posições 144-151).");
  const document = at(header, 19, 32);
  if (!/^\d{14}$/.test(document)) fail(1, `número de inscrição da empresa "${document}" inválido (posições 19-32).`);

  const transfers: ReturnTransfer[] = [];
  let lot: { number: number; records: number; line: number; refusals: string[] } | null = null;
  let lots = 0;
  let trailer = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const n = i + 1;
    if (trailer) fail(n, `há registros depois do trailer de arquivo (linha ${trailer}).`);
    if (at(line, 1, 3) !== bankCode) fail(n, `banco ${at(line, 1, 3)} difere do banco do header (${bankCode}).`);
    const type = at(line, 8, 8);
    if (type === "1") {
      if (lot) fail(n, `header de lote antes do trailer do lote ${lot.number}.`);
      lots += 1;
      // A lot refused whole may say so only here (HA, AF …): its segments A without codes of their own take these.
      lot = {
        number: numberAt(line, 4, 7, n, "O número do lote"),
        records: 1,
        line: n,
        refusals: occurrencesOf(line).filter((c) => !r.paid.includes(c)),
      };
    } else if (type === "2" || type === "3" || type === "4") {
      if (!lot) fail(n, "registro de detalhe fora de um lote (falta o header de lote).");
      const number = numberAt(line, 4, 7, n, "O número do lote");
      if (number !== lot.number) fail(n, `lote ${number} difere do lote aberto (${lot.number}).`);
      lot.records += 1;
      if (type === "3" && at(line, 14, 14) === "A") transfers.push(transferOf(line, n, r, layout, lot.refusals));
    } else if (type === "5") {
      if (!lot) fail(n, "trailer de lote sem header de lote.");
      lot.records += 1;
      const declared = numberAt(line, 18, 23, n, "A quantidade de registros do lote");
      if (declared !== lot.records)
        fail(
          n,
          `o trailer do lote ${lot.number} informa ${declared} registros, mas o lote tem ${lot.records} (linhas ${lot.line} a ${n}).`,
        );
      lot = null;
    } else if (type === "9") {
      if (lot) fail(n, `trailer de arquivo antes do trailer do lote ${lot.number}.`);
      const declaredLots = numberAt(line, 18, 23, n, "A quantidade de lotes");
      if (declaredLots !== lots) fail(n, `o trailer de arquivo informa ${declaredLots} lotes, mas o arquivo tem ${lots}.`);
      const declaredRecords = numberAt(line, 24, 29, n, "A quantidade de registros do arquivo");
      if (declaredRecords !== n) fail(n, `o trailer de arquivo informa ${declaredRecords} registros, mas o arquivo tem ${n}.`);
      trailer = n;
    } else if (type === "0") {
      fail(n, "header de arquivo repetido.");
    } else {
      fail(n, `tipo de registro "${type}" desconhecido (posição 8).`);
    }
  }
  if (!trailer) throw new CnabError(`O arquivo terminou na linha ${lines.length} sem o trailer de arquivo (registro 9).`);
  if (transfers.length === 0) throw new CnabError("O retorno não traz nenhuma transferência (segmento A).");
  return {
    bankCode,
    layout,
    fileNumber: numberAt(header, ...r.nsa, 1, "O número sequencial do arquivo"),
    generatedDate,
    payerDocument: at(header, 18, 18) === "1" ? document.slice(3) : document,
    transfers,
  };
}

/**
 * One segment A of a return, as the transfer's outcome. A segment A without codes takes its lot header's refusals; a blank
 * "seu número" (a payment the company did not send in a remessa) comes back as "", for the caller to find no transfer.
 */
function transferOf(line: string, n: number, r: ReturnRules, layout: CnabLayout, lotRefusals: string[]): ReturnTransfer {
  const { yourNumber, bankNumber } = numbersOf(line, r);
  const own = occurrencesOf(line);
  const occurrences = own.length ? own : lotRefusals;
  const paid = occurrences.some((c) => r.paid.includes(c));
  const scheduled = !paid && occurrences.length > 0 && occurrences.every((c) => r.accepted.includes(c));
  const failed = occurrences.filter((c) => !r.paid.includes(c));
  const reason = paid
    ? null
    : failed.length
      ? failed.map((c) => `${c} - ${occurrenceText(c, layout)}`).join("; ")
      : "Retorno sem código de ocorrência.";
  const scheduledAmount = numberAt(line, 120, 134, n, "O valor do pagamento");
  const real = at(line, 163, 177);
  const realAmount = /^\d{15}$/.test(real)
    ? Number(real)
    : /^ {15}$/.test(real)
      ? 0
      : numberAt(line, 163, 177, n, "O valor real da efetivação");
  return {
    yourNumber,
    bankNumber,
    occurrences,
    paid,
    scheduled,
    reason,
    effectiveDate: isoDate(at(line, 155, 162), n, "A data real da efetivação (posições 155-162)"),
    amount: (realAmount || scheduledAmount) / 100,
    line: n,
  };
}

/** What the bank answers for one transfer, in cnabReturnFrom. */
export interface ReturnOutcome {
  /** Default ["00"] (paid). */
  occurrences?: string[];
  bankNumber?: string;
  /** yyyy-MM-dd; default the remessa's payment date when paid, none otherwise. */
  effectiveDate?: string;
  /** yyyy-MM-dd: the return's generation date (header 144-151); the first transfer that gives one sets it. */
  generatedDate?: string;
}

const ddmmyyyy = (iso: string, what: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new CnabError(`${what} "${iso}" não está no formato AAAA-MM-DD.`);
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
};

/**
 * Builds a return file from a remessa written by cnab240(): header 143 = "2", each segment A gets the outcome's occurrences
 * (default "00"), bankNumber, effective date (default the remessa's payment date, when paid) and real amount (the scheduled
 * one when paid, zero otherwise); counts and sums kept. For tests, e2e and the demo.
 */
export function cnabReturnFrom(remessa: string, outcome?: (yourNumber: string) => ReturnOutcome | undefined): string {
  const lines = linesOf(remessa);
  const header = lines[0] ?? "";
  if (header.length !== LINE || at(header, 8, 8) !== "0" || at(header, 143, 143) !== "1")
    throw new CnabError("O texto não é uma remessa CNAB 240 (header de arquivo com código 1 na posição 143).");
  const r = RULES[returnLayoutOf(header)];
  let generated: string | undefined;
  const out = lines.map((line) => {
    if (line.length !== LINE) throw new CnabError("A remessa tem linhas fora das 240 posições.");
    if (at(line, 8, 8) !== "3" || at(line, 14, 14) !== "A") return line;
    const o = outcome?.(numbersOf(line, r).yourNumber) ?? {};
    const occurrences = o.occurrences ?? ["00"];
    if (occurrences.length > 5 || occurrences.some((c) => !/^[0-9A-Z]{2}$/.test(c)))
      throw new CnabError(`Ocorrências inválidas: ${occurrences.join(" ")} (até 5 códigos de 2 caracteres).`);
    generated ??= o.generatedDate;
    const paid = occurrences.some((c) => r.paid.includes(c));
    const [from, to] = r.bankNumber;
    const size = to - from + 1;
    const bankNumber = r.numeric ? (o.bankNumber ?? "").replace(/\D/g, "").padStart(size, "0") : (o.bankNumber ?? "").padEnd(size, " ");
    if (bankNumber.length !== size) throw new CnabError(`O nosso número "${o.bankNumber}" tem mais de ${size} posições.`);
    const date = o.effectiveDate ? ddmmyyyy(o.effectiveDate, "A data de efetivação") : paid ? at(line, 94, 101) : "00000000";
    const real = paid ? at(line, 120, 134) : "0".repeat(15);
    let next = line.slice(0, from - 1) + bankNumber + line.slice(to);
    next = next.slice(0, 154) + date + real + next.slice(177);
    return next.slice(0, 230) + occurrences.join("").padEnd(10, " ");
  });
  out[0] = header.slice(0, 142) + "2" + (generated ? ddmmyyyy(generated, "A data de geração") : at(header, 144, 151)) + header.slice(151);
  return `${out.join("\r\n")}\r\n`;
}
