// Contract test generated from one route table: no token -> 401 on every route; point 1's token on point 2's ids -> 404, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, resumableUpload, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { ROUTES, type Ids } from "./route-table";
import { DEMO_USERS } from "../../server/seed";
import { CONTRACT_ROUTES } from "../../contract/routes";

/** Gives point 2 one of every child resource, created through the API with point 2's own token. */
async function point2Resources(t: TestApp, f: Fixtures): Promise<Ids> {
  const [pending] = f.pick(f.p2, "pending").filter((a) => a.date >= "0");
  const done = f.pick(f.p2, "done")[0];
  const file = (await upload(t, f.token2, "foto.png", SAMPLE.png)).json().file as string;
  const pdf = (await upload(t, f.token2, "laudo.pdf", SAMPLE.pdf)).json().file as string;
  const post = async (url: string, body: object) => {
    const res = await call(t, f.token2, "POST", url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  // The files on a second open order, which no call of the table changes: a finished order's evidence is sealed, its removal a
  // 409 (issue 50).
  const open = f.pick(f.p2, "pending").find((a) => a.id !== pending.id)!;
  await post("/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: open.id, foto: file });
  await post("/agendamentos/adicionar-anotacao", { idSocioVeiculoAgenda: done.id, anotacao: "Nota do ponto 2" });
  const laudo = (await post("/agendamentos/adicionar-laudo", { idSocioVeiculoAgenda: open.id, nomeArquivo: pdf })).laudo;
  const recibo = (
    await post("/agendamentos/adicionar-nota-fiscal", { idSocioVeiculoAgenda: open.id, notaFiscal: pdf, nomeArquivo: "recibo.pdf" })
  ).notaFiscal;
  await post("/ponto-atendimento/add-dado-bancario", {
    IdPontoAtendimento: f.p2,
    TipoChavePix: "CPF",
    ChavePix: "529.982.247-25",
    NomeTitular: "Paulo",
    DocumentoTitular: "529.982.247-25",
    Selecionado: "S",
  });
  await post("/retorno-servico/adicionar", {
    data: { IdSocioVeiculoAgenda: done.id, Tipo: "PEÇA", Status: "A", Descricao: "Peça com defeito" },
  });
  const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(t.db, q))[0].id;
  const onlyHere = (
    await queryRows<{ id: string; member: string }>(
      t.db,
      sql`
    select v.id, v.member_id as member from vehicles v where v.plate = 'QWE5R67'`,
    )
  )[0];
  return {
    point: f.p2,
    pending: pending.id,
    done: done.id,
    vehicle: onlyHere.id,
    member: onlyHere.member,
    user: f.user(DEMO_USERS.otherPoint),
    service: await one(sql`select id from services where description = 'REVISÃO DE FREIOS' and vehicle_type = 'SUV'`),
    execService: await one(sql`select id from execution_services where appointment_id = ${done.id}`),
    photo: await one(sql`select id from execution_photos where appointment_id = ${open.id}`),
    note: await one(sql`select id from execution_notes where appointment_id = ${done.id}`),
    laudo,
    recibo,
    bank: await one(sql`select id from bank_accounts where service_point_id = ${f.p2}`),
    retorno: await one(sql`select id from service_returns where appointment_id = ${done.id}`),
    upload: await resumableUpload(t, f.token2, SAMPLE.png),
    file,
  };
}

const SNAPSHOT = sql`select
  (select count(*) from appointments where service_point_id = (select id from service_points where trade_name = 'Oficina Serra Azul') and status = 'A') as open_appts,
  (select count(*) from executions) as executions, (select count(*) from execution_services) as linked,
  (select count(*) from execution_photos) as photos, (select count(*) from execution_notes) as notes, (select count(*) from reports) as laudos,
  (select count(*) from receipts) as recibos, (select count(*) from bank_accounts) as banks, (select count(*) from service_returns) as returns,
  (select string_agg(status || coalesce(status_reason, ''), ',') from service_returns) as return_states,
  (select corporate_name from service_points where trade_name = 'Oficina Serra Azul') as p2_name,
  (select string_agg(initial_video || '', ',') from appointments) as videos,
  (select count(*) from point_notifications) as notifications,
  (select string_agg(name || active || user_type_id, ',' order by email) from point_users) as users,
  (select count(*) from access_tokens) as access_links`;

describe.each(BACKENDS)("route contract on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let p2: Ids;
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    p2 = await point2Resources(t, f);
  });
  afterAll(() => t?.close());

  it("lists every registered API route in the table", () => {
    // The Central console's routes take no point's token (tests/server/central.test.ts); the public ones take none
    // (login; opening an access link, setting a password through it, 'Esqueci minha senha': tests/server/team.test.ts).
    // The member's follow page (issue 39): tests/server/follow-link.test.ts.
    const PUBLIC = [
      ...["login", "acesso", "definir-senha", "esqueci-senha"].map((p) => `POST /api/credenciado/${p}`),
      ...["", "/evidencias", "/avaliacao", "/retorno", "/vistoria"].map((p) => `POST /api/acompanhamento${p}`),
      "GET /api/acompanhamento/arquivos/:name",
    ];
    const registered = t.app.routeList.filter((r) => r.includes("/api/") && !r.includes("/api/central/") && !PUBLIC.includes(r)).sort();
    const table = ROUTES.map((r) => `${r.method} /api${r.path}`).sort();
    expect(table).toEqual(registered);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))("%s answers 401 without a token", async (_name, route) => {
    const { url, body, headers } = route.call(p2);
    const res = await call(t, undefined, route.method, url, body, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: "Acesso não autorizado! Faça login novamente." });
  });

  it("answers 404 with no data to point 1 for every route naming point 2's resources, and changes nothing", async () => {
    const before = await queryRows(t.db, SNAPSHOT);
    for (const route of ROUTES.filter((r) => r.tenant)) {
      const { url, body, headers } = route.call(p2);
      const res = await call(t, f.token1, route.method, url, body, headers);
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBe(404);
      const json = res.json();
      expect(json.success).toBe(false);
      expect(Object.keys(json).sort()).toEqual(["message", "success"]);
    }
    expect(await queryRows(t.db, SNAPSHOT)).toEqual(before);
  });

  it("still serves point 2 its own resources with its own token", async () => {
    for (const route of ROUTES.filter((r) => r.method === "GET" && r.tenant)) {
      const { url } = route.call(p2);
      const res = await call(t, f.token2, "GET", url);
      expect(res.statusCode, `${route.path}: ${res.body}`).toBe(200);
    }
  });

  // Last: it changes point 2's data. Every answer is checked against its route's response schema by the app itself
  // (checkResponses in makeTestApp: a mismatch is a 500 naming the route and the field), success and error answers alike.
  it("answers every route for point 2 with its own seeded resources, each answer within its route's schema", async () => {
    const statuses: string[] = [];
    // The sign-out ends the token the other calls use: it goes last.
    const logoutLast = [...ROUTES].sort((a, b) => Number(a.path === "/credenciado/logout") - Number(b.path === "/credenciado/logout"));
    for (const route of logoutLast) {
      const { url, body, headers } = route.call(p2);
      const res = await call(t, f.token2, route.method, url, body, headers);
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body}`).toBeLessThan(500);
      statuses.push(`${route.method} ${route.path} ${res.statusCode}`);
    }
    // The table's calls name point 2's resources in whatever state the seed left them (a concluded order cannot start
    // again): an error answer must then be one the route's contract documents (docs/api.md), never an undocumented one.
    const documented = (s: string) => {
      const [method, routePath, status] = s.split(" ");
      return CONTRACT_ROUTES.some((r) => r.method === method && r.url === routePath && r.errors?.[Number(status)]);
    };
    expect(statuses.filter((s) => !/ 2\d\d$/.test(s) && !documented(s))).toEqual([]);
    expect(statuses.filter((s) => / 2\d\d$/.test(s)).length).toBeGreaterThan(ROUTES.length * 0.8);
  });
});
