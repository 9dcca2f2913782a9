// api-client's call builds each request from the contract's route (contract/gen): the url's `:name` parts encoded, the query's
// set values in their order, the JSON body; and its types refuse the parts a route does not have (node, unit project; fetch
// stubbed, nothing sent).
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, postForm } from "../../src/lib/api-client";
import * as agenda from "../../contract/gen/agendamentos";
import * as scanner from "../../contract/gen/scanner";
import * as notices from "../../contract/gen/notificacoes";
import * as payments from "../../contract/gen/central-payments";
import * as member from "../../contract/gen/acompanhamento";

const sent: { url: string; init: RequestInit }[] = [];
function stubFetch() {
  sent.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
  });
}
afterEach(() => vi.unstubAllGlobals());

describe("call", () => {
  it("fills the url's params (encoded) and appends the query's set values in their order", async () => {
    stubFetch();
    await call(scanner.findByPlate, { params: { idPontoAtendimento: "p 1", placa: "ABC/1D23" } });
    await call(agenda.listAppointments, { params: { idPontoAtendimento: "p1" }, query: { status: "A", dataInicio: "2026-01-02" } });
    await call(agenda.listAppointments, { params: { idPontoAtendimento: "p1" }, query: { status: undefined, dataFim: "" } });
    await call(notices.listNotices, { query: { limite: "20", antes: "15" } });
    expect(sent.map((s) => [s.init.method, s.url])).toEqual([
      ["GET", "/api/scanner/get-agendamento-pontoatendimento-by-placa/p%201/ABC%2F1D23"],
      ["GET", "/api/agendamentos/lista/p1?status=A&dataInicio=2026-01-02"],
      ["GET", "/api/agendamentos/lista/p1"],
      ["GET", "/api/notificacoes?limite=20&antes=15"],
    ]);
    expect(sent[0]!.init.body).toBeUndefined();
  });

  it("sends the body as JSON, and a route's answer as data", async () => {
    stubFetch();
    const res = await call(payments.undoBatch, { params: { id: "l1" }, body: { motivo: "erro" } });
    expect(res).toEqual({ ok: true, status: 200, data: { ok: 1 } });
    expect(sent[0]!.url).toBe("/api/central/pagamentos/lotes/l1/desfazer");
    expect(sent[0]!.init.body).toBe('{"motivo":"erro"}');
    expect(sent[0]!.init.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
  });

  it("sends a form's text parts first, in order, then its files under their names", async () => {
    stubFetch();
    const photo = new File(["x"], "", { type: "image/jpeg" });
    await postForm(
      member.memberReturn,
      { fields: { token: "t", idServico: "s", descricao: "d" }, files: { foto: [photo, "foto.jpg"] } },
      { token: null },
    );
    const form = sent[0]!.init.body as FormData;
    expect([...form.keys()]).toEqual(["token", "idServico", "descricao", "foto"]);
    expect((form.get("foto") as File).name).toBe("foto.jpg");
    expect(sent[0]!.init.headers).toEqual({ accept: "application/json" });
  });

  it("types each call by its route (checked by tsc)", () => {
    const typeOnly = () => {
      // @ts-expect-error a route without a body takes none
      void call(agenda.listMotivations, { body: {} });
      // @ts-expect-error a route with params needs them
      void call(payments.getBatch, {});
      // @ts-expect-error params are named as in the route's url
      void call(payments.getBatch, { params: { idLote: "1" } });
      // @ts-expect-error a route without a query takes none
      void call(payments.getBatch, { params: { id: "1" }, query: { a: "1" } });
      // @ts-expect-error the body's fields are the route's
      void call(payments.undoBatch, { params: { id: "1" }, body: { reason: "x" } });
    };
    expect(typeof typeOnly).toBe("function");
  });
});
