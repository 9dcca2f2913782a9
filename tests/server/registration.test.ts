// Registration data (Dados Cadastrais) on the server: the form's rules refused with its pt-BR messages (required fields, CNPJ check
// digits, CEP, opening hours in pairs and in order), masked storage, and another point's data out of reach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";
import { servicePoints } from "../../server/db/schema";

describe.each(BACKENDS)("registration data on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const get = (url: string) => call(t, f.token1, "GET", url);
  const update = (body: object) =>
    call(t, f.token1, "POST", "/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, ...body });
  const row = async () => (await t.db.select().from(servicePoints).where(eq(servicePoints.id, f.p1)))[0];
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("stores the whole form as sent by the page, CNPJ and CEP masked, hours as times, and reads it back", async () => {
    const before = (await get(`/ponto-atendimento/dados-cadastrais/${f.p1}`)).json().data;
    const res = await update({
      ...before,
      RazaoSocial: "  Auto Center Boa Viagem S.A. ",
      Cnpj: "11222333000181",
      EnderecoCep: "51020001",
      QtdeElevadores: "3",
      SabadoInicio: "1970-01-01T07:00:00.000Z",
      SabadoFim: "1970-01-01T13:00:00.000Z",
      FeriadoInicio: null,
      FeriadoFim: null,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: "Dados atualizados com sucesso" }]);
    const stored = await row();
    expect([stored.corporateName, stored.cnpj, stored.cep, stored.saturdayOpen, stored.saturdayClose, stored.holidayOpen]).toEqual([
      "Auto Center Boa Viagem S.A.",
      "11.222.333/0001-81",
      "51020-001",
      "07:00:00",
      "13:00:00",
      null,
    ]);
    const after = (await get(`/ponto-atendimento/dados-cadastrais/${f.p1}`)).json().data;
    expect(after).toMatchObject({
      RazaoSocial: "Auto Center Boa Viagem S.A.",
      EnderecoCep: "51020-001",
      SabadoInicio: "1970-01-01T07:00:00.000Z",
      FeriadoFim: null,
    });
  });

  it.each([
    [{ RazaoSocial: "  " }, "Razão Social é obrigatória"],
    [{ Cnpj: "" }, "CNPJ é obrigatório"],
    [{ Cnpj: "11.222.333/0001-82" }, "CNPJ inválido: confira os dígitos verificadores."],
    [{ Cnpj: "00.000.000/0000-00" }, "CNPJ inválido: confira os dígitos verificadores."],
    [{ EnderecoCep: "5102-000" }, "CEP inválido: informe os 8 dígitos (00000-000)."],
    [{ EnderecoCep: null }, "CEP é obrigatório"],
    [{ Endereco: " " }, "Endereço é obrigatório"],
    [{ EnderecoUf: "" }, "UF é obrigatória"],
    [{ EnderecoUf: "XX" }, "UF inválida."],
    [{ EnderecoCidade: "" }, "Cidade é obrigatória"],
    [{ EnderecoBairro: null }, "Bairro é obrigatório"],
    [{ QtdeElevadores: "" }, "Qtde. Elevadores deve ser um número inteiro de 0 a 99."],
    [{ QtdeElevadores: "2.5" }, "Qtde. Elevadores deve ser um número inteiro de 0 a 99."],
    [
      { SegSexInicio: "1970-01-01T19:00:00.000Z", SegSexFim: "1970-01-01T08:00:00.000Z" },
      "Segunda a Sexta: o início deve ser antes do fim.",
    ],
    // Against the stored end (13:00 on Saturdays since the first test) when only the start is sent.
    [{ SabadoInicio: "14:00" }, "Sábados: o início deve ser antes do fim."],
    [{ DomingoInicio: "09:00", DomingoFim: null }, "Domingos: informe início e fim, ou deixe os dois vazios."],
    [{ FeriadoFim: "12:00" }, "Feriados: informe início e fim, ou deixe os dois vazios."],
  ])("refuses %j with '%s' and changes nothing", async (fields, message) => {
    const before = await row();
    const res = await update({ RazaoSocial: "Nunca Gravada Ltda", ...fields });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await row()).toEqual(before);
  });

  it("never reads or writes another point's registration", async () => {
    expect((await get(`/ponto-atendimento/dados-cadastrais/${f.p2}`)).statusCode).toBe(404);
    const res = await call(t, f.token1, "POST", "/ponto-atendimento/atualizar-dados-cadastrais", {
      IdPontoAtendimento: f.p2,
      RazaoSocial: "Invasor Ltda",
    });
    expect(res.statusCode).toBe(404);
    const [other] = await t.db.select().from(servicePoints).where(eq(servicePoints.id, f.p2));
    expect(other.corporateName).toBe("Serra Azul Mecânica Eireli");
  });
});
