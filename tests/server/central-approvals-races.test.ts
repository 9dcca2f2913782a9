// Two central users deciding the same services at once (issue 38): real parallel HTTP requests against a listening server, on
// PGlite and on PostgreSQL (TEST_DATABASE_URL): approve/approve and approve/refuse (one wins, the other is told who), undo
// against a colleague's approval and against the order's finish (never a pending service on a finished order, never a payout
// of an undone approval), bulk against single decisions and two overlapping bulks (each row decided once, no deadlock) (node).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { centralUsers } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/secrets";
import { APPROVALS_MESSAGES } from "../../server/lib/central-approvals-messages";

const OTHER = { name: "Beatriz Central", email: "beatriz@programa.com.br" };

describe.each(BACKENDS)("central approval races on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let base = "";
  let ana = "";
  let bia = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    await t.db.insert(centralUsers).values({ ...OTHER, role: "approver", passwordHash: await hashPassword(DEMO_PASSWORD) });
    ana = (await http("", "POST", "/credenciado/login", { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD })).body.token as string;
    bia = (await http("", "POST", "/credenciado/login", { email: OTHER.email, password: DEMO_PASSWORD })).body.token as string;
  });
  afterAll(() => t?.close());

  /** One real HTTP request (its own connection when others are in flight): status and JSON body. */
  async function http(token: string, method: "GET" | "POST", path: string, body?: object) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authToken: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
  }
  const approve = (token: string, id: string) => http(token, "POST", `/central/aprovacoes/${id}/aprovar`, {});
  const refuse = (token: string, id: string) => http(token, "POST", `/central/aprovacoes/${id}/recusar`, { observacao: "Fora do plano." });
  const undo = (token: string, id: string) => http(token, "POST", `/central/aprovacoes/${id}/desfazer`, {});
  const bulk = (token: string, ids: string[]) => http(token, "POST", "/central/aprovacoes/aprovar-selecionados", { ids });

  let seq = 0;
  /** A new pending link on a new started order of the second point (a new vehicle: no warranty or limit), finishable. */
  async function freshLink(description = "ALINHAMENTO E BALANCEAMENTO") {
    seq += 1;
    const [row] = await queryRows<{ link: string; appointment: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio corrida ${seq}`}) returning id),
        v as (insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
          select m.id, 'Jeep', 'Compass', 2024, ${`DUO${seq}C${10 + seq}`}, 'SUV' from m returning id),
        a as (insert into appointments (service_point_id, vehicle_id, date, time, status, initial_video, final_video)
          select ${f.p2}, v.id, (now() at time zone 'America/Sao_Paulo')::date, '08:00', 'A', 'inicial.mp4', 'final.mp4' from v returning id),
        e as (insert into executions (appointment_id, started_by, started_at) select a.id, ${f.user(DEMO_USERS.otherPoint)}, now() from a)
        insert into execution_services (appointment_id, service_id, user_id)
          select a.id, s.id, ${f.user(DEMO_USERS.otherPoint)} from a, services s where s.description = ${description} and s.vehicle_type = 'SUV'
        returning id as link, appointment_id as appointment`,
    );
    return row!;
  }
  /** The link as the database has it: status, author, and how many actions and notices it produced. */
  const stateOf = async (link: string) =>
    (
      await queryRows<{ status: string; by: string | null; actions: number; notices: number; payouts: number }>(
        t.db,
        sql`select es.approval_status as status, cu.name as by,
          (select count(*)::int from central_actions ca where ca.entity_id = es.id) as actions,
          (select count(*)::int from point_notifications n where n.appointment_id = es.appointment_id) as notices,
          (select count(*)::int from payout_statements p where p.execution_service_id = es.id) as payouts
          from execution_services es left join central_users cu on cu.id = es.decided_by where es.id = ${link}`,
      )
    )[0]!;
  const ROUNDS = 6;

  it("two users approving the same service at once: one wins, the other gets 409 naming the winner; one action, one notice", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { link } = await freshLink();
      const [a, b] = await Promise.all([approve(ana, link), approve(bia, link)]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const winner = a.status === 200 ? DEMO_CENTRAL.name : OTHER.name;
      const loser = a.status === 200 ? b : a;
      expect(loser.body.message).toMatch(`Este serviço já foi aprovado por ${winner} em `);
      expect(await stateOf(link)).toEqual({ status: "A", by: winner, actions: 1, notices: 1, payouts: 0 });
    }
  });

  it("approve and refuse at once: exactly one decision stands, the loser is told which and by whom", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { link } = await freshLink();
      const [a, r] = await Promise.all([approve(ana, link), refuse(bia, link)]);
      expect([a.status, r.status].sort(), JSON.stringify([a.body, r.body])).toEqual([200, 409]);
      const state = await stateOf(link);
      if (a.status === 200) {
        expect(state).toEqual({ status: "A", by: DEMO_CENTRAL.name, actions: 1, notices: 1, payouts: 0 });
        expect(r.body.message).toMatch(`Este serviço já foi aprovado por ${DEMO_CENTRAL.name} em `);
      } else {
        expect(state).toEqual({ status: "R", by: OTHER.name, actions: 1, notices: 1, payouts: 0 });
        expect(a.body.message).toMatch(`Este serviço já foi recusado por ${OTHER.name} em `);
      }
    }
  });

  it("an undo against a colleague's approval of the same service: the answers and the row agree", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { link } = await freshLink();
      expect((await approve(ana, link)).status).toBe(200);
      const [u, b] = await Promise.all([undo(ana, link), approve(bia, link)]);
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      const state = await stateOf(link);
      if (b.status === 200) {
        // The undo went first: the colleague's approval found it pending again and stands.
        expect(state).toMatchObject({ status: "A", by: OTHER.name, actions: 3, notices: 3 });
      } else {
        expect([b.status, b.body.message]).toEqual([409, expect.stringContaining(`aprovado por ${DEMO_CENTRAL.name}`)]);
        expect(state).toMatchObject({ status: "P", by: null, actions: 2, notices: 2 });
      }
    }
  });

  it("an undo against the order's finish: either the finish pays the approval and the undo is refused, or the undo wins and the finish is refused", async () => {
    const finish = (appointment: string) => http(f.token2, "POST", "/agendamentos/concluir", { idSocioVeiculoAgenda: appointment });
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { link, appointment } = await freshLink();
      expect((await approve(ana, link)).status).toBe(200);
      const [u, done] = await Promise.all([undo(ana, link), finish(appointment)]);
      const state = await stateOf(link);
      if (done.status === 200) {
        expect([u.status, u.body.message]).toEqual([409, APPROVALS_MESSAGES.orderClosed]);
        expect(state).toMatchObject({ status: "A", payouts: 1 });
        outcomes.add("finished");
      } else {
        expect([u.status, done.status], JSON.stringify(done.body)).toEqual([200, 409]);
        expect(state).toMatchObject({ status: "P", payouts: 0 });
        outcomes.add("undone");
      }
      const [order] = await queryRows<{ status: string }>(t.db, sql`select status from appointments where id = ${appointment}`);
      // Never a finished order with a service awaiting approval.
      expect(order!.status).toBe(done.status === 200 ? "C" : "A");
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("a bulk approval against single decisions on its rows: each row decided once, the answers partition the rows", async () => {
    const links = [];
    for (let i = 0; i < 8; i++) links.push((await freshLink()).link);
    const singles = links.filter((_, i) => i % 2 === 0);
    const [b, ...single] = await Promise.all([bulk(ana, links), ...singles.map((id, i) => (i % 2 ? refuse(bia, id) : approve(bia, id)))]);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const approvedByBulk = new Set(b.body.aprovados as string[]);
    const takenFirst = new Map(
      (b.body.jaDecididos as { IdSocioVeiculoAgendaExecucaoServico: string; DecididoPor: string }[]).map((d) => [
        d.IdSocioVeiculoAgendaExecucaoServico,
        d,
      ]),
    );
    for (const [i, id] of singles.entries()) {
      const res = single[i]!;
      if (res.status === 200) {
        expect(approvedByBulk.has(id)).toBe(false);
        expect(takenFirst.get(id)?.DecididoPor).toBe(OTHER.name);
        expect((await stateOf(id)).by).toBe(OTHER.name);
      } else {
        expect([res.status, approvedByBulk.has(id)]).toEqual([409, true]);
        expect(res.body.message).toMatch(`aprovado por ${DEMO_CENTRAL.name}`);
        expect((await stateOf(id)).by).toBe(DEMO_CENTRAL.name);
      }
    }
    // The rows nobody else touched are the bulk's.
    for (const id of links.filter((l) => !singles.includes(l))) expect(approvedByBulk.has(id)).toBe(true);
    expect(approvedByBulk.size + takenFirst.size).toBe(links.length);
    for (const id of links) expect((await stateOf(id)).actions).toBe(1);
  });

  it("two overlapping bulk approvals in opposite orders: no deadlock, each row approved once by one of them", async () => {
    const links = [];
    for (let i = 0; i < 10; i++) links.push((await freshLink()).link);
    const [a, b] = await Promise.all([bulk(ana, links), bulk(bia, [...links].reverse())]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    const byAna = a.body.aprovados as string[];
    const byBia = b.body.aprovados as string[];
    expect(new Set([...byAna, ...byBia]).size).toBe(links.length);
    expect(byAna.length + byBia.length).toBe(links.length);
    expect((a.body.jaDecididos as unknown[]).length).toBe(byBia.length);
    for (const id of links) {
      const state = await stateOf(id);
      expect(state).toMatchObject({ status: "A", actions: 1, notices: 1 });
      expect(state.by).toBe(byAna.includes(id) ? DEMO_CENTRAL.name : OTHER.name);
    }
  });
});
