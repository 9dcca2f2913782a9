// Bank/PIX data routes beyond the spec's required fields: what a bank would refuse is refused here too, with the form's pt-BR
// messages (src/domain/bank-data.ts), as a 400 and never stored; valid keys are stored normalized (node, server project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";
import { bankAccounts } from "../../server/db/schema";
import { BANK_RULES } from "../../src/domain/bank-data";

describe.each(BACKENDS)("bank data rules on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const post = (url: string, body: object) => call(t, f.token1, "POST", url, body);
  const rows = async () => t.db.select().from(bankAccounts).where(eq(bankAccounts.servicePointId, f.p1));
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const holder = () => ({ IdPontoAtendimento: f.p1, NomeTitular: "Marina Souza", DocumentoTitular: "529.982.247-25", Selecionado: "N" });
  const transfer = {
    TipoChavePix: "",
    ChavePix: "",
    Banco: "001 - Banco do Brasil S.A.",
    NumeroAgencia: "1234-5",
    NumeroConta: "1234567-8",
    TipoConta: "CORRENTE",
  };

  it.each([
    [{ TipoChavePix: "CPF", ChavePix: "123.456.789-00" }, BANK_RULES.pixKeyInvalid.CPF],
    [{ TipoChavePix: "CNPJ", ChavePix: "11.222.333/0001-80" }, BANK_RULES.pixKeyInvalid.CNPJ],
    [{ TipoChavePix: "EMAIL", ChavePix: "oficina@sem-dominio" }, BANK_RULES.pixKeyInvalid.EMAIL],
    [{ TipoChavePix: "TELEFONE", ChavePix: "(81) 3333-4444" }, BANK_RULES.pixKeyInvalid.TELEFONE],
    [{ TipoChavePix: "CHAVE_ALEATORIA", ChavePix: "minha-chave" }, BANK_RULES.pixKeyInvalid.CHAVE_ALEATORIA],
    [{ TipoChavePix: "BOLETO", ChavePix: "x" }, "Tipo de chave PIX inválido."],
    [{ ...transfer, NumeroAgencia: "12" }, BANK_RULES.agencyInvalid],
    [{ ...transfer, NumeroConta: "abc" }, BANK_RULES.accountInvalid],
    [{ ...transfer, TipoConta: "SALARIO" }, "Tipo de conta inválido."],
    [{ ...transfer, DocumentoTitular: "111.111.111-11" }, BANK_RULES.documentInvalid],
    [{ ...transfer, DocumentoTitular: "11.222.333/0001-80" }, BANK_RULES.documentInvalid],
    [{ ...transfer, Selecionado: "X" }, "Selecionado deve ser S ou N."],
  ])("refuses %j with 400 '%s' and stores nothing", async (fields, message) => {
    const before = (await rows()).length;
    const res = await post("/ponto-atendimento/add-dado-bancario", { ...holder(), ...fields });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect((await rows()).length).toBe(before);
  });

  it("names a missing field before an invalid one", async () => {
    const res = await post("/ponto-atendimento/add-dado-bancario", {
      ...holder(),
      TipoChavePix: "CPF",
      ChavePix: "1",
      NomeTitular: " ",
      DocumentoTitular: "1",
    });
    expect([res.statusCode, res.json().message]).toEqual([400, "Nome do titular é obrigatório"]);
  });

  it("stores valid keys of every type (e-mail and random keys lower-cased) and a CNPJ holder, alphanumeric too", async () => {
    const keys = [
      ["CPF", "529.982.247-25", "529.982.247-25"],
      ["CNPJ", "11.222.333/0001-81", "11.222.333/0001-81"],
      ["EMAIL", " Financeiro@Oficina.com.br ", "financeiro@oficina.com.br"],
      ["TELEFONE", "(81) 99999-0000", "(81) 99999-0000"],
      ["CHAVE_ALEATORIA", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
    ];
    for (const [type, key] of keys) {
      const res = await post("/ponto-atendimento/add-dado-bancario", {
        ...holder(),
        DocumentoTitular: "12.ABC.345/01DE-35",
        TipoChavePix: type,
        ChavePix: key,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const stored = await rows();
    for (const [type, , expected] of keys) {
      const row = stored.find((r) => r.pixKeyType === type && r.pixKey === expected && r.holderDocument === "12.ABC.345/01DE-35");
      expect(row, `${type} ${expected}`).toBeDefined();
      expect([row!.bank, row!.holderDocument]).toEqual(["", "12.ABC.345/01DE-35"]);
    }
  });

  it("edits a transfer with the same rules: an invalid agency is refused and the row stays as it was", async () => {
    expect((await post("/ponto-atendimento/add-dado-bancario", { ...holder(), ...transfer, NomeTitular: "Conta Regra" })).statusCode).toBe(
      200,
    );
    const row = (await rows()).find((r) => r.holderName === "Conta Regra")!;
    const bad = await post("/ponto-atendimento/edit-dado-bancario", {
      ...holder(),
      ...transfer,
      IdDadoBancario: row.id,
      NumeroAgencia: "1",
      NomeTitular: "Outro",
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, BANK_RULES.agencyInvalid]);
    expect((await rows()).find((r) => r.id === row.id)).toMatchObject({ holderName: "Conta Regra", agency: "1234-5" });
    const ok = await post("/ponto-atendimento/edit-dado-bancario", {
      ...holder(),
      ...transfer,
      IdDadoBancario: row.id,
      NumeroConta: "0012345-x",
    });
    expect(ok.statusCode).toBe(200);
    expect((await rows()).find((r) => r.id === row.id)).toMatchObject({ account: "0012345-X", holderName: "Marina Souza" });
  });
});
