// The bank's return file ("retorno") of a CNAB 240 payment remessa: built from a remessa by cnabReturnFrom as a bank would
// answer it, read back per transfer by readCnabReturn (paid or refused and why, the bank's number, the real date and amount),
// malformed files refused naming the line, and a return in every bank layout (Node, unit).
import { describe, expect, it } from "vitest";
import { cnab240, CnabError, type CnabLayout, type CnabTransfer } from "../../src/domain/cnab240";
import { PAYER, pixToAutoCenter, tedToSerraAzul } from "./cnab-fixtures";
import { cnabReturnFrom, occurrenceText, readCnabReturn, returnLayoutOf, RETURN_OCCURRENCES } from "../../src/domain/cnab240-return";

const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
/** Writes `value` over positions from-to of a line (1-based, inclusive). */
const put = (line: string, from: number, value: string) => line.slice(0, from - 1) + value + line.slice(from - 1 + value.length);
const linesOf = (file: string) => file.replace(/\r\n$/, "").split("\r\n");
const join = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

const payer = PAYER;
const options = { paymentDate: "2026-11-27", generatedDate: "2026-11-26", generatedTime: "10:15:30", fileNumber: 7 };
const transfers: CnabTransfer[] = [
  pixToAutoCenter({ amount: 150.1, yourNumber: "R000012-001", info: "OS 101" }),
  tedToSerraAzul({ amount: 1999.99, yourNumber: "R000012-002", info: "OS 201" }),
];
const remessa = cnab240(payer, transfers, options);

/** The bank paid the first transfer and refused the second (AP: the date). */
const answer = (n: string) => (n === "R000012-002" ? { occurrences: ["AP"] } : { bankNumber: "ITAU0000123", effectiveDate: "2026-11-28" });

describe("CNAB 240 return file", () => {
  it("round trip: each transfer's status, the bank's number, the real date and amount, the reason in pt-BR", () => {
    const text = cnabReturnFrom(remessa, answer);
    const lines = linesOf(text);
    expect(lines.every((l) => l.length === 240)).toBe(true);
    expect(at(lines[0]!, 143, 143)).toBe("2");
    // Only the return's fields change: the records, counts and sums stay the remessa's.
    expect(lines.length).toBe(linesOf(remessa).length);
    expect(lines.filter((l) => at(l, 8, 8) === "5").map((l) => at(l, 18, 41))).toEqual(
      linesOf(remessa)
        .filter((l) => at(l, 8, 8) === "5")
        .map((l) => at(l, 18, 41)),
    );

    const file = readCnabReturn(text);
    expect(file).toMatchObject({
      bankCode: "341",
      layout: "febraban",
      fileNumber: 7,
      generatedDate: "2026-11-26",
      payerDocument: "12345678000195",
    });
    expect(file.transfers).toEqual([
      {
        yourNumber: "R000012-001",
        bankNumber: "ITAU0000123",
        occurrences: ["00"],
        paid: true,
        scheduled: false,
        reason: null,
        effectiveDate: "2026-11-28",
        amount: 150.1,
        line: 3,
      },
      {
        yourNumber: "R000012-002",
        bankNumber: "",
        occurrences: ["AP"],
        paid: false,
        scheduled: false,
        reason: "AP - Data do lançamento inválida",
        effectiveDate: null,
        amount: 1999.99,
        line: 7,
      },
    ]);
  });

  it("defaults: every transfer paid on the payment date, at the scheduled amount; the return's own date when given", () => {
    const file = readCnabReturn(cnabReturnFrom(remessa, () => ({ generatedDate: "2026-11-29" })));
    expect(file.generatedDate).toBe("2026-11-29");
    expect(file.transfers.map((t) => [t.paid, t.effectiveDate, t.amount, t.bankNumber])).toEqual([
      [true, "2026-11-27", 150.1, ""],
      [true, "2026-11-27", 1999.99, ""],
    ]);
    expect(readCnabReturn(cnabReturnFrom(remessa)).generatedDate).toBe("2026-11-26");
  });

  it("tells a scheduled transfer (BD) from a refused one, joins several reasons and takes a whole lot's refusal", () => {
    const text = cnabReturnFrom(remessa, (n) => (n === "R000012-001" ? { occurrences: ["BD"] } : { occurrences: ["AG", "ZI"] }));
    const [scheduled, refused] = readCnabReturn(text).transfers;
    expect([scheduled!.paid, scheduled!.scheduled, scheduled!.reason]).toEqual([false, true, "BD - Inclusão efetuada com sucesso"]);
    expect([refused!.paid, refused!.scheduled, refused!.reason]).toEqual([
      false,
      false,
      "AG - Agência/conta corrente/DV inválido; ZI - Beneficiário divergente",
    ]);
    // A lot refused whole (HA in its header), its segments A without codes: the transfers carry the lot's reason.
    const lines = linesOf(cnabReturnFrom(remessa));
    const refusedLot = lines.map((l) =>
      at(l, 8, 8) === "1" ? put(l, 231, "HA        ") : at(l, 14, 14) === "A" ? put(l, 231, " ".repeat(10)) : l,
    );
    const lot = readCnabReturn(join(refusedLot)).transfers;
    expect(lot.map((t) => [t.paid, t.occurrences, t.reason])).toEqual([
      [false, ["HA"], "HA - Lote não aceito"],
      [false, ["HA"], "HA - Lote não aceito"],
    ]);
    // A lot header's success code never pays a transfer that says nothing.
    const silent = lines.map((l) =>
      at(l, 8, 8) === "1" ? put(l, 231, "00        ") : at(l, 14, 14) === "A" ? put(l, 231, " ".repeat(10)) : l,
    );
    expect(readCnabReturn(join(silent)).transfers.map((t) => [t.paid, t.reason])).toEqual([
      [false, "Retorno sem código de ocorrência."],
      [false, "Retorno sem código de ocorrência."],
    ]);
  });

  it("accepts a UTF-8 BOM, LF line ends and no final newline", () => {
    const text = cnabReturnFrom(remessa, answer);
    const expected = readCnabReturn(text);
    expect(readCnabReturn(`\uFEFF${text}`)).toEqual(expected);
    expect(readCnabReturn(text.replace(/\r\n/g, "\n"))).toEqual(expected);
    expect(readCnabReturn(text.replace(/\r\n$/, ""))).toEqual(expected);
    expect(readCnabReturn(`\uFEFF${text.replace(/\r\n/g, "\n").replace(/\n$/, "")}`)).toEqual(expected);
  });

  it("refuses malformed files, each with its message naming the line", () => {
    const good = linesOf(cnabReturnFrom(remessa, answer));
    const refuse = (text: string, message: string | RegExp) => {
      expect(() => readCnabReturn(text)).toThrow(CnabError);
      expect(() => readCnabReturn(text)).toThrow(message);
    };
    refuse("", "O arquivo de retorno está vazio.");
    refuse("\uFEFF \r\n\n", "O arquivo de retorno está vazio.");
    // A binary file read as text (a PDF or a zip): control characters on its first line.
    refuse("%PDF-1.7\n\u0000\u0001\u0002\u00ff\u00fe garbage", "Linha 2: caracteres de controle");
    refuse(`PK\u0003\u0004${"x".repeat(236)}`, "Linha 1: caracteres de controle");
    // The remessa itself, sent back instead of the bank's answer.
    refuse(remessa, "Linha 1: este arquivo é uma remessa (código 1 na posição 143), não o retorno do banco.");
    refuse(join([put(good[0]!, 143, "X"), ...good.slice(1)]), 'Linha 1: código remessa/retorno "X" na posição 143');
    // A short line (a line cut by an editor).
    refuse(
      join([...good.slice(0, 3), good[3]!.slice(0, 200), ...good.slice(4)]),
      "Linha 4: tem 200 posições; cada linha do CNAB 240 tem 240.",
    );
    refuse("texto qualquer\r\n", "Linha 1: tem 14 posições");
    // Trailers whose counts are wrong.
    const lotTrailer = good.findIndex((l) => at(l, 8, 8) === "5");
    refuse(
      join(good.map((l, i) => (i === lotTrailer ? put(l, 18, "000009") : l))),
      `Linha ${lotTrailer + 1}: o trailer do lote 1 informa 9 registros, mas o lote tem 4`,
    );
    const last = good.length - 1;
    refuse(
      join(good.map((l, i) => (i === last ? put(l, 24, "000099") : l))),
      `Linha ${last + 1}: o trailer de arquivo informa 99 registros, mas o arquivo tem ${last + 1}.`,
    );
    refuse(join(good.map((l, i) => (i === last ? put(l, 18, "000005") : l))), "o trailer de arquivo informa 5 lotes, mas o arquivo tem 2.");
    // Records out of place, unknown, or after the end.
    refuse(join(good.slice(0, -1)), `O arquivo terminou na linha ${last} sem o trailer de arquivo (registro 9).`);
    refuse(join([...good, good[last]!]), `Linha ${last + 2}: há registros depois do trailer de arquivo (linha ${last + 1}).`);
    refuse(join(good.map((l, i) => (i === 2 ? put(l, 8, "7") : l))), 'Linha 3: tipo de registro "7" desconhecido (posição 8).');
    refuse(join(good.map((l, i) => (i === 2 ? put(l, 1, "237") : l))), "Linha 3: banco 237 difere do banco do header (341).");
    refuse(join([good[0]!, ...good.slice(2)]), "Linha 2: registro de detalhe fora de um lote");
    refuse(
      join(good.map((l, i) => (i === 2 ? put(l, 155, "31022026") : l))),
      'Linha 3: A data real da efetivação (posições 155-162) "31022026" não é uma data válida',
    );
    refuse(
      join(good.map((l, i) => (i === 2 ? put(l, 120, "00000000001A,00") : l))),
      "Linha 3: O valor do pagamento (posições 120-134) deveria ser numérico",
    );
    // A return with no transfer at all.
    const empty = [good[0]!, put(put(good[last]!, 18, "000000"), 24, "000002")];
    refuse(join(empty), "O retorno não traz nenhuma transferência (segmento A).");
  });

  it("reads segments other than A (B, Z …) as part of the lot, and a payment without a seu número as an unknown one", () => {
    // As a bank's own answer can be: a segment Z (authentication) after each B, a payment the company did not send (blank 074-093).
    const lines = linesOf(cnabReturnFrom(remessa, answer));
    const withZ: string[] = [];
    let seq = 0;
    for (const l of lines) {
      const type = at(l, 8, 8);
      if (type === "1") seq = 0;
      if (type === "3") withZ.push(put(l, 9, String(++seq).padStart(5, "0")));
      else if (type === "5") withZ.push(put(l, 18, String(seq + 2).padStart(6, "0")));
      else if (type === "9") withZ.push(put(l, 24, String(withZ.length + 1).padStart(6, "0")));
      else withZ.push(l);
      if (type === "3" && at(l, 14, 14) === "B") {
        const z = `${at(l, 1, 8)}${String(++seq).padStart(5, "0")}Z${"AUTENTICACAO 0123456789ABCDEF".padEnd(64)}`;
        withZ.push(`${z.padEnd(230)}00        `);
      }
    }
    withZ[withZ.length - 1] = put(withZ.at(-1)!, 24, String(withZ.length).padStart(6, "0"));
    const unknown = withZ.map((l, i) => (i === 2 ? put(l, 74, " ".repeat(20)) : l));
    const read = readCnabReturn(join(unknown));
    expect(read.transfers.map((t) => [t.yourNumber, t.paid, t.line])).toEqual([
      ["", true, 3],
      ["R000012-002", false, 8],
    ]);
  });

  it("knows every FEBRABAN 10.11 occurrence code in pt-BR, and the banks' own tables", () => {
    for (const code of [
      "00",
      "01",
      "02",
      "03",
      "BD",
      "BE",
      "BF",
      "AA",
      "AZ",
      "BA",
      "BC",
      "BS",
      "CA",
      "CP",
      "HA",
      "HZ",
      "H1",
      "H9",
      "IA",
      "IR",
      "TA",
      "YA",
      "YF",
      "ZA",
      "ZK",
      "PA",
      "PN",
    ])
      expect(RETURN_OCCURRENCES[code], code).toMatch(/\S/);
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
    for (const code of [
      ...letters.map((l) => `A${l}`),
      "BA",
      "BB",
      "BC",
      ..."ABCDEFGHIJKLMNOP".split("").map((l) => `C${l}`),
      ...letters.map((l) => `H${l}`),
      ..."ABCDEFGHIJK".split("").map((l) => `Z${l}`),
      ..."ABCDEFGHIJKLMN".split("").map((l) => `P${l}`),
    ])
      expect(RETURN_OCCURRENCES[code], code).toBeDefined();
    for (const [code, text] of Object.entries(RETURN_OCCURRENCES)) {
      expect(code).toMatch(/^[0-9A-Z]{2}$/);
      expect(text[0]).toBe(text[0]!.toUpperCase());
    }
    expect(occurrenceText("AP")).toBe("Data do lançamento inválida");
    expect(occurrenceText("HA", "341")).toBe("Erro no header de arquivo");
    expect(occurrenceText("ZA", "033")).toBe("Transferência devolvida");
    expect(occurrenceText("PJ", "341")).toBe("Chave não cadastrada no DICT");
    expect(occurrenceText("Q9")).toBe("Ocorrência Q9 sem descrição no leiaute");
  });
});

describe("CNAB 240 return in every bank layout", () => {
  const base = {
    ...payer,
    agreement: "118917",
    agencyDigit: "5",
    address: { street: "Rua da Aurora", number: "325", city: "Recife", zip: "50050-000", state: "PE" },
    caixa: { commitmentCode: "1", transmissionParameter: "01" },
  };
  const pix = transfers[0]!;
  const tedTo = (code: string, yourNumber: string): CnabTransfer => ({
    ...transfers[1]!,
    yourNumber,
    bank: { ...transfers[1]!.bank!, code },
  });
  const cases: [CnabLayout, string, CnabTransfer[]][] = [
    ["febraban", "756", [pix, tedTo("237", "R000012-002")]],
    ["001", "001", [pix, tedTo("237", "R000012-002")]],
    ["341", "341", [pix]],
    ["341", "341", [tedTo("237", "R000012-002")]],
    ["237", "237", [pix]],
    ["237", "237", [tedTo("341", "R000012-002")]],
    ["033", "033", [pix, tedTo("237", "R000012-002")]],
    ["104", "104", [tedTo("237", "120"), tedTo("341", "121")]],
  ];
  for (const [layout, bankCode, list] of cases)
    it(`${layout}: ${list.some((t) => t.pix) ? "PIX" : "TED"} transfers paid and refused, read with the layout's fields`, () => {
      const file = cnab240({ ...base, bankCode, layout }, list, { ...options, fileNumber: 4321 });
      expect(returnLayoutOf(file)).toBe(layout);
      const refused = list.at(-1)!.yourNumber;
      const text = cnabReturnFrom(file, (n) =>
        n === refused && list.length > 1 ? { occurrences: ["AG"] } : { bankNumber: "123456789", effectiveDate: "2026-11-30" },
      );
      const read = readCnabReturn(text);
      expect([read.bankCode, read.layout, read.fileNumber, read.payerDocument]).toEqual([bankCode, layout, 4321, "12345678000195"]);
      expect(read.transfers.map((t) => t.yourNumber)).toEqual(list.map((t) => t.yourNumber));
      const paid = read.transfers[0]!;
      expect([paid.paid, paid.bankNumber, paid.effectiveDate, paid.amount]).toEqual([true, "123456789", "2026-11-30", list[0]!.amount]);
      if (list.length > 1) {
        const no = read.transfers[1]!;
        expect([no.paid, no.effectiveDate, no.amount, no.reason]).toEqual([
          false,
          null,
          list[1]!.amount,
          `AG - ${occurrenceText("AG", layout)}`,
        ]);
      }
    });

  it("Itaú: its own codes (FC paid through a financing; BD scheduled; its texts) and its nosso número 135-149", () => {
    const file = cnab240({ ...base, layout: "341" }, [pix, { ...pix, yourNumber: "R000012-009" }], options);
    const text = cnabReturnFrom(file, (n) =>
      n === pix.yourNumber ? { occurrences: ["FC"], bankNumber: "ABCDEFGHIJKLMNO" } : { occurrences: ["BD"] },
    );
    const [financed, scheduled] = readCnabReturn(text).transfers;
    expect([financed!.paid, financed!.reason, financed!.bankNumber]).toEqual([true, null, "ABCDEFGHIJKLMNO"]);
    expect([scheduled!.paid, scheduled!.scheduled, scheduled!.reason]).toEqual([false, true, "BD - Pagamento agendado"]);
    expect(() => cnabReturnFrom(file, () => ({ bankNumber: "1234567890123456" }))).toThrow("tem mais de 15 posições");
    // The same codes in a FEBRABAN file are FEBRABAN's.
    expect(readCnabReturn(text, { layout: "febraban" }).transfers[0]!.paid).toBe(false);
  });

  it("Caixa: seu número and nosso número as zero-filled numbers, read without their zeros", () => {
    const file = cnab240({ ...base, bankCode: "104", layout: "104" }, [tedTo("237", "7")], options);
    const text = cnabReturnFrom(file, () => ({ bankNumber: "4567" }));
    const a = linesOf(text).find((l) => at(l, 14, 14) === "A")!;
    expect([at(a, 74, 79), at(a, 135, 143)]).toEqual(["000007", "000004567"]);
    expect(readCnabReturn(text).transfers[0]).toMatchObject({ yourNumber: "7", bankNumber: "4567", paid: true });
  });

  it("Santander: its own texts (ZA transfer returned), B1 pending authorisation as not refused", () => {
    const file = cnab240({ ...base, bankCode: "033", layout: "033" }, transfers, options);
    const [returned, pending] = readCnabReturn(
      cnabReturnFrom(file, (n) => ({ occurrences: n === pix.yourNumber ? ["ZA"] : ["B1"] })),
    ).transfers;
    expect([returned!.paid, returned!.scheduled, returned!.reason]).toEqual([false, false, "ZA - Transferência devolvida"]);
    expect([pending!.paid, pending!.scheduled]).toEqual([false, true]);
  });

  it("refuses to build a return from something that is not a remessa, or with invalid codes", () => {
    expect(() => cnabReturnFrom("não é uma remessa")).toThrow("não é uma remessa CNAB 240");
    expect(() => cnabReturnFrom(cnabReturnFrom(remessa))).toThrow("não é uma remessa CNAB 240");
    expect(() => cnabReturnFrom(remessa, () => ({ occurrences: ["00", "AB", "AC", "AD", "AE", "AF"] }))).toThrow("até 5 códigos");
    expect(() => cnabReturnFrom(remessa, () => ({ occurrences: ["x"] }))).toThrow("Ocorrências inválidas");
    expect(() => cnabReturnFrom(remessa, () => ({ effectiveDate: "28/11/2026" }))).toThrow("não está no formato AAAA-MM-DD");
  });
});
