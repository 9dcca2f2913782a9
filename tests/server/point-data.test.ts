// Ratings, plate scanner and invites, bank/PIX data, registration data, service returns and the payout statement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { bankAccounts, invitations, servicePoints } from "../../server/db/schema";

describe.each(BACKENDS)("point data on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const get = (url: string) => call(t, f.token1, "GET", url);
  const post = (url: string, body: object) => call(t, f.token1, "POST", url, body);
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("averages and lists ratings, newest first", async () => {
    expect((await get(`/avaliacoes/get-average/${f.p1}`)).json()).toEqual({ MediaNotas: 4, TotalAvaliacoes: 3 });
    const list = (await get(`/avaliacoes/get-all/${f.p1}`)).json();
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      Nota: expect.any(Number),
      Cliente: expect.any(String),
      PlacaVeiculo: expect.any(String),
      NumeroOS: expect.any(Number),
    });
    const dates = list.map((r: { DataLog: string }) => new Date(r.DataLog).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("finds plates ignoring hyphen and case: member with an appointment here, member without, not a member", async () => {
    const lookup = async (plate: string) => (await get(`/scanner/get-agendamento-pontoatendimento-by-placa/${f.p1}/${plate}`)).json();
    const withAppt = await lookup("abc-1234");
    expect(withAppt).toMatchObject({ NomeSocio: "João Pereira", PlacaVeiculo: "ABC1234", IdSocioVeiculoAgenda: expect.any(String) });
    expect(f.appts.find((a) => a.id === withAppt.IdSocioVeiculoAgenda)?.point).toBe(f.p1);
    const without = await lookup("QWE5R67");
    expect(without).toMatchObject({ NomeSocio: "Fernanda Lima", IdSocioVeiculoAgenda: null, MarcaVeiculo: "Jeep" });
    expect(without).not.toHaveProperty("Cpf");
    expect(await lookup("OPA9012")).toBe(false);
    expect(await lookup("ZZZ9Z99")).toBe(false);
    expect(await lookup("..%2F..")).toBe(false);
  });

  it("keeps invites in the outbox with the phone normalised", async () => {
    const ok = await post("/scanner/enviar-convite", { telefone: "(81) 99999-0000", placa: "XYZ-1234" });
    expect(ok.json()).toEqual({ message: "Convite enviado com sucesso!" });
    const rows = await t.db.select().from(invitations).where(eq(invitations.servicePointId, f.p1));
    expect(rows.map((r) => [r.phone, r.plate])).toEqual([["5581999990000", "XYZ1234"]]);
    const empty = await post("/scanner/enviar-convite", { telefone: " ", placa: "XYZ1234" });
    expect([empty.statusCode, empty.json().message]).toEqual([400, "Por favor, informe o número de telefone."]);
    expect((await post("/scanner/enviar-convite", { telefone: "123", placa: "XYZ1234" })).statusCode).toBe(400);
  });

  it("stores PIX entries without bank fields and transfers without PIX fields, one selected entry per point, never cached", async () => {
    const base = { IdPontoAtendimento: f.p1, NomeTitular: " Marina Souza ", DocumentoTitular: "529.982.247-25" };
    const pix = await post("/ponto-atendimento/add-dado-bancario", {
      ...base,
      TipoChavePix: "EMAIL",
      ChavePix: "pix@oficina.com",
      Banco: "Itaú",
      NumeroAgencia: "1",
      NumeroConta: "2",
      TipoConta: "CORRENTE",
      Selecionado: "S",
    });
    expect(pix.json()).toEqual({ message: "Dados bancários criados com sucesso" });
    const transfer = await post("/ponto-atendimento/add-dado-bancario", {
      ...base,
      TipoChavePix: "",
      ChavePix: "",
      Banco: "Banco do Brasil",
      NumeroAgencia: "1234-5",
      NumeroConta: "12345-6",
      TipoConta: "POUPANCA",
      Selecionado: "N",
    });
    expect(transfer.statusCode).toBe(200);
    const res = await get(`/ponto-atendimento/get-dados-bancarios/${f.p1}`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json().dadosBancarios as Record<string, string>[];
    const p = list.find((d) => d.ChavePix === "pix@oficina.com")!;
    expect([p.Banco, p.NumeroAgencia, p.TipoConta, p.NomeTitular, p.Selecionado]).toEqual(["", "", "", "Marina Souza", "S"]);
    const tr = list.find((d) => d.Banco === "Banco do Brasil")!;
    expect([tr.TipoChavePix, tr.ChavePix, tr.NumeroConta]).toEqual(["", "", "12345-6"]);
    expect(list.filter((d) => d.Selecionado === "S")).toHaveLength(1);

    const edit = await post("/ponto-atendimento/edit-dado-bancario", {
      ...base,
      idDadoBancario: tr.IdDadoBancario,
      Banco: "Caixa",
      NumeroAgencia: "0001",
      NumeroConta: "1234-9",
      TipoConta: "CORRENTE",
      Selecionado: "S",
    });
    expect(edit.json()).toEqual({ message: "Dados bancários atualizados com sucesso" });
    const selected = await t.db.select().from(bankAccounts).where(eq(bankAccounts.selected, "S"));
    expect(selected.filter((s) => s.servicePointId === f.p1).map((s) => s.bank)).toEqual(["Caixa"]);
    expect((await post("/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: tr.IdDadoBancario })).json()).toEqual({
      message: "Dados bancários excluídos com sucesso",
    });
    expect((await post("/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: tr.IdDadoBancario })).statusCode).toBe(404);
  });

  it.each([
    [{ TipoChavePix: "CPF", ChavePix: "  " }, "Chave PIX é obrigatória"],
    [{ ChavePix: "x" }, "Tipo de chave PIX é obrigatório"],
    [{ NumeroAgencia: "1", NumeroConta: "2", TipoConta: "CORRENTE" }, "Nome do banco é obrigatório"],
    [{ Banco: "X", NumeroConta: "2", TipoConta: "CORRENTE" }, "Número da agência é obrigatório"],
    [{ Banco: "X", NumeroAgencia: "1", TipoConta: "CORRENTE" }, "Número da conta é obrigatório"],
    [{ Banco: "X", NumeroAgencia: "1", NumeroConta: "2" }, "Tipo de conta é obrigatório"],
    [{ TipoChavePix: "CPF", ChavePix: "1", NomeTitular: "" }, "Nome do titular é obrigatório"],
    [{ TipoChavePix: "CPF", ChavePix: "1", DocumentoTitular: " " }, "CPF do titular é obrigatório"],
  ])("validates bank data: %j -> %s", async (fields, message) => {
    const res = await post("/ponto-atendimento/add-dado-bancario", {
      IdPontoAtendimento: f.p1,
      NomeTitular: "A",
      DocumentoTitular: "1",
      ...fields,
    });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  });

  it("reads and updates registration data with opening hours as 1970 timestamps", async () => {
    const before = (await get(`/ponto-atendimento/dados-cadastrais/${f.p1}`)).json();
    expect(before.success).toBe(true);
    expect(before.data).toMatchObject({
      RazaoSocial: "Auto Center Boa Viagem Ltda",
      SegSexInicio: "1970-01-01T08:00:00.000Z",
      DomingoInicio: null,
      QtdeElevadores: 3,
    });
    const upd = await post("/ponto-atendimento/atualizar-dados-cadastrais", {
      ...before.data,
      IdPontoAtendimento: f.p1,
      QtdeElevadores: "4",
      DomingoInicio: "1970-01-01T09:00:00.000Z",
      DomingoFim: "1970-01-01T13:00:00.000Z",
      EnderecoUf: "pe",
    });
    expect(upd.json()).toEqual({ message: "Dados atualizados com sucesso" });
    const [row] = await t.db.select().from(servicePoints).where(eq(servicePoints.id, f.p1));
    expect([row.lifts, row.sundayOpen, row.sundayClose, row.uf]).toEqual([4, "09:00:00", "13:00:00", "PE"]);
    expect(
      (await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, EnderecoUf: "XX" })).json().message,
    ).toBe("UF inválida.");
    expect(
      (await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, SegSexInicio: "25:00" })).statusCode,
    ).toBe(400);
    expect((await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1 })).json().message).toBe(
      "Nenhum dado cadastral foi informado.",
    );
    expect(
      (await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, DomingoInicio: null })).statusCode,
    ).toBe(400);
  });

  it("manages service returns on concluded orders", async () => {
    const available = (await get(`/retorno-servico/agendamentos-disponiveis/${f.p1}`)).json();
    expect(available.success).toBe(true);
    expect(available.data.map((a: { IdSocioVeiculoAgenda: string }) => a.IdSocioVeiculoAgenda).sort()).toEqual(
      f
        .pick(f.p1, "done")
        .map((a) => a.id)
        .sort(),
    );
    expect(available.data[0].NomeServico).toEqual(expect.any(String));
    const done = f.pick(f.p1, "done")[0].id;
    for (const [data, message] of [
      [{ Tipo: "PEÇA", Status: "A", Descricao: "x" }, "Agendamento é obrigatório"],
      [{ IdSocioVeiculoAgenda: done, Status: "A", Descricao: "x" }, "Tipo do Retorno é obrigatório"],
      [{ IdSocioVeiculoAgenda: done, Tipo: "PEÇA", Descricao: "x" }, "Status é obrigatório"],
      [{ IdSocioVeiculoAgenda: done, Tipo: "PEÇA", Status: "PENDENTE", Descricao: "  " }, "Descrição é obrigatória"],
    ] as const) {
      const res = await post("/retorno-servico/adicionar", { data });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const pending = await post("/retorno-servico/adicionar", {
      data: { IdSocioVeiculoAgenda: f.pick(f.p1, "pending")[0].id, Tipo: "OUTROS", Status: "A", Descricao: "x" },
    });
    expect(pending.statusCode).toBe(400);
    const created = await post("/retorno-servico/adicionar", {
      data: { IdSocioVeiculoAgenda: done, Tipo: "MAO DE OBRA", Status: "PENDENTE", Descricao: "Barulho voltou" },
    });
    expect(created.json()).toMatchObject({
      success: true,
      message: "Retorno de serviço criado com sucesso",
      data: { IdRetornoServico: expect.any(String) },
    });
    const id = created.json().data.IdRetornoServico;
    const list = (await get(`/retorno-servico/lista/${f.p1}`)).json();
    expect(list.data[0]).toMatchObject({
      IdRetornoServico: id,
      Tipo: "MÃO DE OBRA",
      Status: "A",
      Descricao: "Barulho voltou",
      IdFinanceiroEspelho: expect.any(String),
    });
    const upd = await post("/retorno-servico/atualizar", {
      idRetornoServico: id,
      data: { Tipo: "PEÇA", Status: "EM CHAMADO", Descricao: "Peça trocada" },
    });
    expect(upd.json()).toEqual({ success: true, message: "Retorno de serviço atualizado com sucesso" });
    expect((await get(`/retorno-servico/lista/${f.p1}`)).json().data[0]).toMatchObject({ Status: "P", Tipo: "PEÇA" });
    expect((await post("/retorno-servico/deletar", { idRetornoServico: id })).json()).toEqual({
      success: true,
      message: "Retorno de serviço excluído com sucesso",
    });
    const again = await post("/retorno-servico/deletar", { idRetornoServico: id });
    expect([again.statusCode, again.json().success]).toEqual([404, false]);
  });

  it("lists payout rows by payment status and period", async () => {
    const all = (await post("/espelho/lista", { idPontoAtendimento: f.p1 })).json();
    expect(all).toHaveLength(3);
    const paid = (await post("/espelho/lista", { idPontoAtendimento: f.p1, pagamentoFeito: "S" })).json();
    const unpaid = (await post("/espelho/lista", { idPontoAtendimento: f.p1, pagamentoFeito: "N" })).json();
    expect([paid.length, unpaid.length]).toEqual([1, 2]);
    expect(all[0]).toMatchObject({
      ValorRepasse: expect.any(Number),
      DataAgendamento: expect.stringMatching(/^[A-Z][a-z]{2} [ \d]\d \d{4} 12:00AM$/),
      CodigoEspelho: expect.stringMatching(/^\d{9}$/),
    });
    const nums = all.map((r: { NumeroOS: number }) => r.NumeroOS);
    expect([...nums].sort((a, b) => b - a)).toEqual(nums);
    expect((await post("/espelho/lista", { idPontoAtendimento: f.p1, dataInicio: "2001-01-01", dataFim: "2001-12-31" })).json()).toEqual(
      [],
    );
    const [{ first }] = await queryRows<{ first: string }>(
      t.db,
      sql`select to_char(min(appointment_date), 'YYYY-MM-DD') as first from payout_statements where service_point_id = ${f.p1}`,
    );
    expect(
      (await post("/espelho/lista", { idPontoAtendimento: f.p1, dataInicio: first, dataFim: first })).json().length,
    ).toBeGreaterThanOrEqual(1);
  });
});
