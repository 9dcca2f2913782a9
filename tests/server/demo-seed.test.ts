// The demo data make sense whatever the day they are seeded on (issue 48's preface: on 2026-12-02 the month plan finished
// orders on the 4th, 5th and 8th, so no payout could be paid today and the suite failed). Seeded at moments that used to
// break it (the small hours of the 1st, the last minute of a year, a leap day, a Sunday, early in the month), then checked:
// nothing done lies ahead of that moment, every return follows its order's end, today has orders on lifts and waiting, and the
// central pays the demo point's unpaid payouts dated that day (node, server project, PGlite).
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginAs, makeTestApp, queryRows, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_USERS } from "../../server/seed";
import { wallClock } from "../../src/domain/dates";

const MOMENTS = [
  "2026-12-02T10:00:00Z", // the day the month plan failed: 07:00 in Brasília on the 2nd
  "2026-12-01T03:05:00Z", // 00:05 on the 1st in Brasília: nothing of this month is past yet
  "2027-01-01T02:59:00Z", // 23:59 on 31/12 in Brasília
  "2027-01-01T03:01:00Z", // 00:01 on 01/01 in Brasília
  "2028-02-29T15:00:00Z", // a leap day
  "2026-12-06T13:00:00Z", // a Sunday
  "2026-11-30T23:30:00Z", // the last evening of a month
];

describe("demo data seeded on any day", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  for (const moment of MOMENTS) {
    it(`is coherent when seeded at ${moment}`, async () => {
      const seededAt = new Date(moment);
      const started = Date.now();
      t = await makeTestApp(
        "pglite",
        { loginRateLimit: { max: 1000, windowMs: 60_000 } },
        {
          seedAt: seededAt,
          clock: () => new Date(seededAt.getTime() + (Date.now() - started)),
        },
      );
      const now = seededAt.toISOString();
      const today = wallClock(seededAt).date;
      const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t!.db, query))[0]!.n;

      // Nothing that happened lies after the moment of the seed.
      expect(await count(sql`select count(*)::int as n from executions where started_at >= ${now}::timestamptz`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from executions where finished_at >= ${now}::timestamptz`)).toBe(0);
      expect(
        await count(sql`select count(*)::int as n from payout_statements
          where executed_at >= ${now}::timestamptz or paid_at >= ${now}::timestamptz or appointment_date > ${today}::date`),
      ).toBe(0);
      expect(await count(sql`select count(*)::int as n from ratings where created_at >= ${now}::timestamptz`)).toBe(0);
      expect(
        await count(sql`select count(*)::int as n from appointments a join executions e on e.appointment_id = a.id
          where a.status = 'C' and (a.date > ${today}::date or e.finished_at is null)`),
      ).toBe(0);
      // A return is registered after the order it returns to ended, and before now.
      expect(
        await count(sql`select count(*)::int as n from service_returns r join executions e on e.appointment_id = r.appointment_id
          where r.created_at < e.finished_at or r.created_at >= ${now}::timestamptz`),
      ).toBe(0);
      expect(
        await count(sql`select count(*)::int as n from service_returns r join executions e on e.appointment_id = r.appointment_id
          where r.created_at > e.finished_at and r.created_at < ${now}::timestamptz`),
      ).toBe(2);

      // Today has orders on the lifts and orders waiting at the demo point (the agenda's Hoje).
      const token = await loginAs(t.app, DEMO_USERS.main);
      const [p1] = await queryRows<{ id: string }>(t.db, sql`select id from service_points where trade_name = 'Auto Center Boa Viagem'`);
      const todays = (await call(t, token, "GET", `/agendamentos/lista/${p1!.id}?dataInicio=${today}&dataFim=${today}`)).json().data as {
        StatusAgendamento: string;
        IdSocioVeiculoAgendaExecucao: string | null;
      }[];
      expect(todays.filter((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao).length).toBeGreaterThanOrEqual(2);
      expect(todays.filter((r) => r.StatusAgendamento === "A" && !r.IdSocioVeiculoAgendaExecucao).length).toBeGreaterThanOrEqual(1);

      // The Corolla used its once-a-year service this year (the OS screen meets the annual-limit refusal), and its oil change is
      // under warranty (the warranty refusal).
      const [corolla] = await queryRows<{ id: string }>(t.db, sql`select id from vehicles where plate = 'HMG3C21'`);
      const limits = (await call(t, token, "POST", "/servico/verificar-limite-anual", { idSocioVeiculo: corolla!.id })).json();
      expect(limits.anoReferencia).toBe(Number(today.slice(0, 4)));
      expect(limits.servicos.find((r: { nomeServico: string }) => r.nomeServico === "HIGIENIZAÇÃO DO AR-CONDICIONADO")).toMatchObject({
        quantidadeUsada: 1,
        podeUsar: false,
      });

      // The central pays every unpaid payout of the demo point (it has bank data) with today's date.
      const unpaid = await queryRows<{ id: string }>(
        t.db,
        sql`select id from payout_statements where service_point_id = ${p1!.id} and paid = 'N' order by os_number`,
      );
      expect(unpaid.length).toBeGreaterThanOrEqual(2);
      const central = await loginAs(t.app, DEMO_CENTRAL.email);
      const paid = await call(t, central, "POST", "/central/pagamentos/pagar", {
        ids: unpaid.map((r) => r.id),
        dataPagamento: today,
        referencia: "TED-DEMO",
      });
      expect([paid.statusCode, paid.json().message]).toEqual([200, `Pagamento registrado: ${unpaid.length} repasses no lote TED-DEMO.`]);
    });
  }
});
