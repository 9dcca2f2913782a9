// A linked service's own files and its removal (issue 36, items 3-4): POST /agendamentos/servico-arquivo puts a stored photo
// into the first free Foto1..3 (or the video into Video) of a pending link of the token's point, once; a decided link takes no
// new file; an approved link cannot be unlinked (also when the approval races the unlink); the catalogue tells the payout
// and whether the central approves; the linked list tells who linked each service. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import { executionServices } from "../../server/db/schema";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";

describe.each(BACKENDS)("a linked service's files and its removal on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  let base = "";
  beforeAll(async () => {
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 } });
    f = await fixtures(t);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
    const login = await call(t, undefined, "POST", "/credenciado/login", { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD });
    central = login.json().token;
  });
  afterAll(() => t?.close());

  const post = (token: string, url: string, body: object) => call(t, token, "POST", url, body);
  let plateSeq = 0;
  /** An order of a new SUV at the point, started today and open. */
  async function openOrder(point: string) {
    plateSeq += 1;
    const [v] = await queryRows<{ id: string }>(
      t.db,
      sql`with m as (insert into members (cpf, name) values ('52998224725', ${`Sócio arquivos ${plateSeq}`}) returning id)
        insert into vehicles (member_id, brand, model, year, plate, vehicle_type)
        select m.id, 'Jeep', 'Renegade', 2023, ${`ARQ${plateSeq}F${10 + plateSeq}`}, 'SUV' from m returning id`,
    );
    const user = point === f.p1 ? f.user(DEMO_USERS.main) : f.user(DEMO_USERS.otherPoint);
    const [a] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into appointments (service_point_id, vehicle_id, date, time, status, initial_video)
        values (${point}, ${v!.id}, (now() at time zone 'America/Sao_Paulo')::date, '09:00', 'A', 'inicial.mp4') returning id`,
    );
    await t.db.execute(sql`insert into executions (appointment_id, started_by, started_at) values (${a!.id}, ${user}, now())`);
    return a!.id;
  }
  const serviceId = async (description: string) =>
    (await queryRows<{ id: string }>(t.db, sql`select id from services where description = ${description} and vehicle_type = 'SUV'`))[0]!
      .id;
  async function linkOn(order: string, description = "ALINHAMENTO E BALANCEAMENTO", token = f.token1) {
    const res = await post(token, "/agendamentos/vincular-servico", {
      idSocioVeiculoAgenda: order,
      idServico: await serviceId(description),
      descricao: "Pneus gastos de um lado: alinhamento necessário.",
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().idSocioVeiculoAgendaExecucaoServico as string;
  }
  const stored = async (name: string, bytes: Buffer, token = f.token1) => (await upload(t, token, name, bytes)).json().file as string;
  const attach = (link: string, tipo: "foto" | "video", arquivo: string, token = f.token1) =>
    post(token, "/agendamentos/servico-arquivo", { idSocioVeiculoAgendaExecucaoServico: link, tipo, arquivo });
  const row = async (id: string) => (await t.db.select().from(executionServices).where(eq(executionServices.id, id)))[0];
  const approve = (link: string) => call(t, central, "POST", `/central/aprovacoes/${link}/aprovar`, {});

  it("tells the payout of each catalogue service and that the central approves a link", async () => {
    const { servicos } = (await call(t, f.token1, "GET", `/ponto-atendimento/servicos/${f.p1}`)).json();
    const alignment = servicos.find((s: { label: string }) => s.label === "ALINHAMENTO E BALANCEAMENTO - PASSEIO");
    const [payout] = await queryRows<{ payout: number }>(
      t.db,
      sql`select payout::float8 as payout from services where description = 'ALINHAMENTO E BALANCEAMENTO' and vehicle_type = 'PASSEIO'`,
    );
    expect(alignment).toMatchObject({ ValorRepasse: payout!.payout, AprovacaoCentral: true });
    expect(payout!.payout).toBeGreaterThan(0);
  });

  it("names who linked each service in the linked list", async () => {
    const order = await openOrder(f.p1);
    await linkOn(order);
    const { servicos } = (await call(t, f.token1, "GET", `/agendamentos/servicos-vinculados/${order}`)).json();
    const [user] = await queryRows<{ name: string }>(t.db, sql`select name from point_users where email = ${DEMO_USERS.main}`);
    expect(servicos).toHaveLength(1);
    expect(servicos[0]).toMatchObject({
      Usuario: user!.name,
      ObservacoesCredenciado: "Pneus gastos de um lado: alinhamento necessário.",
      StatusAprovacao: "P",
    });
    expect(Number.isNaN(Date.parse(servicos[0].DataLog))).toBe(false);
  });

  it("fills Foto1..3 in order, answers a repeat unchanged and refuses a 4th photo", async () => {
    const link = await linkOn(await openOrder(f.p1));
    const photos = [await stored("a.jpg", SAMPLE.jpg), await stored("b.jpg", SAMPLE.jpg), await stored("c.png", SAMPLE.png)];
    const first = await attach(link, "foto", photos[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: "Arquivo anexado ao serviço com sucesso",
      media: { Foto1: photos[0], Foto2: null, Foto3: null, Video: null },
    });
    // The outbox replays a step whose answer was lost: the same name again changes nothing.
    const again = await attach(link, "foto", photos[0]!);
    expect([again.statusCode, again.json().media]).toEqual([200, { Foto1: photos[0], Foto2: null, Foto3: null, Video: null }]);
    expect((await attach(link, "foto", photos[1]!)).statusCode).toBe(200);
    expect((await attach(link, "foto", photos[2]!)).json().media).toEqual({
      Foto1: photos[0],
      Foto2: photos[1],
      Foto3: photos[2],
      Video: null,
    });
    const fourth = await attach(link, "foto", await stored("d.jpg", SAMPLE.jpg));
    expect([fourth.statusCode, fourth.json()]).toEqual([409, { success: false, message: "Este serviço já tem 3 fotos." }]);
    const r = await row(link);
    expect([r!.photo1, r!.photo2, r!.photo3, r!.video]).toEqual([...photos, null]);
  });

  it("takes one video of the right type and refuses files of the wrong type", async () => {
    const link = await linkOn(await openOrder(f.p1));
    const photo = await stored("foto.jpg", SAMPLE.jpg);
    const video = await stored("video.mp4", SAMPLE.mp4);
    const pdf = await stored("laudo.pdf", SAMPLE.pdf);
    const asVideo = await attach(link, "video", photo);
    expect([asVideo.statusCode, asVideo.json().message]).toEqual([400, "O arquivo enviado não é um vídeo."]);
    const asPhoto = await attach(link, "foto", video);
    expect([asPhoto.statusCode, asPhoto.json().message]).toEqual([400, "O arquivo enviado não é uma foto."]);
    expect((await attach(link, "foto", pdf)).statusCode).toBe(400);
    expect((await attach(link, "video", video)).json().media).toEqual({ Foto1: null, Foto2: null, Foto3: null, Video: video });
    expect((await attach(link, "video", video)).statusCode).toBe(200);
    const second = await attach(link, "video", await stored("outro.mp4", SAMPLE.mp4));
    expect([second.statusCode, second.json().message]).toEqual([409, "Este serviço já tem um vídeo."]);
    expect((await row(link))!.video).toBe(video);
  });

  it("answers 404 for another point's linked service, another point's file, or a link of another order", async () => {
    const link = await linkOn(await openOrder(f.p1));
    const mine = await stored("meu.jpg", SAMPLE.jpg);
    const theirs = await stored("deles.jpg", SAMPLE.jpg, f.token2);
    const otherPoint = await attach(link, "foto", await stored("p2.jpg", SAMPLE.jpg, f.token2), f.token2);
    expect([otherPoint.statusCode, otherPoint.json()]).toEqual([404, { success: false, message: "Serviço vinculado não encontrado." }]);
    const foreignFile = await attach(link, "foto", theirs);
    expect([foreignFile.statusCode, foreignFile.json().message]).toEqual([404, "Arquivo não encontrado."]);
    const wrongOrder = await post(f.token1, "/agendamentos/servico-arquivo", {
      idSocioVeiculoAgendaExecucaoServico: link,
      tipo: "foto",
      arquivo: mine,
      idSocioVeiculoAgenda: await openOrder(f.p1),
    });
    expect(wrongOrder.statusCode).toBe(404);
    const r = await row(link);
    expect([r!.photo1, r!.photo2, r!.photo3, r!.video]).toEqual([null, null, null, null]);
  });

  it("refuses new files once the central approved or refused the service, and still answers a replay", async () => {
    const order = await openOrder(f.p1);
    const approved = await linkOn(order);
    const refused = await linkOn(order, "TROCA DE ÓLEO");
    const before = await stored("antes.jpg", SAMPLE.jpg);
    expect((await attach(approved, "foto", before)).statusCode).toBe(200);
    expect((await approve(approved)).statusCode).toBe(200);
    const late = await attach(approved, "foto", await stored("depois.jpg", SAMPLE.jpg));
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      "Este serviço já foi aprovado pela central: não é possível anexar arquivos.",
    ]);
    expect((await attach(approved, "foto", before)).statusCode).toBe(200);
    expect((await call(t, central, "POST", `/central/aprovacoes/${refused}/recusar`, { observacao: "Sem evidência" })).statusCode).toBe(
      200,
    );
    const onRefused = await attach(refused, "video", await stored("v.mp4", SAMPLE.mp4));
    expect([onRefused.statusCode, onRefused.json().message]).toEqual([
      409,
      "Este serviço já foi recusado pela central: não é possível anexar arquivos.",
    ]);
    expect((await row(approved))!.photo2).toBeNull();
  });

  it("shows the central the service's own photos and video with the attendant's reason", async () => {
    const link = await linkOn(await openOrder(f.p1));
    const photo = await stored("central.jpg", SAMPLE.jpg);
    const video = await stored("central.mp4", SAMPLE.mp4);
    await attach(link, "foto", photo);
    await attach(link, "video", video);
    const { data } = (await call(t, central, "GET", "/central/aprovacoes")).json();
    expect(data.find((d: { IdSocioVeiculoAgendaExecucaoServico: string }) => d.IdSocioVeiculoAgendaExecucaoServico === link)).toMatchObject(
      {
        ObservacoesCredenciado: "Pneus gastos de um lado: alinhamento necessário.",
        FotosServico: [photo],
        VideoServico: video,
      },
    );
  });

  it("removes a pending or refused service but refuses to remove an approved one", async () => {
    const order = await openOrder(f.p1);
    const pending = await linkOn(order);
    const approved = await linkOn(order, "TROCA DE ÓLEO");
    const refused = await linkOn(order, "HIGIENIZAÇÃO DO AR-CONDICIONADO");
    const unlink = (id: string) => post(f.token1, "/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico: id });
    expect((await approve(approved)).statusCode).toBe(200);
    expect((await call(t, central, "POST", `/central/aprovacoes/${refused}/recusar`, { observacao: "Não necessário" })).statusCode).toBe(
      200,
    );
    const kept = await unlink(approved);
    expect([kept.statusCode, kept.json()]).toEqual([
      409,
      { success: false, message: "Este serviço já foi aprovado pela central e não pode ser removido." },
    ]);
    expect((await row(approved))!.approvalStatus).toBe("A");
    expect((await unlink(pending)).json()).toEqual({ message: "Serviço removido com sucesso" });
    expect((await unlink(refused)).statusCode).toBe(200);
    expect(await row(pending)).toBeUndefined();
    expect(await row(refused)).toBeUndefined();
  });

  /** One real HTTP request on its own connection: status and JSON body. */
  async function http(token: string, path: string, body: object) {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { authToken: token, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string } };
  }

  it("never removes an approved service when the approval and the unlink race (real parallel requests)", async () => {
    const order = await openOrder(f.p1);
    const outcomes = new Set<string>();
    for (const description of ["ALINHAMENTO E BALANCEAMENTO", "TROCA DE ÓLEO", "HIGIENIZAÇÃO DO AR-CONDICIONADO", "REVISÃO DE FREIOS"]) {
      const link = await linkOn(order, description);
      const [approval, unlink] = await Promise.all([
        http(central, `/central/aprovacoes/${link}/aprovar`, {}),
        http(f.token1, "/agendamentos/desvincular-servico", { idSocioVeiculoAgendaExecucaoServico: link }),
      ]);
      const after = await row(link);
      if (approval.status === 200) {
        // Approved first: the link stays approved and the unlink says so.
        expect([unlink.status, unlink.body.message]).toEqual([409, "Este serviço já foi aprovado pela central e não pode ser removido."]);
        expect(after?.approvalStatus).toBe("A");
        outcomes.add("approved");
      } else {
        // Removed first: nothing left to approve.
        expect([approval.status, unlink.status]).toEqual([404, 200]);
        expect(after).toBeUndefined();
        outcomes.add("removed");
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
