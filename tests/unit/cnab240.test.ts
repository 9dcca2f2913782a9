// The CNAB 240 payment remessa read back by an independent reader written here from the FEBRABAN 10.11 tables (not from the
// generator's code): every line 240 characters, record types in order, sequence numbers, lot and file counts and sums, and each
// transfer's fields (Node, unit).
import { describe, expect, it } from "vitest";
import {
  bankCodeOf,
  cnab240,
  cnabFileGroups,
  CnabError,
  CNAB_LAYOUTS,
  splitDigit,
  type CnabLayout,
  type CnabTransfer,
} from "../../src/domain/cnab240";
import { PAYER, pixToAutoCenter, tedToSerraAzul } from "./cnab-fixtures";

/** A field by its 1-based inclusive positions, as the manual lists them. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
const numAt = (line: string, from: number, to: number) => {
  const v = at(line, from, to);
  expect(v, `${from}-${to} numérico em "${line}"`).toMatch(/^\d+$/);
  return Number(v);
};

interface ReadTransfer {
  lot: number;
  launch: string;
  chamber: string;
  bank: string;
  agency: string;
  account: string;
  accountDigit: string;
  name: string;
  yourNumber: string;
  date: string;
  cents: number;
  info: string;
  docType: string;
  document: string;
  pixInitiation: string | null;
  pixKey: string | null;
}

/** Reads a remessa: checks its structure as it goes and answers the header fields and every transfer. */
function readRemessa(file: string) {
  expect(file.endsWith("\r\n")).toBe(true);
  const lines = file.slice(0, -2).split("\r\n");
  for (const [i, l] of lines.entries()) expect(l.length, `linha ${i + 1}`).toBe(240);
  const header = lines[0]!;
  expect([at(header, 4, 7), at(header, 8, 8), at(header, 143, 143)]).toEqual(["0000", "0", "1"]);
  const bank = at(header, 1, 3);
  const trailer = lines.at(-1)!;
  expect([at(trailer, 1, 3), at(trailer, 4, 7), at(trailer, 8, 8)]).toEqual([bank, "9999", "9"]);
  expect(numAt(trailer, 24, 29)).toBe(lines.length);

  const transfers: ReadTransfer[] = [];
  const lots: { launch: string; count: number; cents: number }[] = [];
  const lotHeaders: string[] = [];
  let i = 1;
  while (i < lines.length - 1) {
    const lh = lines[i]!;
    expect(at(lh, 8, 8)).toBe("1");
    lotHeaders.push(lh);
    const lot = numAt(lh, 4, 7);
    expect(lot).toBe(lots.length + 1);
    expect([at(lh, 9, 9), at(lh, 10, 11)]).toEqual(["C", "20"]);
    const launch = at(lh, 12, 13);
    let seq = 0;
    let sum = 0;
    i += 1;
    while (at(lines[i]!, 8, 8) === "3") {
      const a = lines[i]!;
      const b = lines[i + 1]!;
      expect([numAt(a, 4, 7), at(a, 14, 14), numAt(a, 9, 13)]).toEqual([lot, "A", ++seq]);
      expect([numAt(b, 4, 7), at(b, 14, 14), numAt(b, 9, 13)]).toEqual([lot, "B", ++seq]);
      expect([at(a, 15, 15), at(a, 16, 17), at(a, 102, 104)]).toEqual(["0", "00", "BRL"]);
      const cents = numAt(a, 120, 134);
      sum += cents;
      const isPix = launch === "45";
      transfers.push({
        lot,
        launch,
        chamber: at(a, 18, 20),
        bank: at(a, 21, 23),
        agency: at(a, 24, 28),
        account: at(a, 30, 41),
        accountDigit: at(a, 42, 42),
        name: at(a, 44, 73).trimEnd(),
        yourNumber: at(a, 74, 93).trimEnd(),
        date: at(a, 94, 101),
        cents,
        info: at(a, 178, 217).trimEnd(),
        docType: at(b, 18, 18),
        document: at(b, 19, 32),
        pixInitiation: isPix ? at(b, 15, 17).trimEnd() : null,
        pixKey: isPix ? at(b, 128, 226).trimEnd() : null,
      });
      if (!isPix) expect(numAt(b, 136, 150)).toBe(cents);
      i += 2;
    }
    const lt = lines[i]!;
    expect([at(lt, 8, 8), numAt(lt, 4, 7)]).toEqual(["5", lot]);
    expect(numAt(lt, 18, 23)).toBe(seq + 2);
    expect(numAt(lt, 24, 41)).toBe(sum);
    lots.push({ launch, count: seq / 2, cents: sum });
    i += 1;
  }
  expect(numAt(trailer, 18, 23)).toBe(lots.length);
  return { bank, header, lots, lotHeaders, transfers };
}

const payer = PAYER;
const options = { paymentDate: "2026-11-27", generatedDate: "2026-11-28", generatedTime: "10:15:30", fileNumber: 7 };

const transfers: CnabTransfer[] = [
  pixToAutoCenter({ amount: 150.1, yourNumber: "L1-001", info: "OS 101, 102" }),
  tedToSerraAzul({ amount: 0.3, yourNumber: "L1-002", info: "OS 201" }),
  {
    name: "Mecânica São João",
    document: "39053344705",
    amount: 1999.99,
    yourNumber: "L1-003",
    info: "OS 301",
    pix: { type: "EMAIL", key: "Financeiro@SaoJoao.com.br" },
  },
  {
    name: "Centro Automotivo Itaú",
    document: "11222333000181",
    amount: 10,
    yourNumber: "L1-004",
    info: "OS 401",
    bank: { code: "341", agency: "9999", agencyDigit: "", account: "77", accountDigit: "X", savings: false },
  },
];

describe("CNAB 240 payment remessa", () => {
  it("is read back by an independent reader: sizes, records, sequences, lot counts and sums, every transfer", () => {
    const file = cnab240(payer, transfers, options);
    const read = readRemessa(file);
    expect(read.bank).toBe("341");
    expect(at(read.header, 19, 32)).toBe("12345678000195");
    expect(at(read.header, 73, 102).trimEnd()).toBe("PROGRAMA CLUBE AUTOMOTIVO LTDA");
    expect([at(read.header, 144, 151), at(read.header, 152, 157), at(read.header, 158, 163)]).toEqual(["28112026", "101530", "000007"]);
    // A lot per kind: PIX (45), TED to another bank (41), credit at the payer's bank (01).
    expect(read.lots).toEqual([
      { launch: "45", count: 2, cents: 15010 + 199999 },
      { launch: "41", count: 1, cents: 30 },
      { launch: "01", count: 1, cents: 1000 },
    ]);
    const [pix1, pix2, ted, same] = read.transfers;
    expect(pix1).toMatchObject({
      chamber: "009",
      bank: "000",
      name: "AUTO CENTER BOA VIAGEM LTDA",
      yourNumber: "L1-001",
      date: "27112026",
      cents: 15010,
      info: "OS 101, 102",
      docType: "2",
      document: "11222333000181",
      pixInitiation: "03",
      pixKey: "11222333000181",
    });
    // Accents dropped in names; an e-mail key kept as written.
    expect(pix2).toMatchObject({ name: "MECANICA SAO JOAO", docType: "1", document: "00039053344705", pixInitiation: "02" });
    expect(pix2!.pixKey).toBe("Financeiro@SaoJoao.com.br");
    expect(ted).toMatchObject({
      chamber: "018",
      bank: "237",
      agency: "00456",
      account: "000000012345",
      accountDigit: "6",
      cents: 30,
      docType: "1",
      document: "00052998224725",
    });
    expect(same).toMatchObject({ chamber: "000", bank: "341", account: "000000000077", accountDigit: "X", cents: 1000 });
    expect(read.transfers.reduce((n, t) => n + t.cents, 0)).toBe(15010 + 30 + 199999 + 1000);
  });

  it("refuses what a bank would refuse, in pt-BR", () => {
    expect(() => cnab240({ ...payer, bankCode: "34" }, transfers, options)).toThrow(CnabError);
    expect(() => cnab240({ ...payer, document: "123" }, transfers, options)).toThrow("CNPJ da empresa pagadora");
    expect(() => cnab240(payer, [], options)).toThrow("Nenhuma transferência");
    expect(() => cnab240(payer, [{ ...transfers[0]!, amount: 0 }], options)).toThrow("maior que zero");
    expect(() => cnab240(payer, [{ ...transfers[0]!, pix: undefined }], options)).toThrow("sem chave PIX nem conta");
    expect(() => cnab240(payer, [{ ...transfers[1]!, document: "123" }], options)).toThrow("CPF ou CNPJ do favorecido");
  });

  it("writes a phone key as +55 and the amount to the cent with no float drift", () => {
    const file = cnab240(payer, [{ ...transfers[0]!, amount: 0.1 + 0.2, pix: { type: "TELEFONE", key: "(81) 99123-4567" } }], options);
    const read = readRemessa(file);
    expect(read.transfers[0]).toMatchObject({ cents: 30, pixKey: "+5581991234567", pixInitiation: "01" });
  });

  it("writes the company's address in every lot header (FEBRABAN 143-222), blank and zeros without one", () => {
    const address = {
      street: "Avenida Conselheiro Aguiar",
      number: "1.234",
      complement: "Sala 5",
      city: "Recife",
      zip: "51.111-020",
      state: "pe",
    };
    const file = cnab240({ ...payer, address }, transfers, options);
    const lotHeaders = readRemessa(file).lotHeaders;
    expect(lotHeaders).toHaveLength(3);
    for (const lh of lotHeaders) {
      // G032 logradouro 143-172, número 173-177, complemento 178-192; G033 cidade 193-212; G034 CEP 213-217; G035 218-220; G036 UF.
      expect([at(lh, 143, 172).trimEnd(), at(lh, 173, 177), at(lh, 178, 192).trimEnd(), at(lh, 193, 212).trimEnd()]).toEqual([
        "AVENIDA CONSELHEIRO AGUIAR",
        "01234",
        "SALA 5",
        "RECIFE",
      ]);
      expect([at(lh, 213, 217), at(lh, 218, 220), at(lh, 221, 222), at(lh, 223, 224)]).toEqual(["51111", "020", "PE", "01"]);
    }
    const none = readRemessa(cnab240(payer, transfers, options)).lotHeaders[0]!;
    expect([at(none, 143, 172).trim(), at(none, 173, 177), at(none, 213, 217), at(none, 218, 222).trim()]).toEqual([
      "",
      "00000",
      "00000",
      "",
    ]);
    expect(() => cnab240({ ...payer, address: { ...address, zip: "5111" } }, transfers, options)).toThrow("CEP da empresa pagadora");
    expect(() => cnab240({ ...payer, address: { ...address, state: "Pernambuco" } }, transfers, options)).toThrow("UF da empresa pagadora");
  });

  it("keeps the FEBRABAN layout by default and refuses a bank's layout for another bank's account", () => {
    const plain = cnab240(payer, transfers, options);
    expect(cnab240({ ...payer, layout: "febraban" }, transfers, options)).toBe(plain);
    expect(() => cnab240({ ...payer, layout: "237" }, transfers, options)).toThrow("é do banco 237, mas a conta pagadora é do banco 341");
    expect(() => cnab240({ ...payer, layout: "999" as CnabLayout }, transfers, options)).toThrow("Leiaute CNAB desconhecido");
    expect(Object.keys(CNAB_LAYOUTS).sort()).toEqual(["001", "033", "104", "237", "341", "febraban"]);
    expect(CNAB_LAYOUTS.febraban.label).toBe("FEBRABAN 240 (padrão)");
    // Where PIX must travel alone, the transfers split in two files (PIX first); elsewhere one.
    expect(cnabFileGroups(payer, transfers)).toEqual([transfers]);
    const [pix, others] = cnabFileGroups({ ...payer, layout: "341" }, transfers);
    expect([pix!.map((t) => t.yourNumber), others!.map((t) => t.yourNumber)]).toEqual([
      ["L1-001", "L1-003"],
      ["L1-002", "L1-004"],
    ]);
  });

  it("finds a bank's code from its name or its leading code, and splits check digits", () => {
    expect(bankCodeOf("341 - Itaú Unibanco")).toBe("341");
    expect(bankCodeOf("Itaú")).toBe("341");
    expect(bankCodeOf("Banco do Brasil S.A.")).toBe("001");
    expect(bankCodeOf("Cooperativa Desconhecida")).toBeNull();
    expect(splitDigit("12345-6")).toEqual({ number: "12345", digit: "6" });
    expect(splitDigit("0456-x")).toEqual({ number: "0456", digit: "X" });
    expect(splitDigit("0456")).toEqual({ number: "0456", digit: "" });
  });
});
