// Payee changes as a diff (issue 49, item 4): the central's review shows every payee field before and after, who changed it and
// when, the warnings (a CPF holder, a holder other than the point's CNPJ) and the point's phone; a natural person's data need
// two central users (the same one twice: 409; a new change voids the first), each confirmation recorded; the point's
// administrators are told when the payouts are held and released; the Espelho shows a held row's reason; and under real
// parallel HTTP requests exactly one first and one second confirmation count. A listening server and fetches, on PGlite and
// PostgreSQL (TEST_DATABASE_URL), as tests/server/money-races.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, fixtures, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { centralUsers } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/secrets";
import { CENTRAL_MESSAGES } from "../../server/lib/central-messages";
import { PAYEE_REVIEW_MESSAGES as M } from "../../server/lib/payee-review-messages";
import type { PayeeReview } from "../../contract/central-points";
import type { EspelhoRow } from "../../contract/espelho";
import type { Notificacao } from "../../contract/notificacoes";

const CPF = "529.982.247-25";
const OTHER_CPF = "111.444.777-35";
const OTHER_CNPJ = "45.723.174/0001-10";

describe.each(BACKENDS)("payee review on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let base = "";
  /** Central users: the demo admin, a second admin, a payer, and an approver (who may not confirm). */
  const central = { admin: "", admin2: "", payer: "", approver: "" };
  let attendant = "";
  let bankId = "";

  /** One real HTTP request (its own connection when others are in flight): status and JSON body. */
  async function http<T = Record<string, unknown>>(token: string, method: "GET" | "POST", path: string, body?: object) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authToken: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T & { message: string; token: string } };
  }
  const login = async (email: string) => (await http("", "POST", "/credenciado/login", { email, password: DEMO_PASSWORD })).body.token;
  async function centralUser(name: string, email: string, role: "admin" | "payer" | "approver") {
    await t.db.insert(centralUsers).values({ name, email, role, passwordHash: await hashPassword(DEMO_PASSWORD) });
    return login(email);
  }
  const parallel = <T>(n: number, work: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => work(i)));
  const statuses = (list: { status: number }[]) => list.map((r) => r.status).sort();

  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    central.admin = await login(DEMO_CENTRAL.email);
    central.admin2 = await centralUser("Bruno Conferente", "bruno.conferente@central.test", "admin");
    central.payer = await centralUser("Paula Pagadora", "paula.pagadora@central.test", "payer");
    central.approver = await centralUser("Ana Aprovadora", "ana.aprovadora@central.test", "approver");
    attendant = await login(DEMO_USERS.colleague);
    const [bank] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from bank_accounts where service_point_id = ${f.p1} and selected = 'S'`,
    );
    bankId = bank!.id;
  });
  afterAll(() => t?.close());

  /** The point's administrator points its selected account to a PIX key (a person's when the holder's document is a CPF). */
  const changeKey = (type: string, key: string, holder: string, document: string, token = f.token1) =>
    http(token, "POST", "/ponto-atendimento/edit-dado-bancario", {
      IdDadoBancario: bankId,
      TipoChavePix: type,
      ChavePix: key,
      NomeTitular: holder,
      DocumentoTitular: document,
      Selecionado: "S",
    });
  const review = async (token = central.admin, point = f.p1) =>
    (await http<{ data: PayeeReview }>(token, "GET", `/central/pontos/${point}/dados-pagamento`)).body.data;
  const confirm = (token: string, alteradoEm: string | null, primeiraConfirmacaoEm: string | null = null, point = f.p1) =>
    http<{ Liberado: boolean }>(token, "POST", `/central/pontos/${point}/confirmar-dados-pagamento`, { alteradoEm, primeiraConfirmacaoEm });
  /** Confirms whatever change is pending (twice, by two users, when a natural person's), so each test starts released. */
  async function release(point = f.p1) {
    let r = await review(central.admin, point);
    if (!r.Retido || !r.AlteradoEm || !r.IdDadoBancario) return;
    if (!r.PrimeiraConfirmacao || r.PrimeiraConfirmacao.Sua) {
      const first = await confirm(r.PrimeiraConfirmacao ? central.admin2 : central.admin, r.AlteradoEm, r.PrimeiraConfirmacao?.DataHora);
      expect(first.status, first.body.message).toBe(200);
      if (first.body.Liberado) return;
      r = await review(central.admin, point);
    }
    const second = await confirm(central.admin2, r.AlteradoEm, r.PrimeiraConfirmacao!.DataHora);
    expect([second.status, second.body.Liberado], second.body.message).toEqual([200, true]);
  }
  const inbox = async (token: string) => (await http<{ data: Notificacao[] }>(token, "GET", "/notificacoes?limite=50")).body.data;
  const espelho = async () =>
    (
      await http<EspelhoRow[]>(f.token1, "POST", "/espelho/lista", {
        idPontoAtendimento: f.p1,
        dataInicio: "2000-01-01",
        dataFim: "2999-12-31",
        pagamentoFeito: "N",
      })
    ).body;
  const pointState = async () =>
    (
      await queryRows<{ changed: string | null; confirmed: string | null; first_by: string | null; snapshot: Record<string, unknown> }>(
        t.db,
        sql`select payment_data_changed_at::text as changed, payment_data_confirmed_at::text as confirmed,
          payment_data_first_confirmed_by::text as first_by, payment_data_confirmed_payee as snapshot
        from service_points where id = ${f.p1}`,
      )
    )[0]!;
  const actionsOn = (action: string) =>
    queryRows<{ user: string; note: string | null }>(
      t.db,
      sql`select u.name as user, c.note from central_actions c join central_users u on u.id = c.user_id
        where c.entity = 'service_point' and c.entity_id = ${f.p1} and c.action = ${action} order by c.id`,
    );
  const notices = (kind: string) =>
    queryRows<{ title: string; body: string; actor: string | null; by_user: string | null }>(
      t.db,
      sql`select title, body, actor_name as actor, actor_user_id::text as by_user from point_notifications
        where service_point_id = ${f.p1} and kind = ${kind} order by seq`,
    );

  it("shows a switch to a personal e-mail key with a CPF holder as before and after, who and when, the CPF warning and the phone", async () => {
    const change = await changeKey("EMAIL", "fulano.pessoal@gmail.com", "Fulano de Tal", CPF);
    expect(change.status, change.body.message).toBe(200);
    const r = await review();
    expect(r).toMatchObject({
      Retido: true,
      TipoChavePix: "EMAIL",
      ChavePix: "fulano.pessoal@gmail.com",
      AlteradoPor: "Marina Souza",
      AlteradoEm: expect.any(String),
      ConfirmadoEm: null,
      // Never confirmed: the "before" is the data before the point's first change, kept unmasked.
      AnteriorOrigem: "original",
      AnteriorEm: null,
      TitularPessoaFisica: true,
      TitularEhOPonto: false,
      ConfirmacoesNecessarias: 2,
      PrimeiraConfirmacao: null,
      Telefone: "(81) 98888-1111",
      TelefoneContato: "Marina Souza",
      TelefoneAlteradoEm: null,
    });
    expect(r.Anterior).toMatchObject({ TipoChavePix: "CNPJ", ChavePix: "11.222.333/0001-81", DocumentoTitular: "11.222.333/0001-81" });
    expect(r.MotivoRetencao).toMatch(
      /^Dados de pagamento alterados em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} para um titular pessoa física \(CPF\)/,
    );
    // Every account field with a value on either side, in the review's order; the point's own fields did not change.
    expect(r.Comparacao).toEqual([
      { Campo: "TipoChavePix", Antes: "CNPJ", Depois: "EMAIL", Alterado: true },
      { Campo: "ChavePix", Antes: "11.222.333/0001-81", Depois: "fulano.pessoal@gmail.com", Alterado: true },
      { Campo: "NomeTitular", Antes: "Auto Center Boa Viagem Ltda", Depois: "Fulano de Tal", Alterado: true },
      { Campo: "DocumentoTitular", Antes: "11.222.333/0001-81", Depois: CPF, Alterado: true },
    ]);

    // The point's administrators are told, its author too (not the attendant, who does not see payment data).
    const [held] = await notices("retido");
    expect(held).toMatchObject({ title: M.heldTitle, actor: "Marina Souza", by_user: null });
    expect(held!.body).toContain("Marina Souza alterou os dados de pagamento do ponto em ");
    expect(held!.body).toContain("(Tipo de chave PIX, Chave PIX, Titular, Documento do titular)");
    expect(held!.body).toContain("O novo titular é uma pessoa física (CPF)");
    expect((await inbox(f.token1)).find((n) => n.Tipo === "retido")).toMatchObject({ Titulo: M.heldTitle, Autor: "Marina Souza" });
    expect((await inbox(attendant)).some((n) => n.Tipo === "retido")).toBe(false);

    // The point's Espelho shows its unpaid rows held, with the central's reason; PagamentoFeito stays N.
    const rows = await espelho();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.PagamentoFeito, row.MotivoRetencao]).toEqual(["N", r.MotivoRetencao]);
  });

  it("needs a second central user: the first confirmation keeps the payouts held, the same user again is refused, another releases", async () => {
    const r = await review();
    expect(r.PrimeiraConfirmacao).toBeNull();
    const approver = await confirm(central.approver, r.AlteradoEm);
    expect(approver.status).toBe(403);

    const first = await confirm(central.admin, r.AlteradoEm);
    expect([first.status, first.body.message, first.body.Liberado]).toEqual([200, M.firstConfirmed, false]);
    const after = await review();
    expect(after.Retido).toBe(true);
    expect(after.PrimeiraConfirmacao).toEqual({ Usuario: DEMO_CENTRAL.name, DataHora: expect.any(String), Sua: true });
    expect((await review(central.payer)).PrimeiraConfirmacao!.Sua).toBe(false);
    expect(after.MotivoRetencao).toContain("Aguardando a confirmação de um segundo usuário da central.");
    expect((await espelho())[0]!.MotivoRetencao).toBe(after.MotivoRetencao);
    expect(await notices("liberado")).toEqual([]);
    const firstAt = after.PrimeiraConfirmacao!.DataHora;

    const again = await confirm(central.admin, r.AlteradoEm, firstAt);
    expect([again.status, again.body.message]).toEqual([409, M.sameUser]);
    // Another user who opened the data before the first confirmation is sent back to look again.
    const stale = await confirm(central.payer, r.AlteradoEm, null);
    expect([stale.status, stale.body.message]).toEqual([409, M.firstChanged]);
    expect((await pointState()).confirmed).toBeNull();

    const second = await confirm(central.payer, r.AlteradoEm, firstAt);
    expect([second.status, second.body.message, second.body.Liberado]).toEqual([200, M.secondConfirmed, true]);
    const released = await review();
    expect(released).toMatchObject({ Retido: false, MotivoRetencao: null, PrimeiraConfirmacao: null, AnteriorOrigem: "confirmado" });
    expect(released.ConfirmadoEm).not.toBeNull();
    // The confirmed payee is kept unmasked: the next review's "before".
    expect(released.Anterior).toMatchObject({ TipoChavePix: "EMAIL", ChavePix: "fulano.pessoal@gmail.com", DocumentoTitular: CPF });
    expect((await espelho()).every((row) => row.MotivoRetencao === null)).toBe(true);
    const nothing = await confirm(central.admin2, r.AlteradoEm, null);
    expect([nothing.status, nothing.body.message]).toEqual([409, CENTRAL_MESSAGES.nothingToConfirm]);

    // Each confirmation is recorded: central_actions, the record of changes, and the release told to the administrators.
    expect(await actionsOn("primeira-confirmacao-dados-pagamento")).toEqual([
      { user: DEMO_CENTRAL.name, note: expect.stringMatching(/^Alteração de /) },
    ]);
    expect(await actionsOn("confirmar-dados-pagamento")).toEqual([
      { user: "Paula Pagadora", note: expect.stringMatching(/^Alteração de /) },
    ]);
    const history = (await http<{ data: { Acao: string; Usuario: string }[] }>(central.admin, "GET", `/central/historico/${f.p1}`)).body
      .data;
    expect(history.map((h) => [h.Acao, h.Usuario])).toEqual([
      ["confirmar-dados-pagamento", "Paula Pagadora"],
      ["primeira-confirmacao-dados-pagamento", DEMO_CENTRAL.name],
    ]);
    const audit = await queryRows<{ action: string; actor: string; summary: string }>(
      t.db,
      sql`select action, actor_name as actor, summary from audit_log where service_point_id = ${f.p1} and entity = 'dados_pagamento' order by id`,
    );
    expect(audit).toEqual([
      { action: "primeira_confirmacao", actor: DEMO_CENTRAL.name, summary: M.firstSummary },
      { action: "confirmar", actor: "Paula Pagadora", summary: M.secondSummary(DEMO_CENTRAL.name) },
    ]);
    const [told] = await notices("liberado");
    expect(told).toMatchObject({ title: M.releasedTitle, actor: "Paula Pagadora", by_user: null });
    expect(told!.body).toContain(`(confirmados por ${DEMO_CENTRAL.name} e Paula Pagadora)`);
    expect((await inbox(f.token1))[0]).toMatchObject({ Tipo: "liberado", Titulo: M.releasedTitle });
    expect((await inbox(attendant)).some((n) => n.Tipo === "liberado")).toBe(false);
  });

  it("a new change after the first confirmation voids it; the before is now the confirmed payee", async () => {
    await changeKey("TELEFONE", "+5581987654321", "Beltrano Souza", OTHER_CPF);
    const r = await review();
    expect(r).toMatchObject({ AnteriorOrigem: "confirmado", AnteriorEm: expect.any(String), ConfirmacoesNecessarias: 2 });
    expect(r.Comparacao).toContainEqual({ Campo: "ChavePix", Antes: "fulano.pessoal@gmail.com", Depois: "+5581987654321", Alterado: true });
    expect(r.Comparacao).toContainEqual({ Campo: "DocumentoTitular", Antes: CPF, Depois: OTHER_CPF, Alterado: true });
    expect((await confirm(central.admin, r.AlteradoEm)).status).toBe(200);
    const first = (await review()).PrimeiraConfirmacao!;

    // The point changes the key again: the first confirmation no longer counts.
    await changeKey("TELEFONE", "+5581912345678", "Beltrano Souza", OTHER_CPF);
    const fresh = await review();
    expect(fresh.PrimeiraConfirmacao).toBeNull();
    expect(fresh.AlteradoEm).not.toBe(r.AlteradoEm);
    expect((await pointState()).first_by).toBeNull();
    const old = await confirm(central.payer, r.AlteradoEm, first.DataHora);
    expect([old.status, old.body.message]).toEqual([409, CENTRAL_MESSAGES.changedSince]);
    const oldFirst = await confirm(central.payer, fresh.AlteradoEm, first.DataHora);
    expect([oldFirst.status, oldFirst.body.message]).toEqual([409, M.firstChanged]);
    // Another user's confirmation now is a first one again: still held.
    const again = await confirm(central.payer, fresh.AlteradoEm);
    expect([again.status, again.body.Liberado]).toEqual([200, false]);
    expect((await review()).Retido).toBe(true);
    await release();
    expect((await review()).Retido).toBe(false);
  });

  it("a company other than the point: one confirmation, a warning; a change of CNPJ and company name is compared too", async () => {
    await changeKey("CNPJ", OTHER_CNPJ, "Serra Azul Mecânica Eireli", OTHER_CNPJ);
    const r = await review();
    expect(r).toMatchObject({ TitularPessoaFisica: false, TitularEhOPonto: false, ConfirmacoesNecessarias: 1 });
    expect(r.MotivoRetencao).toMatch(/: o repasse fica retido até a central conferir e confirmar os novos dados \(ou por 7 dias\)\.$/);
    const ok = await confirm(central.admin, r.AlteradoEm);
    expect([ok.status, ok.body.message, ok.body.Liberado]).toEqual([200, CENTRAL_MESSAGES.payeeConfirmed, true]);

    // Back to the point's own key, then the point changes its company name: both show in the comparison.
    await changeKey("CNPJ", "11.222.333/0001-81", "Auto Center Boa Viagem Ltda", "11.222.333/0001-81");
    await release();
    const reg = await http(f.token1, "POST", "/ponto-atendimento/atualizar-dados-cadastrais", {
      IdPontoAtendimento: f.p1,
      RazaoSocial: "Auto Center Boa Viagem Comércio Ltda",
    });
    expect(reg.status, reg.body.message).toBe(200);
    const named = await review();
    expect(named).toMatchObject({ Retido: true, TitularEhOPonto: true, AlteradoPor: "Marina Souza" });
    expect(named.Comparacao[0]).toEqual({
      Campo: "RazaoSocial",
      Antes: "Auto Center Boa Viagem Ltda",
      Depois: "Auto Center Boa Viagem Comércio Ltda",
      Alterado: true,
    });
    expect(named.Comparacao.map((c) => c.Campo)).not.toContain("Cnpj");
    expect((await notices("retido")).at(-1)!.body).toContain("(Razão social)");
    await release();
  });

  /** The pending change (and the confirmation before it) moved back 8 days, past the 7 days of a hold. */
  const eightDaysAgo = () =>
    t.db.execute(sql`update service_points set payment_data_changed_at = payment_data_changed_at - interval '8 days',
      payment_data_confirmed_at = payment_data_confirmed_at - interval '9 days' where id = ${f.p1}`);

  it("after 7 days a company's change is released by time, a natural person's stays held until confirmed twice", async () => {
    await changeKey("EMAIL", "fulano.pessoal@gmail.com", "Fulano de Tal", CPF);
    await eightDaysAgo();
    const person = await review();
    expect(person.Retido).toBe(true);
    expect(person.MotivoRetencao).toContain("pessoa física");
    // A change made by SQL carries microseconds: the confirmation still matches it to the millisecond.
    expect((await confirm(central.admin, person.AlteradoEm)).status).toBe(200);
    await release();

    await changeKey("CNPJ", "11.222.333/0001-81", "Auto Center Boa Viagem Ltda", "11.222.333/0001-81");
    await eightDaysAgo();
    expect((await review()).Retido).toBe(false);
    // Confirmable still (a late look), and then no longer pending.
    await t.db.execute(sql`update service_points set payment_data_changed_at = now() where id = ${f.p1}`);
    await release();
  });

  it("under parallel confirmations exactly one first and one second count; a change racing the second leaves it held or released, never both", async () => {
    await changeKey("CHAVE_ALEATORIA", "123e4567-e89b-42d3-a456-426614174000", "Fulano de Tal", CPF);
    const r = await review();
    const users = [central.admin, central.admin2, central.payer];
    const firstsBefore = (await actionsOn("primeira-confirmacao-dados-pagamento")).length;
    // Six first confirmations at once, two by each user, all having seen none.
    const firsts = await parallel(6, (i) => confirm(users[i % 3]!, r.AlteradoEm, null));
    expect(statuses(firsts)).toEqual([200, 409, 409, 409, 409, 409]);
    for (const x of firsts.filter((y) => y.status === 409)) expect([M.sameUser, M.firstChanged]).toContain(x.body.message);
    expect((await actionsOn("primeira-confirmacao-dados-pagamento")).length).toBe(firstsBefore + 1);
    const seen = (await review()).PrimeiraConfirmacao!;
    expect((await review()).Retido).toBe(true);

    // Six second confirmations at once by every user, having seen that first one: one releases, the rest are refused.
    const finalsBefore = (await actionsOn("confirmar-dados-pagamento")).length;
    const releasedBefore = (await notices("liberado")).length;
    const seconds = await parallel(6, (i) => confirm(users[i % 3]!, r.AlteradoEm, seen.DataHora));
    expect(statuses(seconds)).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = seconds.find((x) => x.status === 200)!;
    expect(winner.body.Liberado).toBe(true);
    for (const x of seconds.filter((y) => y.status === 409))
      expect([M.sameUser, CENTRAL_MESSAGES.nothingToConfirm]).toContain(x.body.message);
    expect((await actionsOn("confirmar-dados-pagamento")).length).toBe(finalsBefore + 1);
    expect((await notices("liberado")).length).toBe(releasedBefore + 1);
    expect((await review()).Retido).toBe(false);

    // A change of the data racing the second confirmation: either the confirmation went first (and the change holds the
    // payouts again) or the change did (and the confirmation is refused); never a release of data the user did not see.
    for (let round = 0; round < 4; round += 1) {
      await changeKey("EMAIL", `rodada${round}@gmail.com`, "Fulano de Tal", CPF);
      const before = await review();
      expect((await confirm(central.admin, before.AlteradoEm)).status).toBe(200);
      const firstAt = (await review()).PrimeiraConfirmacao!.DataHora;
      const [edit, second] = await Promise.all([
        changeKey("EMAIL", `rodada${round}.nova@gmail.com`, "Fulano de Tal", CPF),
        confirm(central.payer, before.AlteradoEm, firstAt),
      ]);
      expect(edit.status).toBe(200);
      const now = await review();
      expect(now).toMatchObject({ Retido: true, ChavePix: `rodada${round}.nova@gmail.com`, PrimeiraConfirmacao: null });
      if (second.status === 200) expect(now.ConfirmadoEm! < now.AlteradoEm!).toBe(true);
      else expect([second.status, second.body.message]).toEqual([409, CENTRAL_MESSAGES.changedSince]);
      await release();
    }
  });
});
