// Money and order state under real parallel HTTP requests (issue 33, item 1): a service is linked once however many links race,
// the annual limit holds across a vehicle's orders, a link and a finish of one order never both succeed, finishing pays each
// approved service once, and a central decision, a payment or an undo is taken once. A listening server and parallel fetches,
// on PGlite and on PostgreSQL (where the double payout was found: 4 parallel links gave 2 x 200).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { centralUsers } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/secrets";
import { PAYMENT_MESSAGES } from "../../server/lib/central-payments-messages";

describe.each(BACKENDS)("money races on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let base = "";
  let central = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    central = (await http("", "POST", "/credenciado/login", { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD })).body.token;
  });
  afterAll(() => t?.close());

  /** One real HTTP request (its own connection when others are in flight): status and JSON body. */
  async function http(token: string, method: "GET" | "POST", path: string, body?: object) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authToken: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { token: string; message: string } };
  }
  const parallel = <T>(n: number, work: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => work(i)));
  const statuses = (list: { status: number }[]) => list.map((r) => r.status).sort();

  let plateSeq = 0;
  /** A new SUV of a new member, with no history (no warranty, no annual use). */
  async function newVehicle() {
    plateSeq += 1;
    const [v] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio corrida ${plateSeq}`}) returning id)
        insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
        select m.id, 'Jeep', 'Compass', 2024, ${`RAC${plateSeq}E${10 + plateSeq}`}, 'SUV' from m returning id`,
    );
    return v!.id;
  }
  /** An order of the vehicle at the point, started today, with a final video when asked (finishable once nothing waits). */
  async function openOrder(point: string, vehicle: string, finalVideo = true) {
    const user = point === f.p1 ? f.user(DEMO_USERS.main) : f.user(DEMO_USERS.otherPoint);
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into appointments (service_point_id, vehicle_id, date, time, status, initial_video, final_video)
        values (${point}, ${vehicle}, (now() at time zone 'America/Sao_Paulo')::date, '08:00', 'A', 'inicial.mp4',
          ${finalVideo ? "final.mp4" : null}) returning id`,
    );
    await t.db.execute(sql`insert into executions (appointment_id, started_by, started_at) values (${a!.id}, ${user}, now())`);
    return a!.id;
  }
  const serviceId = async (description: string) =>
    (await queryRows<{ id: string }>(t.db, sql`select id from services where description = ${description} and vehicle_type = 'SUV'`))[0]!
      .id;
  const link = (token: string, order: string, service: string) =>
    http(token, "POST", "/agendamentos/vincular-servico", { idSocioVeiculoAgenda: order, idServico: service });
  const finish = (token: string, order: string) => http(token, "POST", "/agendamentos/concluir", { idSocioVeiculoAgenda: order });
  const linksOf = (order: string) =>
    queryRows<{ id: string; approval_status: string }>(
      t.db,
      sql`select id, approval_status from execution_services where appointment_id = ${order} order by created_at`,
    );
  const payoutsOf = (order: string) =>
    queryRows<{ execution_service_id: string }>(
      t.db,
      sql`select execution_service_id from payout_statements where appointment_id = ${order}`,
    );

  it("links a service once under 8 parallel links; approved and finished by 4 parallel finishes, it is paid out once", async () => {
    const order = await openOrder(f.p1, await newVehicle());
    const alignment = await serviceId("ALINHAMENTO E BALANCEAMENTO");
    const results = await parallel(8, () => link(f.token1, order, alignment));
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe("Este serviço já foi adicionado à ordem de serviço.");
    const links = await linksOf(order);
    expect(links).toHaveLength(1);
    expect((await http(central, "POST", `/central/aprovacoes/${links[0]!.id}/aprovar`, {})).status).toBe(200);
    const finishes = await parallel(4, () => finish(f.token1, order));
    expect(statuses(finishes)).toEqual([200, 200, 200, 200]);
    expect((await payoutsOf(order)).map((p) => p.execution_service_id)).toEqual([links[0]!.id]);
  });

  it("holds the annual limit across two orders of one vehicle at two points under parallel links", async () => {
    const vehicle = await newVehicle();
    const here = await openOrder(f.p1, vehicle);
    const there = await openOrder(f.p2, vehicle);
    // HIGIENIZAÇÃO DO AR-CONDICIONADO: once a year per vehicle.
    const hygiene = await serviceId("HIGIENIZAÇÃO DO AR-CONDICIONADO");
    const results = await parallel(6, (i) => (i % 2 ? link(f.token1, here, hygiene) : link(f.token2, there, hygiene)));
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409, 409]);
    const used = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from execution_services where appointment_id in (${here}, ${there}) and service_id = ${hygiene}`,
    );
    expect(used[0]!.n).toBe(1);
  });

  it("never lets a link and a finish of the same order both succeed (a pending service on a finished order)", async () => {
    const alignment = await serviceId("ALINHAMENTO E BALANCEAMENTO");
    for (let round = 0; round < 6; round++) {
      const order = await openOrder(f.p1, await newVehicle());
      const [linked, finished] = await Promise.all([link(f.token1, order, alignment), finish(f.token1, order)]);
      expect([linked.status, finished.status].sort(), JSON.stringify([linked.body, finished.body])).toEqual([200, 409]);
      const [state] = await queryRows<{ status: string; pending: number }>(
        t.db,
        sql`select a.status, (select count(*)::int from execution_services es where es.appointment_id = a.id and es.approval_status = 'P') as pending
          from appointments a where a.id = ${order}`,
      );
      expect(state).toEqual(finished.status === 200 ? { status: "C", pending: 0 } : { status: "A", pending: 1 });
    }
  });

  it("never lets a cancel and a finish of the same order both succeed (payouts on a cancelled order)", async () => {
    for (let round = 0; round < 6; round++) {
      const order = await openOrder(f.p1, await newVehicle());
      const [cancelled, finished] = await Promise.all([
        http(f.token1, "POST", "/agendamentos/cancelar", { idSocioVeiculoAgenda: order, motivo: "Sócio desistiu" }),
        finish(f.token1, order),
      ]);
      expect([cancelled.status, finished.status].sort(), JSON.stringify([cancelled.body, finished.body])).toEqual([200, 409]);
      const [state] = await queryRows<{ status: string }>(t.db, sql`select status from appointments where id = ${order}`);
      expect(state!.status).toBe(finished.status === 200 ? "C" : "E");
    }
  });

  it("books a slot at most once per lift under parallel bookings of the same time", async () => {
    const [{ lifts }] = await queryRows<{ lifts: number }>(t.db, sql`select lifts from service_points where id = ${f.p1}`);
    const members = await Promise.all(
      Array.from({ length: lifts + 3 }, async () => {
        const vehicle = await newVehicle();
        const [v] = await queryRows<{ member: string }>(t.db, sql`select member_id as member from vehicles where id = ${vehicle}`);
        return { vehicle, member: v!.member };
      }),
    );
    // A weekday two weeks ahead, its first free time.
    let day = new Date(Date.now() + 14 * 86_400_000);
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const slots = await http(f.token1, "POST", "/agendamentos/lista-horarios-disponiveis", {
      idPontoAtendimento: f.p1,
      dataAgendamento: date,
    });
    const time = (slots.body as unknown as string[])[0];
    expect(time, JSON.stringify(slots.body)).toMatch(/^\d{2}:\d{2}$/);
    const results = await Promise.all(
      members.map((m) =>
        http(f.token1, "POST", "/agendamentos/agendar", {
          idPontoAtendimento: f.p1,
          idSocio: m.member,
          idSocioVeiculo: m.vehicle,
          data: date,
          hora: time,
          motivo: 1,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(lifts);
    for (const r of results.filter((x) => x.status !== 200))
      expect([r.status, r.body.message]).toEqual([409, "Horário indisponível. Escolha outro horário."]);
    const [booked] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from appointments where service_point_id = ${f.p1} and date = ${date} and time = ${time} and status = 'A'`,
    );
    expect(booked!.n).toBe(lifts);
  });

  it("takes one central decision when approvals and refusals of one service race", async () => {
    const order = await openOrder(f.p1, await newVehicle());
    expect((await link(f.token1, order, await serviceId("REVISÃO DE FREIOS"))).status).toBe(200);
    const [target] = await linksOf(order);
    const results = await parallel(6, (i) =>
      i % 2
        ? http(central, "POST", `/central/aprovacoes/${target!.id}/aprovar`, {})
        : http(central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao: "Sem evidência" }),
    );
    expect(statuses(results)).toEqual([200, 409, 409, 409, 409, 409]);
    const actions = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from central_actions where entity_id = ${target!.id}`,
    );
    expect(actions[0]!.n).toBe(1);
  });

  it("pays a payout once under parallel payments, and undoes it once under parallel undos", async () => {
    const order = await openOrder(f.p1, await newVehicle());
    expect((await link(f.token1, order, await serviceId("TROCA DE ÓLEO"))).status).toBe(200);
    const [target] = await linksOf(order);
    expect((await http(central, "POST", `/central/aprovacoes/${target!.id}/aprovar`, {})).status).toBe(200);
    expect((await finish(f.token1, order)).status).toBe(200);
    const [payout] = await queryRows<{ id: string }>(t.db, sql`select id from payout_statements where appointment_id = ${order}`);
    const today = (await queryRows<{ d: string }>(t.db, sql`select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as d`))[0]!
      .d;
    const pays = await parallel(5, () =>
      http(central, "POST", "/central/pagamentos/pagar", { ids: [payout!.id], dataPagamento: today, referencia: "TED-CORRIDA" }),
    );
    expect(statuses(pays)).toEqual([200, 409, 409, 409, 409]);
    const undos = await parallel(4, () =>
      http(central, "POST", `/central/pagamentos/${payout!.id}/desfazer`, { motivo: "Registrado por engano" }),
    );
    expect(statuses(undos)).toEqual([200, 409, 409, 409]);
    const actions = await queryRows<{ action: string; n: number }>(
      t.db,
      sql`select action, count(*)::int as n from central_actions where entity_id = ${payout!.id} group by action order by action`,
    );
    expect(actions).toEqual([
      { action: "desfazer-pagamento", n: 1 },
      { action: "pagar", n: 1 },
    ]);
  });

  // Payment batches (issue 38): two central users paying overlapping batches, and a payment racing the undo of a batch.
  let payoutSeq = 0;
  /** A concluded order's unpaid payout at point p1 (which has confirmed bank data), executed today; its id. */
  async function freshPayout(value = 50) {
    payoutSeq += 1;
    const plate = `BAT${payoutSeq % 10}F${10 + (payoutSeq % 89)}`;
    const [row] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio lote ${payoutSeq}`}) returning id),
        v as (insert into vehicles (member_id, brand, model, plate, vehicle_type) select id, 'Fiat', 'Argo', ${plate}, 'PASSEIO' from m returning id),
        a as (insert into appointments (service_point_id, vehicle_id, date, time, status)
          select ${f.p1}, v.id, (now() at time zone 'America/Sao_Paulo')::date, '09:00', 'C' from v returning id, vehicle_id, os_number, date),
        s as (select id from services where description = 'TROCA DE ÓLEO' and vehicle_type = 'PASSEIO'),
        es as (insert into execution_services (appointment_id, service_id, approval_status) select a.id, s.id, 'A' from a, s returning id, appointment_id)
      insert into payout_statements (appointment_id, vehicle_id, service_point_id, execution_service_id, corporate_name, cnpj,
        appointment_date, executed_at, payout, plate, member_name, service_name, os_number, code)
      select a.id, a.vehicle_id, ${f.p1}, es.id, 'Razão', '11.222.333/0001-81', a.date, now(), ${value}, ${plate},
        'Sócio', 'TROCA DE ÓLEO', a.os_number, '000000001'
      from a join es on es.appointment_id = a.id returning id`,
    );
    return row!.id;
  }
  let second = "";
  /** A second central user (a payer), signed in once. */
  async function otherPayer() {
    if (second) return second;
    await t.db.insert(centralUsers).values({
      name: "Central Pagadora",
      email: "pagadora.corrida@central.test",
      role: "payer",
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    second = (await http("", "POST", "/credenciado/login", { email: "pagadora.corrida@central.test", password: DEMO_PASSWORD })).body.token;
    return second;
  }
  const brasiliaToday = async () =>
    (await queryRows<{ d: string }>(t.db, sql`select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as d`))[0]!.d;
  const stateOf = (ids: string[]) =>
    queryRows<{ id: string; paid: string; batch: string | null; reference: string | null; undone: boolean | null }>(
      t.db,
      sql`select f.id, f.paid, f.batch_id as batch, b.reference, b.undone_at is not null as undone
        from payout_statements f left join payment_batches b on b.id = f.batch_id where f.id in ${ids} order by f.id`,
    );
  const batchesNamed = async (reference: string) =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from payment_batches where reference = ${reference}`))[0]!.n;

  it("pays one of two overlapping batches of two users at once, all or nothing, with no batch left by the loser", async () => {
    const other = await otherPayer();
    const day = await brasiliaToday();
    for (let round = 0; round < 4; round += 1) {
      const [x, y, z] = [await freshPayout(), await freshPayout(), await freshPayout()];
      const [a, b] = await Promise.all([
        http(central, "POST", "/central/pagamentos/pagar", { ids: [x, y], dataPagamento: day, referencia: `A-${round}` }),
        http(other, "POST", "/central/pagamentos/pagar", { ids: [y, z], dataPagamento: day, referencia: `B-${round}` }),
      ]);
      expect(statuses([a, b])).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toBe("Um ou mais repasses selecionados já foram pagos. Atualize a lista e selecione de novo.");
      const won = a.status === 200 ? { ids: [x, y], ref: `A-${round}`, free: z } : { ids: [y, z], ref: `B-${round}`, free: x };
      const rows = await stateOf([x, y, z]);
      for (const r of rows) {
        if (won.ids.includes(r.id)) expect([r.paid, r.reference]).toEqual(["S", won.ref]);
        else expect([r.id, r.paid]).toEqual([won.free, "N"]);
      }
      expect(await batchesNamed(a.status === 409 ? `A-${round}` : `B-${round}`)).toBe(0);
      expect(await batchesNamed(won.ref)).toBe(1);
    }
  });

  it("a payment racing the undo of a batch it overlaps: each payout is paid iff its batch stands, never twice", async () => {
    const other = await otherPayer();
    const day = await brasiliaToday();
    for (let round = 0; round < 4; round += 1) {
      const [x, y, z] = [await freshPayout(), await freshPayout(), await freshPayout()];
      const first = await http(central, "POST", "/central/pagamentos/pagar", { ids: [x, y], dataPagamento: day, referencia: `U-${round}` });
      expect(first.status).toBe(200);
      const batch = first.body.idLote as string;
      const [undo, pay] = await Promise.all([
        http(central, "POST", `/central/pagamentos/lotes/${batch}/desfazer`, { motivo: "Registrado por engano" }),
        http(other, "POST", "/central/pagamentos/pagar", { ids: [y, z], dataPagamento: day, referencia: `P-${round}` }),
      ]);
      expect(undo.status).toBe(200);
      expect(undo.body.quantidade).toBe(2);
      const rows = await stateOf([x, y, z]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(x)!.paid).toBe("N");
      if (pay.status === 200) {
        // The undo went first: y and z are paid by the new batch.
        expect([byId.get(y)!.paid, byId.get(y)!.reference, byId.get(z)!.paid, byId.get(z)!.reference]).toEqual([
          "S",
          `P-${round}`,
          "S",
          `P-${round}`,
        ]);
      } else {
        // The payment went first and found y paid: nothing of it was paid, then the undo took x and y back.
        expect(pay.status).toBe(409);
        expect([byId.get(y)!.paid, byId.get(z)!.paid]).toEqual(["N", "N"]);
        expect(await batchesNamed(`P-${round}`)).toBe(0);
      }
      // Never a paid payout whose batch was undone.
      expect(rows.filter((r) => r.paid === "S" && r.undone)).toEqual([]);
    }
  });

  it("undoes a batch once under a double click: both answers are a success, the payouts are undone and recorded once", async () => {
    const day = await brasiliaToday();
    const [x, y] = [await freshPayout(), await freshPayout()];
    const paid = await http(central, "POST", "/central/pagamentos/pagar", { ids: [x, y], dataPagamento: day, referencia: "DUPLO" });
    const batch = paid.body.idLote as string;
    const clicks = await parallel(2, () =>
      http(central, "POST", `/central/pagamentos/lotes/${batch}/desfazer`, { motivo: "Registrado por engano" }),
    );
    expect(statuses(clicks)).toEqual([200, 200]);
    expect(clicks.map((c) => c.body.message).sort()).toEqual([PAYMENT_MESSAGES.batchAlreadyUndone, PAYMENT_MESSAGES.batchUndone(2)].sort());
    expect((await stateOf([x, y])).map((r) => r.paid)).toEqual(["N", "N"]);
    const actions = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from central_actions where entity_id in (${x}, ${y}) and action = 'desfazer-pagamento'`,
    );
    expect(actions[0]!.n).toBe(2);
    // Another user asking afterwards is told who undid it (not a success: it was not their action).
    const late = await http(await otherPayer(), "POST", `/central/pagamentos/lotes/${batch}/desfazer`, { motivo: "Registrado por engano" });
    expect([late.status, late.body.message]).toEqual([409, PAYMENT_MESSAGES.batchUndoneBy(DEMO_CENTRAL.name)]);
  });
});
