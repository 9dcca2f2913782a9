// The member follow link (issue 39), server side: the point makes, reads and revokes an order's link; the member's page reads
// the order through it (before start, running, ended, expired, revoked), fetches its files through signed addresses, rates
// once and asks for a return within the warranty; bad input, rate limits and the token kept out of the logs
// (server, PGlite; PostgreSQL too with TEST_DATABASE_URL).
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { BACKENDS, call, fixtures, makeTestApp, queryRows, SAMPLE, upload, type Fixtures, type TestApp } from "./helpers";
import type { MemberView } from "../../contract/acompanhamento";

const DAY = 86_400_000;
let addressSeq = 0;
/** A fresh client address, so one test's calls do not spend another's per-address limit. */
const newAddress = () => `10.9.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

/** A multipart body of fields and, optionally, a file part. */
function form(fields: Record<string, string>, file?: { field: string; name: string; content: Buffer; type?: string }) {
  const boundary = `----follow${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "image/png"}\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)("member follow link (%s)", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let now = new Date();
  const logLines: string[] = [];
  const exec = (q: ReturnType<typeof sql>) => t.db.execute(q);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // A 1 MB image limit, so the oversized photo below stays small.
    const uploadLimits = { image: 1024 * 1024, video: 50 * 1024 * 1024, document: 5 * 1024 * 1024 };
    t = await makeTestApp(backend, { uploadLimits }, { clock: () => now, logger: { level: "info", stream } });
    f = await fixtures(t);
  }, 60_000);
  afterAll(() => t?.close());

  const pub = (url: string, payload: object, address = newAddress()) =>
    t.app.inject({ method: "POST", url: `/api${url}`, payload, remoteAddress: address });
  const view = (token: string, address?: string) => pub("/acompanhamento", { token }, address);
  const makeLink = async (appointmentId: string) => {
    const res = await call(t, f.token1, "POST", `/execucao/${appointmentId}/acompanhamento`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; caminho: string; mensagem: string; telefoneWhatsApp: string | null; criadoEm: string };
  };
  const fetchFile = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers, remoteAddress: newAddress() });

  /** A new booked order of point 1 (tomorrow, a seeded vehicle of the point), so no test shares one. */
  let booked = 0;
  const takePending = async () => {
    const model = f.pick(f.p1, "pending")[0]!;
    const minutes = 8 * 60 + (booked++ % 40) * 15;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const [row] = await queryRows<{ id: string }>(
      t.db,
      // Booked a day ago: the tests start these orders up to hours in the past, and a booking comes before its start.
      sql`insert into appointments (service_point_id, vehicle_id, date, time, created_at)
        values (${f.p1}, ${model.vehicle}, (current_date + 1 + ${booked} / 40)::date, ${time}::time, now() - interval '1 day') returning id`,
    );
    return row!.id;
  };

  /** Starts the order at `at` (an execution row, as POST /execucao/iniciar writes it). */
  const start = (id: string, at: Date) =>
    exec(
      sql`insert into executions (appointment_id, started_by, started_at) values (${id}, ${f.user(DEMO_USERS.main)}, ${at.toISOString()}::timestamptz)`,
    );
  const finish = (id: string, at: Date) =>
    exec(sql`
      with e as (update executions set finished_at = ${at.toISOString()}::timestamptz where appointment_id = ${id} returning 1)
      update appointments set status = 'C' where id = ${id}`);
  /** Links an approved service with this warranty to the order (a new catalogue row, so the order's services stay unique). */
  const linkService = async (id: string, warrantyDays: number, photo: string | null = null, status = "A") => {
    const [svc] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into services (description, vehicle_type, kind, warranty_days)
        values (${`Troca de óleo ${warrantyDays}d ${Math.random().toString(36).slice(2, 6)}`}, 'Carro', 'Serviço', ${warrantyDays}) returning id`,
    );
    const [es] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into execution_services (appointment_id, service_id, approval_status, photo1, decided_at)
        values (${id}, ${svc!.id}, ${status}, ${photo}, ${status === "P" ? null : sql`now()`}) returning id`,
    );
    return es!.id;
  };
  const storedFile = async () => {
    const res = await upload(t, f.token1, "foto.png", SAMPLE.png);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { file: string }).file;
  };

  it("makes, reads and revokes an order's link (own orders only; only the token's hash is kept)", async () => {
    const id = await takePending();
    expect((await call(t, f.token2, "POST", `/execucao/${id}/acompanhamento`)).statusCode).toBe(404);
    expect((await call(t, f.token2, "GET", `/execucao/${id}/acompanhamento`)).statusCode).toBe(404);
    expect((await call(t, f.token2, "DELETE", `/execucao/${id}/acompanhamento`)).statusCode).toBe(404);

    const none = await call(t, f.token1, "GET", `/execucao/${id}/acompanhamento`);
    expect(none.json()).toMatchObject({ ativo: false, criadoEm: null, validoAte: null });

    const made = await makeLink(id);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.caminho).toBe(`/acompanhar#${made.token}`);
    expect(made.mensagem).toMatch(/^Olá, \S+! Acompanhe o serviço do seu veículo \S+ no .+: $/);
    const stored = await queryRows<{ token_hash: string; created_by: string }>(
      t.db,
      sql`select token_hash, created_by from follow_links where appointment_id = ${id}`,
    );
    expect(stored).toEqual([{ token_hash: createHash("sha256").update(made.token).digest("hex"), created_by: f.user(DEMO_USERS.main) }]);
    const anywhere = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from follow_links where position(${made.token} in token_hash) > 0 or position(${made.token} in id::text) > 0`,
    );
    expect(anywhere[0]!.n).toBe(0);

    const state = await call(t, f.token1, "GET", `/execucao/${id}/acompanhamento`);
    expect(state.json()).toMatchObject({ ativo: true, criadoEm: made.criadoEm, revogadoEm: null });

    // A new link revokes the old one at once.
    const again = await makeLink(id);
    expect((await view(made.token)).statusCode).toBe(404);
    expect((await view(again.token)).statusCode).toBe(200);
    const live = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from follow_links where appointment_id = ${id} and revoked_at is null`,
    );
    expect(live[0]!.n).toBe(1);

    const revoked = await call(t, f.token1, "DELETE", `/execucao/${id}/acompanhamento`);
    expect(revoked.statusCode).toBe(200);
    expect((await view(again.token)).json()).toEqual({ success: false, message: "Link de acompanhamento inválido ou expirado." });
    expect((await call(t, f.token1, "GET", `/execucao/${id}/acompanhamento`)).json()).toMatchObject({ ativo: false });
    expect((await call(t, f.token1, "DELETE", `/execucao/${id}/acompanhamento`)).statusCode).toBe(404);

    // A cancelled order gets no link, and its link stops.
    const cancelled = f.pick(f.p1, "cancelled")[0]!.id;
    expect((await call(t, f.token1, "POST", `/execucao/${cancelled}/acompanhamento`)).statusCode).toBe(409);
  });

  it("normalises the member's phone for WhatsApp", async () => {
    const { whatsAppNumber } = await import("../../server/services/follow-links");
    expect(whatsAppNumber("(81) 98888-1111")).toBe("5581988881111");
    expect(whatsAppNumber("+55 81 3333-4444")).toBe("558133334444");
    expect(whatsAppNumber("0 81 98888-1111")).toBe("5581988881111");
    expect(whatsAppNumber("98888-1111")).toBeNull();
    expect(whatsAppNumber(null)).toBeNull();
  });

  it("follows the order from booking to its end, with signed file addresses, and stops 30 days after the end", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);

    const before = await view(token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers["referrer-policy"]).toBe("no-referrer");
    expect(before.headers["x-robots-tag"]).toBe("noindex");
    const v0 = before.json();
    expect(v0.os.situacao).toBe("agendado");
    expect(v0.linhaDoTempo.map((s: { etapa: string }) => s.etapa)).toEqual(["agendado"]);
    expect(v0).toMatchObject({ podeAvaliar: false, podePedirRetorno: false, validoAte: null, avaliacao: null, fotos: [], notas: [] });

    // Running: started, a photo, a visible and a hidden note, an approved service with a photo.
    const startedAt = new Date(now.getTime() - 2 * 60 * 60_000);
    await start(id, startedAt);
    const photo = await storedFile();
    const added = await call(t, f.token1, "POST", "/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo });
    expect(added.statusCode, added.body).toBe(200);
    for (const [text, visivelSocio] of [
      ["Troca de filtro incluída, sem custo.", true],
      ["Cliente difícil, cuidado.", false],
      ["Carro lavado.", undefined],
    ] as const) {
      const res = await call(t, f.token1, "POST", "/agendamentos/adicionar-anotacao", {
        idSocioVeiculoAgenda: id,
        anotacao: text,
        visivelSocio,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const notes = (await call(t, f.token1, "GET", `/agendamentos/get-anotacoes/${id}`)).json().anotacoes as { VisivelSocio: boolean }[];
    expect(notes.map((n) => n.VisivelSocio)).toEqual([true, false, false]);
    const servicePhoto = await storedFile();
    await linkService(id, 90, servicePhoto);

    const running = (await view(token)).json();
    expect(running.os.situacao).toBe("em-andamento");
    expect(running.linhaDoTempo.map((s: { etapa: string }) => s.etapa)).toEqual(["agendado", "iniciado", "servico"]);
    expect(running.linhaDoTempo[1].em).toBe(startedAt.toISOString());
    expect(running.linhaDoTempo[2].titulo).toMatch(/^Troca de óleo .*: aprovado$/);
    expect(running.notas.map((n: { texto: string }) => n.texto)).toEqual(["Troca de filtro incluída, sem custo."]);
    expect(running.servicos).toHaveLength(1);
    expect(running.servicos[0]).toMatchObject({ situacao: "aprovado", garantiaAte: null, video: null });
    expect(running.fotos).toHaveLength(1);
    const url: string = running.fotos[0];
    expect(url).toMatch(
      new RegExp(`^/api/acompanhamento/arquivos/${photo.replace(".", "\\.")}\\?l=[0-9a-f-]{36}&e=\\d+&s=[A-Za-z0-9_-]{43}$`),
    );
    expect(url).not.toContain(token);

    // The file downloads through its address, with Range; the log has its path but not its signature (issue 50).
    logLines.length = 0;
    const whole = await fetchFile(url);
    const signature = new URL(url, "http://x").searchParams.get("s")!;
    expect(logLines.join("\n")).toContain(`/api/acompanhamento/arquivos/${photo}?l=`);
    expect(logLines.join("\n")).toContain("s=[oculto]");
    expect(logLines.join("\n")).not.toContain(signature);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect(whole.headers["referrer-policy"]).toBe("no-referrer");
    const part = await fetchFile(url, { range: "bytes=0-7" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-7/${SAMPLE.png.length}`);
    expect(part.rawPayload.equals(SAMPLE.png.subarray(0, 8))).toBe(true);
    expect((await fetchFile(running.servicos[0].fotos[0])).statusCode).toBe(200);

    // A tampered address, another file under this signature, an unsigned one: 403.
    const sig = new URL(url, "http://x").searchParams.get("s")!;
    // The first character changed (the last one's low bits are base64 padding: A -> B could leave the same bytes, 200 in CI).
    const tampered = url.replace(`s=${sig}`, `s=${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`);
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    expect((await fetchFile(url.replace(photo, servicePhoto))).statusCode).toBe(403);
    expect((await fetchFile(url.split("?")[0]!)).statusCode).toBe(400);
    // A file of another order, even correctly signed for this link, is not found.
    const { signedFileUrl } = await import("../../server/lib/signed-file-url");
    const { fileUrlKey } = await import("../../server/services/follow-links");
    const linkId = new URL(url, "http://x").searchParams.get("l")!;
    const foreign = await storedFile();
    expect((await fetchFile(signedFileUrl(await fileUrlKey(t.db), linkId, foreign, now))).statusCode).toBe(404);
    // A refresh a minute later within the same hour gives the same addresses (the page's photos and videos are not reloaded).
    const hourStart = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
    now = new Date(hourStart + 30_000);
    const early = (await view(token)).json().fotos[0];
    now = new Date(hourStart + 59 * 60_000);
    expect((await view(token)).json().fotos[0]).toBe(early);
    // Expired two hours after the period it was made in began.
    now = new Date(hourStart + 121 * 60_000);
    expect((await fetchFile(url)).statusCode).toBe(403);
    expect((await fetchFile(early)).statusCode).toBe(403);
    const fresh = (await view(token)).json();
    expect((await fetchFile(fresh.fotos[0])).statusCode).toBe(200);

    // Ended: the end step, the warranty, the rating offered, valid 30 days after the end.
    const finishedAt = new Date(now.getTime() - 60_000);
    await finish(id, finishedAt);
    const ended = (await view(token)).json();
    expect(ended.os.situacao).toBe("concluido");
    expect(ended.linhaDoTempo.at(-1)).toMatchObject({ etapa: "concluido", em: finishedAt.toISOString() });
    // The steps in time order (issue 50): booked (a day ago), started, the service decided, ended.
    expect(ended.linhaDoTempo.map((x: { etapa: string }) => x.etapa)).toEqual(["agendado", "iniciado", "servico", "concluido"]);
    const times = ended.linhaDoTempo.map((x: { em: string }) => x.em);
    expect(times).toEqual([...times].sort());
    expect(ended.servicos[0].garantiaAte).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ended).toMatchObject({
      podeAvaliar: true,
      podePedirRetorno: true,
      validoAte: new Date(finishedAt.getTime() + 30 * DAY).toISOString(),
    });
    const state = (await call(t, f.token1, "GET", `/execucao/${id}/acompanhamento`)).json();
    expect(state).toMatchObject({ ativo: true, validoAte: ended.validoAte });

    // 30 days after the end the link stops, and so do its file addresses.
    const lastUrl = ended.fotos[0] as string;
    now = new Date(finishedAt.getTime() + 30 * DAY - 1000);
    expect((await view(token)).statusCode).toBe(200);
    const lastMinute = (await view(token)).json().fotos[0] as string;
    now = new Date(finishedAt.getTime() + 30 * DAY + 1000);
    expect((await view(token)).statusCode).toBe(404);
    expect((await fetchFile(lastMinute)).statusCode).toBe(403);
    expect((await fetchFile(lastUrl)).statusCode).toBe(403);
    expect((await call(t, f.token1, "POST", `/execucao/${id}/acompanhamento`)).statusCode).toBe(409);
    expect((await call(t, f.token1, "GET", `/execucao/${id}/acompanhamento`)).json()).toMatchObject({ ativo: false });
    now = new Date();
  });

  it("answers the order's evidence chain with the link's signed addresses and no sender's name", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 60_000));
    const photo = await storedFile();
    expect((await call(t, f.token1, "POST", "/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo })).statusCode).toBe(
      200,
    );
    const res = await pub("/acompanhamento/evidencias", { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    const chain = res.json() as {
      ordem: string;
      entradas: { arquivo: string; url: string; sha256: string; enviadoPorNome: string | null }[];
    };
    expect(chain.ordem).toBe(id);
    expect(chain.entradas.map((e) => e.arquivo)).toContain(photo);
    for (const e of chain.entradas) {
      expect(e.url.startsWith(`/api/acompanhamento/arquivos/${e.arquivo}?l=`)).toBe(true);
      expect(e.enviadoPorNome).toBeNull();
      const bytes = await fetchFile(e.url);
      expect(bytes.statusCode).toBe(200);
      expect(createHash("sha256").update(bytes.rawPayload).digest("hex")).toBe(e.sha256);
    }
    expect((await pub("/acompanhamento/evidencias", { token: "B".repeat(43) })).statusCode).toBe(404);
  });

  it("shows the member the concluded inspection, takes its acknowledgement once, and serves its photos, content and acknowledgement from the chain", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 60_000));
    const base = { idSocioVeiculoAgenda: id, tipo: "entrada" };
    const { itensModelo } = (await call(t, f.token1, "GET", `/vistorias/${id}`)).json() as { itensModelo: { chave: string }[] };
    for (const item of itensModelo) await call(t, f.token1, "POST", "/vistorias/item", { ...base, chave: item.chave, status: "ok" });
    const photo = await storedFile();
    expect((await call(t, f.token1, "POST", "/vistorias/foto", { ...base, foto: photo, chave: itensModelo[0]!.chave })).statusCode).toBe(
      200,
    );
    await call(t, f.token1, "POST", "/vistorias/hodometro", { ...base, km: 12000, combustivel: "F" });
    expect((await call(t, f.token1, "POST", "/vistorias/concluir", base)).statusCode).toBe(200);
    // The member sees the concluded check-in, its photo signed, and acknowledges it once (parallel calls: one wins).
    const page = (await view(token)).json() as MemberView;
    expect(page.vistorias).toHaveLength(1);
    expect(page.vistorias[0]).toMatchObject({ tipo: "entrada", km: 12000, combustivel: "F", confirmadaPor: null });
    expect(page.vistorias[0]!.itens[0]!.fotos[0]).toMatch(new RegExp(`^/api/acompanhamento/arquivos/${photo}\\?l=`));
    const notYet = await pub("/acompanhamento/vistoria", { token, tipo: "saida", nome: "Maria" });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe("A vistoria ainda não foi concluída pela oficina.");
    const acks = await Promise.all(
      ["Maria Souza", "Maria S."].map((nome) => pub("/acompanhamento/vistoria", { token, tipo: "entrada", nome })),
    );
    expect(acks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(acks.find((r) => r.statusCode === 409)!.json().message).toBe("O estado do veículo nesta vistoria já foi confirmado.");
    const who = acks[0]!.statusCode === 200 ? "Maria Souza" : "Maria S.";
    expect((await view(token)).json().vistorias[0]).toMatchObject({ confirmadaPor: who, confirmadaEm: expect.any(String) });
    const pointView = (await call(t, f.token1, "GET", `/vistorias/${id}`)).json();
    expect(pointView.entrada).toMatchObject({ confirmadaPor: who, confirmadaEm: expect.any(String) });

    const chain = (await pub("/acompanhamento/evidencias", { token })).json() as {
      entradas: { tipo: string; arquivo: string; url: string; sha256: string }[];
    };
    const inspection = chain.entradas.filter((e) => e.tipo.includes("vistoria"));
    expect(inspection.map((e) => e.tipo)).toEqual(["foto-vistoria", "vistoria", "confirmacao-vistoria"]);
    expect(inspection[0]!.arquivo).toBe(photo);
    for (const e of inspection) {
      const bytes = await fetchFile(e.url);
      expect(bytes.statusCode, e.tipo).toBe(200);
      expect(createHash("sha256").update(bytes.rawPayload).digest("hex")).toBe(e.sha256);
    }
    const ack = JSON.parse((await fetchFile(inspection[2]!.url)).body);
    expect(ack).toMatchObject({
      versao: "confirmacao-vistoria-v1",
      ordem: id,
      tipo: "entrada",
      nome: who,
      vistoria: inspection[1]!.sha256,
    });
  });

  it("stops a revoked link's page and files at once", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 60_000));
    const photo = await storedFile();
    await call(t, f.token1, "POST", "/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo });
    const url = (await view(token)).json().fotos[0] as string;
    expect((await fetchFile(url)).statusCode).toBe(200);
    expect((await call(t, f.token1, "DELETE", `/execucao/${id}/acompanhamento`)).statusCode).toBe(200);
    expect((await view(token)).statusCode).toBe(404);
    expect((await fetchFile(url)).statusCode).toBe(403);
  });

  it("rates an ended order once (parallel calls: one 200, one 409), and the point and the central see it", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    const early = await pub("/acompanhamento/avaliacao", { token, nota: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("A avaliação fica disponível quando o serviço for concluído.");

    await start(id, new Date(now.getTime() - 3 * 60 * 60_000));
    await finish(id, new Date(now.getTime() - 60_000));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/credenciado/login",
      payload: { email: DEMO_CENTRAL.email, password: DEMO_PASSWORD },
    });
    const central = login.json().token as string;
    const recent = async () => {
      const res = await call(t, central, "GET", "/central/pontos");
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { IdPontoAtendimento: string; AvaliacoesRecentes: number }[]).find((p) => p.IdPontoAtendimento === f.p1)!
        .AvaliacoesRecentes;
    };
    const recentBefore = await recent();

    const [a, b] = await Promise.all([
      pub("/acompanhamento/avaliacao", { token, nota: 1, comentario: "  Demorou demais e o carro voltou sujo.  " }),
      pub("/acompanhamento/avaliacao", { token, nota: 2, comentario: "Segunda tentativa" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe("Este serviço já foi avaliado. Obrigado!");
    // The point is told, once, with the score and the comment (issue 50).
    const [os] = await queryRows<{ os: number }>(t.db, sql`select os_number as os from appointments where id = ${id}`);
    const told = (
      (await call(t, f.token1, "GET", "/notificacoes")).json().data as {
        Tipo: string;
        Titulo: string;
        Conteudo: string;
        IdSocioVeiculoAgenda: string;
      }[]
    ).filter((n) => n.Tipo === "avaliacao" && n.IdSocioVeiculoAgenda === id);
    const winner =
      a.statusCode === 200 ? { nota: 1, texto: "Demorou demais e o carro voltou sujo." } : { nota: 2, texto: "Segunda tentativa" };
    expect(told).toEqual([
      expect.objectContaining({
        Titulo: `Avaliação do sócio: OS ${os!.os}, ${winner.nota} ${winner.nota === 1 ? "estrela" : "estrelas"} de 5`,
        Conteudo: winner.texto,
      }),
    ]);
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ratings where appointment_id = ${id}`);
    expect(rows[0]!.n).toBe(1);

    const list = (await call(t, f.token1, "GET", `/avaliacoes/get-all/${f.p1}`)).json() as {
      IdSocioVeiculoAgenda: string;
      Nota: number;
      Observacoes: string | null;
      DataLog: string;
    }[];
    const mine = list.find((r) => r.IdSocioVeiculoAgenda === id)!;
    expect(mine).toBeDefined();
    expect(mine.Observacoes === "Demorou demais e o carro voltou sujo." || mine.Observacoes === "Segunda tentativa").toBe(true);
    expect(Date.parse(mine.DataLog)).toBe(now.getTime());
    const v = (await view(token)).json();
    expect(v).toMatchObject({ podeAvaliar: false, avaliacao: { nota: mine.Nota, comentario: mine.Observacoes } });

    // The central's points list counts it (its 30-day average feeds the "Avaliação baixa" flag).
    expect(await recent()).toBe(recentBefore + 1);
  });

  it("asks for a return within the warranty (with a photo): the point lists it as the member's and is notified", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 3 * 60 * 60_000));
    const covered = await linkService(id, 90);
    const short = await linkService(id, 10);
    const none = await linkService(id, 0);
    const pending = await linkService(id, 90, null, "P");
    const ask = (fields: Record<string, string>, file?: Parameters<typeof form>[1], address = newAddress()) => {
      const { payload, headers } = form(fields, file);
      return t.app.inject({ method: "POST", url: "/api/acompanhamento/retorno", payload, headers, remoteAddress: address });
    };
    const early = await ask({ token, idServico: covered, descricao: "Barulho" });
    expect(early.statusCode).toBe(409);

    const finishedAt = new Date(now.getTime() - 15 * DAY);
    await finish(id, finishedAt);
    const expired = await ask({ token, idServico: short, descricao: "Vazamento de óleo" });
    expect(expired.statusCode).toBe(409);
    const { addDays, isoToBr, wallClock } = await import("../../src/domain/dates");
    expect(expired.json().message).toBe(`A garantia deste serviço terminou em ${isoToBr(addDays(wallClock(finishedAt).date, 10))}.`);
    expect((await ask({ token, idServico: none, descricao: "x" })).statusCode).toBe(409);
    expect((await ask({ token, idServico: pending, descricao: "x" })).statusCode).toBe(409);
    expect((await ask({ token, idServico: "00000000-0000-4000-8000-000000000000", descricao: "x" })).statusCode).toBe(404);

    const notifiedBefore = (await call(t, f.token1, "GET", "/notificacoes")).json().data.length as number;
    const made = await ask(
      { token, idServico: covered, descricao: "O barulho voltou depois de uma semana." },
      { field: "foto", name: "barulho.png", content: SAMPLE.png },
    );
    expect(made.statusCode, made.body).toBe(200);
    const again = await ask({ token, idServico: covered, descricao: "De novo" });
    expect(again.statusCode).toBe(409);
    // Its only service within warranty has an open return: the page no longer offers another (issue 50).
    const after = (await view(token)).json();
    expect(after.servicos.find((x: { id: string }) => x.id === covered).retornoAberto).toBe(true);
    expect(after.podePedirRetorno).toBe(false);

    const returns = (await call(t, f.token1, "GET", `/retorno-servico/lista/${f.p1}`)).json().data as {
      IdSocioVeiculoAgenda: string;
      Origem: string;
      Descricao: string;
      Fotos: string | null;
      Status: string;
      NomeServico: string | null;
    }[];
    expect(returns.every((r) => r.Origem === "ponto" || r.Origem === "socio")).toBe(true);
    const mine = returns.filter((r) => r.IdSocioVeiculoAgenda === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ Origem: "socio", Descricao: "O barulho voltou depois de uma semana.", Status: "A" });
    // The service the member chose, not the order's motivation (issue 50).
    expect(mine[0]!.NomeServico).toMatch(/^Troca de óleo 90d /);
    const photo = mine[0]!.Fotos!;
    const stored = await queryRows<{ service_point_id: string; mime_type: string }>(
      t.db,
      sql`select service_point_id, mime_type from stored_files where stored_name = ${photo}`,
    );
    expect(stored).toEqual([{ service_point_id: f.p1, mime_type: "image/png" }]);
    const dl = await call(t, f.token1, "GET", `/uploads/files/${photo}`);
    expect(dl.rawPayload.equals(SAMPLE.png)).toBe(true);

    const inbox = (await call(t, f.token1, "GET", "/notificacoes")).json().data as { Titulo: string; Tipo: string }[];
    expect(inbox.length).toBe(notifiedBefore + 1);
    expect(inbox[0]).toMatchObject({ Tipo: "retorno" });
    expect(inbox[0]!.Titulo).toMatch(/^Retorno de serviço pedido pelo sócio: OS \d+$/);

    const v = (await view(token)).json();
    expect(v.retornos).toEqual([{ descricao: "O barulho voltou depois de uma semana.", em: expect.any(String), situacao: "Aberto" }]);

    // Concluded by the point: the member may report the service again.
    await exec(sql`update service_returns set status = 'C' where appointment_id = ${id}`);
    expect((await ask({ token, idServico: covered, descricao: "Voltou de novo" })).statusCode).toBe(200);
  });

  it("answers bad input with 4xx JSON, never 500", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 60_000));
    const covered = await linkService(id, 90);
    await finish(id, new Date(now.getTime() - 1000));
    const bad = [
      await pub("/acompanhamento", {}),
      await pub("/acompanhamento", { token: token.slice(1) }),
      await pub("/acompanhamento", { token: `${token}x` }),
      await pub("/acompanhamento", { token: "%".repeat(43) }),
      await pub("/acompanhamento/avaliacao", { token, nota: 6 }),
      await pub("/acompanhamento/avaliacao", { token, nota: 4, comentario: "x".repeat(1001) }),
      await t.app.inject({
        method: "POST",
        url: "/api/acompanhamento",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const ask = (payload: Buffer | string, headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/acompanhamento/retorno", payload, headers, remoteAddress: newAddress() });
    const pdf = form({ token, idServico: covered, descricao: "x" }, { field: "foto", name: "a.png", content: SAMPLE.pdf });
    const html = form({ token, idServico: covered, descricao: "x" }, { field: "foto", name: "a.png", content: SAMPLE.html });
    const noToken = form({ idServico: covered, descricao: "x" });
    const shortToken = form({ token: "abc", idServico: covered, descricao: "x" });
    const huge = form({ token, idServico: covered, descricao: "x".repeat(2001) });
    const extra = form({ token, idServico: covered, descricao: "x", outro: "y" });
    const twoFiles = form({ token, idServico: covered, descricao: "x" }, { field: "arquivo", name: "a.png", content: SAMPLE.png });
    const cases = [
      await ask(pdf.payload, pdf.headers),
      await ask(html.payload, html.headers),
      await ask(noToken.payload, noToken.headers),
      await ask(shortToken.payload, shortToken.headers),
      await ask(huge.payload, huge.headers),
      await ask(extra.payload, extra.headers),
      await ask(twoFiles.payload, twoFiles.headers),
      await ask("--x\r\njunk", { "content-type": "multipart/form-data; boundary=x" }),
      await ask("junk", { "content-type": "multipart/form-data" }),
      await ask(JSON.stringify({ token }), { "content-type": "application/json" }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(cases[0]!.json().message).toBe("A foto deve ser uma imagem (JPG, PNG, GIF ou WebP).");
    // Nothing of the refused requests was kept.
    const kept = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from service_returns where appointment_id = ${id}`);
    expect(kept[0]!.n).toBe(0);
    const bigPhoto = form(
      { token, idServico: covered, descricao: "x" },
      { field: "foto", name: "a.png", content: Buffer.concat([SAMPLE.png, Buffer.alloc(2 * 1024 * 1024)]) },
    );
    const tooBig = await t.app.inject({ method: "POST", url: "/api/acompanhamento/retorno", ...bigPhoto, remoteAddress: newAddress() });
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().message).toMatch(/^Arquivo grande demais/);
    const files = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from service_returns where appointment_id = ${id}`);
    expect(files[0]!.n).toBe(0);
  });

  it("limits the public routes per address and per token (429 in pt-BR)", async () => {
    now = new Date();
    const address = newAddress();
    const unknown = "A".repeat(43);
    let last;
    for (let i = 0; i < 61; i++) last = await view(unknown, address);
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos\.$/);

    // Per token, whatever the address: 30 reads a minute.
    const { token } = await makeLink(await takePending());
    for (let i = 0; i < 30; i++) expect((await view(token)).statusCode).toBe(200);
    const limited = await view(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Muitas tentativas/);
    // Per token, 10 writes an hour the server accepted: refused ones (a rating before the end) cost the member nothing (issue 50).
    const rater = await takePending();
    const link = await makeLink(rater);
    for (let i = 0; i < 12; i++) {
      const early = await pub("/acompanhamento/avaliacao", { token: link.token, nota: 5 });
      expect(early.statusCode, `refusal ${i + 1}`).toBe(409);
    }
    await start(rater, new Date(now.getTime() - 3 * 60 * 60_000));
    await finish(rater, new Date(now.getTime() - 60_000));
    expect((await pub("/acompanhamento/avaliacao", { token: link.token, nota: 4 })).statusCode).toBe(200);
    // Accepted writes do count: with the hour's 10 spent, the next one is a 429 before anything else is read.
    const hash = createHash("sha256").update(link.token).digest("hex");
    const spent = await queryRows<{ hits: number }>(
      t.db,
      sql`update rate_limit_windows set hits = 10 where key like ${`%acompanhamento-avaliacao:${hash}`} returning hits`,
    );
    expect(spent).toHaveLength(1);
    const over = await pub("/acompanhamento/avaliacao", { token: link.token, nota: 4 });
    expect([over.statusCode, over.json().message]).toEqual([429, expect.stringMatching(/^Muitas tentativas/)]);

    // The window is keyed by the token's hash, never the token.
    const keys = await queryRows<{ key: string }>(t.db, sql`select key from rate_limit_windows`);
    expect(keys.some((k) => k.key.includes(token))).toBe(false);
    expect(keys.some((k) => k.key.includes(createHash("sha256").update(token).digest("hex")))).toBe(true);
  });

  it("keeps the token out of every log line", async () => {
    now = new Date();
    const id = await takePending();
    const { token } = await makeLink(id);
    await start(id, new Date(now.getTime() - 60_000));
    const photo = await storedFile();
    await call(t, f.token1, "POST", "/agendamentos/adicionar-foto", { idSocioVeiculoAgenda: id, foto: photo });
    logLines.length = 0;
    const v = await view(token);
    expect(v.statusCode).toBe(200);
    expect((await fetchFile(v.json().fotos[0])).statusCode).toBe(200);
    await pub("/acompanhamento", { token: `${token}!` });
    await pub("/acompanhamento/avaliacao", { token, nota: 9 });
    const { payload, headers } = form({ token, idServico: "x", descricao: "y" });
    await t.app.inject({ method: "POST", url: "/api/acompanhamento/retorno", payload, headers });
    expect(logLines.length).toBeGreaterThan(4);
    expect(logLines.join("\n")).not.toContain(token);
  });
});
