// The agenda's "Atrasadas" call (issue 36): GET /agendamentos/lista with status=A and only an end date lists the point's open
// orders (pending and in progress) before that day, whatever their age, and no finished, cancelled or later ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, call, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";

// The server's clock; the demo month is seeded around the real day, so the end date is chosen from the seeded orders below.
const NOW = new Date("2030-03-06T13:10:00Z");

describe.each(BACKENDS)("overdue orders on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => NOW });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("lists the point's open orders up to the end date, in progress or pending, and nothing finished, cancelled or later", async () => {
    const open = f.appts.filter((a) => a.point === f.p1 && a.status === "A");
    const days = [...new Set(open.map((a) => a.date))].sort();
    // An end date with open orders on both sides of it (the demo month has open orders on several days).
    const end = days[Math.floor((days.length - 1) / 2)]!;
    const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?status=A&dataFim=${end}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { IdSocioVeiculoAgenda: string; StatusAgendamento: string }[];
    const expected = open.filter((a) => a.date <= end);
    expect(rows.map((r) => r.IdSocioVeiculoAgenda).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(expected.length).toBeGreaterThan(0);
    expect(open.some((a) => a.date > end)).toBe(true);
    expect(rows.every((r) => r.StatusAgendamento === "A")).toBe(true);
    // Without the status the same range also has the finished ones: the status is what leaves them out.
    const all = (await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?dataFim=${end}`)).json().data as unknown[];
    expect(all.length).toBe(f.appts.filter((a) => a.point === f.p1 && a.status !== "E" && a.date <= end).length);
  });

  it("answers 404 for another point's list", async () => {
    const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p2}?status=A&dataFim=2030-03-05`);
    expect(res.statusCode).toBe(404);
  });

  it("refuses a malformed end date with a 400 in Portuguese", async () => {
    const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?status=A&dataFim=ontem`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/dataFim/);
  });
});
