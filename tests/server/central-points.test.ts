// The central's points that need attention and its worklist home (issue 38) on real data: each flag from what the database
// holds (rating of the last 30 days, open returns, bank data, unconfirmed payment-data change, pending approvals, unpaid
// payouts, 14 days without activity), "Última atividade" never ahead of the answer (a start time in the future does not
// count), the filter and each sort, the point page (team, masked bank data, orders), the home's counts against the database
// and the lists, and bad input answered 400/404 in pt-BR (node, server project, PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD } from "../../server/seed";
import { CENTRAL_POINTS_MESSAGES } from "../../server/lib/central-points-messages";
import { CENTRAL_ONLY } from "../../server/plugins/central-auth";
import type { PointFlag, PointPage, PointSummary } from "../../contract/central-points";
import type { CentralHome } from "../../contract/central-home";

const FLAGS: PointFlag[] = [
  "avaliacao-baixa",
  "retornos-abertos",
  "sem-dados-bancarios",
  "dados-bancarios-alterados",
  "aprovacoes-pendentes",
  "repasses-devidos",
  "sem-atividade",
];

describe.each(BACKENDS)("central points and worklist on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD },
    });
    central = login.json().token;
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string) => {
    const res = await call(t, central, "GET", url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as T;
  };
  const list = (query = "") => get<PointSummary[]>(`/central/pontos${query}`);
  const byId = async (query = "") => new Map((await list(query)).map((p) => [p.IdPontoAtendimento, p]));
  const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);
  /** What the database holds for a point, counted here independently of the route's query. */
  const counts = async (point: string) => {
    const [row] = await queryRows<{ returns: number; pending: number; due: number; total: number }>(
      t.db,
      sql`select
        (select count(*)::int from service_returns sr join appointments a on a.id = sr.appointment_id
          where a.service_point_id = ${point} and sr.status <> 'C') as returns,
        (select count(*)::int from execution_services es join appointments a on a.id = es.appointment_id
          where a.service_point_id = ${point} and es.approval_status = 'P') as pending,
        (select count(*)::int from payout_statements where service_point_id = ${point} and paid = 'N') as due,
        (select coalesce(sum(payout), 0)::float8 from payout_statements where service_point_id = ${point} and paid = 'N') as total`,
    );
    return row!;
  };

  it("flags each point from its data and never shows a last activity in the future", async () => {
    // Point 1: its three ratings yesterday (5, 4, 3: 4.0 over 30 days) and a 1 from 40 days ago, outside the window; its
    // payment data changed 2 days ago, unconfirmed. Point 2: its rating (2) yesterday; no bank data; payment data changed 8
    // days ago (outside the 7 days); every booking, start and finish 20 days ago, but one start 3 days in the future.
    await exec(sql`update ratings set created_at = now() - interval '1 day' where appointment_id in
      (select id from appointments where service_point_id in (${f.p1}, ${f.p2}))`);
    const cancelled = f.pick(f.p1, "cancelled")[0]!.id;
    await exec(sql`insert into ratings (appointment_id, score, created_at) values (${cancelled}, 1, now() - interval '40 days')`);
    await exec(sql`update service_points set payment_data_changed_at = now() - interval '2 days', payment_data_confirmed_at = null
      where id = ${f.p1}`);
    await exec(sql`update service_points set payment_data_changed_at = now() - interval '8 days' where id = ${f.p2}`);
    const twenty = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await exec(sql`update appointments set created_at = ${twenty}::timestamptz where service_point_id = ${f.p2}`);
    await exec(sql`update executions set started_at = ${twenty}::timestamptz,
      finished_at = case when finished_at is null then null else ${twenty}::timestamptz end
      where appointment_id in (select id from appointments where service_point_id = ${f.p2})`);
    const p2Order = f.pick(f.p2, "done")[0]!.id;
    await exec(sql`update executions set started_at = now() + interval '3 days' where appointment_id = ${p2Order}`);

    const asked = Date.now();
    const points = await byId();
    const p1 = points.get(f.p1)!;
    const p2 = points.get(f.p2)!;
    const c1 = await counts(f.p1);
    const c2 = await counts(f.p2);

    expect(p1).toMatchObject({
      MediaAvaliacao30Dias: 4,
      AvaliacoesRecentes: 3,
      MediaAvaliacao: 3.25,
      QuantidadeAvaliacoes: 4,
      RetornosAbertos: c1.returns,
      AprovacoesPendentes: c1.pending,
      RepassesDevidos: c1.due,
      ValorDevido: c1.total,
    });
    expect(p1.DadosPagamentoAlteradosEm).not.toBeNull();
    expect(p1.Sinalizacoes).toEqual(
      FLAGS.filter(
        (flag) =>
          flag === "dados-bancarios-alterados" ||
          (flag === "retornos-abertos" && c1.returns > 0) ||
          (flag === "aprovacoes-pendentes" && c1.pending > 0) ||
          (flag === "repasses-devidos" && c1.due > 0),
      ),
    );
    // The seed gives point 1 open returns and pending approvals: the flags above are not all vacuous.
    expect(c1.returns).toBeGreaterThan(0);
    expect(c1.pending).toBeGreaterThan(0);

    expect(p2).toMatchObject({ MediaAvaliacao30Dias: 2, AvaliacoesRecentes: 1, DadosPagamentoAlteradosEm: null });
    expect(p2.Sinalizacoes).toEqual(
      FLAGS.filter(
        (flag) =>
          flag === "avaliacao-baixa" ||
          flag === "sem-dados-bancarios" ||
          flag === "sem-atividade" ||
          (flag === "retornos-abertos" && c2.returns > 0) ||
          (flag === "aprovacoes-pendentes" && c2.pending > 0) ||
          (flag === "repasses-devidos" && c2.due > 0),
      ),
    );
    // The future start is not the last activity: the last one is 20 days ago.
    expect(p2.UltimaAtividade).toBe(twenty);
    for (const p of points.values()) if (p.UltimaAtividade) expect(Date.parse(p.UltimaAtividade)).toBeLessThanOrEqual(asked + 1000);

    // 13 days without activity is not yet idle; a rating of exactly 3.5 is not low.
    await exec(sql`update appointments set created_at = now() - interval '13 days' where id = ${p2Order}`);
    await exec(sql`update ratings set score = 5 where appointment_id = ${p2Order}`);
    const [r2] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ratings r join appointments a
      on a.id = r.appointment_id where a.service_point_id = ${f.p2}`,
    );
    expect(r2!.n).toBe(1);
    const other = f.pick(f.p2, "pending")[0]!.id;
    await exec(sql`insert into ratings (appointment_id, score, created_at) values (${other}, 2, now() - interval '2 days')`);
    const after = (await byId()).get(f.p2)!;
    expect(after.MediaAvaliacao30Dias).toBe(3.5);
    expect(after.Sinalizacoes).not.toContain("avaliacao-baixa");
    expect(after.Sinalizacoes).not.toContain("sem-atividade");

    // The central confirms point 1's new payment data: the flag goes.
    const payee = await get<{ AlteradoEm: string }>(`/central/pontos/${f.p1}/dados-pagamento`);
    const ok = await call(t, central, "POST", `/central/pontos/${f.p1}/confirmar-dados-pagamento`, { alteradoEm: payee.AlteradoEm });
    expect(ok.statusCode).toBe(200);
    const confirmed = (await byId()).get(f.p1)!;
    expect(confirmed.Sinalizacoes).not.toContain("dados-bancarios-alterados");
    expect(confirmed.DadosPagamentoAlteradosEm).toBeNull();
  });

  it("filters by each flag and sorts by name, flags, last activity and rating in both directions", async () => {
    const all = await list();
    expect(all.map((p) => p.NomeFantasia)).toEqual([...all.map((p) => p.NomeFantasia)].sort((a, b) => a.localeCompare(b, "pt-BR")));
    for (const flag of FLAGS) {
      const only = await list(`?sinal=${flag}`);
      expect(
        only.map((p) => p.IdPontoAtendimento),
        flag,
      ).toEqual(all.filter((p) => p.Sinalizacoes.includes(flag)).map((p) => p.IdPontoAtendimento));
    }
    // At least one flag selects a point and another leaves one out, so the filter is really tested.
    expect(FLAGS.some((flag) => all.some((p) => p.Sinalizacoes.includes(flag)))).toBe(true);
    expect(FLAGS.some((flag) => all.some((p) => !p.Sinalizacoes.includes(flag)))).toBe(true);

    const names = (ps: PointSummary[]) => ps.map((p) => p.NomeFantasia);
    expect(names(await list("?ordem=nome&direcao=desc"))).toEqual(names(all).reverse());
    const byFlags = await list("?ordem=sinalizacoes");
    const flagCounts = byFlags.map((p) => p.Sinalizacoes.length);
    expect(flagCounts).toEqual([...flagCounts].sort((a, b) => b - a));
    const byActivity = await list("?ordem=atividade");
    const times = byActivity.filter((p) => p.UltimaAtividade).map((p) => Date.parse(p.UltimaAtividade!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldestFirst = await list("?ordem=atividade&direcao=asc");
    expect(oldestFirst.filter((p) => p.UltimaAtividade).map((p) => Date.parse(p.UltimaAtividade!))).toEqual([...times].reverse());
    const byRating = await list("?ordem=avaliacao");
    const ratings = byRating.filter((p) => p.MediaAvaliacao !== null).map((p) => p.MediaAvaliacao!);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    expect(new Set(ratings).size).toBeGreaterThan(1);
  });

  it("answers bad input with 400/404 in pt-BR, refuses attendants (403) and no token (401)", async () => {
    for (const [query, message] of [
      ["?sinal=vermelho", CENTRAL_POINTS_MESSAGES.unknownFlag("vermelho")],
      ["?sinal=", CENTRAL_POINTS_MESSAGES.unknownFlag("")],
      ["?ordem=cidade", CENTRAL_POINTS_MESSAGES.unknownSort("cidade")],
      ["?ordem=nome&direcao=cima", CENTRAL_POINTS_MESSAGES.unknownDirection("cima")],
    ] as const) {
      const res = await call(t, central, "GET", `/central/pontos${query}`);
      expect([res.statusCode, res.json()], query).toEqual([400, { success: false, message }]);
    }
    expect(CENTRAL_POINTS_MESSAGES.unknownFlag("x")).toContain("sem-dados-bancarios");
    const repeated = await call(t, central, "GET", "/central/pontos?sinal=sem-atividade&sinal=repasses-devidos");
    expect(repeated.statusCode).toBe(400);
    const long = await call(t, central, "GET", `/central/pontos?ordem=${"x".repeat(500)}`);
    expect([long.statusCode, long.json().message]).toEqual([400, "O campo ordem é longo demais."]);
    for (const id of ["00000000-0000-0000-0000-000000000000", "nao-e-um-id", "1"]) {
      const res = await call(t, central, "GET", `/central/pontos/${id}/pagina`);
      expect([res.statusCode, res.json()], id).toEqual([404, { success: false, message: CENTRAL_POINTS_MESSAGES.pointNotFound }]);
    }
    for (const url of ["/central/inicio", "/central/pontos?sinal=sem-atividade", `/central/pontos/${f.p1}/pagina`]) {
      const asPoint = await call(t, f.token1, "GET", url);
      expect([asPoint.statusCode, asPoint.json()], url).toEqual([403, CENTRAL_ONLY]);
      expect((await call(t, undefined, "GET", url)).statusCode, url).toBe(401);
    }
  });

  it("shows a point's page: its figures, registration, team, bank data masked and latest orders", async () => {
    const page = await get<PointPage>(`/central/pontos/${f.p1}/pagina`);
    const summary = (await byId()).get(f.p1)!;
    expect(page.Ponto).toEqual(summary);
    expect(page.Cadastro).toEqual(await get(`/central/pontos/${f.p1}`));

    const users = await queryRows<{ id: string; name: string; email: string; active: string }>(
      t.db,
      sql`select id, name, email, active from point_users where service_point_id = ${f.p1} order by created_at, seq`,
    );
    expect(page.Equipe).toHaveLength(users.length);
    expect(page.Equipe[0]).toMatchObject({ IdPontoAtendimentoUsuario: users[0]!.id, Principal: true, Administrador: true, Ativo: true });
    for (const u of users) {
      expect(page.Equipe.find((m) => m.IdPontoAtendimentoUsuario === u.id)).toMatchObject({
        Nome: u.name,
        Email: u.email,
        Ativo: u.active === "A" || u.id === users[0]!.id,
      });
    }
    expect(page.Equipe.some((m) => !m.Ativo)).toBe(true); // the seeded inactive attendant

    // A bank account and a PIX e-mail key: only their last characters (and the e-mail's domain) leave the server.
    await exec(sql`insert into bank_accounts (service_point_id, bank, agency, account, account_type, holder_name, holder_document)
      values (${f.p1}, '341 - Itaú', '1234', '987654-3', 'CORRENTE', 'Ana Souza', '52998224725')`);
    await exec(sql`insert into bank_accounts (service_point_id, pix_key_type, pix_key, holder_name, holder_document)
      values (${f.p1}, 'EMAIL', 'financeiro.boaviagem@example.com', 'Auto Center', '11222333000181')`);
    const res = await call(t, central, "GET", `/central/pontos/${f.p1}/pagina`);
    const body = res.body;
    const banks = (res.json().data as PointPage).DadosBancarios;
    expect(banks[0]).toMatchObject({ Selecionado: true, TipoPagamento: "PIX", TipoChavePix: "CNPJ", ChavePix: "11.•••.•••/0001-••" });
    expect(banks.find((b) => b.NumeroConta)).toMatchObject({
      TipoPagamento: "TRANSFERENCIA",
      Banco: "341 - Itaú",
      NumeroConta: "•••• 6543",
      DocumentoTitular: "•••.982.247-••",
      Selecionado: false,
    });
    expect(banks.find((b) => b.TipoChavePix === "EMAIL")!.ChavePix).toBe("fi•••@example.com");
    for (const secret of ["987654-3", "52998224725", "financeiro.boaviagem", "11222333000181"]) expect(body).not.toContain(secret);

    const orders = await queryRows<{ os: number }>(
      t.db,
      sql`select os_number as os from appointments where service_point_id = ${f.p1} order by date desc, time desc, os_number desc limit 20`,
    );
    expect(page.Ordens.map((o) => o.NumeroOS)).toEqual(orders.map((o) => o.os));
    const done = page.Ordens.find((o) => o.Situacao === "CONCLUÍDO")!;
    expect(done.ValorRepasse).toBeGreaterThan(0);
    expect(page.Ordens.find((o) => o.Situacao === "CANCELADO")).toMatchObject({ ValorRepasse: null, Pago: null });
    expect(page.Ordens.some((o) => o.Situacao === "EM ANDAMENTO" && o.ServicosPendentes > 0)).toBe(true);

    // Point 2 has no bank data: its page says its payouts are held, and why.
    const p2 = await get<PointPage>(`/central/pontos/${f.p2}/pagina`);
    expect(p2.DadosBancarios).toEqual([]);
    expect(p2.Retido).toBe(true);
    expect(p2.MotivoRetencao).toMatch(/^Ponto sem dados bancários selecionados/);
  });

  it("counts the worklist home as the database and the lists hold it", async () => {
    const home = await get<CentralHome>("/central/inicio");
    const [db] = await queryRows<{ pending: number; oldest: string; due: number; points: number; total: number }>(
      t.db,
      sql`select (select count(*)::int from execution_services where approval_status = 'P') as pending,
        (select min(created_at) from execution_services where approval_status = 'P') as oldest,
        (select count(*)::int from payout_statements where paid = 'N') as due,
        (select count(distinct service_point_id)::int from payout_statements where paid = 'N') as points,
        (select coalesce(sum(payout), 0)::float8 from payout_statements where paid = 'N') as total`,
    );
    expect(home.Aprovacoes.Quantidade).toBe(db!.pending);
    expect(home.Aprovacoes.Quantidade).toBe((await get<unknown[]>("/central/aprovacoes")).length);
    expect(Date.parse(home.Aprovacoes.MaisAntiga!)).toBe(new Date(db!.oldest).getTime());
    expect(home.Repasses).toMatchObject({ Quantidade: db!.due, Pontos: db!.points, Total: db!.total });
    expect(db!.due).toBeGreaterThan(0);
    // Point 2 has no bank data: its unpaid payouts are the held ones.
    const c2 = await counts(f.p2);
    expect(home.Repasses).toMatchObject({ Retidos: c2.due, TotalRetido: c2.total });

    const all = await list();
    expect(home.Pontos.Total).toBe(all.length);
    expect(home.Pontos.ComSinalizacao).toBe(all.filter((p) => p.Sinalizacoes.length > 0).length);
    expect(home.Pontos.PorSinal.map((s) => s.Sinal)).toEqual(FLAGS);
    for (const { Sinal, Quantidade } of home.Pontos.PorSinal) expect(Quantidade, Sinal).toBe((await list(`?sinal=${Sinal}`)).length);
    expect(Math.abs(Date.parse(home.GeradoEm) - Date.now())).toBeLessThan(60_000);

    // Nothing waiting: no oldest age, zeros.
    await exec(sql`update execution_services set approval_status = 'A' where approval_status = 'P'`);
    await exec(sql`update payout_statements set paid = 'S', paid_at = now() where paid = 'N'`);
    const empty = await get<CentralHome>("/central/inicio");
    expect(empty.Aprovacoes).toEqual({ Quantidade: 0, MaisAntiga: null });
    expect(empty.Repasses).toEqual({ Quantidade: 0, Pontos: 0, Total: 0, Retidos: 0, TotalRetido: 0 });
    expect(empty.Pontos.PorSinal.find((s) => s.Sinal === "repasses-devidos")!.Quantidade).toBe(0);
  });
});
