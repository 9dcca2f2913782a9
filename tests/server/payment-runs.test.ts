// Payment runs (issue 49): payable on a date as the headline, a run from draft to the bank's return file (its NSA from the
// paying account, the same file each time, payouts locked to it), the return imported per transfer (paid, or rejected and
// payable again with its reason; the same file twice changes nothing), cancel with a reason, roles, the journal; and the rules
// under real parallel HTTP requests (two clerks, one run; export against pay; import twice). PGlite and PostgreSQL (server, Node).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  addCentralUser,
  BACKENDS,
  call,
  centralLogin,
  fixtures,
  insertPayout,
  makeTestApp,
  multipart,
  queryRows,
  SAMPLE,
  type Fixtures,
  type TestApp,
} from "./helpers";
import { DEMO_BANK_PROFILE, DEMO_CENTRAL } from "../../server/seed";
import { RUN_MESSAGES } from "../../server/lib/central-payments-messages";
import { CENTRAL_ROLE_MESSAGES } from "../../server/lib/central-roles";
import { cnabReturnFrom } from "../../src/domain/cnab240-return";

/** A field of a CNAB line by its 1-based inclusive positions, as the FEBRABAN manual lists them. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);
/** A paying account at Itaú (SISPAG), as the clerk types it; the tests change its name, bank and layout. */
const ITAU_ACCOUNT = {
  Nome: "Itaú",
  CodigoBanco: "341",
  NomeBanco: "BANCO ITAU",
  Layout: "341",
  Convenio: "1",
  Agencia: "1234",
  DigitoAgencia: "",
  Conta: "56789",
  DigitoConta: "0",
  RazaoSocial: "PROGRAMA CLUBE",
  Cnpj: "11.222.333/0001-81",
  Logradouro: "RUA A",
  Numero: "10",
  Complemento: "",
  Cidade: "SAO PAULO",
  Cep: "01310-100",
  Uf: "SP",
};
const segmentsA = (file: string) => file.split("\r\n").filter((l) => at(l, 8, 8) === "3" && at(l, 14, 14) === "A");

describe.each(BACKENDS)("payment runs on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  let second = "";
  let approver = "";
  let profile = "";
  let base = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    central = await centralLogin(t);
    approver = await addCentralUser(t, "Aprovadora", "aprovadora@central.test", "approver");
    second = await addCentralUser(t, "Segunda pagadora", "pagadora@central.test", "payer");
    // The second point gets bank data (a TED to Bradesco), so a run has two transfers of two kinds.
    await queryRows(
      t.db,
      sql`insert into bank_accounts (service_point_id, bank, agency, account, account_type, holder_name, holder_document, selected)
        values (${f.p2}, '237 - Bradesco', '0456-7', '0012345-6', 'CORRENTE', 'Oficina Dois Ltda', '11222333000181', 'S')`,
    );
    profile = (await call(t, central, "GET", "/central/pagamentos/contas-pagadoras")).json().data[0].IdContaPagadora;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
  });
  afterAll(() => t?.close());

  const today = async () =>
    (await queryRows<{ d: string }>(t.db, sql`select to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as d`))[0]!.d;
  const newRun = (ids: string[], dataPagamento: string, token = central, idContaPagadora = profile) =>
    call(t, token, "POST", "/central/pagamentos/remessas", { ids, dataPagamento, idContaPagadora });
  const runPath = (id: string, step = "") => `/central/pagamentos/remessas/${id}${step ? `/${step}` : ""}`;
  const file = async (id: string, token = central, parte?: string) =>
    t.app.inject({ method: "GET", url: `/api${runPath(id, "arquivo")}${parte ? `?parte=${parte}` : ""}`, headers: { authToken: token } });
  const payoutRow = async (id: string) =>
    (
      await queryRows<{
        paid: string;
        run_id: string | null;
        transfer_id: string | null;
        rejection_reason: string | null;
        paid_day: string | null;
      }>(
        t.db,
        sql`select paid, run_id, transfer_id, rejection_reason,
        to_char(paid_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as paid_day from payout_statements where id = ${id}`,
      )
    )[0]!;

  /** One real HTTP request on its own connection: status and JSON body. */
  async function http(token: string, method: "GET" | "POST", path: string, body?: object) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authToken: token, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
  }

  it("shows what is payable on a date: executed after it waits, held is held, the totals say so", async () => {
    const day = await today();
    const now = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 70 });
    const later = await insertPayout(t, f.p1, { executedDaysAgo: -2, value: 30 });
    const list = (await call(t, central, "GET", `/central/pagamentos?dataPagamento=${day}`)).json();
    const row = (id: string) => list.data.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === id);
    expect(row(now.id)).toMatchObject({ Situacao: "pagavel", IdRemessa: null, MotivoRejeicao: null });
    expect(row(later.id)).toMatchObject({ Situacao: "aguardando_execucao" });
    expect(list.totais.dataPagamento).toBe(day);
    expect(list.totais.pagavel).toBeGreaterThanOrEqual(70);
    // In three days the later one is payable too.
    const ahead = (await call(t, central, "GET", `/central/pagamentos?dataPagamento=${addDays(day, 3)}&situacao=pagavel`)).json();
    const ids = ahead.data.map((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho);
    expect(ids).toEqual(expect.arrayContaining([now.id, later.id]));
    expect(ahead.data.every((r: { Situacao: string }) => r.Situacao === "pagavel")).toBe(true);
    // A run refuses a payout executed after its date, and a date already past.
    const refused = await newRun([later.id], day);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/anterior à execução da OS/);
    const past = await newRun([now.id], addDays(day, -1));
    expect([past.statusCode, past.json().message]).toEqual([400, RUN_MESSAGES.pastDate]);
  });

  it("runs a whole payment: draft, file (its NSA, the same bytes again), sent, the bank's return (paid and rejected), and journals it", async () => {
    const day = await today();
    const a = await insertPayout(t, f.p1, { executedDaysAgo: 2, value: 100 });
    const b = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 70 });
    const c = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 55.5 });
    const nsaBefore = (await queryRows<{ n: number }>(t.db, sql`select last_nsa as n from bank_profiles where id = ${profile}`))[0]!.n;

    // An approver may not make, generate or download a run (and the draft takes nothing).
    const denied = await newRun([a.id], day, approver);
    expect([denied.statusCode, denied.json().message]).toEqual([403, CENTRAL_ROLE_MESSAGES.pay]);

    const made = await newRun([a.id, b.id, c.id], day);
    expect(made.statusCode).toBe(200);
    const run = made.json().data;
    expect(run).toMatchObject({ Status: "rascunho", Nsa: null, Transferencias: 2, Repasses: 3, Total: 225.5 });
    expect(made.json().message).toBe(RUN_MESSAGES.created(3, 2, run.Numero));
    expect((await payoutRow(a.id)).run_id).toBe(run.IdRemessa);
    // Locked to it: another run and a manual payment are refused, nothing taken.
    const again = await newRun([c.id], day, second);
    expect([again.statusCode, again.json().message]).toEqual([409, RUN_MESSAGES.taken]);
    const manual = await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [a.id], dataPagamento: day, referencia: "TED-1" });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(RUN_MESSAGES.payoutInRun(a.os));
    expect((await file(run.IdRemessa)).statusCode).toBe(409);

    expect((await call(t, approver, "POST", runPath(run.IdRemessa, "gerar"), {})).statusCode).toBe(403);
    const gen = await call(t, central, "POST", runPath(run.IdRemessa, "gerar"), {});
    expect(gen.statusCode).toBe(200);
    expect(gen.json().data).toMatchObject({ Status: "arquivo_gerado", Nsa: nsaBefore + 1, GeradaPor: DEMO_CENTRAL.name });
    const gen2 = await call(t, second, "POST", runPath(run.IdRemessa, "gerar"), {});
    expect([gen2.statusCode, gen2.json().message]).toEqual([200, RUN_MESSAGES.sameFile(run.Numero, [nsaBefore + 1])]);
    const first = await file(run.IdRemessa);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-disposition"]).toMatch(/attachment; filename="remessa-/);
    expect((await file(run.IdRemessa)).body).toBe(first.body);
    expect((await file(run.IdRemessa, central, "1")).body).toBe(first.body);
    // One file only: there is no second.
    const none = await file(run.IdRemessa, central, "2");
    expect([none.statusCode, none.json().message]).toEqual([404, RUN_MESSAGES.noSuchFile]);
    expect((await file(run.IdRemessa, central, "3")).statusCode).toBe(400);
    expect((await file(run.IdRemessa, approver)).statusCode).toBe(403);
    const remessa = first.body;
    const header = remessa.split("\r\n")[0]!;
    expect([at(header, 1, 3), Number(at(header, 158, 163))]).toEqual([DEMO_BANK_PROFILE.bankCode, nsaBefore + 1]);
    const yours = segmentsA(remessa).map((l) => at(l, 74, 93).trim());
    const transfers = (await call(t, central, "GET", runPath(run.IdRemessa))).json().transferencias;
    expect(yours.sort()).toEqual(transfers.map((x: { SeuNumero: string }) => x.SeuNumero).sort());
    const p1Transfer = transfers.find((x: { IdPontoAtendimento: string }) => x.IdPontoAtendimento === f.p1);
    const p2Transfer = transfers.find((x: { IdPontoAtendimento: string }) => x.IdPontoAtendimento === f.p2);
    expect([p1Transfer.Valor, p2Transfer.Valor]).toEqual([170, 55.5]);

    const sent = await call(t, central, "POST", runPath(run.IdRemessa, "enviar"), {});
    expect(sent.json().data).toMatchObject({ Status: "enviado", EnviadaPor: DEMO_CENTRAL.name });
    expect((await call(t, central, "POST", runPath(run.IdRemessa, "enviar"), {})).statusCode).toBe(409);
    const noCancel = await call(t, central, "POST", runPath(run.IdRemessa, "cancelar"), { motivo: "engano" });
    expect([noCancel.statusCode, noCancel.json().message]).toEqual([409, RUN_MESSAGES.notCancellable]);

    // The bank paid the first point's transfer and rejected the second's (AP: date; the manual's text kept as the reason).
    const retorno = cnabReturnFrom(remessa, (n) =>
      n === p2Transfer.SeuNumero ? { occurrences: ["AP"] } : { bankNumber: "BB123456789", effectiveDate: day },
    );
    const imported = await call(t, central, "POST", "/central/pagamentos/retorno", { nomeArquivo: "RET.txt", conteudo: retorno });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ pagas: 1, rejeitadas: 1, jaImportadas: 0, desconhecidas: [] });
    expect(await payoutRow(a.id)).toMatchObject({ paid: "S", paid_day: day, run_id: run.IdRemessa, rejection_reason: null });
    const rejected = await payoutRow(c.id);
    expect(rejected).toMatchObject({ paid: "N", run_id: null, transfer_id: null });
    expect(rejected.rejection_reason).toMatch(/^AP/);
    const after = (await call(t, central, "GET", runPath(run.IdRemessa))).json();
    expect(after.data).toMatchObject({ Status: "retorno_importado", Pagas: 1, Rejeitadas: 1 });
    expect(after.transferencias.find((x: { SeuNumero: string }) => x.SeuNumero === p1Transfer.SeuNumero)).toMatchObject({
      Status: "pago",
      NossoNumero: "BB123456789",
      DataEfetivacao: day,
    });
    // The rejected payout is payable again, with its reason on the list.
    const listed = (await call(t, central, "GET", `/central/pagamentos?idPontoAtendimento=${f.p2}`)).json().data;
    expect(listed.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === c.id)).toMatchObject({
      Situacao: "pagavel",
      MotivoRejeicao: expect.stringMatching(/^AP/),
    });
    // The same file again changes nothing.
    const twice = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: retorno });
    expect(twice.json()).toMatchObject({ pagas: 0, rejeitadas: 0, jaImportadas: 2 });
    // Paid by the bank: no undo.
    const undo = await call(t, central, "POST", `/central/pagamentos/${a.id}/desfazer`, { motivo: "Registrado por engano" });
    expect([undo.statusCode, undo.json().message]).toEqual([409, RUN_MESSAGES.paidByBank]);
    // The point sees its own transfer's reference on its espelho, and the notification names it.
    const notes = await queryRows<{ body: string }>(
      t.db,
      sql`select body from point_notifications where service_point_id = ${f.p1} and kind = 'pago' order by seq desc limit 1`,
    );
    expect(notes[0]!.body).toContain("BB123456789");

    // Its own proof per transfer: the point sees its reference (the bank's number) and its proof; another point sees neither.
    const proofUrl = `/api/central/pagamentos/transferencias/${p1Transfer.IdTransferencia}/comprovante`;
    const unpaidProof = multipart("comprovante.pdf", SAMPLE.pdf);
    const refusedProof = await t.app.inject({
      method: "POST",
      url: `/api/central/pagamentos/transferencias/${p2Transfer.IdTransferencia}/comprovante`,
      headers: { authToken: central, ...unpaidProof.headers },
      payload: unpaidProof.payload,
    });
    expect([refusedProof.statusCode, refusedProof.json().message]).toEqual([409, RUN_MESSAGES.proofNotPaid]);
    const proof = multipart("comprovante pix.pdf", SAMPLE.pdf);
    const sentProof = await t.app.inject({
      method: "POST",
      url: proofUrl,
      headers: { authToken: central, ...proof.headers },
      payload: proof.payload,
    });
    expect(sentProof.statusCode).toBe(200);
    const espelho = (await call(t, f.token1, "POST", "/espelho/lista", { idPontoAtendimento: f.p1, pagamentoFeito: "S" })).json();
    expect(espelho.find((r: { IdFinanceiroEspelho: string }) => r.IdFinanceiroEspelho === a.id)).toMatchObject({
      PagamentoFeito: "S",
      ReferenciaPagamento: "BB123456789",
      ComprovantePagamento: "comprovante pix.pdf",
    });
    const own = await call(t, f.token1, "GET", `/espelho/comprovante/${a.id}`);
    expect([own.statusCode, own.rawPayload.equals(SAMPLE.pdf)]).toEqual([200, true]);
    expect((await call(t, f.token2, "GET", `/espelho/comprovante/${a.id}`)).statusCode).toBe(404);

    // The journal: the run's steps and its transfers, by run and by point.
    const journal = (await call(t, central, "GET", `/central/pagamentos/diario?idRemessa=${run.IdRemessa}`)).json().data;
    const acts = journal.map((j: { Acao: string }) => j.Acao);
    for (const act of [
      "remessa-criada",
      "arquivo-gerado",
      "remessa-enviada",
      "retorno-importado",
      "transferencia-paga",
      "transferencia-rejeitada",
      "pago-pelo-banco",
    ])
      expect(acts).toContain(act);
    expect(acts.filter((x: string) => x === "transferencia-paga")).toHaveLength(1);
    const byPoint = (await call(t, central, "GET", `/central/pagamentos/diario?idPontoAtendimento=${f.p2}`)).json().data;
    expect(byPoint.length).toBeGreaterThan(0);
    expect(byPoint.every((j: { IdPontoAtendimento: string }) => j.IdPontoAtendimento === f.p2)).toBe(true);
  });

  it("cancels a run not sent with a required reason: its payouts are payable again", async () => {
    const day = await today();
    const p = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 40 });
    const run = (await newRun([p.id], day)).json().data;
    const blank = await call(t, central, "POST", runPath(run.IdRemessa, "cancelar"), { motivo: "   " });
    expect(blank.statusCode).toBe(400);
    const done = await call(t, central, "POST", runPath(run.IdRemessa, "cancelar"), { motivo: "Data errada" });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ Status: "cancelada", MotivoCancelamento: "Data errada", CanceladaPor: DEMO_CENTRAL.name });
    expect(await payoutRow(p.id)).toMatchObject({ run_id: null, paid: "N" });
    expect((await file(run.IdRemessa)).statusCode).toBe(409);
    // Payable again: a new run takes it.
    expect((await newRun([p.id], day)).statusCode).toBe(200);
  });

  it("refuses a file that is not a return, and one whose amount differs, saying why", async () => {
    const bad = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: "isto não é um arquivo CNAB" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\S/);
    const day = await today();
    const p = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 90 });
    const run = (await newRun([p.id], day)).json().data;
    await call(t, central, "POST", runPath(run.IdRemessa, "gerar"), {});
    const remessa = (await file(run.IdRemessa)).body;
    // The remessa itself is not a return.
    expect((await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: remessa })).statusCode).toBe(400);
    // The bank says it paid R$ 9,00 of R$ 90,00: nothing is imported.
    const wrong = cnabReturnFrom(remessa)
      .split("\r\n")
      .map((l) => (at(l, 8, 8) === "3" && at(l, 14, 14) === "A" ? `${l.slice(0, 162)}${"900".padStart(15, "0")}${l.slice(177)}` : l))
      .join("\r\n");
    const refused = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("difere do valor da remessa");
    expect((await payoutRow(p.id)).paid).toBe("N");
    expect((await call(t, approver, "POST", "/central/pagamentos/retorno", { conteudo: cnabReturnFrom(remessa) })).statusCode).toBe(403);
  });

  it("keeps a transfer the bank only scheduled pending, and adds paying accounts the layout's bank can read", async () => {
    const day = await today();
    const p = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 61 });
    const run = (await newRun([p.id], day)).json().data;
    await call(t, central, "POST", runPath(run.IdRemessa, "gerar"), {});
    const scheduled = cnabReturnFrom((await file(run.IdRemessa)).body, () => ({ occurrences: ["BD"] }));
    const first = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: scheduled });
    expect(first.json()).toMatchObject({ pagas: 0, rejeitadas: 0, agendadas: 1 });
    expect(await payoutRow(p.id)).toMatchObject({ paid: "N", run_id: run.IdRemessa });
    const paid = await call(t, central, "POST", "/central/pagamentos/retorno", {
      conteudo: cnabReturnFrom((await file(run.IdRemessa)).body),
    });
    expect(paid.json()).toMatchObject({ pagas: 1 });
    expect((await payoutRow(p.id)).paid).toBe("S");

    const input = { ...ITAU_ACCOUNT, Nome: "Itaú - SISPAG", Convenio: "" };
    expect((await call(t, approver, "POST", "/central/pagamentos/contas-pagadoras", { ...input, Convenio: "1" })).statusCode).toBe(403);
    const badCnpj = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", {
      ...input,
      Convenio: "1",
      Cnpj: "11.222.333/0001-82",
    });
    expect([badCnpj.statusCode, badCnpj.json().message]).toEqual([400, RUN_MESSAGES.invalidCnpj]);
    // Itaú's layout at another bank's code: the writer's own rule answers.
    const wrongBank = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", {
      ...input,
      Convenio: "1",
      CodigoBanco: "001",
    });
    expect(wrongBank.statusCode).toBe(400);
    expect(wrongBank.json().message).toContain("341");
    const made = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", { ...input, Convenio: "1" });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ Nome: "Itaú - SISPAG", Layout: "341", UltimoNsa: 0, Cnpj: "11222333000181", Cep: "01310100" });
    const twice = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", { ...input, Convenio: "1" });
    expect([twice.statusCode, twice.json().message]).toEqual([409, RUN_MESSAGES.profileExists("Itaú - SISPAG")]);
    // Caixa's agreement: 6 digits with its commitment code and transmission parameter, said by the writer's own rules.
    const caixaInput = { ...input, Nome: "Caixa", Layout: "104", CodigoBanco: "104", NomeBanco: "CAIXA", Convenio: "444773" };
    const noCommitment = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", caixaInput);
    expect(noCommitment.statusCode).toBe(400);
    expect(noCommitment.json().message).toContain("código do compromisso");
    const longAgreement = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", {
      ...caixaInput,
      Convenio: "1234567",
      CodigoCompromisso: "1",
      ParametroTransmissao: "01",
    });
    expect([longAgreement.statusCode, longAgreement.json().message]).toEqual([
      400,
      "Para a Caixa, informe o código do convênio (até 6 dígitos).",
    ]);
  });

  it("writes an Itaú run paying by PIX and to an account as two files, each with its own NSA, and round-trips both", async () => {
    const day = await today();
    const itau = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", { ...ITAU_ACCOUNT, Nome: "Itaú - dois arquivos" });
    const itauId = itau.json().data.IdContaPagadora;
    // The first point is paid by PIX, the second by a TED to Bradesco.
    const pix = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 40 });
    const ted = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 25 });
    const run = (await newRun([pix.id, ted.id], day, central, itauId)).json().data;
    const gen = await call(t, central, "POST", runPath(run.IdRemessa, "gerar"), {});
    expect([gen.statusCode, gen.json().message]).toEqual([200, RUN_MESSAGES.generated(run.Numero, [1, 2])]);
    expect(gen.json().data).toMatchObject({
      Status: "arquivo_gerado",
      Nsa: 1,
      Arquivos: [
        { Parte: 1, Nsa: 1, Conteudo: "pix", Transferencias: 1, NomeArquivo: `remessa-${run.Numero}-nsa-1-pix-${day}.rem` },
        { Parte: 2, Nsa: 2, Conteudo: "conta", Transferencias: 1, NomeArquivo: `remessa-${run.Numero}-nsa-2-conta-${day}.rem` },
      ],
    });
    expect((await queryRows<{ n: number }>(t.db, sql`select last_nsa as n from bank_profiles where id = ${itauId}`))[0]!.n).toBe(2);
    const again = await call(t, second, "POST", runPath(run.IdRemessa, "gerar"), {});
    expect(again.json().message).toBe(RUN_MESSAGES.sameFile(run.Numero, [1, 2]));

    const transfers = (await call(t, central, "GET", runPath(run.IdRemessa))).json().transferencias as {
      SeuNumero: string;
      IdPontoAtendimento: string;
      Arquivo: number;
    }[];
    const of = (point: string) => transfers.find((x) => x.IdPontoAtendimento === point)!;
    expect([of(f.p1).Arquivo, of(f.p2).Arquivo]).toEqual([1, 2]);
    const files = [await file(run.IdRemessa, central, "1"), await file(run.IdRemessa, central, "2")];
    expect(files.map((x) => x.statusCode)).toEqual([200, 200]);
    expect(files[1]!.headers["content-disposition"]).toBe(`attachment; filename="remessa-${run.Numero}-nsa-2-conta-${day}.rem"`);
    // Each file: its own NSA in the header (Itaú: 158-166), only its kind's transfers; the same bytes again.
    const [pixFile, accountFile] = files.map((x) => x.body);
    expect(Number(at(pixFile!.split("\r\n")[0]!, 158, 166))).toBe(1);
    expect(Number(at(accountFile!.split("\r\n")[0]!, 158, 166))).toBe(2);
    expect(segmentsA(pixFile!).map((l) => at(l, 74, 93).trim())).toEqual([of(f.p1).SeuNumero]);
    expect(segmentsA(accountFile!).map((l) => at(l, 74, 93).trim())).toEqual([of(f.p2).SeuNumero]);
    expect((await file(run.IdRemessa, central, "2")).body).toBe(accountFile);
    const journal = (await call(t, central, "GET", `/central/pagamentos/diario?idRemessa=${run.IdRemessa}`)).json().data;
    expect(journal.find((j: { Acao: string }) => j.Acao === "arquivo-gerado").Observacao).toBe("NSA 1 e 2");

    // The bank answers each file with its own return: the run is closed once both are in.
    expect((await call(t, central, "POST", runPath(run.IdRemessa, "enviar"), {})).json().data.Status).toBe("enviado");
    const first = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: cnabReturnFrom(pixFile!) });
    expect(first.json()).toMatchObject({ pagas: 1, rejeitadas: 0 });
    expect((await call(t, central, "GET", runPath(run.IdRemessa))).json().data.Status).toBe("enviado");
    const second_ = await call(t, central, "POST", "/central/pagamentos/retorno", {
      conteudo: cnabReturnFrom(accountFile!, () => ({ occurrences: ["AP"] })),
    });
    expect(second_.json()).toMatchObject({ pagas: 0, rejeitadas: 1 });
    expect((await call(t, central, "GET", runPath(run.IdRemessa))).json().data).toMatchObject({
      Status: "retorno_importado",
      Pagas: 1,
      Rejeitadas: 1,
    });
    expect([(await payoutRow(pix.id)).paid, (await payoutRow(ted.id)).paid]).toEqual(["S", "N"]);
  });

  it("pays from Caixa: digits-only 'seu número' from one sequence, the agreement's fields in the file, a PIX payee refused", async () => {
    const day = await today();
    const made = await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", {
      ...ITAU_ACCOUNT,
      Nome: "Caixa - convênio",
      CodigoBanco: "104",
      NomeBanco: "CAIXA",
      Layout: "104",
      Convenio: "444773",
      DigitoAgencia: "5",
      CodigoCompromisso: "12",
      ParametroTransmissao: "a1",
    });
    expect([made.statusCode, made.json().message]).toEqual([200, RUN_MESSAGES.profileCreated("Caixa - convênio")]);
    expect(made.json().data).toMatchObject({ Layout: "104", CodigoCompromisso: "12", ParametroTransmissao: "A1" });
    const caixa = made.json().data.IdContaPagadora;
    // The first point is paid by PIX, which Caixa's layout has no form for: refused at generation, no NSA taken.
    const pix = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 33 });
    const refusedRun = (await newRun([pix.id], day, central, caixa)).json().data;
    expect(refusedRun.Transferencias).toBe(1);
    const refused = await call(t, central, "POST", runPath(refusedRun.IdRemessa, "gerar"), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("não tem PIX por chave");
    expect((await call(t, central, "GET", runPath(refusedRun.IdRemessa))).json().data).toMatchObject({ Status: "rascunho", Nsa: null });
    expect((await queryRows<{ n: number }>(t.db, sql`select last_nsa as n from bank_profiles where id = ${caixa}`))[0]!.n).toBe(0);
    await call(t, central, "POST", runPath(refusedRun.IdRemessa, "cancelar"), { motivo: "Caixa não paga PIX por chave" });

    const a = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 12.5 });
    const b = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 7.5 });
    const first = (await newRun([a.id], day, central, caixa)).json().data;
    const next = (await newRun([b.id], day, central, caixa)).json().data;
    const numberOf = async (id: string) => (await call(t, central, "GET", runPath(id))).json().transferencias[0].SeuNumero as string;
    const [n1, n2] = [await numberOf(first.IdRemessa), await numberOf(next.IdRemessa)];
    expect(n1).toMatch(/^\d{1,6}$/);
    expect(Number(n2)).toBe(Number(n1) + 1);
    expect((await call(t, central, "POST", runPath(first.IdRemessa, "gerar"), {})).statusCode).toBe(200);
    const remessa = (await file(first.IdRemessa)).body;
    const header = remessa.split("\r\n")[0]!;
    // Caixa's file header: its code, the agreement (6), the transmission parameter (2) and "P" for production (033-052).
    expect([at(header, 1, 3), at(header, 33, 38), at(header, 39, 40), at(header, 41, 41)]).toEqual(["104", "444773", "A1", "P"]);
    expect(segmentsA(remessa).map((l) => at(l, 74, 79))).toEqual([n1.padStart(6, "0")]);
    const paid = await call(t, central, "POST", "/central/pagamentos/retorno", { conteudo: cnabReturnFrom(remessa) });
    expect(paid.json()).toMatchObject({ pagas: 1, desconhecidas: [] });
    expect((await payoutRow(a.id)).paid).toBe("S");
  });

  it("under parallel requests: two clerks take distinct NSAs, one payout goes to one run, a run and a payment never both, an import decides once", async () => {
    const day = await today();
    const nsaBefore = (await queryRows<{ n: number }>(t.db, sql`select last_nsa as n from bank_profiles where id = ${profile}`))[0]!.n;
    // Two clerks, two runs, generated at once: consecutive, distinct NSAs.
    const x = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 11 });
    const y = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 12 });
    const rx = (await newRun([x.id], day)).json().data.IdRemessa;
    const ry = (await newRun([y.id], day, second)).json().data.IdRemessa;
    const gens = await Promise.all([http(central, "POST", runPath(rx, "gerar"), {}), http(second, "POST", runPath(ry, "gerar"), {})]);
    expect(gens.map((g) => g.status)).toEqual([200, 200]);
    const nsas = gens.map((g) => (g.body.data as { Nsa: number }).Nsa).sort((m, n) => m - n);
    expect(nsas).toEqual([nsaBefore + 1, nsaBefore + 2]);

    // One payout, four drafts at once: one takes it.
    const z = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 13 });
    const drafts = await Promise.all(
      [central, second, central, second].map((tok) =>
        http(tok, "POST", "/central/pagamentos/remessas", { ids: [z.id], dataPagamento: day, idContaPagadora: profile }),
      ),
    );
    expect(drafts.map((d) => d.status).sort()).toEqual([200, 409, 409, 409]);
    const runsOfZ = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_transfers t join payout_statements f on f.transfer_id = t.id where f.id = ${z.id}`,
    );
    expect(runsOfZ[0]!.n).toBe(1);

    // A draft against a payment of the same payout: exactly one wins.
    const w = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 14 });
    const [draft, payment] = await Promise.all([
      http(central, "POST", "/central/pagamentos/remessas", { ids: [w.id], dataPagamento: day, idContaPagadora: profile }),
      http(second, "POST", "/central/pagamentos/pagar", { ids: [w.id], dataPagamento: day, referencia: "TED-corrida" }),
    ]);
    expect([draft.status, payment.status].sort()).toEqual([200, 409]);
    const wRow = await payoutRow(w.id);
    expect(draft.status === 200 ? wRow.run_id !== null && wRow.paid === "N" : wRow.run_id === null && wRow.paid === "S").toBe(true);

    // The same return imported three times at once: each transfer decided once, its payouts paid once, one journal line.
    const retorno = cnabReturnFrom((await file(rx)).body);
    const imports = await Promise.all([0, 1, 2].map(() => http(central, "POST", "/central/pagamentos/retorno", { conteudo: retorno })));
    expect(imports.map((i) => i.status)).toEqual([200, 200, 200]);
    expect(imports.map((i) => i.body.pagas).sort()).toEqual([0, 0, 1]);
    const paidLines = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from central_actions where action = 'pago-pelo-banco' and entity_id = ${x.id}`,
    );
    expect(paidLines[0]!.n).toBe(1);
    expect((await payoutRow(x.id)).paid).toBe("S");
  });

  it("under parallel requests: two split runs take four distinct NSAs, and Caixa drafts distinct numbers", async () => {
    const day = await today();
    // Two clerks generate two Itaú runs at once, each written as two files (PIX and accounts): four NSAs, none twice.
    const itau = (
      await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", { ...ITAU_ACCOUNT, Nome: "Itaú - corrida" })
    ).json().data.IdContaPagadora as string;
    const runs: string[] = [];
    for (const token of [central, second]) {
      const pix = await insertPayout(t, f.p1, { executedDaysAgo: 1, value: 21 });
      const ted = await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 22 });
      runs.push((await newRun([pix.id, ted.id], day, token, itau)).json().data.IdRemessa);
    }
    const gens = await Promise.all([
      http(central, "POST", runPath(runs[0]!, "gerar"), {}),
      http(second, "POST", runPath(runs[1]!, "gerar"), {}),
    ]);
    expect(gens.map((g) => g.status)).toEqual([200, 200]);
    const files = gens.map((g) => (g.body.data as { Arquivos: { Nsa: number }[] }).Arquivos.map((a) => a.Nsa));
    expect(files.map((nsas) => nsas.length)).toEqual([2, 2]);
    expect(files.flat().sort((m, n) => m - n)).toEqual([1, 2, 3, 4]);
    const stored = await queryRows<{ nsa: number }>(
      t.db,
      sql`select nsa from payment_run_files where bank_profile_id = ${itau} order by nsa`,
    );
    expect(stored.map((r) => r.nsa)).toEqual([1, 2, 3, 4]);

    // Four Caixa drafts at once: each transfer's "seu número" from the one sequence, digits only, none twice.
    const caixa = (
      await call(t, central, "POST", "/central/pagamentos/contas-pagadoras", {
        ...ITAU_ACCOUNT,
        Nome: "Caixa - corrida",
        CodigoBanco: "104",
        NomeBanco: "CAIXA",
        Layout: "104",
        Convenio: "444774",
        DigitoAgencia: "5",
        CodigoCompromisso: "13",
        ParametroTransmissao: "a1",
      })
    ).json().data.IdContaPagadora as string;
    const payouts = [];
    for (let i = 0; i < 4; i++) payouts.push(await insertPayout(t, f.p2, { executedDaysAgo: 1, value: 5 + i }));
    const drafts = await Promise.all(
      payouts.map((payout, i) =>
        http(i % 2 ? second : central, "POST", "/central/pagamentos/remessas", {
          ids: [payout.id],
          dataPagamento: day,
          idContaPagadora: caixa,
        }),
      ),
    );
    expect(drafts.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const numbers = await Promise.all(
      drafts.map(
        async (d) =>
          (await call(t, central, "GET", runPath((d.body.data as { IdRemessa: string }).IdRemessa))).json().transferencias[0]
            .SeuNumero as string,
      ),
    );
    for (const n of numbers) expect(n).toMatch(/^\d{1,6}$/);
    expect(new Set(numbers).size).toBe(4);
  });
});

function addDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
