// The agenda poll: ETag / If-None-Match on the list (304 with no body), what changes the tag, the date range, and the confirmed start time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { appointments, executions, executionServices, members, services } from "../../server/db/schema";

// Monday 2030-03-04, 10:10 in Brasília; the seeded appointments lie around the real today, all before this clock.
const NOW = new Date("2030-03-04T13:10:00Z");
type Row = { IdSocioVeiculoAgenda: string; QtdePendencias: number; DataAgendamento: string; HoraAgendamento: string; Nome: string };

describe.each(BACKENDS)("agenda poll on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const list = (query = "", etag?: string, token = f.token1, point = f.p1) =>
    t.app.inject({
      method: "GET",
      url: `/api/agendamentos/lista/${point}${query}`,
      headers: { authToken: token, ...(etag ? { "if-none-match": etag } : {}) },
    });
  /** Asserts the old tag no longer matches (full 200 list) and returns the new tag and rows. */
  async function changed(old: string) {
    const res = await list("", old);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(old);
    return { etag: res.headers.etag as string, data: res.json().data as Row[] };
  }
  const slot = async (day: string, point = f.p1, token = f.token1) =>
    (
      await post("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: point, dataAgendamento: day }, token)
    ).json()[0] as string;
  async function book(point: string, token: string, day: string) {
    const a = f.appts.find((x) => x.point === point)!;
    const [motive] = await queryRows<{ id: number }>(t.db, sql`select id from motivations where active = 'A' limit 1`);
    const res = await post(
      "/agendamentos/agendar",
      {
        idPontoAtendimento: point,
        idSocio: a.member,
        idSocioVeiculo: a.vehicle,
        data: day,
        hora: await slot(day, point, token),
        motivo: motive.id,
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    return res.json().idSocioVeiculoAgenda as string;
  }
  async function attachVideo(id: string) {
    const video = (await upload(t, f.token1, "video_inicial.mp4", SAMPLE.mp4)).json().file;
    const res = await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: id, videoInicial: video });
    expect(res.json()).toEqual({ message: "Vídeo atualizado com sucesso" });
  }

  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => NOW });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("answers an ETag with private, no-cache, and 304 with an empty body while nothing changed", async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const again = await list("", first.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("private, no-cache");
    // The tag depends on the query: the same tag for another filter is not a match.
    for (const q of ["?dataInicio=2020-01-01&dataFim=2040-12-31", "?status=E", "?placa=ABC1D23"]) {
      const other = await list(q, first.headers.etag as string);
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(first.headers.etag);
    }
  });

  it("changes the tag after a new appointment, a reschedule, a cancel, a start, a linked service, its approval and a member's new name", async () => {
    let { etag } = await changed("none");
    const created = await book(f.p1, f.token1, "2030-03-05");
    let now = await changed(etag);
    expect(now.data.some((r) => r.IdSocioVeiculoAgenda === created)).toBe(true);
    etag = now.etag;

    const day = "2030-03-07";
    expect(
      (
        await post("/agendamentos/reagendar", {
          idSocioVeiculoAgenda: created,
          data: day,
          hora: await slot(day),
          motivo: "Pedido do sócio",
        })
      ).json(),
    ).toEqual({ message: "Reagendamento realizado com sucesso" });
    now = await changed(etag);
    expect(now.data.find((r) => r.IdSocioVeiculoAgenda === created)!.DataAgendamento).toBe("07/03/2030");
    etag = now.etag;

    const toStart = f.pick(f.p1, "pending")[0].id;
    await attachVideo(toStart);
    etag = (await changed(etag)).etag; // the video column is in the rows (VideoInicial)
    expect((await post("/agendamentos/iniciar", { idSocioVeiculoAgenda: toStart })).statusCode).toBe(200);
    etag = (await changed(etag)).etag;

    const [service] = await t.db.select({ id: services.id }).from(services).limit(1);
    const [linked] = await t.db
      .insert(executionServices)
      .values({ appointmentId: toStart, serviceId: service.id, approvalStatus: "P" })
      .returning();
    now = await changed(etag);
    expect(now.data.find((r) => r.IdSocioVeiculoAgenda === toStart)!.QtdePendencias).toBe(1);
    await t.db.update(executionServices).set({ approvalStatus: "A" }).where(eq(executionServices.id, linked.id));
    now = await changed(now.etag);
    expect(now.data.find((r) => r.IdSocioVeiculoAgenda === toStart)!.QtdePendencias).toBe(0);

    const member = f.appts.find((a) => a.point === f.p1 && a.id === toStart)!.member;
    await t.db.update(members).set({ name: "Nome Corrigido" }).where(eq(members.id, member));
    now = await changed(now.etag);
    expect(now.data.find((r) => r.IdSocioVeiculoAgenda === toStart)!.Nome).toBe("Nome Corrigido");

    expect((await post("/agendamentos/cancelar", { idSocioVeiculoAgenda: created, motivo: "Sócio desistiu" })).statusCode).toBe(200);
    now = await changed(now.etag);
    expect(now.data.some((r) => r.IdSocioVeiculoAgenda === created)).toBe(false);
    expect((await list("", now.etag)).statusCode).toBe(304);
  });

  it("keeps this point's tag when another point changes its agenda", async () => {
    const { etag } = await changed("none");
    const theirs = await book(f.p2, f.token2, "2030-03-05");
    expect((await post("/agendamentos/cancelar", { idSocioVeiculoAgenda: theirs, motivo: "Teste" }, f.token2)).statusCode).toBe(200);
    expect((await list("", etag)).statusCode).toBe(304);
    const theirList = await list("", etag, f.token2, f.p2);
    expect(theirList.statusCode).toBe(200);
  });

  it("returns only the rows of the date range, in the contract's shape", async () => {
    // The seed's dates follow today's: distinct ones, so the range leaves out the first and last day whatever the date (on the
    // 27th two rows fall on the 28th and two on the 1st, and the second and second-to-last rows covered every day).
    const mine = [...new Set(f.appts.filter((a) => a.point === f.p1 && a.status !== "E").map((a) => a.date))].sort();
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const [from, to] = [mine[1]!, mine[mine.length - 2]!];
    const full = (await list()).json();
    const res = await list(`?dataInicio=${from}&dataFim=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["data", "message", "total"]);
    expect(body.total).toBe(body.data.length);
    const inRange = full.data.filter((r: Row) => {
      const iso = r.DataAgendamento.split("/").reverse().join("-");
      return iso >= from && iso <= to;
    });
    expect(inRange.length).toBeLessThan(full.data.length);
    expect(body.data).toEqual(inRange);
    expect(Object.keys(body.data[0]).sort()).toEqual(Object.keys(full.data[0]).sort());
    const empty = (await list("?dataInicio=2001-01-01&dataFim=2001-01-31")).json();
    expect(empty).toEqual({ message: "Nenhum agendamento encontrado", data: [], total: 0 });
    const bad = await list("?dataInicio=2030-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: "O campo dataInicio tem uma data inválida." });
  });

  it("records as start the date and time the attendant confirmed when sane, else the server clock; a replay keeps the first", async () => {
    // Booked for today (the clock's day), later slots: the day before it is the earliest start time believed.
    const [a, b, c, d] = [
      await book(f.p1, f.token1, "2030-03-04"),
      await book(f.p1, f.token1, "2030-03-04"),
      await book(f.p1, f.token1, "2030-03-04"),
      await book(f.p1, f.token1, "2030-03-04"),
    ];
    const startedAt = async (id: string) =>
      (await t.db.select().from(executions).where(eq(executions.appointmentId, id)))[0].startedAt.toISOString();
    const start = (id: string, data?: string, hora?: string) => post("/agendamentos/iniciar", { idSocioVeiculoAgenda: id, data, hora });
    for (const id of [a, b, c, d]) await attachVideo(id);
    // Confirmed at 08:05 Brasília, sent by the outbox two hours later.
    expect((await start(a, "04/03/2030", "08:05")).json()).toEqual({ message: "Execução iniciada com sucesso" });
    expect(await startedAt(a)).toBe("2030-03-04T11:05:00.000Z");
    expect((await start(b, "2030-03-03", "23:59")).statusCode).toBe(200);
    expect(await startedAt(b)).toBe("2030-03-04T02:59:00.000Z");
    // A replay with another time changes nothing.
    expect((await start(a, "04/03/2030", "09:30")).json()).toEqual({ message: "Execução iniciada com sucesso" });
    expect(await startedAt(a)).toBe("2030-03-04T11:05:00.000Z");
    // Even once the OS is finished (the outbox may replay after the finish landed): success, nothing changes.
    await t.db.update(appointments).set({ status: "C" }).where(eq(appointments.id, a));
    expect((await start(a, "04/03/2030", "09:30")).json()).toEqual({ message: "Execução iniciada com sucesso" });
    expect(await startedAt(a)).toBe("2030-03-04T11:05:00.000Z");
    // Beyond the clock (a phone set an hour ahead) or unreadable: the server clock.
    expect((await start(c, "04/03/2030", "11:10")).statusCode).toBe(200);
    expect(await startedAt(c)).toBe(NOW.toISOString());
    expect((await start(d, "31/02/2030", "08:00")).statusCode).toBe(200);
    expect(await startedAt(d)).toBe(NOW.toISOString());
    // Before the day before the appointment's day: the server clock.
    const later = await book(f.p1, f.token1, "2030-03-08");
    await attachVideo(later);
    expect((await start(later, "04/03/2030", "09:00")).statusCode).toBe(200);
    expect(await startedAt(later)).toBe(NOW.toISOString());
  });
});
