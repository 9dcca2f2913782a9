// Input bounds and the 4xx answers that used to be 500s or a blocked event loop: long e-mail, year 0000, repeated query keys (node, server project).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, call, fixtures, makeTestApp, type Fixtures, type TestApp } from "./helpers";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";

const RANGE = "fora do intervalo permitido (anos de 1900 a 2999).";

describe.each(BACKENDS)("input limits on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  const login = (email: string, password = "senha-errada") =>
    t.app.inject({ method: "POST", url: "/api/credenciado/login", payload: { email, password } });
  const timed = async <T>(work: Promise<T>, started: number) => [await work, performance.now() - started] as const;

  it("refuses a 60 000-'@' e-mail at once and keeps answering another request meanwhile", async () => {
    let started = performance.now();
    const [normal, normalMs] = await timed(login(DEMO_USERS.main), started);
    expect(normal.statusCode).toBe(401);

    started = performance.now();
    const [[evil, evilMs], [other, otherMs]] = await Promise.all([
      timed(login("@".repeat(60_000)), started),
      timed(call(t, f.token1, "GET", "/credenciado/auth"), started),
    ]);
    expect([evil.statusCode, evil.json().message]).toEqual([400, "O campo email é longo demais."]);
    // The old backtracking pattern spent seconds here and held every other request behind it.
    expect(evilMs).toBeLessThan(Math.max(3 * normalMs, 300));
    expect(other.statusCode).toBe(200);
    expect(otherMs).toBeLessThan(Math.max(3 * normalMs, 500));
  });

  it("accepts an e-mail of 254 characters and refuses one of 255 before looking it up", async () => {
    const of = (n: number) => `${"a".repeat(n - "@exemplo.com".length)}@exemplo.com`;
    const ok = await login(of(254), DEMO_PASSWORD);
    expect([ok.statusCode, ok.json().message]).toEqual([401, "Credenciais inválidas."]);
    const long = await login(of(255), DEMO_PASSWORD);
    expect([long.statusCode, long.json().message]).toEqual([400, "O campo email é longo demais."]);
  });

  it("checks a field's length before its pattern (an over-long time never reaches the HH:mm regex)", async () => {
    const [pending] = f.pick(f.p1, "pending");
    const res = await call(t, f.token1, "POST", "/agendamentos/reagendar", {
      idSocioVeiculoAgenda: pending.id,
      data: "2030-03-04",
      hora: `1${"0".repeat(100_000)}`,
      motivo: "x",
    });
    expect([res.statusCode, res.json().message]).toEqual([400, "O campo hora é longo demais."]);
  });

  it.each([
    ["dataInicio=0000-01-01", `O campo dataInicio tem uma data ${RANGE}`],
    ["dataFim=0000-12-31", `O campo dataFim tem uma data ${RANGE}`],
    ["dataInicio=01/01/0000", `O campo dataInicio tem uma data ${RANGE}`],
    ["dataFim=9999-12-31", `O campo dataFim tem uma data ${RANGE}`],
    ["dataInicio=2030-02-31", "O campo dataInicio tem uma data inválida."],
  ])("answers /agendamentos/lista?%s with 400", async (query, message) => {
    const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?${query}`);
    expect([res.statusCode, res.json()]).toEqual([400, { success: false, message }]);
  });

  it("answers out-of-range dates in bodies with 400: espelho, free slots, reschedule", async () => {
    const [pending] = f.pick(f.p1, "pending");
    const cases: [string, object, string][] = [
      ["/espelho/lista", { idPontoAtendimento: f.p1, dataInicio: "0000-01-01", dataFim: "0000-12-31" }, "dataInicio"],
      ["/espelho/lista", { idPontoAtendimento: f.p1, dataFim: "31/12/0000" }, "dataFim"],
      ["/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: f.p1, dataAgendamento: "0000-01-03" }, "dataAgendamento"],
      ["/agendamentos/reagendar", { idSocioVeiculoAgenda: pending.id, data: "0001-01-01", hora: "09:00", motivo: "x" }, "data"],
    ];
    for (const [url, body, field] of cases) {
      const res = await call(t, f.token1, "POST", url, body);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 400, `O campo ${field} tem uma data ${RANGE}`]);
    }
  });

  it.each(["placa=ABC1234&placa=XYZ9876", "status=A&status=C", "dataInicio=2030-01-01&dataInicio=2030-02-01"])(
    "answers the repeated query keys %s with 400 naming the key",
    async (query) => {
      const res = await call(t, f.token1, "GET", `/agendamentos/lista/${f.p1}?${query}`);
      const key = query.split("=")[0];
      expect([res.statusCode, res.json()]).toEqual([400, { success: false, message: `O parâmetro ${key} foi informado mais de uma vez.` }]);
    },
  );

  it("ignores repeated or unknown query keys on routes that read no query", async () => {
    const res = await call(t, f.token1, "GET", `/avaliacoes/get-average/${f.p1}?x=1&x=2&placa=a&placa=b`);
    expect(res.statusCode).toBe(200);
  });

  it("answers a body that is not a JSON object with a clear 400", async () => {
    for (const payload of ["null", "[1,2]", '"texto"', "42"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/agendamentos/cancelar",
        headers: { authToken: f.token1, "content-type": "application/json" },
        payload,
      });
      expect([payload, res.statusCode, res.json().message]).toEqual([payload, 400, "O corpo da requisição deve ser um objeto JSON."]);
    }
  });
});
