// The Central console's API: central users sign in on the same login and only they reach /central (403 for attendants), their
// tokens open no point route; approvals across points, only 'P' changes, a note required to reject, every action recorded,
// the point told (node, server project, PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD } from "../../server/db/seed";
import { centralActions, executionServices, pointNotifications } from "../../server/db/schema";
import { CENTRAL_MESSAGES } from "../../server/lib/central-messages";
import { CENTRAL_ONLY } from "../../server/plugins/central-auth";

describe.each(BACKENDS)("central console API on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ perfil: "central", user: { email: DEMO_CENTRAL.email, name: DEMO_CENTRAL.name } });
    central = login.json().token;
  });
  afterAll(() => t?.close());

  const pending = () =>
    queryRows<{ id: string; point: string; os: number; service: string }>(
      t.db,
      sql`select es.id, a.service_point_id as point, a.os_number as os, s.description || ' - ' || s.vehicle_type as service
          from execution_services es join appointments a on a.id = es.appointment_id join services s on s.id = es.service_id
          where es.approval_status = 'P' order by es.created_at`,
    );

  it("refuses attendants on every central route (403) and central tokens on point routes (401); no token is 401", async () => {
    for (const [method, url] of [
      ["GET", "/central/aprovacoes"],
      ["GET", "/central/me"],
      ["POST", "/central/aprovacoes/00000000-0000-0000-0000-000000000000/aprovar"],
    ] as const) {
      const asPoint = await call(t, f.token1, method, url, {});
      expect([asPoint.statusCode, asPoint.json()], url).toEqual([403, CENTRAL_ONLY]);
      expect((await call(t, undefined, method, url, {})).statusCode, url).toBe(401);
    }
    for (const url of [`/agendamentos/lista/${f.p1}`, "/credenciado/get", `/uploads/files/x.png`]) {
      expect((await call(t, central, "GET", url)).statusCode, url).toBe(401);
    }
    expect((await call(t, central, "GET", "/central/me")).json().data).toMatchObject({ Email: DEMO_CENTRAL.email, Perfil: "central" });
  });

  it("lists pending services of every point, oldest first, with the order's context and evidence; filters by point", async () => {
    const expected = await pending();
    expect(new Set(expected.map((p) => p.point)).size).toBeGreaterThanOrEqual(1);
    const all = (await call(t, central, "GET", "/central/aprovacoes")).json().data as Record<string, unknown>[];
    expect(all.map((r) => r.IdSocioVeiculoAgendaExecucaoServico)).toEqual(expected.map((p) => p.id));
    expect(all[0]).toMatchObject({
      NumeroOS: expected[0]!.os,
      Servico: expected[0]!.service,
      Placa: expect.any(String),
      NomeFantasia: expect.any(String),
      Fotos: expect.any(Array),
      Anotacoes: expect.any(Array),
    });
    const onlyP1 = (await call(t, central, "GET", `/central/aprovacoes?idPontoAtendimento=${f.p1}`)).json().data as {
      IdPontoAtendimento: string;
    }[];
    expect(onlyP1.every((r) => r.IdPontoAtendimento === f.p1)).toBe(true);
    expect(onlyP1).toHaveLength(expected.filter((p) => p.point === f.p1).length);
    const future = (await call(t, central, "GET", "/central/aprovacoes?dataInicio=2999-01-01")).json().data;
    expect(future).toEqual([]);
    expect((await call(t, central, "GET", "/central/aprovacoes?dataInicio=ontem")).statusCode).toBe(400);
  });

  it("approves a pending service once: the point's screen shows 'A', the point is told, the action is recorded", async () => {
    const [target] = await pending();
    const ok = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/aprovar`, {});
    expect([ok.statusCode, ok.json()]).toEqual([200, { success: true, message: CENTRAL_MESSAGES.approved }]);
    const [row] = await t.db.select().from(executionServices).where(eq(executionServices.id, target!.id));
    expect(row!.approvalStatus).toBe("A");
    const again = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/aprovar`, {});
    expect([again.statusCode, again.json().message]).toEqual([409, CENTRAL_MESSAGES.notPending]);
    const rejectAfter = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao: "tarde" });
    expect(rejectAfter.statusCode).toBe(409);
    const told = await t.db.select().from(pointNotifications).where(eq(pointNotifications.servicePointId, target!.point));
    expect(told.map((n) => n.title)).toContain(`Serviço aprovado: ${target!.service}`);
    // The point's users get it from /notificacoes, unread until they mark it; the other point sees nothing of it and cannot mark it.
    const own = target!.point === f.p1 ? f.token1 : f.token2;
    const other = target!.point === f.p1 ? f.token2 : f.token1;
    type Notice = { IdNotificacao: string; Titulo: string; Lida: boolean; Autor: string; Tipo: string };
    const notices = (await call(t, own, "GET", "/notificacoes")).json().data as Notice[];
    const notice = notices.find((n) => n.Titulo === `Serviço aprovado: ${target!.service}`)!;
    expect(notice).toMatchObject({ Tipo: "aprovado", Autor: DEMO_CENTRAL.name, Lida: false });
    const otherNotices = (await call(t, other, "GET", "/notificacoes")).json().data as Notice[];
    expect(otherNotices.some((n) => n.Titulo === notice.Titulo)).toBe(false);
    expect((await call(t, other, "POST", "/notificacoes/lidas", { ids: [notice.IdNotificacao] })).statusCode).toBe(200);
    const stillUnread = (await call(t, own, "GET", "/notificacoes")).json().data as Notice[];
    expect(stillUnread.find((n) => n.IdNotificacao === notice.IdNotificacao)?.Lida).toBe(false);
    await call(t, own, "POST", "/notificacoes/lidas", { ids: [notice.IdNotificacao] });
    const read = (await call(t, own, "GET", "/notificacoes")).json().data as Notice[];
    expect(read.find((n) => n.IdNotificacao === notice.IdNotificacao)?.Lida).toBe(true);
    const history = (await call(t, central, "GET", `/central/historico/${target!.id}`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({ Acao: "aprovar", Usuario: DEMO_CENTRAL.name, ValorAnterior: "P", ValorNovo: "A", Observacao: null }),
    ]);
    expect(await t.db.select().from(centralActions).where(eq(centralActions.entityId, target!.id))).toHaveLength(1);
  });

  it("rejects only with a note, which the attendant's screen shows as the rejection note", async () => {
    const [target] = await pending();
    for (const observacao of [undefined, "", "   ", 42]) {
      const res = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao });
      expect([res.statusCode, res.json()]).toEqual([400, { success: false, message: CENTRAL_MESSAGES.noteRequired }]);
    }
    const long = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao: "x".repeat(1001) });
    expect(long.json().message).toBe(CENTRAL_MESSAGES.noteTooLong);
    const res = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, {
      observacao: "  Peça não coberta pelo plano.  ",
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(executionServices).where(eq(executionServices.id, target!.id));
    expect([row!.approvalStatus, row!.officeNote]).toEqual(["R", "Peça não coberta pelo plano."]);
    const token = target!.point === f.p1 ? f.token1 : f.token2;
    const appt = (
      await queryRows<{ id: string }>(t.db, sql`select appointment_id as id from execution_services where id = ${target!.id}`)
    )[0]!.id;
    const linked = (await call(t, token, "GET", `/agendamentos/servicos-vinculados/${appt}`)).json().servicos as {
      id: string;
      status: string;
      Observacoes: string;
    }[];
    expect(linked.find((s) => s.id === target!.id)).toMatchObject({ status: "R", Observacoes: "Peça não coberta pelo plano." });
    const told = await t.db.select().from(pointNotifications).where(eq(pointNotifications.servicePointId, target!.point));
    expect(told.map((n) => n.title)).toContain(`Serviço recusado: ${target!.service}`);
    const history = (await call(t, central, "GET", `/central/historico/${target!.id}`)).json().data;
    expect(history[0]).toMatchObject({ Acao: "recusar", ValorAnterior: "P", ValorNovo: "R", Observacao: "Peça não coberta pelo plano." });
  });

  it("serves any point's evidence file to the central staff (header or session cookie), and not to attendants", async () => {
    const file = (await upload(t, f.token2, "foto.png", SAMPLE.png)).json().file as string;
    const res = await call(t, central, "GET", `/central/arquivos/${file}`);
    expect([res.statusCode, res.headers["content-type"]]).toEqual([200, "image/png"]);
    expect(res.rawPayload.equals(SAMPLE.png)).toBe(true);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD },
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
    expect((await t.app.inject({ method: "GET", url: `/api/central/arquivos/${file}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await call(t, f.token1, "GET", `/central/arquivos/${file}`)).statusCode).toBe(403);
    expect((await call(t, central, "GET", "/central/arquivos/nada.png")).statusCode).toBe(404);
  });

  it("answers unknown or malformed ids with 404 JSON", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "nao-e-um-id"]) {
      const res = await call(t, central, "POST", `/central/aprovacoes/${id}/aprovar`, {});
      expect([res.statusCode, res.json().message]).toEqual([404, CENTRAL_MESSAGES.notFound]);
    }
  });

  const payouts = (status: "N" | "S" = "N") =>
    queryRows<{ id: string; point: string; payout: number }>(
      t.db,
      sql`select id, service_point_id as point, payout::float8 as payout from payout_statements where paid = ${status} order by os_number`,
    );
  const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

  it("lists every point's payouts with totals and the point's selected bank data; filters by point and status", async () => {
    const all = (await call(t, central, "GET", "/central/pagamentos")).json();
    const pendingRows = await payouts("N");
    expect(all.totais.quantidade).toBe(all.data.length);
    expect(new Set(all.data.map((r: { IdPontoAtendimento: string }) => r.IdPontoAtendimento)).size).toBe(2);
    const open = (await call(t, central, "GET", "/central/pagamentos?status=PENDENTE")).json();
    expect(open.data).toHaveLength(pendingRows.length);
    expect(open.totais.pendente).toBeCloseTo(
      pendingRows.reduce((n, r) => n + r.payout, 0),
      2,
    );
    const p1 = (await call(t, central, "GET", `/central/pagamentos?idPontoAtendimento=${f.p1}`)).json().data;
    expect(p1.every((r: { IdPontoAtendimento: string }) => r.IdPontoAtendimento === f.p1)).toBe(true);
    expect(p1[0]).toHaveProperty("ChavePix");
    expect((await call(t, central, "GET", "/central/pagamentos?status=TALVEZ")).statusCode).toBe(400);
  });

  it("pays selected rows once (all or nothing); the point's espelho shows them paid with the date; an undo the same day is recorded", async () => {
    const [a, b] = await payouts("N");
    const future = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [a!.id], dataPagamento: "2999-01-01" });
    expect([future.statusCode, future.json().message]).toEqual([400, CENTRAL_MESSAGES.futureDate]);
    const paid = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [a!.id, b!.id], dataPagamento: today() });
    expect([paid.statusCode, paid.json()]).toEqual([200, { success: true, message: CENTRAL_MESSAGES.paid, quantidade: 2 }]);
    const twice = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [a!.id], dataPagamento: today() });
    expect([twice.statusCode, twice.json().message]).toEqual([409, CENTRAL_MESSAGES.alreadyPaid]);
    // One already paid among new ones: nothing is paid.
    const [c] = await payouts("N");
    const mixed = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [c!.id, a!.id], dataPagamento: today() });
    expect(mixed.statusCode).toBe(409);
    expect((await payouts("N")).map((r) => r.id)).toContain(c!.id);

    const token = a!.point === f.p1 ? f.token1 : f.token2;
    const espelho = (await call(t, token, "POST", "/espelho/lista", { idPontoAtendimento: a!.point })).json() as {
      IdFinanceiroEspelho: string;
      PagamentoFeito: string;
      DataPagamento: string;
    }[];
    const mine = espelho.find((r) => r.IdFinanceiroEspelho === a!.id)!;
    expect(mine.PagamentoFeito).toBe("S");
    expect(mine.DataPagamento.slice(0, 10)).toBe(today().split("-").reverse().join("/"));

    const listed = (await call(t, central, "GET", "/central/pagamentos?status=PAGO")).json().data as {
      IdFinanceiroEspelho: string;
      PodeDesfazer: boolean;
    }[];
    expect(listed.find((r) => r.IdFinanceiroEspelho === a!.id)?.PodeDesfazer).toBe(true);
    expect(listed.filter((r) => ![a!.id, b!.id].includes(r.IdFinanceiroEspelho)).every((r) => !r.PodeDesfazer)).toBe(true);
    const undo = await call(t, central, "POST", `/central/pagamentos/${a!.id}/desfazer`, {});
    expect([undo.statusCode, undo.json().message]).toEqual([200, CENTRAL_MESSAGES.undone]);
    expect((await call(t, central, "POST", `/central/pagamentos/${a!.id}/desfazer`, {})).json().message).toBe(CENTRAL_MESSAGES.notPaid);
    const history = (await call(t, central, "GET", `/central/historico/${a!.id}`)).json().data;
    expect(history.map((h: { Acao: string }) => h.Acao)).toEqual(["desfazer-pagamento", "pagar"]);
    // A payment recorded on another day cannot be undone any more.
    await t.db.execute(sql`update central_actions set at = at - interval '2 days' where entity_id = ${b!.id}`);
    const late = await call(t, central, "POST", `/central/pagamentos/${b!.id}/desfazer`, {});
    expect([late.statusCode, late.json().message]).toEqual([409, CENTRAL_MESSAGES.undoExpired]);
  });

  it("lists the points with their rating, open returns, orders this month and last activity; a point's registration read-only", async () => {
    const list = (await call(t, central, "GET", "/central/pontos")).json().data as Record<string, unknown>[];
    expect(list.map((p) => p.IdPontoAtendimento).sort()).toEqual([f.p1, f.p2].sort());
    for (const p of list) {
      expect(p).toMatchObject({ RetornosAbertos: expect.any(Number), OrdensNoMes: expect.any(Number), NomeFantasia: expect.any(String) });
    }
    const one = (await call(t, central, "GET", `/central/pontos/${f.p1}`)).json().data;
    expect(one).toMatchObject({ IdPontoAtendimento: f.p1, NomeFantasia: "Auto Center Boa Viagem", Cnpj: expect.any(String) });
    expect((await call(t, central, "GET", "/central/pontos/00000000-0000-0000-0000-000000000000")).statusCode).toBe(404);
    expect((await call(t, f.token1, "GET", "/central/pontos")).statusCode).toBe(403);
  });
});
