// The central's payment batches (issue 38, items 3 and 4): the execution-date filter and the totals that matter, a payment
// reference required, the batch listed and read again for its file, its proof uploaded and downloaded, its undo (the same
// day, told to the point), roles, and what the point's espelho shows of it (date, reference, proof, the client's CPF).
// PGlite and PostgreSQL (server, Node).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addCentralUser,
  BACKENDS,
  centralLogin,
  call,
  fixtures,
  insertPayout,
  makeTestApp,
  multipart,
  queryRows,
  SAMPLE,
  type Fixtures,
  type PayoutOptions,
  type TestApp,
} from "./helpers";
import { DEMO_CENTRAL } from "../../server/seed";
import { PAYMENT_MESSAGES } from "../../server/lib/central-payments-messages";
import { CENTRAL_ROLE_MESSAGES } from "../../server/lib/central-roles";
import { HOLD_MESSAGES } from "../../server/rules/payout-hold";

describe.each(BACKENDS)("central payment batches on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  let approver = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    central = await centralLogin(t);
    approver = await addCentralUser(t, "Aprovadora", "aprovadora@central.test", "approver");
  });
  afterAll(() => t?.close());

  const today = async () =>
    (await queryRows<{ d: string }>(t.db, sql`select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as d`))[0]!.d;
  const payout = (point: string, opts?: PayoutOptions) => insertPayout(t, point, opts);
  const pay = (ids: string[], dataPagamento: string, referencia = "E2E-TED-1", token = central) =>
    call(t, token, "POST", "/central/pagamentos/pagar", { ids, dataPagamento, referencia });
  const listIds = async (query: string) =>
    ((await call(t, central, "GET", `/central/pagamentos?${query}`)).json().data as { IdFinanceiroEspelho: string }[]).map(
      (r) => r.IdFinanceiroEspelho,
    );

  it("filters the period by execution date by default (booked before it, finished in it), or by appointment date", async () => {
    // Booked 40 days ago, executed today: in this period by execution, out of it by appointment.
    const late = await payout(f.p1, { bookedDaysAgo: 40, executedDaysAgo: 0 });
    const day = await today();
    expect(await listIds(`dataInicio=${day}&dataFim=${day}`)).toContain(late.id);
    expect(await listIds(`dataInicio=${day}&dataFim=${day}&dataReferencia=execucao`)).toContain(late.id);
    expect(await listIds(`dataInicio=${day}&dataFim=${day}&dataReferencia=agendamento`)).not.toContain(late.id);
    const row = (await call(t, central, "GET", `/central/pagamentos?dataInicio=${day}&dataFim=${day}`))
      .json()
      .data.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === late.id);
    expect(row).toMatchObject({ DataExecucao: day, IdLote: null, ReferenciaPagamento: null });
    const bad = await call(t, central, "GET", `/central/pagamentos?dataReferencia=pagamento`);
    expect(bad.statusCode).toBe(400);
  });

  it("totals what is due (payable), its beneficiaries and the held ones", async () => {
    const day = await today();
    const a = await payout(f.p1, { value: 10.1 });
    const b = await payout(f.p1, { value: 20.2 });
    const held = await payout(f.p2, { value: 5 });
    const { data, totais } = (await call(t, central, "GET", `/central/pagamentos?dataInicio=${day}&dataFim=${day}&status=PENDENTE`)).json();
    const mine = data.filter((r: { IdFinanceiroEspelho: string }) => [a.id, b.id, held.id].includes(r.IdFinanceiroEspelho));
    expect(mine.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === held.id)).toMatchObject({
      Retido: true,
      MotivoRetencao: HOLD_MESSAGES.noBankData,
    });
    type Row = { Retido: boolean; ValorRepasse: number; IdPontoAtendimento: string };
    const payable = (data as Row[]).filter((r) => !r.Retido);
    const heldRows = (data as Row[]).filter((r) => r.Retido);
    const cents = (list: Row[]) => Math.round(list.reduce((n, r) => n + r.ValorRepasse, 0) * 100) / 100;
    expect(totais).toMatchObject({
      aPagar: cents(payable),
      beneficiarios: new Set(payable.map((r) => r.IdPontoAtendimento)).size,
      retidos: heldRows.length,
      retido: cents(heldRows),
      pontosRetidos: 1,
    });
    // A held payout is refused with its point's name, and nothing is paid.
    const refused = await pay([a.id, held.id], day);
    expect(refused.statusCode).toBe(409);
    expect(await listIds(`dataInicio=${day}&dataFim=${day}&status=PENDENTE`)).toEqual(expect.arrayContaining([a.id, held.id]));
  });

  it("requires a payment reference, and keeps the batch with its reference, total, payer and payouts for its file", async () => {
    const day = await today();
    const a = await payout(f.p1, { value: 30 });
    const b = await payout(f.p1, { value: 12.5 });
    const blank = await pay([a.id], day, "   ");
    expect([blank.statusCode, blank.json().message]).toEqual([400, PAYMENT_MESSAGES.referenceRequired]);
    const missing = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [a.id], dataPagamento: day });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/referencia/);

    const paid = await pay([a.id, b.id], day, " TED 0001-XYZ ");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ quantidade: 2, message: PAYMENT_MESSAGES.paidBatch(2, "TED 0001-XYZ") });
    const id = paid.json().idLote as string;

    const listed = (await call(t, central, "GET", `/central/pagamentos/lotes?dataInicio=${day}&dataFim=${day}`)).json().data;
    expect(listed.find((l: { IdLote: string }) => l.IdLote === id)).toMatchObject({
      Referencia: "TED 0001-XYZ",
      DataPagamento: day,
      PagoPor: DEMO_CENTRAL.name,
      Quantidade: 2,
      Beneficiarios: 1,
      Total: 42.5,
      Comprovante: null,
      DesfeitoEm: null,
      PodeDesfazer: true,
    });
    // Read again for its file: the payouts it paid, each with what it was paid to (the bank data as they were).
    const again = (await call(t, central, "GET", `/central/pagamentos/lotes/${id}`)).json();
    expect(again.repasses.map((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho).sort()).toEqual([a.id, b.id].sort());
    for (const r of again.repasses) {
      expect(r).toMatchObject({ PagamentoFeito: "S", IdLote: id, ReferenciaPagamento: "TED 0001-XYZ" });
      expect(r.PagoPara).toMatchObject({ Cnpj: expect.any(String), IdDadoBancario: expect.any(String) });
    }
    expect((await call(t, central, "GET", `/central/pagamentos/lotes/00000000-0000-0000-0000-000000000000`)).statusCode).toBe(404);
    expect((await call(t, central, "GET", `/central/pagamentos/lotes/nao-e-id`)).statusCode).toBe(404);
  });

  it("attaches a proof to a batch (image or PDF only) that the central and the paid point download, no one else", async () => {
    const day = await today();
    const a = await payout(f.p1, { cpf: "390.533.447-05" });
    const id = (await pay([a.id], day, "PIX-E2E-77")).json().idLote as string;
    const send = (token: string, name: string, bytes: Buffer, batch = id) => {
      const { payload, headers } = multipart(name, bytes);
      return t.app.inject({
        method: "POST",
        url: `/api/central/pagamentos/lotes/${batch}/comprovante`,
        headers: { ...headers, authToken: token },
        payload,
      });
    };
    expect((await send(approver, "comprovante.pdf", SAMPLE.pdf)).statusCode).toBe(403);
    const html = await send(central, "comprovante.html", SAMPLE.html);
    expect([html.statusCode, html.json().message]).toEqual([415, PAYMENT_MESSAGES.proofType]);
    const video = await send(central, "video.mp4", SAMPLE.mp4);
    expect(video.statusCode).toBe(415);
    expect((await send(central, "c.pdf", SAMPLE.pdf, "00000000-0000-0000-0000-000000000000")).statusCode).toBe(404);
    const ok = await send(central, "comprovante banco.pdf", SAMPLE.pdf);
    expect([ok.statusCode, ok.json()]).toEqual([
      200,
      { success: true, message: PAYMENT_MESSAGES.proofSaved, Comprovante: "comprovante banco.pdf" },
    ]);
    const file = await call(t, central, "GET", `/central/pagamentos/lotes/${id}/comprovante`);
    expect([file.statusCode, file.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect(file.rawPayload.equals(SAMPLE.pdf)).toBe(true);

    // The point's espelho: paid, with the date, the reference, the proof and the client's CPF as its document.
    const espelho = (await call(t, f.token1, "POST", "/espelho/lista", { idPontoAtendimento: f.p1, pagamentoFeito: "S" })).json();
    const row = espelho.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === a.id);
    expect(row).toMatchObject({
      PagamentoFeito: "S",
      ReferenciaPagamento: "PIX-E2E-77",
      ComprovantePagamento: "comprovante banco.pdf",
      SocioCpf: "390.533.447-05",
    });
    expect(row.DataPagamento.slice(0, 10)).toBe(day.split("-").reverse().join("/"));
    const mine = await call(t, f.token1, "GET", `/espelho/comprovante/${a.id}`);
    expect([mine.statusCode, mine.rawPayload.equals(SAMPLE.pdf)]).toEqual([200, true]);
    // Another point cannot read it, even knowing the payout's id.
    expect((await call(t, f.token2, "GET", `/espelho/comprovante/${a.id}`)).statusCode).toBe(404);
    expect((await call(t, f.token1, "GET", `/espelho/comprovante/nao-e-id`)).statusCode).toBe(404);
  });

  it("undoes a batch the same day (payer only), tells the point, refuses it on another day and after it is undone", async () => {
    const day = await today();
    const a = await payout(f.p1, { value: 15 });
    const b = await payout(f.p1, { value: 25 });
    const id = (await pay([a.id, b.id], day, "TED-DESFAZER")).json().idLote as string;
    const forbidden = await call(t, approver, "POST", `/central/pagamentos/lotes/${id}/desfazer`, { motivo: "Registrado por engano" });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([403, CENTRAL_ROLE_MESSAGES.pay]);
    expect((await pay([await payout(f.p1).then((p) => p.id)], day, "X", approver)).statusCode).toBe(403);

    // Undoing money asks why: no reason (or a blank one) is refused and undoes nothing.
    for (const body of [{}, { motivo: "   " }]) {
      const refused = await call(t, central, "POST", `/central/pagamentos/lotes/${id}/desfazer`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/motivo/);
    }
    const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from point_notifications`);
    const undo = await call(t, central, "POST", `/central/pagamentos/lotes/${id}/desfazer`, { motivo: "Registrado por engano" });
    expect([undo.statusCode, undo.json()]).toEqual([200, { success: true, message: PAYMENT_MESSAGES.batchUndone(2), quantidade: 2 }]);
    const told = await queryRows<{ point: string; kind: string; title: string; body: string }>(
      t.db,
      sql`select service_point_id as point, kind, title, body from point_notifications order by seq desc limit 1`,
    );
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from point_notifications`))[0]!.n).toBe(before[0]!.n + 1);
    expect(told[0]).toMatchObject({ point: f.p1, kind: "pagamento-desfeito", title: "Pagamento desfeito: R$\u00a040,00" });
    expect(told[0]!.body).toContain("TED-DESFAZER");
    const state = await queryRows<{ paid: string }>(t.db, sql`select paid from payout_statements where id in (${a.id}, ${b.id})`);
    expect(state.map((s) => s.paid)).toEqual(["N", "N"]);
    // The reason is in the journal of money actions, on each payout undone.
    const journal = (await call(t, central, "GET", `/central/pagamentos/diario?idPontoAtendimento=${f.p1}`)).json().data;
    const undone = journal.filter(
      (j: { Acao: string; IdEntidade: string }) => j.Acao === "desfazer-pagamento" && [a.id, b.id].includes(j.IdEntidade),
    );
    expect(undone).toHaveLength(2);
    expect(undone.every((j: { Observacao: string }) => j.Observacao.startsWith("Registrado por engano · lote TED-DESFAZER"))).toBe(true);
    const batch = (await call(t, central, "GET", `/central/pagamentos/lotes/${id}`)).json();
    expect(batch.data).toMatchObject({ DesfeitoPor: DEMO_CENTRAL.name, PodeDesfazer: false });
    expect(batch.repasses).toEqual([]);
    // A proof on an undone batch is refused.
    const { payload, headers } = multipart("c.pdf", SAMPLE.pdf);
    const proof = await t.app.inject({
      method: "POST",
      url: `/api/central/pagamentos/lotes/${id}/comprovante`,
      headers: { ...headers, authToken: central },
      payload,
    });
    expect([proof.statusCode, proof.json().message]).toEqual([409, PAYMENT_MESSAGES.proofOnUndone]);

    // Registered yesterday: too late to undo.
    const c = await payout(f.p1, { executedDaysAgo: 2 });
    const old = (await pay([c.id], day, "TED-ONTEM")).json().idLote as string;
    await t.db.execute(sql`update payment_batches set paid_at = now() - interval '2 days' where id = ${old}`);
    const late = await call(t, central, "POST", `/central/pagamentos/lotes/${old}/desfazer`, { motivo: "Registrado por engano" });
    expect([late.statusCode, late.json().message]).toEqual([409, PAYMENT_MESSAGES.batchUndoExpired]);
  });

  it("undoing the last payout of a batch alone undoes the batch", async () => {
    const day = await today();
    const a = await payout(f.p1);
    const id = (await pay([a.id], day, "TED-UM")).json().idLote as string;
    expect((await call(t, central, "POST", `/central/pagamentos/${a.id}/desfazer`, { motivo: "Registrado por engano" })).statusCode).toBe(
      200,
    );
    const batch = (await call(t, central, "GET", `/central/pagamentos/lotes/${id}`)).json().data;
    expect(batch).toMatchObject({ DesfeitoPor: DEMO_CENTRAL.name, PodeDesfazer: false });
  });
});
