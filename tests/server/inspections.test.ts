// Vehicle inspections on the server (issue 53): the checklist a vehicle gets, items with statuses, notes and free items,
// damage marks numbered by the server, photos chained as evidence, km and fuel, the conclusion (refused with what is
// missing; then its content stored as a file and chained, frozen afterwards, a replay harmless), another point's token
// refused everywhere, closed orders refused, and one inspection per kind per order and distinct mark numbers under
// parallel requests (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { BACKENDS, call, centralLogin, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { DEMO_USERS } from "../../server/seed";
import { NOT_A_FINDING } from "../../server/routes/servicos";
import { evidenceChain, inspections, storedFiles } from "../../server/db/schema";
import { INSPECTION_MESSAGES as M } from "../../server/lib/inspection-messages";
import type { InspectionView } from "../../contract/vistorias";

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

describe.each(BACKENDS)("inspections on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const read = async (order: string, token = f.token1) => {
    const res = await call(t, token, "GET", `/vistorias/${order}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      modelo: string;
      itensModelo: { chave: string; rotulo: string }[];
      entrada: InspectionView | null;
      saida: InspectionView | null;
    };
  };
  const photo = async (token = f.token1) => {
    const res = await upload(t, token, "avaria.jpg", Buffer.concat([SAMPLE.jpg, randomBytes(16)]));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().file as string;
  };
  const chainKinds = async (order: string) =>
    (await t.db.select().from(evidenceChain).where(eq(evidenceChain.appointmentId, order)).orderBy(evidenceChain.seq)).map((e) => e.kind);
  /** An open order of point 1 (started, else pending: both take an inspection) that no other test of this file touched. */
  const used = new Set<string>();
  const freshOrder = () => {
    const a = [...f.pick(f.p1, "progress"), ...f.pick(f.p1, "pending")].find((x) => !used.has(x.id))!;
    used.add(a.id);
    return a.id;
  };

  /** Read only by the first test; the parallel test begins its check-out later. */
  let readOnly = "";
  it("gives the order's vehicle its checklist, and nothing is begun until the first write", async () => {
    const order = (readOnly = freshOrder());
    const view = await read(order);
    expect(["carro", "suv", "moto"]).toContain(view.modelo);
    expect(view.itensModelo.map((i) => i.chave)).toContain("pneus");
    expect(view.itensModelo[0]).toEqual({ chave: "pneus", rotulo: "Pneus" });
    expect(view.entrada).toBeNull();
    expect(view.saida).toBeNull();
  });

  it("another point's token sees and writes nothing of the order (404)", async () => {
    const order = freshOrder();
    expect((await call(t, f.token2, "GET", `/vistorias/${order}`)).statusCode).toBe(404);
    const res = await post("/vistorias/item", { idSocioVeiculoAgenda: order, tipo: "entrada", chave: "pneus", status: "ok" }, f.token2);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Agendamento não encontrado.");
    expect(await t.db.select().from(inspections).where(eq(inspections.appointmentId, order))).toEqual([]);
  });

  it("keeps each item's status and note, a free item under its own name, and refuses an unknown item", async () => {
    const order = freshOrder();
    const base = { idSocioVeiculoAgenda: order, tipo: "entrada" };
    expect((await post("/vistorias/item", { ...base, chave: "pneus", status: "ok" })).json().message).toBe(M.itemSaved);
    await post("/vistorias/item", { ...base, chave: "lataria", status: "atencao", observacao: " Risco na porta traseira " });
    // A note alone leaves the status as it was.
    await post("/vistorias/item", { ...base, chave: "pneus", observacao: "Desgaste normal" });
    const unknown = await post("/vistorias/item", { ...base, chave: "turbo", status: "ok" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.unknownItem);
    const nameless = await post("/vistorias/item", { ...base, chave: "livre-1", status: "ok" });
    expect(nameless.statusCode).toBe(400);
    expect((await post("/vistorias/item", { ...base, chave: "livre-1", rotulo: "Engate", status: "critico" })).statusCode).toBe(200);
    const view = (await read(order)).entrada!;
    expect(view.itens).toEqual([
      { chave: "pneus", rotulo: "Pneus", status: "ok", observacao: "Desgaste normal", fotos: [] },
      { chave: "lataria", rotulo: "Lataria e pintura", status: "atencao", observacao: "Risco na porta traseira", fotos: [] },
      { chave: "livre-1", rotulo: "Engate", status: "critico", observacao: "", fotos: [] },
    ]);
    expect(view.concluidaEm).toBeNull();
  });

  it("numbers damage marks, moves one sent again with its id, and takes one off", async () => {
    const order = freshOrder();
    const base = { idSocioVeiculoAgenda: order, tipo: "entrada" };
    const [a, b] = [randomUUID(), randomUUID()];
    const first = await post("/vistorias/marca", { ...base, idMarca: a, vista: "esquerda", x: 0.2, y: 0.5, observacao: "Amassado" });
    expect(first.json()).toMatchObject({ message: M.markSaved, numero: 1 });
    expect((await post("/vistorias/marca", { ...base, idMarca: b, vista: "topo", x: 0.9, y: 0.1 })).json().numero).toBe(2);
    // The outbox replays the first, moved: same number, new place.
    expect((await post("/vistorias/marca", { ...base, idMarca: a, vista: "direita", x: 0.25, y: 0.5 })).json().numero).toBe(1);
    const outside = await post("/vistorias/marca", { ...base, idMarca: randomUUID(), vista: "topo", x: 1.5, y: 0 });
    expect(outside.statusCode).toBe(400);
    let marks = (await read(order)).entrada!.marcas;
    expect(marks.map((m) => [m.numero, m.vista, m.x, m.y, m.observacao])).toEqual([
      [1, "direita", 0.25, 0.5, "Amassado"],
      [2, "topo", 0.9, 0.1, ""],
    ]);
    // The same id on another order's inspection is not this one's to move.
    const other = await post("/vistorias/marca", {
      idSocioVeiculoAgenda: freshOrder(),
      tipo: "entrada",
      idMarca: a,
      vista: "topo",
      x: 0,
      y: 0,
    });
    expect(other.statusCode).toBe(409);
    expect((await post("/vistorias/remover-marca", { ...base, idMarca: b })).statusCode).toBe(200);
    marks = (await read(order)).entrada!.marcas;
    expect(marks.map((m) => m.numero)).toEqual([1]);
  });

  it("attaches photos to an item, a mark and the dashboard, each once and chained as evidence; refuses others' files and non-photos", async () => {
    const order = freshOrder();
    const base = { idSocioVeiculoAgenda: order, tipo: "entrada" };
    const before = (await chainKinds(order)).length;
    const [p1, p2, p3] = [await photo(), await photo(), await photo()];
    const mark = randomUUID();
    await post("/vistorias/marca", { ...base, idMarca: mark, vista: "frente", x: 0.5, y: 0.5 });
    // Before the item's status: the item exists from its photo on.
    expect((await post("/vistorias/foto", { ...base, foto: p1, chave: "lataria" })).json().message).toBe(M.photoSaved);
    expect((await post("/vistorias/foto", { ...base, foto: p1, chave: "lataria" })).statusCode).toBe(200);
    await post("/vistorias/foto", { ...base, foto: p2, idMarca: mark });
    await post("/vistorias/foto", { ...base, foto: p3, painel: true });
    const view = (await read(order)).entrada!;
    expect(view.itens).toEqual([{ chave: "lataria", rotulo: "Lataria e pintura", status: null, observacao: "", fotos: [p1] }]);
    expect(view.marcas[0]!.fotos).toEqual([p2]);
    expect(view.fotoPainel).toBe(p3);
    const kinds = await chainKinds(order);
    expect(kinds.slice(before)).toEqual(["foto-vistoria", "foto-vistoria", "foto-vistoria"]);

    const both = await post("/vistorias/foto", { ...base, foto: p1, chave: "pneus", painel: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(M.photoTarget);
    const theirs = await photo(f.token2);
    expect((await post("/vistorias/foto", { ...base, foto: theirs, chave: "pneus" })).statusCode).toBe(404);
    const pdf = await upload(t, f.token1, "laudo.pdf", Buffer.concat([SAMPLE.pdf, randomBytes(8)]));
    const notPhoto = await post("/vistorias/foto", { ...base, foto: pdf.json().file, chave: "pneus" });
    expect(notPhoto.statusCode).toBe(400);
    expect(notPhoto.json().message).toBe(M.notAPhoto);
  });

  it("refuses to conclude with what is missing named; concluded, chains its content as a file and changes no more", async () => {
    const order = freshOrder();
    const base = { idSocioVeiculoAgenda: order, tipo: "entrada" };
    const { itensModelo } = await read(order);
    await post("/vistorias/item", { ...base, chave: "lataria", status: "atencao", observacao: "Risco" });
    const refused = await post("/vistorias/concluir", base);
    expect(refused.statusCode).toBe(400);
    const message = refused.json().message as string;
    expect(message).toContain("Pneus: marque OK, Atenção ou Crítico");
    expect(message).toContain("Lataria e pintura: item em Atenção ou Crítico precisa de foto");
    expect(message).toContain("informe a quilometragem");
    expect(message).toContain("informe o nível de combustível");

    for (const item of itensModelo.filter((i) => i.chave !== "lataria"))
      await post("/vistorias/item", { ...base, chave: item.chave, status: "ok" });
    const risk = await photo();
    await post("/vistorias/foto", { ...base, foto: risk, chave: "lataria" });
    await post("/vistorias/hodometro", { ...base, km: 45210, kmLido: 45216, combustivel: "1/2" });
    const done = await post("/vistorias/concluir", base);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(M.concludedNow);

    const view = (await read(order)).entrada!;
    expect(view).toMatchObject({ km: 45210, kmLido: 45216, combustivel: "1/2", concluidaPor: expect.any(String) });
    expect(view.concluidaEm).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(evidenceChain)
      .where(and(eq(evidenceChain.appointmentId, order), eq(evidenceChain.kind, "vistoria")));
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, entry!.storedFileId));
    const bytes = fs.readFileSync(path.join(t.uploadDir, file!.storedName));
    expect(sha(bytes)).toBe(entry!.fileSha256);
    const content = JSON.parse(bytes.toString("utf8"));
    expect(content).toMatchObject({ versao: "vistoria-v1", ordem: order, tipo: "entrada", km: 45210, kmLido: 45216, combustivel: "1/2" });
    expect(content.itens.find((i: { chave: string }) => i.chave === "lataria")).toEqual({
      chave: "lataria",
      rotulo: "Lataria e pintura",
      status: "atencao",
      observacao: "Risco",
      fotos: [risk],
    });

    // A replay of the conclusion adds nothing; any change afterwards is refused.
    expect((await post("/vistorias/concluir", base)).statusCode).toBe(200);
    expect((await chainKinds(order)).filter((k) => k === "vistoria")).toHaveLength(1);
    // The outbox replaying a write whose answer was lost: what is stored already is answered as done, even now.
    expect((await post("/vistorias/item", { ...base, chave: "pneus", status: "ok" })).statusCode).toBe(200);
    expect((await post("/vistorias/foto", { ...base, foto: risk, chave: "lataria" })).statusCode).toBe(200);
    expect((await post("/vistorias/hodometro", { ...base, km: 45210, kmLido: 45216, combustivel: "1/2" })).statusCode).toBe(200);
    expect((await post("/vistorias/hodometro", { ...base, km: 45211 })).statusCode).toBe(409);
    const late = await post("/vistorias/item", { ...base, chave: "pneus", status: "critico" });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.concluded);
    // The check-out is an inspection of its own.
    expect((await post("/vistorias/item", { ...base, tipo: "saida", chave: "pneus", status: "ok" })).statusCode).toBe(200);
  });

  it("turns an Atenção item into a linked service, and the central's approval shows the item that justified it", async () => {
    // An order of its own: an SUV, started, so a service can be linked.
    const [v] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', 'Sócio da vistoria') returning id)
        insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
        select m.id, 'Jeep', 'Compass', 2023, ${`VST${backend === "pglite" ? 1 : 2}E23`}, 'SUV' from m returning id`,
    );
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into appointments (service_point_id, vehicle_id, date, time, status)
        values (${f.p1}, ${v!.id}, (now() at time zone 'America/Sao_Paulo')::date, '10:00', 'A') returning id`,
    );
    await t.db.execute(
      sql`insert into executions (appointment_id, started_by, started_at) values (${a!.id}, ${f.user(DEMO_USERS.main)}, now())`,
    );
    const order = a!.id;
    const base = { idSocioVeiculoAgenda: order, tipo: "entrada" };
    expect((await read(order)).modelo).toBe("suv");
    await post("/vistorias/item", { ...base, chave: "lataria", status: "atencao", observacao: "Risco na porta" });
    await post("/vistorias/item", { ...base, chave: "pneus", status: "ok" });
    const evidence = await photo();
    await post("/vistorias/foto", { ...base, foto: evidence, chave: "lataria" });
    const [service] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from services where description = 'ALINHAMENTO E BALANCEAMENTO' and vehicle_type = 'SUV'`,
    );
    const link = { idSocioVeiculoAgenda: order, idServico: service!.id };
    const notFinding = await post("/agendamentos/vincular-servico", { ...link, itemVistoria: "pneus" });
    expect(notFinding.statusCode).toBe(400);
    expect(notFinding.json().message).toBe(NOT_A_FINDING);
    const linked = await post("/agendamentos/vincular-servico", { ...link, itemVistoria: "lataria", descricao: "Pintura da porta" });
    expect(linked.statusCode, linked.body).toBe(200);

    const central = await centralLogin(t);
    const pending = (await call(t, central, "GET", `/central/aprovacoes?busca=VST${backend === "pglite" ? 1 : 2}E23`)).json();
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0].ItemVistoria).toEqual({
      rotulo: "Lataria e pintura",
      status: "atencao",
      observacao: "Risco na porta",
      fotos: [evidence],
    });
  });

  it("refuses every write on a cancelled or a finished order", async () => {
    const cancelled = f.pick(f.p1, "cancelled")[0]!.id;
    const finished = f.pick(f.p1, "done")[0]!.id;
    const c = await post("/vistorias/item", { idSocioVeiculoAgenda: cancelled, tipo: "entrada", chave: "pneus", status: "ok" });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe(M.orderCancelled);
    const d = await post("/vistorias/hodometro", { idSocioVeiculoAgenda: finished, tipo: "saida", km: 1 });
    expect(d.statusCode).toBe(409);
    expect(d.json().message).toBe(M.orderFinished);
  });

  it("bad input answers 400 JSON, never 500", async () => {
    const order = freshOrder();
    for (const body of [
      { idSocioVeiculoAgenda: order, tipo: "meio", chave: "pneus" },
      { idSocioVeiculoAgenda: order, tipo: "entrada", chave: "pneus", status: "otimo" },
      { idSocioVeiculoAgenda: order, tipo: "entrada", chave: "x".repeat(500) },
      { idSocioVeiculoAgenda: "nao-e-uuid", tipo: "entrada", chave: "pneus" },
    ]) {
      const res = await post("/vistorias/item", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    const km = await post("/vistorias/hodometro", { idSocioVeiculoAgenda: order, tipo: "entrada", km: 1_000_000 });
    expect(km.statusCode).toBe(400);
  });

  it("under parallel first writes: one inspection per kind per order, and marks numbered 1..n without a repeat", async () => {
    const order = readOnly;
    const base = { idSocioVeiculoAgenda: order, tipo: "saida" };
    const keys = ["pneus", "luzes", "vidros", "lataria", "interior", "fluidos"];
    const items = await Promise.all(keys.map((chave) => post("/vistorias/item", { ...base, chave, status: "ok" })));
    expect(items.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    const marks = await Promise.all(
      Array.from({ length: 6 }, () => post("/vistorias/marca", { ...base, idMarca: randomUUID(), vista: "topo", x: 0.5, y: 0.5 })),
    );
    expect(marks.map((r) => r.statusCode)).toEqual(marks.map(() => 200));
    expect(marks.map((r) => r.json().numero).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inspections where appointment_id = ${order} and kind = 'saida'`,
    );
    expect(rows[0]!.n).toBe(1);
    expect((await read(order)).saida!.itens).toHaveLength(keys.length);
  });
});
