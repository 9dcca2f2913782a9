// Values the contract's original clients read literally (server, PGlite/PostgreSQL): laudo/recibo download names, the
// Brasília wall-clock start/finish of an order, and the statement's SQL Server legacy date text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { executionServices, services } from "../../server/db/schema";
import { DEMO_USERS } from "../../server/seed";
import { isoToBr, legacyToBr, parseLegacyDateTime, wallClockIsoToBr } from "../../src/domain/dates";

// Monday 2030-03-04, 10:10 in Brasília; the order is finished at 21:05 Brasília, already the next day in UTC.
const START = new Date("2030-03-04T13:10:00Z");
const FINISH = new Date("2030-03-05T00:05:00Z");
// "Nov 18 2025 12:00AM": English month, day and hour padded to two characters with a space.
const LEGACY = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 123]\d \d{4} [ 1]\d:[0-5]\d[AP]M$/;

describe.each(BACKENDS)("contract fidelity on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let now = START;
  const post = (url: string, body: object) => call(t, f.token1, "POST", url, body);
  const get = (url: string) => call(t, f.token1, "GET", url);
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => now });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  it("lists laudos and recibos with NomeArquivo = the stored name, which downloads, and the original name apart", async () => {
    const appt = f.pick(f.p1, "progress")[0].id;
    const laudoFile = (await upload(t, f.token1, "Laudo técnico.pdf", SAMPLE.pdf)).json().file as string;
    const reciboFile = (await upload(t, f.token1, "Recibo oficina.pdf", SAMPLE.pdf)).json().file as string;
    // The contract's bodies: laudo sent as undefined, nomeArquivo = notaFiscal = the name returned by the upload.
    const data = START.toISOString();
    const user = f.user(DEMO_USERS.main);
    expect(
      (
        await post("/agendamentos/adicionar-laudo", {
          idSocioVeiculoAgenda: appt,
          idPontoAtendimentoUsuario: user,
          nomeArquivo: laudoFile,
          data,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post("/agendamentos/adicionar-nota-fiscal", {
          idSocioVeiculoAgenda: appt,
          idPontoAtendimentoUsuario: user,
          notaFiscal: reciboFile,
          nomeArquivo: reciboFile,
          data,
        })
      ).statusCode,
    ).toBe(200);
    const [laudo] = (await get(`/agendamentos/get-laudos/${appt}`)).json().laudos;
    const [nota] = (await get(`/agendamentos/get-notas-fiscais/${appt}`)).json().notas;
    expect(laudo).toMatchObject({ Arquivo: laudoFile, NomeArquivo: laudoFile, NomeOriginal: "Laudo técnico.pdf" });
    expect(nota).toMatchObject({ Arquivo: reciboFile, NomeArquivo: reciboFile, NomeOriginal: "Recibo oficina.pdf" });
    for (const name of [laudo.NomeArquivo, nota.NomeArquivo]) {
      const res = await get(`/uploads/files/${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.rawPayload.equals(SAMPLE.pdf)).toBe(true);
    }
  });

  it("keeps a display name sent by our client as NomeOriginal, never as NomeArquivo", async () => {
    const appt = f.pick(f.p1, "progress")[0].id;
    const file = (await upload(t, f.token1, "scan-001.pdf", SAMPLE.pdf)).json().file as string;
    await post("/agendamentos/adicionar-laudo", {
      idSocioVeiculoAgenda: appt,
      laudo: file,
      nomeArquivo: "Laudo dos freios.pdf",
      data: "x",
    });
    const laudos = (await get(`/agendamentos/get-laudos/${appt}`)).json().laudos;
    expect(laudos.find((l: { Arquivo: string }) => l.Arquivo === file)).toMatchObject({
      NomeArquivo: file,
      NomeOriginal: "Laudo dos freios.pdf",
    });
  });

  it("returns the start and finish of an order as Brasília wall-clock digits, agreeing with the list, and the statement in legacy text", async () => {
    const appt = f.pick(f.p1, "pending")[0];
    const user = f.user(DEMO_USERS.main);
    const video = (await upload(t, f.token1, "video.mp4", SAMPLE.mp4)).json().file;
    await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: appt.id, videoInicial: video });
    now = START;
    expect(
      (
        await post("/agendamentos/iniciar", {
          idSocioVeiculoAgenda: appt.id,
          idPontoAtendimentoUsuario: user,
          data: "04/03/2030",
          hora: "10:10",
        })
      ).statusCode,
    ).toBe(200);

    const started = (await get(`/agendamentos/get/${appt.id}`)).json().execucao;
    expect([started.DataHoraInicio, started.DataHoraFim]).toEqual(["2030-03-04T10:10:00.000Z", null]);
    const row = (await get(`/agendamentos/lista/${f.p1}`))
      .json()
      .data.find((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda === appt.id);
    expect(row.DataHoraInicio).toBe("04/03/2030 10:10");
    expect(wallClockIsoToBr(started.DataHoraInicio)).toBe(row.DataHoraInicio);

    const [service] = await t.db.select({ id: services.id }).from(services).limit(1);
    await t.db.insert(executionServices).values({ appointmentId: appt.id, serviceId: service.id, userId: user, approvalStatus: "A" });
    await post("/agendamentos/atualizar-video-final", { idSocioVeiculoAgenda: appt.id, videoFinal: video });
    now = FINISH;
    expect(
      (
        await post("/agendamentos/concluir", {
          idSocioVeiculoAgenda: appt.id,
          idPontoAtendimentoUsuario: user,
          responsavel: "João",
          observacao: "ok",
          km: "1",
        })
      ).statusCode,
    ).toBe(200);
    const done = (await get(`/agendamentos/get/${appt.id}`)).json().execucao;
    expect([done.DataHoraInicio, done.DataHoraFim]).toEqual(["2030-03-04T10:10:00.000Z", "2030-03-04T21:05:00.000Z"]);
    const listed = (await get(`/agendamentos/lista/${f.p1}?status=C`))
      .json()
      .data.find((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda === appt.id);
    expect([wallClockIsoToBr(done.DataHoraInicio), wallClockIsoToBr(done.DataHoraFim)]).toEqual([
      listed.DataHoraInicio,
      listed.DataHoraFim,
    ]);

    const statement = (await post("/espelho/lista", { idPontoAtendimento: f.p1 }))
      .json()
      .find((r: { IdSocioVeiculoAgenda: string }) => r.IdSocioVeiculoAgenda === appt.id);
    expect(statement.DataExecucaoOS).toBe("Mar  4 2030  9:05PM");
    expect(parseLegacyDateTime(statement.DataAgendamento)).toEqual({ date: appt.date, time: "00:00" });
    expect(legacyToBr(statement.DataAgendamento)).toBe(isoToBr(appt.date));
  });

  it("writes every statement row's dates in the legacy text of the stored day and Brasília time", async () => {
    const rows = (await post("/espelho/lista", { idPontoAtendimento: f.p1 })).json() as {
      IdFinanceiroEspelho: string;
      DataAgendamento: string;
      DataExecucaoOS: string | null;
    }[];
    const stored = await queryRows<{ id: string; day: string; executed: string | null }>(
      t.db,
      sql`
      select id, to_char(appointment_date, 'YYYY-MM-DD') as day,
        to_char(executed_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI') as executed
      from payout_statements where service_point_id = ${f.p1}`,
    );
    expect(rows.length).toBe(stored.length);
    for (const row of rows) {
      const db = stored.find((s) => s.id === row.IdFinanceiroEspelho)!;
      expect(row.DataAgendamento).toMatch(LEGACY);
      expect(parseLegacyDateTime(row.DataAgendamento)).toEqual({ date: db.day, time: "00:00" });
      const executed = parseLegacyDateTime(row.DataExecucaoOS);
      expect(executed && `${executed.date} ${executed.time}`).toBe(db.executed);
      if (row.DataExecucaoOS) expect(row.DataExecucaoOS).toMatch(LEGACY);
    }
  });
});
