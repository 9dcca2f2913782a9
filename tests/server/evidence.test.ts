// OS evidence: photos, notes, laudos and recibos — add (idempotent), list, delete, own files only, closed to cancelled orders;
// a finished order's files kept as sealed (issue 50).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { SEALED_EVIDENCE } from "../../server/routes/evidencias";

describe.each(BACKENDS)("OS evidence on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let appt: string;
  const post = (url: string, body: object, token = f.token1) => call(t, token, "POST", url, body);
  const list = async (what: string) => (await call(t, f.token1, "GET", `/agendamentos/${what}/${appt}`)).json();
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    appt = f.pick(f.p1, "progress")[0].id;
  });
  afterAll(() => t?.close());

  it("attaches a photo once even when the call is repeated, lists and deletes it", async () => {
    const file = (await upload(t, f.token1, "foto.jpg", SAMPLE.jpg)).json().file;
    const a = await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: appt, foto: file });
    const b = await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: appt, foto: file });
    expect(a.json().IdSocioVeiculoAgendaExecucaoFoto).toBe(b.json().IdSocioVeiculoAgendaExecucaoFoto);
    const { fotos } = await list("get-fotos");
    expect(fotos).toEqual([expect.objectContaining({ Foto: file, IdSocioVeiculoAgenda: appt, DataLog: expect.any(String) })]);
    const del = await post("/agendamentos/deletar-foto", { idSocioVeiculoAgendaExecucaoFoto: fotos[0].IdSocioVeiculoAgendaExecucaoFoto });
    expect(del.json()).toEqual({ message: "Foto removida com sucesso" });
    expect((await list("get-fotos")).fotos).toEqual([]);
  });

  it("refuses files uploaded by another point", async () => {
    const foreign = (await upload(t, f.token2, "foto.png", SAMPLE.png)).json().file;
    const res = await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: appt, foto: foreign });
    expect([res.statusCode, res.json().message]).toEqual([404, "Arquivo não encontrado."]);
  });

  it("adds trimmed notes, refuses blank ones, deletes", async () => {
    expect((await post("/agendamentos/adicionar-anotacao", { idSocioVeiculoAgenda: appt, anotacao: "   " })).statusCode).toBe(400);
    const res = await post("/agendamentos/adicionar-anotacao", {
      idSocioVeiculoAgenda: appt,
      anotacao: "  Pastilhas trocadas  ",
      data: new Date().toISOString(),
    });
    expect(res.json().message).toBe("Anotação adicionada com sucesso");
    const { anotacoes } = await list("get-anotacoes");
    expect(anotacoes.map((n: { Anotacao: string }) => n.Anotacao)).toEqual(["Pastilhas trocadas"]);
    await post("/agendamentos/deletar-anotacao", {
      idSocioVeiculoAgendaExecucaoAnotacao: anotacoes[0].IdSocioVeiculoAgendaExecucaoAnotacao,
    });
    expect((await list("get-anotacoes")).anotacoes).toEqual([]);
  });

  it("adds a note with the client's id once, however often the outbox repeats the call, in parallel too (issue 50)", async () => {
    const id = crypto.randomUUID();
    const body = {
      idSocioVeiculoAgenda: appt,
      idSocioVeiculoAgendaExecucaoAnotacao: id,
      anotacao: "Cliente relatou ruído",
      visivelSocio: true,
    };
    const answers = await Promise.all([post("/agendamentos/adicionar-anotacao", body), post("/agendamentos/adicionar-anotacao", body)]);
    const again = await post("/agendamentos/adicionar-anotacao", body);
    for (const res of [...answers, again])
      expect([res.statusCode, res.json()]).toEqual([
        200,
        { message: "Anotação adicionada com sucesso", IdSocioVeiculoAgendaExecucaoAnotacao: id },
      ]);
    const rows = await queryRows(t.db, sql`select text, visible_to_member from execution_notes where id = ${id}`);
    expect(rows).toEqual([{ text: "Cliente relatou ruído", visible_to_member: true }]);
    // The id of a note already added names that note only: another text or another order under it is refused.
    const other = f.pick(f.p1, "pending")[0].id;
    for (const changed of [
      { ...body, anotacao: "Outro texto" },
      { ...body, idSocioVeiculoAgenda: other },
    ]) {
      const res = await post("/agendamentos/adicionar-anotacao", changed);
      expect([res.statusCode, res.json().message]).toEqual([409, "Este identificador já pertence a outra anotação."]);
    }
    // Another point cannot add a note under it either (its order is not this point's: 404 before the id is looked at).
    const foreign = await post("/agendamentos/adicionar-anotacao", body, f.token2);
    expect(foreign.statusCode).toBe(404);
    expect(
      (await list("get-anotacoes")).anotacoes.filter((n: { Anotacao: string }) => n.Anotacao === "Cliente relatou ruído"),
    ).toHaveLength(1);
    await post("/agendamentos/deletar-anotacao", { idSocioVeiculoAgendaExecucaoAnotacao: id });
  });

  it("keeps the hour a note was typed (sent later by the outbox) within 7 days; a time too old, ahead or unreadable is now", async () => {
    const hoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    const cases: [string, string | undefined, (dataLog: number) => boolean][] = [
      ["três horas atrás", hoursAgo, (d) => d === Date.parse(hoursAgo)],
      ["trinta dias atrás", new Date(Date.now() - 30 * 86_400_000).toISOString(), (d) => Math.abs(d - Date.now()) < 60_000],
      ["uma hora à frente", new Date(Date.now() + 3600_000).toISOString(), (d) => Math.abs(d - Date.now()) < 60_000],
      ["ilegível", "ontem à tarde", (d) => Math.abs(d - Date.now()) < 60_000],
      ["sem data", undefined, (d) => Math.abs(d - Date.now()) < 60_000],
    ];
    for (const [label, data, ok] of cases) {
      const res = await post("/agendamentos/adicionar-anotacao", {
        idSocioVeiculoAgenda: appt,
        anotacao: `Nota ${label}`,
        ...(data ? { data } : {}),
      });
      expect(res.statusCode).toBe(200);
      const note = (await list("get-anotacoes")).anotacoes.find((n: { Anotacao: string }) => n.Anotacao === `Nota ${label}`);
      expect([label, ok(Date.parse(note.DataLog))]).toEqual([label, true]);
      await post("/agendamentos/deletar-anotacao", { idSocioVeiculoAgendaExecucaoAnotacao: note.IdSocioVeiculoAgendaExecucaoAnotacao });
    }
  });

  it("keeps laudos and recibos with the original file name, value and size", async () => {
    const up = (await upload(t, f.token1, "Laudo técnico.pdf", SAMPLE.pdf)).json();
    const laudo = await post("/agendamentos/adicionar-laudo", {
      idSocioVeiculoAgenda: appt,
      nomeArquivo: up.file,
      data: new Date().toISOString(),
      descricao: "Freios",
    });
    expect(laudo.json()).toMatchObject({ message: "Laudo adicionado com sucesso", laudo: expect.any(String) });
    expect((await list("get-laudos")).laudos).toEqual([
      expect.objectContaining({ Arquivo: up.file, NomeArquivo: up.file, NomeOriginal: "Laudo técnico.pdf", descricao: "Freios" }),
    ]);
    const recibo = await post("/agendamentos/adicionar-nota-fiscal", {
      idSocioVeiculoAgenda: appt,
      notaFiscal: up.file,
      nomeArquivo: "Recibo 123.pdf",
      valor: 150.5,
      data: "x",
    });
    expect(recibo.json().message).toBe("Recibo adicionado com sucesso");
    const { notas } = await list("get-notas-fiscais");
    expect(notas).toEqual([
      expect.objectContaining({ NomeArquivo: up.file, NomeOriginal: "Recibo 123.pdf", valor: 150.5, tamanho: SAMPLE.pdf.length }),
    ]);
    expect((await post("/agendamentos/deletar-laudo", { idSocioVeiculoAgendaLaudo: laudo.json().laudo })).json().message).toBe(
      "Laudo removido com sucesso",
    );
    expect(
      (await post("/agendamentos/deletar-nota-fiscal", { idSocioVeiculoAgendaNotaFiscal: notas[0].IdSocioVeiculoAgendaNotaFiscal })).json()
        .message,
    ).toBe("Recibo removido com sucesso");
    expect((await list("get-laudos")).laudos).toEqual([]);
  });

  it("keeps a finished order's photo, laudo and recibo as sealed: removing one answers 409 and the file stays listed", async () => {
    const order = f.pick(f.p1, "progress")[1]!.id;
    const add = async (route: string, body: object) => (await post(route, { idSocioVeiculoAgenda: order, ...body })).json();
    const photo = (await upload(t, f.token1, "foto.jpg", SAMPLE.jpg)).json().file;
    const doc = (await upload(t, f.token1, "laudo.pdf", SAMPLE.pdf)).json().file;
    const ids = {
      foto: (await add("/agendamentos/adicionar-foto", { foto: photo })).IdSocioVeiculoAgendaExecucaoFoto,
      laudo: (await add("/agendamentos/adicionar-laudo", { laudo: doc, nomeArquivo: "laudo.pdf", data: "x" })).laudo,
      recibo: (await add("/agendamentos/adicionar-nota-fiscal", { notaFiscal: doc, nomeArquivo: "recibo.pdf", data: "x" })).notaFiscal,
    };
    // The finish seals the chain and leaves the order 'C' (concluded); the removals come after it.
    await queryRows(t.db, sql`update appointments set status = 'C' where id = ${order}`);
    const removals = [
      await post("/agendamentos/deletar-foto", { idSocioVeiculoAgendaExecucaoFoto: ids.foto }),
      await post("/agendamentos/deletar-laudo", { idSocioVeiculoAgendaLaudo: ids.laudo }),
      await post("/agendamentos/deletar-nota-fiscal", { idSocioVeiculoAgendaNotaFiscal: ids.recibo }),
    ];
    expect(removals.map((r) => [r.statusCode, r.json().message])).toEqual([
      [409, SEALED_EVIDENCE],
      [409, SEALED_EVIDENCE],
      [409, SEALED_EVIDENCE],
    ]);
    const listed = async (what: string) => (await call(t, f.token1, "GET", `/agendamentos/${what}/${order}`)).json();
    expect((await listed("get-fotos")).fotos.map((x: { Foto: string }) => x.Foto)).toEqual([photo]);
    expect((await listed("get-laudos")).laudos).toHaveLength(1);
    expect((await listed("get-notas-fiscais")).notas).toHaveLength(1);
    // Another point still gets 404, not the reason.
    expect((await post("/agendamentos/deletar-foto", { idSocioVeiculoAgendaExecucaoFoto: ids.foto }, f.token2)).statusCode).toBe(404);
  });

  it("closes evidence on cancelled orders", async () => {
    const cancelled = f.pick(f.p1, "cancelled")[0].id;
    const res = await post("/agendamentos/adicionar-anotacao", { idSocioVeiculoAgenda: cancelled, anotacao: "x" });
    expect([res.statusCode, res.json().message]).toEqual([409, "Esta Ordem de Serviço foi cancelada e não aceita alterações."]);
  });
});
