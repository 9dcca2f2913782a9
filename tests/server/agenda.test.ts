// Agenda rules: list format, details, slots (hours, holidays, capacity, today), schedule, reschedule, cancel, start, finish.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { appointments, executions, executionServices, payoutStatements, pointNotifications, services } from "../../server/db/schema";
import { DEMO_USERS } from "../../server/seed";

// Monday 2030-03-04, 10:10 in Brasília.
const NOW = new Date("2030-03-04T13:10:00Z");

describe.each(BACKENDS)("agenda on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const slots = async (day: string) =>
    (await post("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: f.p1, dataAgendamento: day })).json();
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => NOW });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("lists appointments in the contract's format, without cancelled ones by default", async () => {
    const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}`);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(data.length);
    expect(data.length).toBe(f.appts.filter((a) => a.point === f.p1 && a.status !== "E").length);
    for (const row of data) {
      expect(row.DataAgendamento).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(row.HoraAgendamento).toMatch(/^\d{2}:\d{2}$/);
      expect(typeof row.NumeroOS).toBe("number");
      expect(typeof row.Nome).toBe("string");
      expect(row.StatusAgendamento).not.toBe("E");
    }
    const progress = data.find((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda === f.pick(f.p1, "progress")[0].id);
    expect(progress.QtdePendencias).toBe(1);
    expect(progress.IdSocioVeiculoAgendaExecucao).toMatch(/^[0-9a-f-]{36}$/);
    expect(progress.DataHoraInicio).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const pending = data.find((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda === f.pick(f.p1, "pending")[0].id);
    expect(pending.IdSocioVeiculoAgendaExecucao).toBeNull();
    const inExecution = (await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?status=E`)).json().data;
    expect(inExecution.map((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda).sort()).toEqual(
      f
        .pick(f.p1, "progress")
        .map((a) => a.id)
        .sort(),
    );
  });

  it("returns the details of one appointment", async () => {
    const id = f.pick(f.p1, "progress")[0].id;
    const body = (await call(t, f.token1, "GET", `/agendamentos/get/${id}`)).json();
    expect(body.agendamento).toMatchObject({ IdSocioVeiculoAgenda: id, StatusAgendamento: "A" });
    expect(body.agendamento.DataAgendamento).toMatch(/T00:00:00\.000Z$/);
    expect(body.agendamento.HoraAgendamento).toMatch(/^1970-01-01T\d{2}:\d{2}:00\.000Z$/);
    expect(body.socio).toMatchObject({ Nome: expect.any(String), Cpf: expect.any(String) });
    expect(body.socio).not.toHaveProperty("FcmToken");
    expect(body.socioVeiculo).toMatchObject({ Placa: expect.any(String), TipoVeiculo: expect.any(String) });
    expect(body.execucao).toMatchObject({ ExecutorInicio: "Marina Souza", ExecutorFim: null });
    expect(body.motivo.Descricao).toEqual(expect.any(String));
    expect((await call(t, f.token1, "GET", "/agendamentos/get/nao-e-uuid")).statusCode).toBe(404);
    const motives = (await call(t, f.token1, "GET", "/agendamentos/lista-motivacoes")).json().motivacoes;
    expect(motives.map((m: { Descricao: string }) => m.Descricao)).not.toContain("Motivo desativado");
  });

  it("offers 30-minute slots within the day's opening hours, only future times today", async () => {
    expect((await slots("2030-03-04"))[0]).toBe("10:30");
    expect(await slots("2030-03-04")).not.toContain("10:00");
    const tuesday = await slots("2030-03-05");
    expect(tuesday[0]).toBe("08:00");
    expect(tuesday.at(-1)).toBe("17:30");
    expect(tuesday).toHaveLength(20);
    expect(await slots("09/03/2030")).toEqual(["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]);
    expect(await slots("2030-03-10")).toEqual([]);
    expect(await slots("2030-03-01")).toEqual([]);
  });

  it("uses the holiday hours on national holidays", async () => {
    expect(await slots("2030-11-15")).toEqual([]);
    const upd = await post("/ponto-atendimento/atualizar-dados-cadastrais", {
      IdPontoAtendimento: f.p1,
      FeriadoInicio: "1970-01-01T09:00:00.000Z",
      FeriadoFim: "11:00",
    });
    expect(upd.statusCode).toBe(200);
    expect(await slots("2030-11-15")).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, FeriadoInicio: null, FeriadoFim: null });
  });

  it("also closes on the point's state holidays (6 March, Data Magna de Pernambuco, for a point in Recife)", async () => {
    expect(await slots("2030-03-06")).toEqual([]);
    expect(await slots("2030-03-07")).toHaveLength(20);
  });

  it("refuses slots without lifts or with empty opening hours", async () => {
    await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, QtdeElevadores: "0" });
    const noLift = await post("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: f.p1, dataAgendamento: "2030-03-05" });
    expect(noLift.statusCode).toBe(400);
    expect(noLift.json().message).toBe("Ponto de atendimento não possui elevadores");
    await post("/ponto-atendimento/atualizar-dados-cadastrais", {
      IdPontoAtendimento: f.p1,
      QtdeElevadores: 3,
      SabadoInicio: "08:00",
      SabadoFim: "08:00",
    });
    const same = await post("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: f.p1, dataAgendamento: "2030-03-09" });
    expect(same.json().message).toBe("Horário de funcionamento inválido");
    await post("/ponto-atendimento/atualizar-dados-cadastrais", { IdPontoAtendimento: f.p1, SabadoInicio: "08:00", SabadoFim: "12:00" });
  });

  it("schedules up to the number of lifts per slot (3), then refuses the slot", async () => {
    const car = f.pick(f.p1, "pending")[0];
    const book = () =>
      post("/agendamentos/agendar", {
        idPontoAtendimento: f.p1,
        idSocio: car.member,
        idSocioVeiculo: car.vehicle,
        data: "2030-03-05",
        hora: "09:00",
        motivo: 1,
        pecaPorContaDoSocio: "N",
      });
    for (let i = 0; i < 3; i++) {
      const res = await book();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: "Agendamento criado com sucesso", NumeroOS: expect.any(Number) });
    }
    expect(await slots("2030-03-05")).not.toContain("09:00");
    expect(await slots("2030-03-05")).toContain("09:30");
    const full = await book();
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe("Horário indisponível. Escolha outro horário.");
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from appointments where date = '2030-03-05' and time = '09:00'`,
    );
    expect(rows[0].n).toBe(3);
    const badMotive = await post("/agendamentos/agendar", {
      idPontoAtendimento: f.p1,
      idSocio: car.member,
      idSocioVeiculo: car.vehicle,
      data: "2030-03-05",
      hora: "10:00",
      motivo: 999,
    });
    expect(badMotive.json().message).toBe("Motivação do serviço é obrigatória");
  });

  it("reschedules a pending appointment to a future free slot and notifies the point", async () => {
    const appt = f.pick(f.p1, "pending")[1];
    const past = await post("/agendamentos/reagendar", {
      idSocioVeiculoAgenda: appt.id,
      data: "2030-03-04",
      hora: "09:00",
      motivo: "Cliente pediu",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("A nova data e hora deve ser futura.");
    const blank = await post("/agendamentos/reagendar", {
      idSocioVeiculoAgenda: appt.id,
      data: "2030-03-06",
      hora: "09:00",
      motivo: "   ",
    });
    expect(blank.statusCode).toBe(400);
    const ok = await post("/agendamentos/reagendar", {
      idSocioVeiculoAgenda: appt.id,
      data: "2030-03-07",
      hora: "14:30",
      motivo: " Cliente pediu ",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Reagendamento realizado com sucesso" });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect([row.date, row.time.slice(0, 5), row.rescheduleReason]).toEqual(["2030-03-07", "14:30", "Cliente pediu"]);
    const notes = await t.db.select().from(pointNotifications).where(eq(pointNotifications.title, "Reagendamento"));
    expect(notes.some((n) => n.body.includes(`OS ${appt.os}`))).toBe(true);
    const started = await post("/agendamentos/reagendar", {
      idSocioVeiculoAgenda: f.pick(f.p1, "progress")[0].id,
      data: "2030-03-06",
      hora: "15:00",
      motivo: "x",
    });
    expect(started.statusCode).toBe(409);
  });

  it("cancels with a reason (status E) and refuses concluded orders", async () => {
    const appt = f.pick(f.p1, "pending")[2];
    const noReason = await post("/agendamentos/cancelar", { idSocioVeiculoAgenda: appt.id, motivo: "" });
    expect(noReason.statusCode).toBe(400);
    const ok = await post("/agendamentos/cancelar", {
      idSocioVeiculoAgenda: appt.id,
      idPontoAtendimento: f.p1,
      motivo: "serviço cancelado pelo credenciado.",
    });
    expect(ok.json()).toEqual({ message: "Cancelamento realizado com sucesso" });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect([row.status, row.cancelReason]).toEqual(["E", "serviço cancelado pelo credenciado."]);
    const done = await post("/agendamentos/cancelar", { idSocioVeiculoAgenda: f.pick(f.p1, "done")[0].id, motivo: "x" });
    expect(done.statusCode).toBe(409);
  });

  it("starts an OS only with an initial video, once, recording executor and time", async () => {
    const appt = f.pick(f.p1, "pending")[0];
    const noVideo = await post("/agendamentos/iniciar", {
      idSocioVeiculoAgenda: appt.id,
      idPontoAtendimentoUsuario: f.user(DEMO_USERS.colleague),
    });
    expect(noVideo.statusCode).toBe(400);
    expect(noVideo.json().message).toBe("Envie o vídeo inicial do veículo antes de iniciar a Ordem de Serviço.");
    const foreign = await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: appt.id, videoInicial: "naoexiste.mp4" });
    expect(foreign.statusCode).toBe(404);
    const video = (await upload(t, f.token1, "video_inicial.mp4", SAMPLE.mp4)).json().file;
    expect((await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: appt.id, videoInicial: video })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 2; i++) {
      const res = await post("/agendamentos/iniciar", {
        idSocioVeiculoAgenda: appt.id,
        idPontoAtendimentoUsuario: f.user(DEMO_USERS.colleague),
        data: "04/03/2030",
        hora: "10:10",
      });
      expect(res.json()).toEqual({ message: "Execução iniciada com sucesso" });
    }
    const rows = await t.db.select().from(executions).where(eq(executions.appointmentId, appt.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].startedBy).toBe(f.user(DEMO_USERS.colleague));
    expect(rows[0].startedAt.toISOString()).toBe(NOW.toISOString());
    const otherUser = await post("/agendamentos/iniciar", {
      idSocioVeiculoAgenda: f.pick(f.p1, "pending")[3]?.id ?? appt.id,
      idPontoAtendimentoUsuario: f.user(DEMO_USERS.otherPoint),
    });
    expect(otherUser.statusCode).toBe(404);
  });

  it("finishes only with a final video and no pending service, then writes one payout row per approved service", async () => {
    const appt = f.pick(f.p1, "progress")[0];
    const finish = () =>
      post("/agendamentos/concluir", {
        idSocioVeiculoAgenda: appt.id,
        idPontoAtendimentoUsuario: f.user(DEMO_USERS.main),
        responsavel: "João",
        observacao: "ok",
        km: "42000",
      });
    const noVideo = await finish();
    expect(noVideo.statusCode).toBe(400);
    expect(noVideo.json().message).toBe("Envie o vídeo final do veículo antes de finalizar a Ordem de Serviço.");
    const video = (await upload(t, f.token1, "video_final.mp4", SAMPLE.mp4)).json().file;
    await post("/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: appt.id, videoFinal: video });
    const pending = await finish();
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toMatch(/^Existem serviços pendentes de aprovação: ALINHAMENTO E BALANCEAMENTO\.$/);
    expect(await t.db.select().from(payoutStatements).where(eq(payoutStatements.appointmentId, appt.id))).toHaveLength(0);

    await t.db.update(executionServices).set({ approvalStatus: "A" }).where(eq(executionServices.appointmentId, appt.id));
    expect((await finish()).json()).toEqual({ message: "Execução finalizada com sucesso" });
    expect((await finish()).statusCode).toBe(200);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect([row.status, row.finishResponsible, row.finishKm]).toEqual(["C", "João", "42000"]);
    const [exec] = await t.db.select().from(executions).where(eq(executions.appointmentId, appt.id));
    expect(exec.finishedAt?.toISOString()).toBe(NOW.toISOString());
    const statements = await t.db
      .select({
        payout: payoutStatements.payout,
        name: payoutStatements.serviceName,
        code: payoutStatements.code,
        servicePayout: services.payout,
      })
      .from(payoutStatements)
      .innerJoin(executionServices, eq(executionServices.id, payoutStatements.executionServiceId))
      .innerJoin(services, eq(services.id, executionServices.serviceId))
      .where(eq(payoutStatements.appointmentId, appt.id));
    expect(statements).toHaveLength(2);
    for (const s of statements) {
      expect(s.payout).toBe(s.servicePayout);
      expect(s.code).toMatch(/^\d{9}$/);
    }
    const late = await post("/agendamentos/adicionar-anotacao", { idSocioVeiculoAgenda: appt.id, anotacao: "Depois de concluída" });
    expect(late.statusCode).toBe(200);
  });
});
