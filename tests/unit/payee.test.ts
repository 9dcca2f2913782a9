// The payee's rules shared by the server and the console (src/domain/payee.ts): who is a natural person, whether the holder is
// the point, the fields set side by side, and the point's phone as a tel: address (node).
import { describe, expect, it } from "vitest";
import { holderIsPerson, holderIsPoint, payeeDiff, phoneHref, type PayeeValues } from "../../src/domain/payee";

const company: PayeeValues = {
  RazaoSocial: "Auto Center Boa Viagem Ltda",
  Cnpj: "11.222.333/0001-81",
  Banco: null,
  NumeroAgencia: null,
  NumeroConta: null,
  TipoConta: null,
  TipoChavePix: "CNPJ",
  ChavePix: "11.222.333/0001-81",
  NomeTitular: "Auto Center Boa Viagem Ltda",
  DocumentoTitular: "11222333000181",
};

describe("payee rules", () => {
  it("a natural person is a CPF holder or a CPF key; the holder is the point by the CNPJ's digits", () => {
    expect(holderIsPerson(company)).toBe(false);
    expect(holderIsPerson({ TipoChavePix: "EMAIL", DocumentoTitular: "529.982.247-25" })).toBe(true);
    expect(holderIsPerson({ TipoChavePix: "CPF", DocumentoTitular: "45.723.174/0001-10" })).toBe(true);
    expect(holderIsPerson({ TipoChavePix: null, DocumentoTitular: "52998224725" })).toBe(true);
    expect(holderIsPoint(company)).toBe(true);
    expect(holderIsPoint({ Cnpj: company.Cnpj, DocumentoTitular: "45.723.174/0001-10" })).toBe(false);
    expect(holderIsPoint({ Cnpj: company.Cnpj, DocumentoTitular: null })).toBe(false);
  });

  it("compares the account's fields with a value on either side, and the point's own only when they changed", () => {
    const after: PayeeValues = {
      ...company,
      TipoChavePix: null,
      ChavePix: "",
      Banco: "001 - Banco do Brasil",
      NumeroAgencia: "1234-5",
      NumeroConta: "12345-6",
      TipoConta: "CORRENTE",
    };
    expect(payeeDiff(company, after)).toEqual([
      { Campo: "Banco", Antes: null, Depois: "001 - Banco do Brasil", Alterado: true },
      { Campo: "NumeroAgencia", Antes: null, Depois: "1234-5", Alterado: true },
      { Campo: "NumeroConta", Antes: null, Depois: "12345-6", Alterado: true },
      { Campo: "TipoConta", Antes: null, Depois: "CORRENTE", Alterado: true },
      { Campo: "TipoChavePix", Antes: "CNPJ", Depois: null, Alterado: true },
      { Campo: "ChavePix", Antes: "11.222.333/0001-81", Depois: null, Alterado: true },
      { Campo: "NomeTitular", Antes: "Auto Center Boa Viagem Ltda", Depois: "Auto Center Boa Viagem Ltda", Alterado: false },
      { Campo: "DocumentoTitular", Antes: "11222333000181", Depois: "11222333000181", Alterado: false },
    ]);
    expect(payeeDiff(company, { ...company, Cnpj: "45.723.174/0001-10" })[0]).toEqual({
      Campo: "Cnpj",
      Antes: "11.222.333/0001-81",
      Depois: "45.723.174/0001-10",
      Alterado: true,
    });
    // Nothing known before: the values now, none marked changed.
    expect(payeeDiff(null, company).every((r) => r.Antes === null && !r.Alterado)).toBe(true);
  });

  it("writes a Brazilian phone as +55 and its digits", () => {
    expect(phoneHref("(81) 98888-1111")).toBe("tel:+5581988881111");
    expect(phoneHref("(81) 3333-4444")).toBe("tel:+558133334444");
    expect(phoneHref("+55 81 98888-1111")).toBe("tel:+5581988881111");
    expect(phoneHref("0 81 98888-1111")).toBe("tel:+5581988881111");
    expect(phoneHref("123")).toBeNull();
    expect(phoneHref(null)).toBeNull();
  });
});
