// Team accounts: /usuarios for the point's administrator only (403 otherwise, 404 for another point), no password fields,
// invitations and reset links hashed, single use, expiring in 72 h; the principal protected; deactivation revokes sessions at
// once and keeps history; role changes apply on the next call; 'Esqueci minha senha' answers the same for any e-mail and mails a
// link through a real SMTP server when one is configured, only ever adding a link (an invitation survives a reset request from
// anyone); a new password must be strong by zxcvbn with the user's own words (node, server project, PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { BACKENDS, call, fixtures, loginAs, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { accessTokens, pointUsers, sessions, userTypes } from "../../server/db/schema";
import { TEAM_MESSAGES } from "../../server/routes/usuarios";

const DEACTIVATED_TEXT = "Seu acesso foi desativado pelo administrador do ponto. Fale com ele para voltar a entrar.";
import { ACCESS_MESSAGES } from "../../server/routes/acesso";
import { INVALID_LINK, SELF_SERVICE_LINKS } from "../../server/services/access-links";
import { hashToken } from "../../server/lib/secrets";
import { PASSWORD_PROBLEMS } from "../../src/domain/team";

const HOUR = 3_600_000;
/** Strong by zxcvbn (score 4) for every user of these tests; weak passwords are refused since issue 33. */
const STRONG = "girafa amarela no telhado";
const FIRST = "bicicleta-laranja-chuva-7";
const SECOND = "caneca verde no armario 42";
const tokenOf = (link: string) => link.slice(link.indexOf("#") + 1);

describe.each(BACKENDS)("team accounts on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let now = new Date("2030-03-04T13:00:00Z");
  let carlos = "";
  let types: { admin: number; attendant: number };
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } }, { clock: () => now });
    f = await fixtures(t);
    carlos = await login(DEMO_USERS.colleague, DEMO_PASSWORD).then((r) => r.json().token);
    const rows = await t.db.select().from(userTypes);
    types = { admin: rows.find((r) => r.administrative === "S")!.id, attendant: rows.find((r) => r.administrative === "N")!.id };
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password } });
  const admin = (method: "GET" | "POST", url: string, body?: object) => call(t, f.token1, method, url, body);
  const list = async (token = f.token1, inactive = true) =>
    (await call(t, token, "GET", `/usuarios/lista/${f.p1}${inactive ? "?inativos=S" : ""}`)).json().data as Record<string, unknown>[];
  const setPassword = (token: string, senha: string, confirmacao = senha) =>
    t.app.inject({ method: "POST", url: "/api/credenciado/definir-senha", payload: { token, senha, confirmacao } });
  async function addUser(email: string, extra: Record<string, unknown> = {}) {
    const res = await admin("POST", "/usuarios/adicionar", {
      Nome: "Joana Prado",
      Email: email,
      Telefone: "81999990000",
      IdUsuarioTipo: types.attendant,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { success: true; id: string; acesso: { Tipo: string; Link: string; ExpiraEm: string } };
  }

  it("refuses every /usuarios route to a non-administrative attendant (403) and to no token (401)", async () => {
    const routes = [
      ["GET", `/usuarios/lista/${f.p1}`],
      ["GET", "/usuarios/tipos"],
      ["POST", "/usuarios/adicionar"],
      ["POST", "/usuarios/atualizar"],
      ["POST", "/usuarios/deletar"],
      ["POST", "/usuarios/reativar"],
      ["POST", "/usuarios/link-acesso"],
    ] as const;
    for (const [method, url] of routes) {
      const res = await call(t, carlos, method, url, { IdPontoAtendimentoUsuario: f.user(DEMO_USERS.main) });
      expect([res.statusCode, res.json()], url).toEqual([403, { success: false, message: TEAM_MESSAGES.adminOnly }]);
      expect((await call(t, undefined, method, url, {})).statusCode, url).toBe(401);
    }
    // Nothing changed for the refused calls.
    const [marina] = await t.db.select().from(pointUsers).where(eq(pointUsers.email, DEMO_USERS.main));
    expect(marina!.active).toBe("A");
  });

  it("lists the point's users without any password field, principal first, with role, status and last sign-in", async () => {
    const rows = await list();
    expect(rows.map((r) => r.Email)).toEqual([DEMO_USERS.main, DEMO_USERS.colleague, DEMO_USERS.inactive]);
    for (const row of rows) {
      expect(Object.keys(row).filter((k) => /senha|password|hash/i.test(k) && k !== "SenhaDefinida")).toEqual([]);
      expect(JSON.stringify(row)).not.toMatch(/argon2/);
    }
    expect(rows[0]).toMatchObject({
      Nome: "Marina Souza",
      Cargo: "Administrador",
      Administrativo: "S",
      Principal: true,
      AtivoInativo: "A",
    });
    expect(rows[0]!.UltimoAcesso).toEqual(expect.any(String));
    expect(rows[1]).toMatchObject({ Nome: "Carlos Lima", Cargo: "Atendente", Principal: false, Telefone: "(81) 97777-2222" });
    expect(rows[2]).toMatchObject({ AtivoInativo: "I", UltimoAcesso: null });
    // Without ?inativos=S, the contract's list: active users only.
    expect((await list(f.token1, false)).map((r) => r.Email)).toEqual([DEMO_USERS.main, DEMO_USERS.colleague]);
    const tipos = (await admin("GET", "/usuarios/tipos")).json().data;
    expect(tipos.map((x: { Descricao: string }) => x.Descricao)).toEqual(["Administrador", "Atendente"]);
  });

  it("refuses another point's users and point (404) and changes nothing there", async () => {
    const other = f.user(DEMO_USERS.otherPoint);
    expect((await admin("GET", `/usuarios/lista/${f.p2}`)).statusCode).toBe(404);
    for (const url of ["/usuarios/atualizar", "/usuarios/deletar", "/usuarios/reativar", "/usuarios/link-acesso"]) {
      const res = await admin("POST", url, { IdPontoAtendimentoUsuario: other, Nome: "Invasor" });
      expect([res.statusCode, res.json().message], url).toEqual([404, "Usuário não encontrado."]);
    }
    const intoOther = await admin("POST", "/usuarios/adicionar", {
      Nome: "X",
      Email: "x-outro@teste.com.br",
      IdUsuarioTipo: types.admin,
      IdPontoAtendimento: f.p2,
    });
    expect(intoOther.statusCode).toBe(404);
    const [paulo] = await t.db.select().from(pointUsers).where(eq(pointUsers.id, other));
    expect([paulo!.name, paulo!.active]).toEqual(["Paulo Mendes", "A"]);
    expect(await t.db.select().from(pointUsers).where(eq(pointUsers.email, "x-outro@teste.com.br"))).toEqual([]);
  });

  it("validates a new user: name, e-mail, phone, role, e-mail unique among ACTIVE users; bad shapes are 400 JSON", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ Nome: " ", Email: "a@b.com", IdUsuarioTipo: types.attendant }, TEAM_MESSAGES.nameRequired],
      [{ Nome: "A", Email: "não é e-mail", IdUsuarioTipo: types.attendant }, TEAM_MESSAGES.invalidEmail],
      [{ Nome: "A", Email: "a@b.com", Telefone: "12345", IdUsuarioTipo: types.attendant }, TEAM_MESSAGES.invalidPhone],
      [{ Nome: "A", Email: "a@b.com", IdUsuarioTipo: 9999 }, TEAM_MESSAGES.invalidType],
      [{ Nome: "A", Email: "a@b.com" }, TEAM_MESSAGES.invalidType],
    ];
    for (const [body, message] of bad) {
      const res = await admin("POST", "/usuarios/adicionar", body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    for (const body of [{ Nome: ["x"] }, { Email: { a: 1 } }, { IdUsuarioTipo: [1] }, "texto"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/usuarios/adicionar",
        headers: { authToken: f.token1 },
        payload: body as object,
      });
      // A bare string is not JSON the route takes: 415; wrong field types: 400. Never a 500, always a message.
      expect(res.statusCode, JSON.stringify(body)).toBe(typeof body === "string" ? 415 : 400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const taken = await admin("POST", "/usuarios/adicionar", {
      Nome: "Outra Marina",
      Email: DEMO_USERS.main.toUpperCase(),
      IdUsuarioTipo: types.attendant,
    });
    expect([taken.statusCode, taken.json()]).toEqual([409, { success: false, message: TEAM_MESSAGES.emailTaken }]);
    // A central user's e-mail too: the login looks attendants up first, so it would lock the central user out.
    const central = await admin("POST", "/usuarios/adicionar", { Nome: "C", Email: DEMO_CENTRAL.email, IdUsuarioTipo: types.attendant });
    expect([central.statusCode, central.json().message]).toEqual([409, TEAM_MESSAGES.emailTaken]);
    // The deactivated Rita's address may be given to a new account; both rows stay.
    const reused = await addUser(DEMO_USERS.inactive, { Nome: "Rita Nova" });
    expect(reused.id).not.toBe(f.user(DEMO_USERS.inactive));
    const rows = await t.db.select().from(pointUsers).where(eq(pointUsers.email, DEMO_USERS.inactive));
    expect(rows.map((r) => r.active).sort()).toEqual(["A", "I"]);
    // ...and the old account cannot be reactivated while the new one uses it.
    const reactivate = await admin("POST", "/usuarios/reativar", { IdPontoAtendimentoUsuario: f.user(DEMO_USERS.inactive) });
    expect([reactivate.statusCode, reactivate.json().message]).toEqual([409, TEAM_MESSAGES.emailTaken]);
  });

  it("never builds a link from the request's Host header: a path without PUBLIC_URL, PUBLIC_URL's address with it", async () => {
    const added = await addUser("host-teste@teste.com.br");
    const viaEvil = await admin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: added.id });
    const forged = await call(
      t,
      f.token1,
      "POST",
      "/usuarios/link-acesso",
      { IdPontoAtendimentoUsuario: added.id },
      { host: "evil.example" },
    );
    expect(viaEvil.json().acesso.Link).toMatch(/^\/primeiro-acesso#[\w-]{43}$/);
    expect(forged.json().acesso.Link).toMatch(/^\/primeiro-acesso#[\w-]{43}$/);
    const withUrl = await makeTestApp("pglite", { publicUrl: "https://portal.exemplo.com.br" }, { clock: () => now });
    try {
      const token = await loginAs(withUrl.app);
      const [user] = await withUrl.db.select().from(pointUsers).where(eq(pointUsers.email, DEMO_USERS.colleague));
      const res = await call(
        withUrl,
        token,
        "POST",
        "/usuarios/link-acesso",
        { IdPontoAtendimentoUsuario: user!.id },
        { host: "evil.example" },
      );
      expect(res.json().acesso.Link).toMatch(/^https:\/\/portal\.exemplo\.com\.br\/redefinir-senha#[\w-]{43}$/);
    } finally {
      await withUrl.close();
    }
  });

  it("adds a user without a password and with a hashed one-time invitation; the link sets the password and signs in", async () => {
    const added = await addUser("joana@teste.com.br", { Senha: "", IdPontoAtendimento: f.p1, Telefone: "(81) 99999-0000" });
    expect(added).toMatchObject({ success: true, acesso: { Tipo: "convite" } });
    // No PUBLIC_URL here: a path, which the administrator's browser completes (never the request's Host).
    expect(added.acesso.Link).toMatch(/^\/primeiro-acesso#[\w-]{43}$/);
    expect(new Date(added.acesso.ExpiraEm).getTime()).toBe(now.getTime() + 72 * HOUR);
    const [row] = await t.db.select().from(pointUsers).where(eq(pointUsers.id, added.id));
    expect([row!.passwordHash, row!.phone, row!.servicePointId, row!.lastSignInAt]).toEqual([null, "(81) 99999-0000", f.p1, null]);
    const token = tokenOf(added.acesso.Link);
    const stored = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, added.id));
    expect(stored.map((s) => [s.kind, s.tokenHash, s.issuedBy])).toEqual([["convite", hashToken(token), f.user(DEMO_USERS.main)]]);
    expect(JSON.stringify(stored)).not.toContain(token);
    // No password: nothing signs in (not even an empty one).
    expect((await login("joana@teste.com.br", "qualquer1")).statusCode).toBe(401);

    const opened = await t.app.inject({ method: "POST", url: "/api/credenciado/acesso", payload: { token } });
    expect(opened.json()).toEqual({
      Tipo: "convite",
      Nome: "Joana Prado",
      Email: "joana@teste.com.br",
      ExpiraEm: added.acesso.ExpiraEm,
      Ponto: "Auto Center Boa Viagem",
      RazaoSocial: "Auto Center Boa Viagem Ltda",
    });
    for (const [senha, confirmacao, message] of [
      ["curta", "curta", PASSWORD_PROBLEMS.short],
      ["JOANA@teste.com.br", "JOANA@teste.com.br", PASSWORD_PROBLEMS.email],
      ["joana-forte-1", "joana-forte-2", PASSWORD_PROBLEMS.mismatch],
    ]) {
      const res = await setPassword(token, senha!, confirmacao);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const done = await setPassword(token, "joana-forte-1");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: ACCESS_MESSAGES.passwordSet, user: { id: added.id, email: "joana@teste.com.br" } });
    expect(done.headers["set-cookie"]).toMatch(/portal_session=/);
    const me = await call(t, done.json().token, "GET", "/credenciado/get");
    expect(me.json().data).toMatchObject({ Nome: "Joana Prado", Cargo: "Atendente", Administrativo: "N" });
    // Single use: the same link again is refused, for checking and for setting.
    expect((await t.app.inject({ method: "POST", url: "/api/credenciado/acesso", payload: { token } })).json()).toEqual({
      message: INVALID_LINK,
    });
    expect((await setPassword(token, "outra-senha-9")).json()).toEqual({ message: INVALID_LINK });
    expect((await login("joana@teste.com.br", "joana-forte-1")).statusCode).toBe(200);
    const shown = (await list()).find((r) => r.Email === "joana@teste.com.br")!;
    expect(shown).toMatchObject({ SenhaDefinida: true, UltimoAcesso: expect.any(String) });
  });

  it("serves the original client's bodies as its Api.js sends them (Senha '', Telefone '', every field on update)", async () => {
    const res = await admin("POST", "/usuarios/adicionar", {
      Nome: "Cliente Antigo",
      Email: "antigo@teste.com.br",
      Telefone: "",
      Senha: "",
      IdPontoAtendimento: f.p1,
      IdUsuarioTipo: String(types.attendant),
    });
    expect(res.json()).toMatchObject({ success: true, id: expect.any(String) });
    const id = res.json().id as string;
    const update = await admin("POST", "/usuarios/atualizar", {
      IdPontoAtendimentoUsuario: id,
      Nome: "Cliente Antigo Editado",
      Email: "antigo@teste.com.br",
      Telefone: "(81) 3333-4444",
      Senha: "",
      IdPontoAtendimento: f.p1,
      IdUsuarioTipo: types.attendant,
    });
    expect(update.json()).toEqual({ success: true });
    const row = (await list(f.token1, false)).find((r) => r.IdPontoAtendimentoUsuario === id);
    expect(row).toMatchObject({ Nome: "Cliente Antigo Editado", Telefone: "(81) 3333-4444", AtivoInativo: "A", SenhaDefinida: false });
    expect((await admin("POST", "/usuarios/deletar", { IdPontoAtendimentoUsuario: id })).json()).toEqual({ success: true });
    expect((await list(f.token1, false)).some((r) => r.IdPontoAtendimentoUsuario === id)).toBe(false);
  });

  it("expires a link after 72 h; a new link revokes the previous one; garbage tokens are refused the same way", async () => {
    const added = await addUser("expira@teste.com.br");
    const first = tokenOf(added.acesso.Link);
    now = new Date(now.getTime() + 72 * HOUR + 1000);
    try {
      expect((await setPassword(first, STRONG)).json()).toEqual({ message: INVALID_LINK });
      const again = await admin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: added.id });
      expect(again.json().acesso.Tipo).toBe("convite");
      const second = tokenOf(again.json().acesso.Link);
      const third = tokenOf((await admin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: added.id })).json().acesso.Link);
      expect((await setPassword(second, STRONG)).json()).toEqual({ message: INVALID_LINK });
      expect((await setPassword(third, STRONG)).statusCode).toBe(200);
    } finally {
      now = new Date(now.getTime() - 72 * HOUR - 1000);
    }
    for (const token of [undefined, "", "x".repeat(43), 12, ["a"], "a".repeat(5000)]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/credenciado/definir-senha",
        payload: { token, senha: "abcdefgh1", confirmacao: "abcdefgh1" },
      });
      expect(res.statusCode, String(token).slice(0, 20)).toBe(400);
    }
  });

  it("protects the principal (no deactivation, keeps an administrative role) and nobody deactivates themselves", async () => {
    // A second administrator, who could otherwise act on Marina.
    const added = await addUser("bruno@teste.com.br", { Nome: "Bruno Admin", IdUsuarioTipo: types.admin });
    const bruno = (await setPassword(tokenOf(added.acesso.Link), "pneu careca na estrada")).json().token as string;
    const marina = f.user(DEMO_USERS.main);
    const off = await call(t, bruno, "POST", "/usuarios/deletar", { IdPontoAtendimentoUsuario: marina });
    expect([off.statusCode, off.json().message]).toEqual([409, TEAM_MESSAGES.principalDeactivate]);
    const demote = await call(t, bruno, "POST", "/usuarios/atualizar", {
      IdPontoAtendimentoUsuario: marina,
      IdUsuarioTipo: types.attendant,
    });
    expect([demote.statusCode, demote.json().message]).toEqual([409, TEAM_MESSAGES.principalRole]);
    const self = await call(t, bruno, "POST", "/usuarios/deletar", { IdPontoAtendimentoUsuario: added.id });
    expect([self.statusCode, self.json().message]).toEqual([409, TEAM_MESSAGES.selfDeactivate]);
    // Editing the principal's name keeps them principal (the contract's update moved the 'oldest DataLog').
    expect(
      (await call(t, bruno, "POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: marina, Nome: "Marina S. Souza" })).statusCode,
    ).toBe(200);
    const rows = await list(bruno);
    expect(rows[0]).toMatchObject({ IdPontoAtendimentoUsuario: marina, Nome: "Marina S. Souza", Principal: true, Administrativo: "S" });
    expect(rows.filter((r) => r.Principal)).toHaveLength(1);
    const [m] = await t.db.select().from(pointUsers).where(eq(pointUsers.id, marina));
    expect([m!.active, m!.userTypeId]).toEqual(["A", types.admin]);
    expect((await admin("POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: marina, Nome: "Marina Souza" })).statusCode).toBe(200);
  });

  it("applies a role change on the next call, and edits keep unsent fields", async () => {
    const id = f.user(DEMO_USERS.colleague);
    expect((await call(t, carlos, "GET", "/usuarios/tipos")).statusCode).toBe(403);
    expect(
      (await admin("POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: id, IdUsuarioTipo: String(types.admin) })).json(),
    ).toEqual({
      success: true,
    });
    expect((await call(t, carlos, "GET", "/usuarios/tipos")).statusCode).toBe(200);
    expect((await call(t, carlos, "GET", "/credenciado/get")).json().data).toMatchObject({ Administrativo: "S", Cargo: "Administrador" });
    expect((await admin("POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: id, IdUsuarioTipo: types.attendant })).statusCode).toBe(
      200,
    );
    expect((await call(t, carlos, "GET", "/usuarios/tipos")).statusCode).toBe(403);
    const [row] = await t.db.select().from(pointUsers).where(eq(pointUsers.id, id));
    expect([row!.name, row!.email, row!.phone]).toEqual(["Carlos Lima", DEMO_USERS.colleague, "(81) 97777-2222"]);
    const taken = await admin("POST", "/usuarios/atualizar", { IdPontoAtendimentoUsuario: id, Email: DEMO_USERS.main });
    expect([taken.statusCode, taken.json().message]).toEqual([409, TEAM_MESSAGES.emailTaken]);
  });

  it("resets a password by link: other sessions end, the old password stops working", async () => {
    const added = await addUser("reset@teste.com.br", { Nome: "Renata Reset" });
    expect((await setPassword(tokenOf(added.acesso.Link), FIRST)).statusCode).toBe(200);
    const phone = (await login("reset@teste.com.br", FIRST)).json().token as string;
    expect((await call(t, phone, "GET", "/credenciado/auth")).statusCode).toBe(200);
    const link = (await admin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: added.id })).json().acesso;
    expect(link.Tipo).toBe("redefinicao");
    expect(link.Link).toMatch(/\/redefinir-senha#/);
    // Issuing the link alone changes nothing: the old password and session still work until it is used.
    expect((await call(t, phone, "GET", "/credenciado/auth")).statusCode).toBe(200);
    const reset = await setPassword(tokenOf(link.Link), SECOND);
    expect(reset.statusCode).toBe(200);
    expect((await call(t, phone, "GET", "/credenciado/auth")).statusCode).toBe(401);
    expect((await call(t, reset.json().token, "GET", "/credenciado/auth")).statusCode).toBe(200);
    expect((await login("reset@teste.com.br", FIRST)).statusCode).toBe(401);
    expect((await login("reset@teste.com.br", SECOND)).statusCode).toBe(200);
  });

  it("deactivating revokes every session at once (next call 401), keeps the user's history, and reactivation needs a new sign-in", async () => {
    const id = f.user(DEMO_USERS.colleague);
    const second = (await login(DEMO_USERS.colleague, DEMO_PASSWORD)).json().token as string;
    // Carlos starts an order: his name is on it.
    const appt = f.pick(f.p1, "pending")[0]!;
    const video = (await upload(t, carlos, "video_inicial.mp4", SAMPLE.mp4)).json().file;
    await call(t, carlos, "POST", "/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: appt.id, videoInicial: video });
    expect((await call(t, carlos, "POST", "/agendamentos/iniciar", { idSocioVeiculoAgenda: appt.id })).statusCode).toBe(200);
    await call(t, carlos, "POST", "/agendamentos/adicionar-anotacao", {
      idSocioVeiculoAgenda: appt.id,
      idPontoAtendimentoUsuario: id,
      anotacao: "Cliente pediu revisão dos freios.",
      data: now.toISOString(),
    });

    expect((await admin("POST", "/usuarios/deletar", { IdPontoAtendimentoUsuario: id })).json()).toEqual({ success: true });
    // His tokens that were valid are told why (the app says so on its login screen); a token never issued is not.
    for (const token of [carlos, second]) {
      const res = await call(t, token, "GET", `/agendamentos/lista/${f.p1}`);
      expect([res.statusCode, res.json()]).toEqual([401, { success: false, message: DEACTIVATED_TEXT, codigo: "usuario-desativado" }]);
    }
    const stranger = await call(t, "x".repeat(43), "GET", `/agendamentos/lista/${f.p1}`);
    expect([stranger.statusCode, stranger.json()]).toEqual([
      401,
      { success: false, message: "Acesso não autorizado! Faça login novamente." },
    ]);
    // Every session of his ended at once: kept only as expired rows, so the refusal can name the deactivation.
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(left.length).toBeGreaterThanOrEqual(2);
    expect(left.every((row) => row.expiresAt.getTime() <= Date.now())).toBe(true);
    expect((await login(DEMO_USERS.colleague, DEMO_PASSWORD)).json()).toEqual({ message: DEACTIVATED_TEXT, codigo: "usuario-desativado" });
    expect((await login(DEMO_USERS.colleague, "senha errada de todo")).json()).toEqual({ message: "Credenciais inválidas." });
    // History stays: the order still names him, the note is still his.
    const rows = (await admin("GET", `/agendamentos/lista/${f.p1}`)).json().data as Record<string, unknown>[];
    expect(rows.find((r) => r.IdSocioVeiculoAgenda === appt.id)).toMatchObject({ NomeInicio: "Carlos Lima" });
    const notes = (await admin("GET", `/agendamentos/get-anotacoes/${appt.id}`)).json().anotacoes;
    expect(notes).toEqual(
      expect.arrayContaining([expect.objectContaining({ IdUsuario: id, Anotacao: "Cliente pediu revisão dos freios." })]),
    );
    expect((await list()).find((r) => r.IdPontoAtendimentoUsuario === id)).toMatchObject({ AtivoInativo: "I", Nome: "Carlos Lima" });
    // ...and the file he sent is still the order's and still served to the point.
    const order = (await admin("GET", `/agendamentos/get/${appt.id}`)).json();
    expect(JSON.stringify(order)).toContain(video);
    const file = await admin("GET", `/uploads/files/${video}`);
    expect([file.statusCode, file.rawPayload.equals(SAMPLE.mp4)]).toEqual([200, true]);
    // A link cannot be issued for an inactive user; reactivation lets him sign in again (old tokens stay dead).
    expect((await admin("POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: id })).json().message).toBe(
      TEAM_MESSAGES.inactiveLink,
    );
    expect((await admin("POST", "/usuarios/reativar", { IdPontoAtendimentoUsuario: id })).json()).toEqual({ success: true });
    // Active again: his old tokens stay dead, and no longer speak of a deactivation.
    const old = await call(t, carlos, "GET", "/credenciado/auth");
    expect([old.statusCode, old.json()]).toEqual([401, { success: false, message: "Acesso não autorizado! Faça login novamente." }]);
    carlos = (await login(DEMO_USERS.colleague, DEMO_PASSWORD)).json().token;
    expect((await call(t, carlos, "GET", "/credenciado/auth")).statusCode).toBe(200);
  });

  it("answers 'Esqueci minha senha' the same for known and unknown e-mails (no SMTP here: nothing is issued)", async () => {
    const known = await t.app.inject({ method: "POST", url: "/api/credenciado/esqueci-senha", payload: { email: DEMO_USERS.main } });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/esqueci-senha",
      payload: { email: "ninguem@teste.com.br" },
    });
    expect([known.statusCode, known.json()]).toEqual([200, { message: ACCESS_MESSAGES.forgotSent }]);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    const bad = await t.app.inject({ method: "POST", url: "/api/credenciado/esqueci-senha", payload: { email: ["x"] } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, ACCESS_MESSAGES.invalidEmail]);
    await new Promise((r) => setTimeout(r, 50));
    const issued = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from access_tokens where user_id = ${f.user(DEMO_USERS.main)}`,
    );
    expect(issued[0]!.n).toBe(0);
  });

  it("refuses a weak new password (400) saying why, counts the user's own name and point, and accepts a strong one", async () => {
    const added = await addUser("jprado@teste.com.br", { Nome: "Joana Prado" });
    const token = tokenOf(added.acesso.Link);
    const personal = "A senha não deve conter os seus dados, como o seu nome, o seu e-mail ou o nome do ponto.";
    for (const [senha, reason] of [
      ["12345678", "Esta é uma senha muito usada."],
      ["abcdefgh", 'Sequências comuns de caracteres, como "abc", são fáceis de adivinhar.'],
      // Strong for someone else (score 3 without her data): her name, and the point's name, make them weak for her.
      ["PradoJoana77", personal],
      // Her words whatever their spacing, case, punctuation and added digits or years; the point's city too (issue 50).
      ["joana2024", personal],
      ["autocenter2024", personal],
      ["Auto Center Boa Viagem", personal],
      ["Joana Prado 2026", personal],
      ["joana.prado2026", personal],
      ["Portal do Credenciado", personal],
      ["Recife2026!", personal],
    ]) {
      const res = await setPassword(token, senha!);
      expect(res.statusCode, senha).toBe(400);
      const message = res.json().message as string;
      expect(message.startsWith(`${PASSWORD_PROBLEMS.weak} `), message).toBe(true);
      expect(message, senha).toContain(reason);
    }
    // Spaces: eight of them, only whitespace, or around a strong password.
    for (const senha of ["        ", " ".repeat(30), "\t\t\t\t\t\t\t\t", ` ${STRONG}`, `${STRONG} `]) {
      const res = await setPassword(token, senha);
      expect([res.statusCode, res.json().message], JSON.stringify(senha)).toEqual([400, PASSWORD_PROBLEMS.spaces]);
    }
    // Refusals do not spend the link; a strong password is accepted and signs in; the demo password still signs in (the
    // rule applies when a password is set, not at the login).
    const done = await setPassword(token, STRONG);
    expect([done.statusCode, done.json().message]).toEqual([200, ACCESS_MESSAGES.passwordSet]);
    expect((await login("jprado@teste.com.br", STRONG)).statusCode).toBe(200);
    expect((await login(DEMO_USERS.main, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("bounds the strength check: a 256-character password is estimated on its first 64 characters, a longer one is a 400", async () => {
    const added = await addUser("longa@teste.com.br", { Nome: "Lia Longa" });
    const token = tokenOf(added.acesso.Link);
    // l33t characters and repeats: zxcvbn's slowest kind of input (2-3 s per check with its default bounds).
    const slow = "4@3$0!1|7+5(9[<{6%".repeat(15).slice(0, 256);
    const started = performance.now();
    const weak = await setPassword(token, "a".repeat(256));
    expect([weak.statusCode, weak.json().message.startsWith(PASSWORD_PROBLEMS.weak)]).toEqual([400, true]);
    const tooLong = await setPassword(token, "a".repeat(257));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toEqual(expect.any(String));
    for (const senha of [12345678, ["12345678"], { a: 1 }, null]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/credenciado/definir-senha",
        payload: { token, senha, confirmacao: senha },
      });
      expect(res.statusCode, JSON.stringify(senha)).toBe(400);
    }
    const accepted = await setPassword(token, slow);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("'Esqueci minha senha' with SMTP configured (pglite)", () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await makeTestApp("pglite", {
      smtpUrl: smtp.smtpUrl,
      publicUrl: "https://portal.exemplo.com.br",
      loginRateLimit: { max: 4, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  // Sent to a Host an attacker chose: the mailed link must still be the portal's (issue 33, item 2).
  const forgot = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/credenciado/esqueci-senha", headers: { host: "evil.example" }, payload: { email } });
  const waitForMail = async (n: number) => {
    for (let i = 0; i < 100 && smtp.mails.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    return smtp.mails;
  };

  it("mails a one-time reset link only to an existing active user; the link works once; then the route is rate-limited", async () => {
    const unknown = await forgot("ninguem@teste.com.br");
    const inactive = await forgot(DEMO_USERS.inactive);
    const known = await forgot(DEMO_USERS.colleague.toUpperCase());
    expect([unknown.body, inactive.body]).toEqual([known.body, known.body]);
    const mails = await waitForMail(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mails.map((m) => m.to)).toEqual([[DEMO_USERS.colleague]]);
    const body = mails[0]!.text;
    expect(body).toContain("Olá, Carlos Lima!");
    const link = /^https:\/\/portal\.exemplo\.com\.br\/redefinir-senha#([\w-]{43})$/m.exec(body);
    expect(link, body).not.toBeNull();
    expect(body).not.toContain("evil.example");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/definir-senha",
      payload: { token: link![1], senha: STRONG, confirmacao: STRONG },
    });
    expect(reset.statusCode).toBe(200);
    // Fourth call in the window is still allowed, the fifth is 429 with a pt-BR message.
    expect((await forgot("ninguem@teste.com.br")).statusCode).toBe(200);
    const limited = await forgot("ninguem@teste.com.br");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos\.$/);
  });
});

describe.each(BACKENDS)("'Esqueci minha senha' only adds a link (issue 33, item 8) on %s", (backend) => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let f: Fixtures;
  let attendantType = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await makeTestApp(backend, {
      smtpUrl: smtp.smtpUrl,
      publicUrl: "https://portal.exemplo.com.br",
      loginRateLimit: { max: 1000, windowMs: 60_000 },
    });
    f = await fixtures(t);
    attendantType = (await t.db.select().from(userTypes)).find((r) => r.administrative === "N")!.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const forgot = (email: string) => t.app.inject({ method: "POST", url: "/api/credenciado/esqueci-senha", payload: { email } });
  const check = (token: string) => t.app.inject({ method: "POST", url: "/api/credenciado/acesso", payload: { token } });
  const setPassword = (token: string, senha: string) =>
    t.app.inject({ method: "POST", url: "/api/credenciado/definir-senha", payload: { token, senha, confirmacao: senha } });
  /** The tokens of the links mailed to `email`, oldest first, once `n` have arrived. */
  async function mailedTokens(email: string, n: number) {
    const mine = () => smtp.mails.filter((m) => m.to.includes(email));
    for (let i = 0; i < 200 && mine().length < n; i++) await new Promise((r) => setTimeout(r, 50));
    const tokens = mine().map(
      (m) => /^https:\/\/portal\.exemplo\.com\.br\/(?:redefinir-senha|primeiro-acesso)#([\w-]{43})$/m.exec(m.text)?.[1],
    );
    expect(tokens).toHaveLength(n);
    return tokens as string[];
  }
  const unusedLinks = async (userId: string) =>
    (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from access_tokens where user_id = ${userId} and used_at is null`)
    )[0]!.n;
  async function invite(email: string, name: string) {
    const res = await call(t, f.token1, "POST", "/usuarios/adicionar", { Nome: name, Email: email, IdUsuarioTipo: attendantType });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; acesso: { Tipo: string; Link: string } };
  }

  it("a reset request with an invited user's e-mail leaves the administrator's invitation working", async () => {
    const email = "convidada@teste.com.br";
    const added = await invite(email, "Vera Convidada");
    const invitation = tokenOf(added.acesso.Link);
    // Anyone may ask for anyone's e-mail (the answer is neutral): the invited user gets a mail of her own...
    expect((await forgot(email)).statusCode).toBe(200);
    const [mailed] = await mailedTokens(email, 1);
    expect(mailed).not.toBe(invitation);
    // ...and the link the administrator handed out still opens and still sets the password.
    expect((await check(invitation)).json()).toMatchObject({ Tipo: "convite", Email: email });
    const done = await setPassword(invitation, STRONG);
    expect([done.statusCode, done.json().message]).toEqual([200, ACCESS_MESSAGES.passwordSet]);
    // Spending one link ends the others: the mailed one is dead now.
    expect((await check(mailed!)).json()).toEqual({ message: INVALID_LINK });
    expect(await unusedLinks(added.id)).toBe(0);
  });

  it(`keeps at most the newest ${SELF_SERVICE_LINKS} requested links besides the administrator's, and the administrator's new link replaces them all`, async () => {
    const email = "muitos.pedidos@teste.com.br";
    const added = await invite(email, "Otto Pedidos");
    const invitation = tokenOf(added.acesso.Link);
    for (let i = 0; i < SELF_SERVICE_LINKS + 3; i++) {
      expect((await forgot(email)).statusCode).toBe(200);
      // One at a time, so the order of the mails is the order of the links.
      await mailedTokens(email, i + 1);
    }
    const mailed = await mailedTokens(email, SELF_SERVICE_LINKS + 3);
    expect(await unusedLinks(added.id)).toBe(SELF_SERVICE_LINKS + 1);
    for (const token of mailed.slice(0, 3)) expect((await check(token)).json()).toEqual({ message: INVALID_LINK });
    for (const token of mailed.slice(3)) expect((await check(token)).statusCode).toBe(200);
    expect((await check(invitation)).statusCode).toBe(200);
    // Equipe's rule stays: a new link from the administrator is the only valid one.
    const again = await call(t, f.token1, "POST", "/usuarios/link-acesso", { IdPontoAtendimentoUsuario: added.id });
    const fresh = tokenOf(again.json().acesso.Link);
    for (const token of [invitation, ...mailed]) expect((await check(token)).json()).toEqual({ message: INVALID_LINK });
    expect(await unusedLinks(added.id)).toBe(1);
    expect((await setPassword(fresh, STRONG)).statusCode).toBe(200);
  });
});
