// Linking services to an OS: catalogue, duplicates, program services, vehicle type, warranty and annual limit enforced by the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { executionServices } from "../../server/db/schema";
import { wallClock } from "../../src/domain/dates";

describe.each(BACKENDS)("services of an OS on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let svc: (description: string, type: string) => string;
  const post = (url: string, body: object) => call(t, f.token1, "POST", url, body);
  const plateAppt = (plate: string, kind: "pending" | "progress" | "done") =>
    f.pick(f.p1, kind).find((a) => vehiclePlates.get(a.vehicle) === plate)!;
  let vehiclePlates: Map<string, string>;

  async function start(apptId: string) {
    const video = (await upload(t, f.token1, "inicial.mp4", SAMPLE.mp4)).json().file;
    await post("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: apptId, videoInicial: video });
    expect((await post("/agendamentos/iniciar", { idSocioVeiculoAgenda: apptId })).statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    const all = await queryRows<{ id: string; description: string; vehicle_type: string }>(
      t.db,
      sql`select id, description, vehicle_type from services`,
    );
    svc = (d, type) => all.find((s) => s.description === d && s.vehicle_type === type)!.id;
    vehiclePlates = new Map(
      (await queryRows<{ id: string; plate: string }>(t.db, sql`select id, plate from vehicles`)).map((v) => [v.id, v.plate]),
    );
  });
  afterAll(() => t?.close());

  it("lists the point's services without the slot-reservation pseudo-service", async () => {
    const { servicos } = (await call(t, f.token1, "GET", `/ponto-atendimento/servicos/${f.p1}`)).json();
    expect(servicos.length).toBe(15);
    expect(servicos.some((s: { label: string }) => s.label.startsWith("RESERVA"))).toBe(false);
    expect(servicos).toContainEqual(
      expect.objectContaining({ label: "TROCA DE ÓLEO - PASSEIO", TipoVeiculo: "PASSEIO", FornecidoPelaVcar: "N" }),
    );
  });

  it("lists linked services with approval status and commission fields", async () => {
    const appt = plateAppt("HMG3C21", "progress");
    const { servicos } = (await call(t, f.token1, "GET", `/agendamentos/servicos-vinculados/${appt.id}`)).json();
    expect(servicos.map((s: { label: string; status: string }) => `${s.label}:${s.status}`).sort()).toEqual([
      "ALINHAMENTO E BALANCEAMENTO - PASSEIO:P",
      "REVISÃO DE FREIOS - PASSEIO:A",
    ]);
    expect(servicos[0]).toHaveProperty("PecaPorContaDoSocio");
  });

  it("links a service and refuses duplicates, program services, other vehicle types and orders not started", async () => {
    // The Creta (SUV): the seeded Corolla already used its yearly HIGIENIZAÇÃO at the other point.
    const appt = plateAppt("RFT4G56", "progress");
    const link = (idServico: string, id = appt.id) =>
      post("/agendamentos/vincular-servico", { idSocioVeiculoAgenda: id, idServico, descricao: "Filtro sujo" });
    const ok = await link(svc("HIGIENIZAÇÃO DO AR-CONDICIONADO", "SUV"));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: "Serviço vinculado com sucesso", idSocioVeiculoAgendaExecucaoServico: expect.any(String) });
    const [row] = await t.db
      .select()
      .from(executionServices)
      .where(eq(executionServices.id, ok.json().idSocioVeiculoAgendaExecucaoServico));
    expect([row.approvalStatus, row.pointNote]).toEqual(["P", "Filtro sujo"]);
    const dup = await link(svc("HIGIENIZAÇÃO DO AR-CONDICIONADO", "SUV"));
    expect([dup.statusCode, dup.json().message]).toEqual([409, "Este serviço já foi adicionado à ordem de serviço."]);
    expect((await link(svc("CHECK-UP DO PROGRAMA", "SUV"))).statusCode).toBe(409);
    expect((await link(svc("TROCA DE ÓLEO", "PASSEIO"))).json().message).toBe("Este serviço não atende o tipo deste veículo.");
    const pending = plateAppt("PEX7788", "pending");
    expect((await link(svc("TROCA DE ÓLEO", "PASSEIO"), pending.id)).json().message).toBe(
      "Inicie a Ordem de Serviço antes de vincular serviços.",
    );
  });

  it("reports and enforces the annual limit (pending links count as uses)", async () => {
    const limits = (await post("/servico/verificar-limite-anual", { idSocioVeiculo: plateAppt("HMG3C21", "progress").vehicle })).json();
    const ac = limits.servicos.find((s: { nomeServico: string }) => s.nomeServico === "HIGIENIZAÇÃO DO AR-CONDICIONADO");
    expect(ac).toMatchObject({ quantidadeUsada: 1, limiteAnual: 1, restante: 0, podeUsar: false });
    const oil = limits.servicos.find((s: { nomeServico: string }) => s.nomeServico === "TROCA DE ÓLEO");
    expect(oil).toMatchObject({ limiteAnual: 2, podeUsar: true });
    expect(limits.anoReferencia).toBe(Number(wallClock(new Date()).date.slice(0, 4)));
    const second = plateAppt("HMG3C21", "pending");
    await start(second.id);
    const res = await post("/agendamentos/vincular-servico", {
      idSocioVeiculoAgenda: second.id,
      idServico: svc("HIGIENIZAÇÃO DO AR-CONDICIONADO", "PASSEIO"),
    });
    expect([res.statusCode, res.json().message]).toEqual([409, "Serviço não pode ser usado, limite anual atingido."]);
  });

  it("reports and enforces the warranty of a recently concluded service", async () => {
    const pending = plateAppt("ABC1234", "pending");
    const warranty = (
      await post("/servico/verificar-garantia", { idSocioVeiculo: pending.vehicle, idServico: svc("TROCA DE ÓLEO", "PASSEIO") })
    ).json();
    expect(warranty).toMatchObject({ garantiaValida: true, garantia: 90 });
    expect(new Date(warranty.dataLimiteGarantia).getTime()).toBeGreaterThan(Date.now());
    const none = (
      await post("/servico/verificar-garantia", {
        idSocioVeiculo: pending.vehicle,
        idServico: svc("ALINHAMENTO E BALANCEAMENTO", "PASSEIO"),
      })
    ).json();
    expect(none).toEqual({ garantiaValida: false });
    await start(pending.id);
    const res = await post("/agendamentos/vincular-servico", {
      idSocioVeiculoAgenda: pending.id,
      idServico: svc("TROCA DE ÓLEO", "PASSEIO"),
    });
    expect([res.statusCode, res.json().message]).toEqual([409, "Este serviço está na garantia, foi feito recentemente."]);
    const other = await post("/agendamentos/vincular-servico", {
      idSocioVeiculoAgenda: pending.id,
      idServico: svc("ALINHAMENTO E BALANCEAMENTO", "PASSEIO"),
    });
    expect(other.statusCode).toBe(200);
  });

  it("removes linked services except those provided by the program", async () => {
    const appt = plateAppt("HMG3C21", "progress");
    const [program] = await t.db
      .insert(executionServices)
      .values({ appointmentId: appt.id, serviceId: svc("CHECK-UP DO PROGRAMA", "PASSEIO"), approvalStatus: "A" })
      .returning();
    const refused = await post("/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico: program.id });
    expect([refused.statusCode, refused.json().message]).toEqual([409, "Serviços fornecidos pelo programa não podem ser removidos."]);
    const [ac] = await t.db
      .select()
      .from(executionServices)
      .where(eq(executionServices.serviceId, svc("HIGIENIZAÇÃO DO AR-CONDICIONADO", "SUV")));
    expect((await post("/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico: ac.id })).json()).toEqual({
      message: "Serviço removido com sucesso",
    });
    expect(await t.db.select().from(executionServices).where(eq(executionServices.id, ac.id))).toHaveLength(0);
  });
});
