// The Central console's API: central users sign in on the same login and only they reach /central (403 for attendants), their
// tokens open no point route; approvals across points, only 'P' changes (the late one told who decided), a note required to
// reject, the decisions on record (who, when, why) with search and pages, the selected rows approved at once, one's own
// decision undone within 10 s while the order is open, a payer kept from deciding; every action recorded, the point told
// (node, server project, PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { centralActions, centralUsers, executionServices, pointNotifications } from "../../server/db/schema";
import { CENTRAL_MESSAGES } from "../../server/lib/central-messages";
import { APPROVALS_MESSAGES } from "../../server/lib/central-approvals-messages";
import { CENTRAL_ROLE_MESSAGES } from "../../server/lib/central-roles";
import { hashPassword } from "../../server/lib/secrets";
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
          where es.approval_status = 'P' order by es.created_at, es.id`,
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
    expect([ok.statusCode, ok.json()]).toEqual([200, { success: true, message: CENTRAL_MESSAGES.approved, desfazerEmSegundos: 10 }]);
    const [row] = await t.db.select().from(executionServices).where(eq(executionServices.id, target!.id));
    const [me] = await t.db.select().from(centralUsers).where(eq(centralUsers.email, DEMO_CENTRAL.email));
    expect([row!.approvalStatus, row!.decidedBy, row!.decidedAt]).toEqual(["A", me!.id, expect.any(Date)]);
    // The late one is told who decided it and when (Brasília time).
    const again = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/aprovar`, {});
    const late = APPROVALS_MESSAGES.alreadyDecided("A", DEMO_CENTRAL.name, row!.decidedAt);
    expect([again.statusCode, again.json().message]).toEqual([409, late]);
    expect(late).toContain(`aprovado por ${DEMO_CENTRAL.name} em `);
    expect(late).toMatch(/ em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\. A lista foi atualizada\.$/);
    const rejectAfter = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao: "tarde" });
    expect([rejectAfter.statusCode, rejectAfter.json().message]).toEqual([409, late]);
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
    expect([row!.approvalStatus, row!.officeNote, row!.decidedAt]).toEqual(["R", "Peça não coberta pelo plano.", expect.any(Date)]);
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

  let plateSeq = 0;
  /** A new pending link of a service on a new started order of the point (a new vehicle, so no warranty or limit applies). */
  async function freshLink(point: string, description = "ALINHAMENTO E BALANCEAMENTO") {
    plateSeq += 1;
    const plate = `APR${plateSeq}B${10 + plateSeq}`;
    const user = point === f.p1 ? f.user(DEMO_USERS.main) : f.user(DEMO_USERS.otherPoint);
    const [row] = await queryRows<{ link: string; appointment: string; os: number }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio aprovação ${plateSeq}`}) returning id),
        v as (insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
          select m.id, 'Jeep', 'Compass', 2024, ${plate}, 'SUV' from m returning id),
        a as (insert into appointments (service_point_id, vehicle_id, date, time, status, initial_video)
          select ${point}, v.id, (now() at time zone 'America/Sao_Paulo')::date, '08:00', 'A', null from v returning id, os_number),
        e as (insert into executions (appointment_id, started_by, started_at) select a.id, ${user}, now() from a)
        insert into execution_services (appointment_id, service_id, user_id, point_note)
          select a.id, s.id, ${user}, 'Pedido do teste' from a, services s where s.description = ${description} and s.vehicle_type = 'SUV'
        returning id as link, appointment_id as appointment, (select os_number from a) as os`,
    );
    return { ...row!, plate };
  }
  const linkRow = async (id: string) => (await t.db.select().from(executionServices).where(eq(executionServices.id, id)))[0]!;
  /** A second central user of a role, signed in: its token. */
  async function centralAs(role: "approver" | "payer" | "admin", email: string) {
    await t.db.insert(centralUsers).values({ name: `Central ${role}`, email, role, passwordHash: await hashPassword(DEMO_PASSWORD) });
    const login = await t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password: DEMO_PASSWORD } });
    return login.json().token as string;
  }

  it("shows both values, the attendant, the evidence count, and finds a row by OS number or plate (any punctuation)", async () => {
    const made = await freshLink(f.p2);
    const { data, total } = (await call(t, central, "GET", `/central/aprovacoes?busca=${made.os}`)).json();
    expect(total).toBe(data.length);
    const row = data.find((r: { IdSocioVeiculoAgendaExecucaoServico: string }) => r.IdSocioVeiculoAgendaExecucaoServico === made.link);
    const [service] = await queryRows<{ price: number; payout: number }>(
      t.db,
      sql`select price::float8 as price, payout::float8 as payout from services where description = 'ALINHAMENTO E BALANCEAMENTO' and vehicle_type = 'SUV'`,
    );
    expect(row).toMatchObject({
      NumeroOS: made.os,
      Placa: made.plate,
      Atendente: expect.any(String),
      ObservacoesCredenciado: "Pedido do teste",
      ValorServico: service!.price,
      ValorRepasse: service!.payout,
      // No initial video, photo or note on the order and no file on the service: the row says so.
      QtdeEvidencias: 0,
      ItemVistoria: null,
    });
    const dashed = `${made.plate.slice(0, 3)}-${made.plate.slice(3)}`.toLowerCase();
    const byPlate = (await call(t, central, "GET", `/central/aprovacoes?busca=${encodeURIComponent(dashed)}`)).json();
    expect(byPlate.data.map((r: { NumeroOS: number }) => r.NumeroOS)).toEqual([made.os]);
    expect((await call(t, central, "GET", `/central/aprovacoes?busca=${encodeURIComponent("--")}`)).json()).toEqual({ data: [], total: 0 });
    const tooLong = await call(t, central, "GET", `/central/aprovacoes?busca=${"9".repeat(21)}`);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, "O campo busca é longo demais."]);
  });

  it("lists the decisions on record: who, when, the refusal reason; by status, search and page, with the total", async () => {
    const approved = await freshLink(f.p1);
    const refused = await freshLink(f.p2);
    expect((await call(t, central, "POST", `/central/aprovacoes/${approved.link}/aprovar`, {})).statusCode).toBe(200);
    expect(
      (await call(t, central, "POST", `/central/aprovacoes/${refused.link}/recusar`, { observacao: "Sem fotos da peça." })).statusCode,
    ).toBe(200);
    const all = (await call(t, central, "GET", "/central/aprovacoes/decididas")).json();
    expect(all).toMatchObject({ pagina: 1, porPagina: 50 });
    // Newest first: the refusal, then the approval; each with its author and time.
    expect(all.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        NumeroOS: refused.os,
        StatusAprovacao: "R",
        DecididoPor: DEMO_CENTRAL.name,
        MotivoRecusa: "Sem fotos da peça.",
      }),
      expect.objectContaining({ NumeroOS: approved.os, StatusAprovacao: "A", DecididoPor: DEMO_CENTRAL.name, MotivoRecusa: null }),
    ]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from execution_services where decided_at is not null`,
    );
    expect(all.total).toBe(n);
    expect(new Date(all.data[0].DecididoEm).getTime()).toBe((await linkRow(refused.link)).decidedAt!.getTime());
    const onlyRefused = (await call(t, central, "GET", "/central/aprovacoes/decididas?status=R")).json();
    expect(onlyRefused.data.every((r: { StatusAprovacao: string }) => r.StatusAprovacao === "R")).toBe(true);
    expect(onlyRefused.data.map((r: { NumeroOS: number }) => r.NumeroOS)).toContain(refused.os);
    const found = (await call(t, central, "GET", `/central/aprovacoes/decididas?busca=${approved.plate}`)).json();
    expect([found.total, found.data.map((r: { NumeroOS: number }) => r.NumeroOS)]).toEqual([1, [approved.os]]);
    const page2 = (await call(t, central, "GET", "/central/aprovacoes/decididas?porPagina=1&pagina=2")).json();
    expect([page2.data.map((r: { NumeroOS: number }) => r.NumeroOS), page2.total, page2.porPagina]).toEqual([[approved.os], n, 1]);
    const beyond = (await call(t, central, "GET", "/central/aprovacoes/decididas?porPagina=100&pagina=999")).json();
    expect([beyond.data, beyond.total]).toEqual([[], n]);
    for (const [q, message] of [
      ["status=X", "O campo status tem um valor não permitido."],
      ["pagina=0", "O campo pagina tem um formato inválido."],
      ["dataInicio=2026-02-31", undefined],
    ] as const) {
      const res = await call(t, central, "GET", `/central/aprovacoes/decididas?${q}`);
      expect(res.statusCode, q).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it("undoes one's own decision within 10 s while the order is open: pending again, recorded, the point told; else refused", async () => {
    const made = await freshLink(f.p2);
    const url = `/central/aprovacoes/${made.link}`;
    expect((await call(t, central, "POST", `${url}/desfazer`, {})).json().message).toBe(APPROVALS_MESSAGES.nothingToUndo);
    expect((await call(t, central, "POST", `${url}/recusar`, { observacao: "Sem nota fiscal." })).statusCode).toBe(200);
    // Someone else (an approver) may not undo it.
    const colleague = await centralAs("approver", "aprovadora@programa.com.br");
    const theirs = await call(t, colleague, "POST", `${url}/desfazer`, {});
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, APPROVALS_MESSAGES.notYours]);
    const undone = await call(t, central, "POST", `${url}/desfazer`, {});
    expect([undone.statusCode, undone.json()]).toEqual([200, { success: true, message: APPROVALS_MESSAGES.undone }]);
    expect(await linkRow(made.link)).toMatchObject({ approvalStatus: "P", decidedBy: null, decidedAt: null, officeNote: null });
    const history = (await call(t, central, "GET", `/central/historico/${made.link}`)).json().data;
    expect(history.map((h: { Acao: string; ValorNovo: string }) => [h.Acao, h.ValorNovo])).toEqual([
      ["desfazer-decisao", "P"],
      ["recusar", "R"],
    ]);
    const notices = (await call(t, f.token2, "GET", "/notificacoes")).json().data as { Tipo: string; NumeroOS: number; Conteudo: string }[];
    expect(notices.find((n) => n.NumeroOS === made.os && n.Tipo === "decisao-desfeita")?.Conteudo).toBe(
      APPROVALS_MESSAGES.undoneBody(made.os, "R"),
    );
    // The colleague may decide it now; after 10 s (the database's clock) its author may not undo it any more.
    expect((await call(t, colleague, "POST", `${url}/aprovar`, {})).statusCode).toBe(200);
    await t.db.execute(sql`update execution_services set decided_at = now() - interval '11 seconds' where id = ${made.link}`);
    const late = await call(t, colleague, "POST", `${url}/desfazer`, {});
    expect([late.statusCode, late.json().message]).toEqual([409, APPROVALS_MESSAGES.undoExpired]);
    // Within the seconds, but the order was finished meanwhile: its payout depends on the approval.
    await t.db.execute(sql`update execution_services set decided_at = now() where id = ${made.link}`);
    await t.db.execute(sql`update appointments set final_video = 'final.mp4' where id = ${made.appointment}`);
    expect((await call(t, f.token2, "POST", "/agendamentos/concluir", { idSocioVeiculoAgenda: made.appointment })).statusCode).toBe(200);
    const closed = await call(t, colleague, "POST", `${url}/desfazer`, {});
    expect([closed.statusCode, closed.json().message]).toEqual([409, APPROVALS_MESSAGES.orderClosed]);
    expect((await linkRow(made.link)).approvalStatus).toBe("A");
    for (const id of ["00000000-0000-0000-0000-000000000000", "nao-e-um-id"]) {
      const res = await call(t, central, "POST", `/central/aprovacoes/${id}/desfazer`, {});
      expect([res.statusCode, res.json().message]).toEqual([404, CENTRAL_MESSAGES.notFound]);
    }
  });

  it("approves the selected rows in one request: those still pending, naming the ones someone else decided first", async () => {
    const [a, b, c] = [await freshLink(f.p1), await freshLink(f.p2), await freshLink(f.p2)];
    const colleague = await centralAs("admin", "colega@programa.com.br");
    expect((await call(t, colleague, "POST", `/central/aprovacoes/${b.link}/recusar`, { observacao: "Fora do plano." })).statusCode).toBe(
      200,
    );
    const missing = "00000000-0000-0000-0000-000000000000";
    const res = await call(t, central, "POST", "/central/aprovacoes/aprovar-selecionados", { ids: [a.link, b.link, c.link, missing] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: APPROVALS_MESSAGES.bulk(2, [{ os: b.os, status: "R", by: "Central admin" }], 1),
      aprovados: [a.link, c.link],
      jaDecididos: [
        {
          IdSocioVeiculoAgendaExecucaoServico: b.link,
          NumeroOS: b.os,
          Servico: "ALINHAMENTO E BALANCEAMENTO - SUV",
          StatusAprovacao: "R",
          DecididoPor: "Central admin",
        },
      ],
      naoEncontrados: [missing],
    });
    expect(res.json().message).toBe(
      `2 serviços aprovados. Já decididos por outra pessoa: OS ${b.os} (recusado por Central admin). 1 serviço não foi encontrado.`,
    );
    expect([
      (await linkRow(a.link)).approvalStatus,
      (await linkRow(b.link)).approvalStatus,
      (await linkRow(c.link)).approvalStatus,
    ]).toEqual(["A", "R", "A"]);
    const actions = await t.db.select().from(centralActions).where(eq(centralActions.entityId, c.link));
    expect(actions.map((x) => x.action)).toEqual(["aprovar"]);
    for (const [body, message] of [
      [{ ids: [] }, "O campo ids é inválido."],
      [{ ids: ["x"] }, "O campo ids.0 tem um formato inválido."],
      [{ ids: [a.link, a.link] }, "O campo ids é inválido."],
      [{ ids: Array.from({ length: 101 }, () => missing) }, "O campo ids tem itens demais."],
      [{}, "O campo ids é obrigatório."],
    ] as const) {
      const bad = await call(t, central, "POST", "/central/aprovacoes/aprovar-selecionados", body);
      expect([bad.statusCode, bad.json().message], JSON.stringify(body).slice(0, 40)).toEqual([400, message]);
    }
  });

  it("keeps a payer from approving, refusing, approving in bulk and undoing (403), and changes nothing", async () => {
    const made = await freshLink(f.p1);
    const payer = await centralAs("payer", "pagadora@programa.com.br");
    for (const [url, body] of [
      [`/central/aprovacoes/${made.link}/aprovar`, {}],
      [`/central/aprovacoes/${made.link}/recusar`, { observacao: "Não." }],
      ["/central/aprovacoes/aprovar-selecionados", { ids: [made.link] }],
      [`/central/aprovacoes/${made.link}/desfazer`, {}],
    ] as const) {
      const res = await call(t, payer, "POST", url, body);
      expect([res.statusCode, res.json().message], url).toEqual([403, CENTRAL_ROLE_MESSAGES.approve]);
    }
    expect((await linkRow(made.link)).approvalStatus).toBe("P");
    // They still read both lists.
    expect((await call(t, payer, "GET", `/central/aprovacoes?busca=${made.os}`)).json().total).toBe(1);
    expect((await call(t, payer, "GET", "/central/aprovacoes/decididas")).statusCode).toBe(200);
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
    const future = await call(t, central, "POST", "/central/pagamentos/pagar", {
      ids: [a!.id],
      dataPagamento: "2999-01-01",
      referencia: "TED-1",
    });
    expect([future.statusCode, future.json().message]).toEqual([400, CENTRAL_MESSAGES.futureDate]);
    const paid = await call(t, central, "POST", "/central/pagamentos/pagar", {
      ids: [a!.id, b!.id],
      dataPagamento: today(),
      referencia: "TED-1",
    });
    expect([paid.statusCode, paid.json()]).toEqual([
      200,
      { success: true, message: "Pagamento registrado: 2 repasses no lote TED-1.", quantidade: 2, idLote: expect.any(String) },
    ]);
    const twice = await call(t, central, "POST", "/central/pagamentos/pagar", {
      ids: [a!.id],
      dataPagamento: today(),
      referencia: "TED-2",
    });
    expect([twice.statusCode, twice.json().message]).toEqual([409, CENTRAL_MESSAGES.alreadyPaid]);
    // One already paid among new ones: nothing is paid.
    const [c] = await payouts("N");
    const mixed = await call(t, central, "POST", "/central/pagamentos/pagar", {
      ids: [c!.id, a!.id],
      dataPagamento: today(),
      referencia: "TED-3",
    });
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
    const undo = await call(t, central, "POST", `/central/pagamentos/${a!.id}/desfazer`, { motivo: "Registrado por engano" });
    expect([undo.statusCode, undo.json().message]).toEqual([200, CENTRAL_MESSAGES.undone]);
    expect(
      (await call(t, central, "POST", `/central/pagamentos/${a!.id}/desfazer`, { motivo: "Registrado por engano" })).json().message,
    ).toBe(CENTRAL_MESSAGES.notPaid);
    const history = (await call(t, central, "GET", `/central/historico/${a!.id}`)).json().data;
    expect(history.map((h: { Acao: string }) => h.Acao)).toEqual(["desfazer-pagamento", "pagar"]);
    // A payment recorded on another day cannot be undone any more.
    await t.db.execute(sql`update central_actions set at = at - interval '2 days' where entity_id = ${b!.id}`);
    const late = await call(t, central, "POST", `/central/pagamentos/${b!.id}/desfazer`, { motivo: "Registrado por engano" });
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
