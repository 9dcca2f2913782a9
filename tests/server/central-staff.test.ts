// The central's own staff (issue 38) over real HTTP on PGlite and PostgreSQL: invitations (PUBLIC_URL's origin, hashed, single
// use under parallel requests, expiring), roles enforced on the approve and pay routes, the last active admin kept under two
// admins demoting or deactivating each other at once, deactivation ending sessions at once, and the own password change
// ending the user's other sessions only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { BACKENDS, makeTestApp, queryRows, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { CENTRAL_ROLE_MESSAGES } from "../../server/lib/central-roles";
import { STAFF_MESSAGES } from "../../server/lib/central-staff-messages";
import { INVALID_LINK } from "../../server/services/access-links";
import { PASSWORD_PROBLEMS } from "../../src/domain/team";

const PUBLIC_URL = "https://portal.programa.example";
const PASSWORD = "Girassol-Tropical-8421";

describe.each(BACKENDS)("central staff on %s", (backend) => {
  let t: TestApp;
  let base = "";
  let admin = "";
  let adminId = "";
  let seq = 0;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 }, publicUrl: PUBLIC_URL });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    admin = (await http("", "POST", "/credenciado/login", { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD })).body.token;
    adminId = (await http(admin, "GET", "/central/me")).body.data.Id;
  });
  afterAll(() => t?.close());

  type Body = Record<string, unknown> & { token: string; message: string; data: Record<string, unknown> & { Id: string } };
  /** One real HTTP request (its own connection when others are in flight): status and JSON body. */
  async function http(token: string, method: "GET" | "POST", path: string, body?: object, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(token ? { authToken: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Body };
  }
  const parallel = <T>(n: number, work: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => work(i)));
  const statuses = (list: { status: number }[]) => list.map((r) => r.status).sort();
  const tokenOf = (link: string) => link.slice(link.indexOf("#") + 1);
  const activeAdmins = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from central_users where role = 'admin' and active = 'A'`))[0]!.n;

  async function invite(by: string, role: string, name = `Colega ${++seq}`) {
    const email = `colega${seq}.${Date.now()}@programa.com.br`;
    const res = await http(by, "POST", "/central/equipe/convidar", { Nome: name, Email: email, Papel: role });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const acesso = res.body.acesso as { Link: string; ExpiraEm: string; Tipo: string };
    return { id: res.body.Id as string, email, name, link: acesso.Link, acesso };
  }
  const accept = (link: string, senha = PASSWORD, confirmacao = senha) =>
    http("", "POST", "/credenciado/definir-senha", { token: tokenOf(link), senha, confirmacao });
  /** A colleague of the role, invited by the demo admin, who chose their password: their id, e-mail and session token. */
  async function colleague(role: string) {
    const invited = await invite(admin, role);
    const signed = await accept(invited.link);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    return { ...invited, token: signed.body.token };
  }

  it("invites a colleague by a link that starts with PUBLIC_URL whatever the Host, keeps only its hash, and lists them", async () => {
    const res = await http(
      admin,
      "POST",
      "/central/equipe/convidar",
      { Nome: "  Ana   Souza ", Email: "ana.souza@programa.com.br", Papel: "approver" },
      { "x-forwarded-host": "evil.example" },
    );
    expect(res.status).toBe(200);
    const acesso = res.body.acesso as { Link: string; Tipo: string; ExpiraEm: string };
    expect(acesso.Tipo).toBe("convite");
    expect(acesso.Link.startsWith(`${PUBLIC_URL}/primeiro-acesso#`)).toBe(true);
    const token = tokenOf(acesso.Link);
    expect(token.length).toBeGreaterThanOrEqual(43);
    // 72 hours from now.
    expect(Math.abs(Date.parse(acesso.ExpiraEm) - Date.now() - 72 * 3_600_000)).toBeLessThan(60_000);
    const stored = await queryRows<{ token_hash: string; created_by: string; password_hash: string | null }>(
      t.db,
      sql`select i.token_hash, i.created_by, u.password_hash from central_invitations i join central_users u on u.id = i.user_id
          where u.email = 'ana.souza@programa.com.br'`,
    );
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(token).digest("hex"), created_by: adminId, password_hash: null }]);
    // Listed as pending, with the role, and read by any central user.
    const list = await http(admin, "GET", "/central/equipe");
    expect(list.body.Papel).toBe("admin");
    const ana = (list.body.data as unknown as Record<string, unknown>[]).find((c) => c.Email === "ana.souza@programa.com.br");
    expect(ana).toMatchObject({ Nome: "Ana Souza", Papel: "approver", AtivoInativo: "A", ConvitePendente: true, Voce: false });
    expect(ana!.ConviteExpiraEm).toBe(acesso.ExpiraEm);
    // No password yet: the login refuses the account as it refuses a wrong password.
    const login = await http("", "POST", "/credenciado/login", { email: "ana.souza@programa.com.br", password: PASSWORD });
    expect([login.status, login.body.message]).toEqual([401, "Credenciais inválidas."]);
  });

  it("refuses bad input with pt-BR messages: name, e-mail, role, an e-mail in use (central or point), unknown ids", async () => {
    const bad = [
      [{ Nome: " ", Email: "x@programa.com.br", Papel: "payer" }, 400, STAFF_MESSAGES.nameRequired],
      [{ Nome: "X", Email: "não é e-mail", Papel: "payer" }, 400, STAFF_MESSAGES.invalidEmail],
      [{ Nome: "X", Email: "x@programa.com.br", Papel: "root" }, 400, STAFF_MESSAGES.invalidRole],
      [{ Nome: "X", Email: "x@programa.com.br", Papel: 3 }, 400, STAFF_MESSAGES.invalidRole],
      [{ Nome: "X", Email: DEMO_CENTRAL.email.toUpperCase(), Papel: "payer" }, 409, STAFF_MESSAGES.emailTaken],
      [{ Nome: "X", Email: DEMO_USERS.main, Papel: "payer" }, 409, STAFF_MESSAGES.emailTaken],
    ] as const;
    for (const [body, status, message] of bad) {
      const res = await http(admin, "POST", "/central/equipe/convidar", body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-uuid"]) {
      const res = await http(admin, "POST", `/central/equipe/${id}/papel`, { Papel: "payer" });
      expect([res.status, res.body.message]).toEqual([404, STAFF_MESSAGES.notFound]);
    }
    const role = await http(admin, "POST", `/central/equipe/${adminId}/papel`, { Papel: "chefe" });
    expect([role.status, role.body.message]).toEqual([400, STAFF_MESSAGES.invalidRole]);
  });

  it("opens the invitation on 'Primeiro acesso', refuses a weak password, signs in once; the link is then spent", async () => {
    const invited = await invite(admin, "payer", "Bruno Lima");
    const check = await http("", "POST", "/credenciado/acesso", { token: tokenOf(invited.link) });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ Tipo: "convite", Nome: "Bruno Lima", Email: invited.email, Ponto: "Central do Programa" });
    const weak = await accept(invited.link, "12345678");
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(PASSWORD_PROBLEMS.weak);
    const mismatch = await accept(invited.link, PASSWORD, `${PASSWORD}x`);
    expect([mismatch.status, mismatch.body.message]).toEqual([400, PASSWORD_PROBLEMS.mismatch]);
    const ok = await accept(invited.link);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ perfil: "central", user: { email: invited.email, name: "Bruno Lima" } });
    const me = await http(ok.body.token, "GET", "/central/me");
    expect(me.body.data).toMatchObject({ Email: invited.email, Papel: "payer", Perfil: "central" });
    // Spent: the check and a second use say whom to ask; a point's unknown link keeps the point's message.
    const again = await accept(invited.link, "Outra-Senha-Forte-5521");
    expect([again.status, again.body.message]).toEqual([400, STAFF_MESSAGES.invalidInvitation]);
    const checkAgain = await http("", "POST", "/credenciado/acesso", { token: tokenOf(invited.link) });
    expect([checkAgain.status, checkAgain.body.message]).toEqual([400, STAFF_MESSAGES.invalidInvitation]);
    const unknown = await http("", "POST", "/credenciado/acesso", { token: "x".repeat(43) });
    expect([unknown.status, unknown.body.message]).toEqual([400, INVALID_LINK]);
    // The password chosen is the one the login takes.
    const login = await http("", "POST", "/credenciado/login", { email: invited.email, password: PASSWORD });
    expect([login.status, login.body.perfil]).toEqual([200, "central"]);
  });

  it("uses an invitation once under 6 parallel requests, and not after it expires or is replaced", async () => {
    const invited = await invite(admin, "approver");
    const results = await parallel(6, () => accept(invited.link));
    expect(statuses(results)).toEqual([200, 400, 400, 400, 400, 400]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from central_sessions s join central_users u on u.id = s.user_id where u.email = ${invited.email}`,
    );
    expect(n).toBe(1);

    const expiring = await invite(admin, "approver");
    await t.db.execute(
      sql`update central_invitations set expires_at = now() - interval '1 second' where user_id = ${expiring.id} and used_at is null`,
    );
    const expired = await accept(expiring.link);
    expect([expired.status, expired.body.message]).toEqual([400, STAFF_MESSAGES.invalidInvitation]);
    // A new link works, and replaces any earlier unused one.
    const first = await http(admin, "POST", `/central/equipe/${expiring.id}/convite`, {});
    const second = await http(admin, "POST", `/central/equipe/${expiring.id}/convite`, {});
    expect([first.status, second.status]).toEqual([200, 200]);
    const link1 = (first.body.acesso as { Link: string }).Link;
    const link2 = (second.body.acesso as { Link: string }).Link;
    expect((await accept(link1)).status).toBe(400);
    expect((await accept(link2)).status).toBe(200);
    // Once they chose a password there is no invitation to give.
    const none = await http(admin, "POST", `/central/equipe/${expiring.id}/convite`, {});
    expect([none.status, none.body.message]).toEqual([409, STAFF_MESSAGES.alreadyHasPassword]);
  });

  it("enforces the roles: a payer cannot approve, an approver cannot pay, neither manages the staff (403 with the pt-BR reason)", async () => {
    const payer = await colleague("payer");
    const approver = await colleague("approver");
    const someId = "00000000-0000-4000-8000-000000000001";
    const approve = await http(payer.token, "POST", `/central/aprovacoes/${someId}/aprovar`, {});
    expect([approve.status, approve.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES.approve]);
    const reject = await http(payer.token, "POST", `/central/aprovacoes/${someId}/recusar`, { observacao: "Sem evidência" });
    expect([reject.status, reject.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES.approve]);
    const pay = await http(approver.token, "POST", "/central/pagamentos/pagar", {
      ids: [someId],
      dataPagamento: new Date().toISOString().slice(0, 10),
      referencia: "E2E-TESTE",
    });
    expect([pay.status, pay.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES.pay]);
    const undo = await http(approver.token, "POST", `/central/pagamentos/${someId}/desfazer`, { motivo: "Registrado por engano" });
    expect([undo.status, undo.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES.pay]);
    // Each may still do their own part (an unknown id is a 404, not a 403).
    expect((await http(approver.token, "POST", `/central/aprovacoes/${someId}/aprovar`, {})).status).toBe(404);
    for (const who of [payer, approver]) {
      const list = await http(who.token, "GET", "/central/equipe");
      expect(list.status).toBe(200);
      expect(list.body.Papel).toBe(who === payer ? "payer" : "approver");
      const invited = await http(who.token, "POST", "/central/equipe/convidar", { Nome: "X", Email: "y@programa.com.br", Papel: "admin" });
      expect([invited.status, invited.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES["manage-staff"]]);
      const promote = await http(who.token, "POST", `/central/equipe/${who.id}/papel`, { Papel: "admin" });
      expect([promote.status, promote.body.message]).toEqual([403, CENTRAL_ROLE_MESSAGES["manage-staff"]]);
    }
    // A role change counts on the next request: the approver made payer may pay (the unknown payout is then a 404).
    expect((await http(admin, "POST", `/central/equipe/${approver.id}/papel`, { Papel: "payer" })).status).toBe(200);
    expect((await http(approver.token, "POST", `/central/pagamentos/${someId}/desfazer`, { motivo: "Registrado por engano" })).status).toBe(
      404,
    );
    const history = await http(admin, "GET", `/central/historico/${approver.id}`);
    expect((history.body.data as unknown as Record<string, unknown>[])[0]).toMatchObject({
      Acao: "alterar_papel",
      Usuario: DEMO_CENTRAL.name,
      ValorAnterior: "Aprovador",
      ValorNovo: "Pagador",
    });
  });

  it("keeps one active admin when two admins demote or deactivate each other at once (5 rounds each, real parallel requests)", async () => {
    const x = await colleague("admin");
    // The demo admin steps down, so x and the next colleague are the only admins in each round.
    expect((await http(x.token, "POST", `/central/equipe/${adminId}/papel`, { Papel: "payer" })).status).toBe(200);
    let keeper = x;
    for (let round = 0; round < 10; round++) {
      const invited = await http(keeper.token, "POST", "/central/equipe/convidar", {
        Nome: `Admin ${round}`,
        Email: `admin.round${round}.${Date.now()}@programa.com.br`,
        Papel: "admin",
      });
      const y = { id: invited.body.Id as string, token: (await accept((invited.body.acesso as { Link: string }).Link)).body.token };
      expect(await activeAdmins()).toBe(2);
      const deactivate = round % 2 === 1;
      const [a, b] = await Promise.all([
        deactivate
          ? http(keeper.token, "POST", `/central/equipe/${y.id}/desativar`, {})
          : http(keeper.token, "POST", `/central/equipe/${y.id}/papel`, { Papel: "approver" }),
        deactivate
          ? http(y.token, "POST", `/central/equipe/${keeper.id}/desativar`, {})
          : http(y.token, "POST", `/central/equipe/${keeper.id}/papel`, { Papel: "approver" }),
      ]);
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expect(won.status, JSON.stringify([a.body, b.body])).toBe(200);
      // The loser's change is refused: no longer an admin's (403) or, deactivated, its session already gone (401).
      expect(deactivate ? [401, 403] : [403], JSON.stringify(lost.body)).toContain(lost.status);
      expect(await activeAdmins()).toBe(1);
      if (won !== a) keeper = { ...keeper, id: y.id, token: y.token };
    }
    // The last admin can demote or deactivate no one into an admin-less central, themselves included.
    const self = await http(keeper.token, "POST", `/central/equipe/${keeper.id}/papel`, { Papel: "payer" });
    expect([self.status, self.body.message]).toEqual([409, STAFF_MESSAGES.lastAdmin]);
    const selfOff = await http(keeper.token, "POST", `/central/equipe/${keeper.id}/desativar`, {});
    expect([selfOff.status, selfOff.body.message]).toEqual([409, STAFF_MESSAGES.selfDeactivate]);
    expect(await activeAdmins()).toBe(1);
    // The demo admin back to admin for the other tests.
    expect((await http(keeper.token, "POST", `/central/equipe/${adminId}/papel`, { Papel: "admin" })).status).toBe(200);
  });

  it("deactivation ends the colleague's sessions at once; reactivated, they sign in again", async () => {
    const payer = await colleague("payer");
    const second = (await http("", "POST", "/credenciado/login", { email: payer.email, password: PASSWORD })).body.token;
    expect((await http(payer.token, "GET", "/central/me")).status).toBe(200);
    const off = await http(admin, "POST", `/central/equipe/${payer.id}/desativar`, {});
    expect([off.status, off.body.message]).toEqual([200, STAFF_MESSAGES.deactivated(payer.name)]);
    for (const token of [payer.token, second]) expect((await http(token, "GET", "/central/me")).status).toBe(401);
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from central_sessions where user_id = ${payer.id}`);
    expect(n).toBe(0);
    const login = await http("", "POST", "/credenciado/login", { email: payer.email, password: PASSWORD });
    expect([login.status, login.body.message]).toEqual([401, "Usuário inativo. Entre em contato com o administrador."]);
    const listed = (await http(admin, "GET", "/central/equipe")).body.data as unknown as Record<string, unknown>[];
    expect(listed.find((c) => c.Id === payer.id)).toMatchObject({ AtivoInativo: "I" });
    expect((await http(admin, "POST", `/central/equipe/${payer.id}/reativar`, {})).status).toBe(200);
    const back = await http("", "POST", "/credenciado/login", { email: payer.email, password: PASSWORD });
    expect(back.status).toBe(200);
    // Old tokens never work again.
    expect((await http(payer.token, "GET", "/central/me")).status).toBe(401);
    // A pending colleague deactivated loses their invitation too.
    const pending = await invite(admin, "approver");
    expect((await http(admin, "POST", `/central/equipe/${pending.id}/desativar`, {})).status).toBe(200);
    expect((await accept(pending.link)).status).toBe(400);
  });

  it("changes the own password with the current one and the rule; the other sessions end, this one stays", async () => {
    const me = await colleague("approver");
    const other = (await http("", "POST", "/credenciado/login", { email: me.email, password: PASSWORD })).body.token;
    const change = (body: object) => http(me.token, "POST", "/central/equipe/senha", body);
    const wrong = await change({ senhaAtual: "nao-e-esta", novaSenha: "Cachoeira-Serena-7713", confirmacao: "Cachoeira-Serena-7713" });
    expect([wrong.status, wrong.body.message]).toEqual([400, STAFF_MESSAGES.wrongCurrentPassword]);
    const missing = await change({ senhaAtual: PASSWORD });
    expect([missing.status, missing.body.message]).toEqual([400, STAFF_MESSAGES.passwordFieldsRequired]);
    const weak = await change({ senhaAtual: PASSWORD, novaSenha: "abcdefgh", confirmacao: "abcdefgh" });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(PASSWORD_PROBLEMS.weak);
    const same = await change({ senhaAtual: PASSWORD, novaSenha: PASSWORD, confirmacao: PASSWORD });
    expect([same.status, same.body.message]).toEqual([400, STAFF_MESSAGES.samePassword]);
    // Nothing changed by the refusals: the other session still works.
    expect((await http(other, "GET", "/central/me")).status).toBe(200);
    const ok = await change({ senhaAtual: PASSWORD, novaSenha: "Cachoeira-Serena-7713", confirmacao: "Cachoeira-Serena-7713" });
    expect([ok.status, ok.body.message]).toEqual([200, STAFF_MESSAGES.passwordChanged]);
    expect((await http(me.token, "GET", "/central/me")).status).toBe(200);
    expect((await http(other, "GET", "/central/me")).status).toBe(401);
    expect((await http("", "POST", "/credenciado/login", { email: me.email, password: PASSWORD })).status).toBe(401);
    expect((await http("", "POST", "/credenciado/login", { email: me.email, password: "Cachoeira-Serena-7713" })).status).toBe(200);
  });
});
