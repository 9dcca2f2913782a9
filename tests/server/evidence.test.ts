// OS evidence: photos, notes, laudos and recibos — add (idempotent), list, delete, own files only, closed to cancelled orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, call, fixtures, makeTestApp, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";

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

  it("closes evidence on cancelled orders", async () => {
    const cancelled = f.pick(f.p1, "cancelled")[0].id;
    const res = await post("/agendamentos/adicionar-anotacao", { idSocioVeiculoAgenda: cancelled, anotacao: "x" });
    expect([res.statusCode, res.json().message]).toEqual([409, "Esta Ordem de Serviço foi cancelada e não aceita alterações."]);
  });
});
