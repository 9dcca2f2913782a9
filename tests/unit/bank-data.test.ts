// Bank and PIX data rules (src/domain/bank-data.ts): check digits agree with @brazilian-utils, keys in the DICT's forms, the spec's
// required messages first, and what a bank refuses (node, unit project).
import { describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, isValidCnpj as libCnpj, isValidCpf as libCpf } from "@brazilian-utils/brazilian-utils";
import {
  BANK_RULES,
  bankDataErrors,
  firstBankDataError,
  isValidAccount,
  isValidAgency,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  isValidMobilePhone,
  isValidPixEmail,
  isValidRandomKey,
  normalizeBankData,
  paymentTypeOf,
  type BankDataFields,
} from "../../src/domain/bank-data";
import { methodFields } from "../../src/domain/bank-method";

/** Changes the last digit, so the check digit is wrong. */
const breakLast = (s: string) => s.slice(0, -1) + String((Number(s.at(-1)) + 1) % 10);

describe("CPF and CNPJ check digits", () => {
  it("agree with @brazilian-utils on 300 generated numbers and their corrupted copies", () => {
    for (let i = 0; i < 150; i++) {
      const cpf = generateCpf();
      const cnpj = generateCnpj();
      for (const v of [cpf, breakLast(cpf)]) expect(isValidCpf(v), v).toBe(libCpf(v));
      for (const v of [cnpj, breakLast(cnpj)]) expect(isValidCnpj(v), v).toBe(libCnpj(v));
      expect(isValidCpf(breakLast(cpf))).toBe(false);
    }
  });

  it("accepts masked and bare forms, refuses repeated digits, wrong lengths and letters in a CPF", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("52998224725a")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-80")).toBe(false);
    expect(isValidCnpj("00.000.000/0000-00")).toBe(false);
  });

  it("accepts an alphanumeric CNPJ (in force since July 2026) exactly when @brazilian-utils v2 does", () => {
    for (const v of ["12.ABC.345/01DE-35", "12ABC34501DE35", "12ABC34501DE36", "Q0.SLF.MBD/7VX4-39"]) {
      expect(isValidCnpj(v), v).toBe(libCnpj(v, { version: 2 }));
    }
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
  });

  it("takes a holder document as CPF by 11 digits or CNPJ by 14", () => {
    expect(isValidDocument("529.982.247-25")).toBe(true);
    expect(isValidDocument("11.222.333/0001-81")).toBe(true);
    expect(isValidDocument("1")).toBe(false);
    expect(isValidDocument("529.982.247-2")).toBe(false);
  });
});

describe("PIX keys", () => {
  it.each([
    ["pix@oficina.com", true],
    ["Nome.Sobrenome+pix@empresa.com.br", true],
    ["a@b.co", true],
    ["semarroba.com", false],
    ["a@b", false],
    ["a b@c.com", false],
    ["a@@b.com", false],
    [".a@b.com", false],
    ["a..b@c.com", false],
    ["a@-b.com", false],
    ["a@b.c0m", false],
    ["a@b.c", false],
    [`${"a".repeat(70)}@bb.com`, false],
  ])("e-mail %j -> %s", (v, ok) => expect(isValidPixEmail(v)).toBe(ok));

  it.each([
    ["(81) 99999-0000", true],
    ["81999990000", true],
    ["+55 81 99999-0000", true],
    ["(81) 3333-0000", false],
    ["(81) 89999-0000", false],
    ["(20) 99999-0000", false],
    ["(81) 9999-0000", false],
    ["(81) 99999-0000 ramal", false],
  ])("mobile %j -> %s", (v, ok) => expect(isValidMobilePhone(v)).toBe(ok));

  it.each([
    ["123e4567-e89b-12d3-a456-426614174000", true],
    ["123E4567-E89B-12D3-A456-426614174000", true],
    ["123e4567e89b12d3a456426614174000", false],
    ["123e4567-e89b-12d3-a456-42661417400", false],
    ["g23e4567-e89b-12d3-a456-426614174000", false],
  ])("random key %j -> %s", (v, ok) => expect(isValidRandomKey(v)).toBe(ok));
});

describe("agency and account", () => {
  it.each([
    ["1234", true],
    ["1234-5", true],
    ["1234-X", true],
    ["12345", true],
    ["123", false],
    ["1234-", false],
    ["12a4", false],
  ])("agency %j -> %s", (v, ok) => expect(isValidAgency(v)).toBe(ok));
  it.each([
    ["1234567-8", true],
    ["12345-6", true],
    ["0012345-X", true],
    ["123-4", true],
    ["123", false],
    ["12345678", false],
    ["12-3", false],
    ["9", false],
    ["1234567-", false],
    ["abc-1", false],
  ])("account %j -> %s", (v, ok) => expect(isValidAccount(v)).toBe(ok));
});

const holder = { NomeTitular: "Marina Souza", DocumentoTitular: "529.982.247-25", Selecionado: "N" };
const empty: BankDataFields = {
  TipoChavePix: "",
  ChavePix: "",
  Banco: "",
  NumeroAgencia: "",
  NumeroConta: "",
  TipoConta: "",
  NomeTitular: "",
  DocumentoTitular: "",
  Selecionado: "N",
};
const messages = (kind: "PIX" | "TRANSFERENCIA", f: Partial<BankDataFields>) =>
  bankDataErrors(kind, normalizeBankData({ ...empty, ...f })).map((e) => e.message);

describe("bankDataErrors", () => {
  it("gives every required message of the spec on an empty form, per payment type", () => {
    expect(messages("PIX", {})).toEqual([
      BANK_RULES.pixTypeRequired,
      BANK_RULES.pixKeyRequired,
      BANK_RULES.holderRequired,
      BANK_RULES.documentRequired,
    ]);
    expect(messages("TRANSFERENCIA", {})).toEqual([
      "Nome do banco é obrigatório",
      "Número da agência é obrigatório",
      "Número da conta é obrigatório",
      "Tipo de conta é obrigatório",
      "Nome do titular é obrigatório",
      "CPF do titular é obrigatório",
    ]);
  });

  it("treats blanks as missing and checks the key by its type", () => {
    expect(messages("PIX", { ...holder, TipoChavePix: "CPF", ChavePix: "   " })).toEqual(["Chave PIX é obrigatória"]);
    expect(messages("PIX", { ...holder, TipoChavePix: "CPF", ChavePix: "123.456.789-00" })).toEqual([BANK_RULES.pixKeyInvalid.CPF]);
    expect(messages("PIX", { ...holder, TipoChavePix: "EMAIL", ChavePix: "nao-e-email" })).toEqual([BANK_RULES.pixKeyInvalid.EMAIL]);
    expect(messages("PIX", { ...holder, TipoChavePix: "CHAVE_ALEATORIA", ChavePix: "abc" })).toEqual([
      BANK_RULES.pixKeyInvalid.CHAVE_ALEATORIA,
    ]);
    expect(messages("PIX", { ...holder, TipoChavePix: "BOLETO", ChavePix: "x" })).toEqual([BANK_RULES.pixTypeInvalid]);
    expect(messages("PIX", { ...holder, TipoChavePix: "TELEFONE", ChavePix: "(81) 99999-0000" })).toEqual([]);
  });

  it("ignores the other method's fields and refuses a bad agency, account, account type and holder document", () => {
    expect(messages("PIX", { ...holder, TipoChavePix: "EMAIL", ChavePix: "PIX@Oficina.com", NumeroConta: "x" })).toEqual([]);
    expect(
      messages("TRANSFERENCIA", {
        Banco: "001 - Banco do Brasil S.A.",
        NumeroAgencia: "12",
        NumeroConta: "9",
        TipoConta: "SALARIO",
        NomeTitular: "A",
        DocumentoTitular: "111.111.111-11",
      }),
    ).toEqual([BANK_RULES.agencyInvalid, BANK_RULES.accountInvalid, BANK_RULES.accountTypeInvalid, BANK_RULES.documentInvalid]);
  });

  it("reports a missing field before an invalid one to a single-message caller", () => {
    const errors = bankDataErrors("PIX", normalizeBankData({ ...empty, TipoChavePix: "CPF", ChavePix: "1", DocumentoTitular: "1" }));
    expect(firstBankDataError(errors)?.message).toBe("Nome do titular é obrigatório");
    expect(firstBankDataError([])).toBeUndefined();
  });

  it("normalizes: trimmed, e-mail and random keys lower-cased, flags upper-cased, N by default", () => {
    const n = normalizeBankData({ TipoChavePix: " email ", ChavePix: " PIX@Oficina.COM ", Selecionado: "", NumeroConta: "12-x" });
    expect([n.TipoChavePix, n.ChavePix, n.Selecionado, n.NumeroConta]).toEqual(["EMAIL", "pix@oficina.com", "N", "12-X"]);
  });

  it("shows PIX only with both a key type and a key", () => {
    expect(paymentTypeOf({ TipoChavePix: "CPF", ChavePix: "529.982.247-25" })).toBe("PIX");
    expect(paymentTypeOf({ TipoChavePix: "CPF", ChavePix: "" })).toBe("TRANSFERENCIA");
    expect(paymentTypeOf({ TipoChavePix: "", ChavePix: "" })).toBe("TRANSFERENCIA");
  });
});

describe("methodFields", () => {
  const all = {
    TipoChavePix: "CPF",
    ChavePix: "529.982.247-25",
    Banco: "001",
    NumeroAgencia: "1234",
    NumeroConta: "5678-9",
    TipoConta: "CORRENTE",
    NomeTitular: "Ana",
  };
  it("empties the bank account of a PIX record and the key of a transfer, keeping the holder", () => {
    expect(methodFields("PIX", all)).toEqual({ ...all, Banco: "", NumeroAgencia: "", NumeroConta: "", TipoConta: "" });
    expect(methodFields("TRANSFERENCIA", all)).toEqual({ ...all, TipoChavePix: "", ChavePix: "" });
  });
});
