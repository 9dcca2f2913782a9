// Who may change what a point is paid to, the record of every change, payouts held until the central confirms new payment
// data, the principal's account out of another administrator's reach, and real calendar dates (issue 33, items 3, 4, 9).
// PGlite and PostgreSQL; the payment racing a bank change fires real parallel requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { auditLog, bankAccounts, payoutStatements, pointUsers, servicePoints, userTypes } from "../../server/db/schema";
import { CENTRAL_MESSAGES } from "../../server/lib/central-messages";
import { TEAM_MESSAGES } from "../../server/routes/usuarios";
import { ADMIN_ONLY } from "../../server/plugins/roles";
import { HOLD_MESSAGES } from "../../server/rules/payout-hold";

const DAY = 86_400_000;
const STRONG = "Girassol-Amarelo-Noturno-47";

describe.each(BACKENDS)("payment data, holds, the record of changes and dates on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  let carlos = "";
  let offset = 0;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => new Date(Date.now() + offset) });
    f = await fixtures(t);
    const login = (email: string) =>
      t.app
        .inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: DEMO_PASSWORD } })
        .then((r) => r.json().token);
    central = await login(DEMO_CENTRAL.email);
    carlos = await login(DEMO_USERS.colleague);
  });
  afterAll(() => t?.close());

  const asAdmin = (method: "GET" | "POST", url: string, body?: object) => call(t, f.token1, method, url, body);
  const asCentral = (method: "GET" | "POST", url: string, body?: object) => call(t, central, method, url, body);
  const selectedBank = async (point: string) =>
    (await t.db.select().from(bankAccounts).where(eq(bankAccounts.servicePointId, point))).find((b) => b.selected === "S");
  const audit = async (token: string, query = "") => (await call(t, token, "GET", `/auditoria${query}`)).json();
  const payments = async (point: string) =>
    ((await asCentral("GET", `/central/pagamentos?idPontoAtendimento=${point}&status=PENDENTE`)).json().data as {
      IdFinanceiroEspelho: string;
      Retido: boolean;
      MotivoRetencao: string | null;
    }[]) ?? [];
  const today = () => new Date(Date.now() + offset - 3 * 3_600_000).toISOString().slice(0, 10);

  let seq = 0;
  /** A finished order of the point with one approved service and its unpaid payout, executed `daysAgo` days ago. */
  async function pendingPayout(point: string, daysAgo = 1) {
    seq += 1;
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio repasse ${seq}`}) returning id),
        v as (insert into vehicles (member_id, brand, model, plate, vehicle_type) select id, 'Fiat', 'Argo', ${`PAY${seq}A${10 + seq}`}, 'PASSEIO' from m returning id),
        a as (insert into appointments (service_point_id, vehicle_id, date, time, status)
          select ${point}, v.id, (now() - make_interval(days => ${daysAgo}))::date, '09:00', 'C' from v returning id, vehicle_id, os_number, date),
        s as (select id from services where description = 'TROCA DE ÓLEO' and vehicle_type = 'PASSEIO'),
        es as (insert into execution_services (appointment_id, service_id, approval_status) select a.id, s.id, 'A' from a, s returning id, appointment_id)
      insert into payout_statements (appointment_id, vehicle_id, service_point_id, execution_service_id, corporate_name, cnpj,
        appointment_date, executed_at, payout, plate, member_name, service_name, os_number, code)
      select a.id, a.vehicle_id, ${point}, es.id, 'Razão', '11.222.333/0001-81', a.date, now() - make_interval(days => ${daysAgo}),
        80, ${`PAY${seq}A${10 + seq}`}, 'Sócio', 'TROCA DE ÓLEO', a.os_number, '000000001'
      from a join es on es.appointment_id = a.id returning id`,
    );
    return row!.id;
  }
  const pay = (ids: string[], dataPagamento = today()) =>
    asCentral("POST", "/central/pagamentos/pagar", { ids, dataPagamento, referencia: "TED-TESTE" });
  const confirm = async (point: string) => {
    const data = (await asCentral("GET", `/central/pontos/${point}/dados-pagamento`)).json().data;
    return asCentral("POST", `/central/pontos/${point}/confirmar-dados-pagamento`, { alteradoEm: data.AlteradoEm });
  };

  it("keeps bank data and registration changes to the point's administrators (403), reading registration stays open", async () => {
    const bank = (await selectedBank(f.p1))!;
    const before = await t.db.select().from(bankAccounts);
    const attempts = [
      call(t, carlos, "GET", `/ponto-atendimento/get-dados-bancarios/${f.p1}`),
      call(t, carlos, "POST", "/ponto-atendimento/add-dado-bancario", {
        IdPontoAtendimento: f.p1,
        TipoChavePix: "CPF",
        ChavePix: "529.982.247-25",
        NomeTitular: "Carlos",
        DocumentoTitular: "529.982.247-25",
        Selecionado: "S",
      }),
      call(t, carlos, "POST", "/ponto-atendimento/edit-dado-bancario", {
        IdDadoBancario: bank.id,
        TipoChavePix: "CPF",
        ChavePix: "529.982.247-25",
        NomeTitular: "Carlos",
        DocumentoTitular: "529.982.247-25",
        Selecionado: "S",
      }),
      call(t, carlos, "POST", "/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: bank.id }),
      call(t, carlos, "POST", "/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, RazaoSocial: "Golpe Ltda" }),
    ];
    for (const res of await Promise.all(attempts))
      expect([res.statusCode, res.json()]).toEqual([403, { success: false, message: ADMIN_ONLY }]);
    expect(await t.db.select().from(bankAccounts)).toEqual(before);
    const [point] = await t.db.select().from(servicePoints).where(eq(servicePoints.id, f.p1));
    expect(point!.corporateName).not.toBe("Golpe Ltda");
    expect(point!.paymentDataChangedAt).toBeNull();
    expect((await call(t, carlos, "GET", `/ponto-atendimento/dados-cadastrais/${f.p1}`)).statusCode).toBe(200);
    expect((await call(t, carlos, "GET", "/auditoria")).statusCode).toBe(403);
  });

  it("records a PIX key change (who, when, masked before and after) and holds the point's payouts until the central confirms", async () => {
    const payout = await pendingPayout(f.p1);
    expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)).toMatchObject({ Retido: false, MotivoRetencao: null });
    const bank = (await selectedBank(f.p1))!;
    const edit = await asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
      IdDadoBancario: bank.id,
      TipoChavePix: "EMAIL",
      ChavePix: "financeiro.novo@oficina.com.br",
      NomeTitular: bank.holderName,
      DocumentoTitular: bank.holderDocument,
      Selecionado: "S",
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const mine = await audit(f.token1);
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({
      IdPontoAtendimento: f.p1,
      TipoAutor: "ponto",
      Autor: expect.any(String),
      Entidade: "dado_bancario",
      Acao: "editar",
      Resumo: "Dados bancários alterados. Os repasses ficam retidos até a central conferir os novos dados (ou por 7 dias).",
    });
    const changes = mine.data[0].Alteracoes as { Campo: string; Antes: string | null; Depois: string | null }[];
    expect(changes).toContainEqual({ Campo: "Tipo de chave PIX", Antes: "CNPJ", Depois: "E-mail" });
    const key = changes.find((c) => c.Campo === "Chave PIX")!;
    expect(key.Antes).toMatch(/^•+1-81$/);
    expect(key.Depois).toMatch(/^•+m\.br$/);
    expect(JSON.stringify(mine)).not.toContain("financeiro.novo");
    // The other point's administrator sees none of it; another point's id is refused.
    expect((await audit(f.token2)).total).toBe(0);
    expect((await call(t, f.token2, "GET", `/auditoria?idPontoAtendimento=${f.p1}`)).statusCode).toBe(404);

    const held = (await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!;
    expect(held.Retido).toBe(true);
    expect(held.MotivoRetencao).toMatch(/^Dados de pagamento alterados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}: o repasse fica retido/);
    const refused = await pay([payout]);
    expect([refused.statusCode, refused.json().message]).toEqual([409, CENTRAL_MESSAGES.held(["Auto Center Boa Viagem"])]);
    expect((await t.db.select().from(payoutStatements).where(eq(payoutStatements.id, payout)))[0]!.paid).toBe("N");

    const data = (await asCentral("GET", `/central/pontos/${f.p1}/dados-pagamento`)).json().data;
    expect(data).toMatchObject({ ChavePix: "financeiro.novo@oficina.com.br", TipoChavePix: "EMAIL", Retido: true, ConfirmadoEm: null });
    const stale = await asCentral("POST", `/central/pontos/${f.p1}/confirmar-dados-pagamento`, { alteradoEm: "2020-01-01T00:00:00.000Z" });
    expect([stale.statusCode, stale.json().message]).toEqual([409, CENTRAL_MESSAGES.changedSince]);
    const ok = await asCentral("POST", `/central/pontos/${f.p1}/confirmar-dados-pagamento`, { alteradoEm: data.AlteradoEm });
    expect([ok.statusCode, ok.json().message]).toEqual([200, CENTRAL_MESSAGES.payeeConfirmed]);
    const again = await confirm(f.p1);
    expect([again.statusCode, again.json().message]).toEqual([409, CENTRAL_MESSAGES.nothingToConfirm]);

    expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido).toBe(false);
    expect((await pay([payout])).statusCode).toBe(200);
    const [paid] = await t.db.select().from(payoutStatements).where(eq(payoutStatements.id, payout));
    expect(paid!.paidTo).toMatchObject({ ChavePix: "financeiro.novo@oficina.com.br", TipoChavePix: "EMAIL", IdDadoBancario: bank.id });
    expect(paid!.bankAccountId).toBe(bank.id);

    // The central's confirmation is in the point's record and in the central's, which sees every point.
    const after = await audit(f.token1);
    expect(after.data[0]).toMatchObject({ TipoAutor: "central", Autor: DEMO_CENTRAL.name, Entidade: "dados_pagamento", Acao: "confirmar" });
    const all = await audit(central);
    expect(all.data[0]).toMatchObject({ Entidade: "dados_pagamento", NomeFantasia: "Auto Center Boa Viagem" });
    expect(
      (await audit(central, `?idPontoAtendimento=${f.p2}`)).data.every(
        (e: { IdPontoAtendimento: string }) => e.IdPontoAtendimento === f.p2,
      ),
    ).toBe(true);
  });

  it("holds payouts only when what they are paid to changes: a spare account added or edited does not, selecting it does", async () => {
    const payout = await pendingPayout(f.p1);
    const held = async () => (await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido;
    expect(await held()).toBe(false);
    const spare = {
      IdPontoAtendimento: f.p1,
      TipoChavePix: "CPF",
      ChavePix: "529.982.247-25",
      NomeTitular: "Reserva",
      DocumentoTitular: "529.982.247-25",
      Selecionado: "N",
    };
    expect((await asAdmin("POST", "/ponto-atendimento/add-dado-bancario", spare)).statusCode).toBe(200);
    const [row] = (await t.db.select().from(bankAccounts).where(eq(bankAccounts.servicePointId, f.p1))).filter(
      (b) => b.holderName === "Reserva",
    );
    expect(
      (await asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", { ...spare, IdDadoBancario: row!.id, NomeTitular: "Reserva 2" }))
        .statusCode,
    ).toBe(200);
    expect(await held()).toBe(false);
    const entries = (await audit(f.token1, "?entidade=dado_bancario&porPagina=2")).data as { Acao: string; Resumo: string }[];
    expect(entries.map((e) => [e.Acao, e.Resumo])).toEqual([
      ["editar", "Dados bancários alterados."],
      ["criar", "Dados bancários incluídos."],
    ]);
    const selected = (await selectedBank(f.p1))!;
    expect(
      (
        await asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
          ...spare,
          IdDadoBancario: row!.id,
          NomeTitular: "Reserva 2",
          Selecionado: "S",
        })
      ).statusCode,
    ).toBe(200);
    expect(await held()).toBe(true);
    expect((await audit(f.token1, "?entidade=dado_bancario&porPagina=1")).data[0]).toMatchObject({ Acao: "selecionar" });
    // Back to the account the other tests use, confirmed.
    expect((await asAdmin("POST", "/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: row!.id })).statusCode).toBe(200);
    const back = await asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
      IdDadoBancario: selected.id,
      TipoChavePix: selected.pixKeyType,
      ChavePix: selected.pixKey,
      NomeTitular: selected.holderName,
      DocumentoTitular: selected.holderDocument,
      Selecionado: "S",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await confirm(f.p1)).statusCode).toBe(200);
    expect(await held()).toBe(false);
  });

  it("holds a point with no bank data at all, with its reason, and has nothing to confirm there", async () => {
    expect(await selectedBank(f.p2)).toBeUndefined();
    const payout = await pendingPayout(f.p2);
    const row = (await payments(f.p2)).find((p) => p.IdFinanceiroEspelho === payout)!;
    expect(row).toMatchObject({ Retido: true, MotivoRetencao: HOLD_MESSAGES.noBankData });
    expect((await pay([payout])).statusCode).toBe(409);
    const res = await confirm(f.p2);
    expect([res.statusCode, res.json().message]).toEqual([409, CENTRAL_MESSAGES.noBankData]);
  });

  it("holds payouts when the CNPJ or company name changes (not the trade name), and releases them 7 days after an unconfirmed change", async () => {
    const payout = await pendingPayout(f.p1);
    const update = (fields: object) =>
      asAdmin("POST", "/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, ...fields });
    expect((await update({ Descricao: "Auto Center Boa Viagem" })).statusCode).toBe(200);
    expect((await update({ Descricao: "Auto Center Boa Viagem II" })).statusCode).toBe(200);
    expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido).toBe(false);
    const entry = (await audit(f.token1, "?entidade=dados_cadastrais")).data[0];
    expect(entry).toMatchObject({
      Acao: "editar",
      Alteracoes: [{ Campo: "Nome fantasia", Antes: "Auto Center Boa Viagem", Depois: "Auto Center Boa Viagem II" }],
    });
    expect((await update({ RazaoSocial: "Boa Viagem Serviços Automotivos Ltda" })).statusCode).toBe(200);
    expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido).toBe(true);
    offset = 7 * DAY + 60_000;
    try {
      expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido).toBe(false);
    } finally {
      offset = 0;
    }
    expect((await confirm(f.p1)).statusCode).toBe(200);
    expect((await update({ Descricao: "Auto Center Boa Viagem" })).statusCode).toBe(200);
  });

  it("never pays to bank data changed while the payment was being registered (parallel change and payment)", async () => {
    const bank = (await selectedBank(f.p1))!;
    for (let round = 0; round < 6; round++) {
      const payout = await pendingPayout(f.p1);
      const before = (await selectedBank(f.p1))!.pixKey;
      const next = `rodada${round}.${backend}@oficina.com.br`;
      const [paid, changed] = await Promise.all([
        pay([payout]),
        asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
          IdDadoBancario: bank.id,
          TipoChavePix: "EMAIL",
          ChavePix: next,
          NomeTitular: bank.holderName,
          DocumentoTitular: bank.holderDocument,
          Selecionado: "S",
        }),
      ]);
      expect(changed.statusCode).toBe(200);
      const [row] = await t.db.select().from(payoutStatements).where(eq(payoutStatements.id, payout));
      if (paid.statusCode === 200) expect((row!.paidTo as { ChavePix: string }).ChavePix).toBe(before);
      else expect([paid.statusCode, row!.paid]).toEqual([409, "N"]);
      expect((await confirm(f.p1)).statusCode).toBe(200);
    }
  });

  it("never confirms data the central did not see: a confirmation racing a new change leaves the payouts held", async () => {
    const bank = (await selectedBank(f.p1))!;
    const setKey = (key: string) =>
      asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
        IdDadoBancario: bank.id,
        TipoChavePix: "EMAIL",
        ChavePix: key,
        NomeTitular: bank.holderName,
        DocumentoTitular: bank.holderDocument,
        Selecionado: "S",
      });
    const payout = await pendingPayout(f.p1);
    for (let round = 0; round < 6; round++) {
      expect((await setKey(`visto${round}.${backend}@oficina.com.br`)).statusCode).toBe(200);
      const seen = (await asCentral("GET", `/central/pontos/${f.p1}/dados-pagamento`)).json().data.AlteradoEm as string;
      const [changed, confirmed] = await Promise.all([
        setKey(`novo${round}.${backend}@oficina.com.br`),
        asCentral("POST", `/central/pontos/${f.p1}/confirmar-dados-pagamento`, { alteradoEm: seen }),
      ]);
      expect(changed.statusCode).toBe(200);
      expect([200, 409]).toContain(confirmed.statusCode);
      // Whichever came first, the newest key was never confirmed: its payouts are held.
      expect((await payments(f.p1)).find((p) => p.IdFinanceiroEspelho === payout)!.Retido, `round ${round}`).toBe(true);
      expect((await confirm(f.p1)).statusCode).toBe(200);
    }
  });

  it("keeps one selected account under parallel additions of selected accounts", async () => {
    const original = (await selectedBank(f.p1))!;
    const add = (i: number) =>
      asAdmin("POST", "/ponto-atendimento/add-dado-bancario", {
        IdPontoAtendimento: f.p1,
        TipoChavePix: "EMAIL",
        ChavePix: `paralelo${i}.${backend}@oficina.com.br`,
        NomeTitular: `Paralelo ${i}`,
        DocumentoTitular: "529.982.247-25",
        Selecionado: "S",
      });
    const results = await Promise.all([0, 1, 2, 3, 4].map(add));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const all = await t.db.select().from(bankAccounts).where(eq(bankAccounts.servicePointId, f.p1));
    expect(all.filter((b) => b.selected === "S")).toHaveLength(1);
    // Back to the account the other tests use, confirmed.
    for (const b of all.filter((x) => x.holderName.startsWith("Paralelo "))) {
      expect((await asAdmin("POST", "/ponto-atendimento/delete-dado-bancario", { IdDadoBancario: b.id })).statusCode).toBe(200);
    }
    const back = await asAdmin("POST", "/ponto-atendimento/edit-dado-bancario", {
      IdDadoBancario: original.id,
      TipoChavePix: original.pixKeyType,
      ChavePix: original.pixKey,
      NomeTitular: original.holderName,
      DocumentoTitular: original.holderDocument,
      Selecionado: "S",
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await confirm(f.p1)).statusCode).toBe(200);
  });

  it("refuses impossible and out-of-range dates with 400 and a pt-BR message; a payment before the execution or in the future", async () => {
    for (const url of [
      "/central/pagamentos?dataInicio=0000-00-00",
      "/central/pagamentos?dataFim=2026-13-45",
      "/central/aprovacoes?dataInicio=2026-02-31",
      "/central/aprovacoes?dataFim=0000-01-01",
    ]) {
      const res = await asCentral("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/^O campo data(Inicio|Fim) tem uma data (inválida|fora do intervalo permitido)/);
    }
    const payout = await pendingPayout(f.p1, 3);
    for (const [date, message] of [
      ["0000-01-01", /^O campo dataPagamento tem uma data fora do intervalo permitido/],
      ["2026-02-31", /^O campo dataPagamento tem uma data inválida\.$/],
      ["1900-01-01", /^A data do pagamento não pode ser anterior à execução da OS \d+ \(\d{2}\/\d{2}\/\d{4}\)\.$/],
      ["2999-01-01", new RegExp(`^${CENTRAL_MESSAGES.futureDate}$`)],
    ] as const) {
      const res = await pay([payout], date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message, date).toMatch(message);
    }
    expect((await t.db.select().from(payoutStatements).where(eq(payoutStatements.id, payout)))[0]!.paid).toBe("N");
  });

  it("keeps the principal's e-mail and access links to the principal; records what administrators do in Equipe", async () => {
    const [adminType] = await t.db.select().from(userTypes).where(eq(userTypes.administrative, "S"));
    const principal = f.user(DEMO_USERS.main);
    const added = await asAdmin("POST", "/usuarios/adicionar", {
      Nome: "Beatriz Segunda",
      Email: "beatriz.admin@teste.com.br",
      IdUsuarioTipo: adminType!.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = added.json().acesso.Link.split("#")[1];
    const set = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/definir-senha",
      payload: { token, senha: STRONG, confirmacao: STRONG },
    });
    expect(set.statusCode, set.body).toBe(200);
    const second = set.json().token as string;

    const email = await call(t, second, "POST", "/usuarios/atualizar", {
      IdPontoAtendimentoUsuario: principal,
      Email: "tomado@evil.example",
    });
    expect([email.statusCode, email.json().message]).toEqual([403, TEAM_MESSAGES.principalEmail]);
    const link = await call(t, second, "POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: principal });
    expect([link.statusCode, link.json().message]).toEqual([403, TEAM_MESSAGES.principalLink]);
    const [unchanged] = await t.db.select().from(pointUsers).where(eq(pointUsers.id, principal));
    expect(unchanged!.email).toBe(DEMO_USERS.main);
    // The second administrator may still rename the principal; the principal may change their own e-mail and get a link.
    expect(
      (await call(t, second, "POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: principal, Nome: "Demo Principal" })).statusCode,
    ).toBe(200);
    expect((await asAdmin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: principal })).statusCode).toBe(200);

    const team = (await audit(f.token1, "?entidade=usuario")).data as {
      Autor: string;
      Acao: string;
      Resumo: string;
      Alteracoes: unknown[];
    }[];
    expect(team.map((e) => e.Acao)).toEqual(["link_acesso", "editar", "criar"]);
    expect(team[1]).toMatchObject({
      Autor: "Beatriz Segunda",
      Alteracoes: [{ Campo: "Nome", Antes: expect.any(String), Depois: "Demo Principal" }],
    });
    expect(team[2]!.Resumo).toContain("Usuário incluído: Beatriz Segunda");
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, "usuario"));
    expect(rows).toHaveLength(3);
  });

  it("pages the record newest first and refuses malformed paging", async () => {
    const page1 = await audit(f.token1, "?porPagina=2");
    const page2 = await audit(f.token1, "?porPagina=2&pagina=2");
    expect(page1.data).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(2);
    expect(page1.data[1].Id).toBeGreaterThan(page2.data[0].Id);
    const two = (await audit(f.token1, "?entidade=dado_bancario,dados_pagamento&porPagina=100")).data as { Entidade: string }[];
    expect(new Set(two.map((e) => e.Entidade))).toEqual(new Set(["dado_bancario", "dados_pagamento"]));
    for (const q of ["?pagina=0", "?pagina=abc", "?porPagina=-1", "?entidade=senhas", "?entidade=usuario,senhas", "?pagina=1&pagina=2"]) {
      const res = await call(t, f.token1, "GET", `/auditoria${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await call(t, undefined, "GET", "/auditoria")).statusCode).toBe(401);
  });
});
