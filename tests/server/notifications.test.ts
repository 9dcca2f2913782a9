// The notifications inbox: read state per user, another point's ids change nothing, pages, the 90-day purge, the central's
// payments and a colleague's service return written as notifications, and Web Push delivered to a local push service,
// decrypted with the subscription's own private key (node, server project, PGlite and PostgreSQL).
import http from "node:http";
import os from "node:os";
import { createECDH, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
// @ts-expect-error http_ece (web-push's encryption) ships no types.
import ece from "http_ece";
import { BACKENDS, call, fixtures, loginAs, makeTestApp, queryRows, type Fixtures, type TestApp } from "./helpers";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS } from "../../server/seed";
import { centralUsers, notificationReads, pointNotifications, pushSubscriptions } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/secrets";
import { insertNotifications, purgeOldNotifications } from "../../server/repositories/notifications";
import { sharedKey } from "../../server/repositories/push-subscriptions";
import { loadConfig } from "../../server/config";
import { publicAddress, PushAddressError, pushLookup, vapidKeys } from "../../server/services/push";
import webpush from "web-push";

type Notice = {
  IdNotificacao: string;
  Tipo: string;
  Titulo: string;
  Conteudo: string;
  Motivo: string | null;
  Autor: string | null;
  IdSocioVeiculoAgenda: string | null;
  NumeroOS: number | null;
  DataHora: string;
  Lida: boolean;
};
type Page = { data: Notice[]; naoLidas: number; proxima: string | null };

/** A push service on 127.0.0.1: records each message; paths ending in /gone answer 410, /slow answer after 3 s. */
function pushService() {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      waiters.splice(0).forEach((w) => w());
      const status = req.url?.endsWith("/gone") ? 410 : 201;
      setTimeout(() => res.writeHead(status).end(), req.url?.endsWith("/slow") ? 3000 : 0);
    });
  });
  return {
    server,
    received,
    origin: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once `n` messages arrived (or fails after 5 s). */
    async until(n: number) {
      const deadline = Date.now() + 5000;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${n} push messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function device(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
    decrypt: (payload: Buffer) =>
      JSON.parse(ece.decrypt(payload, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8")) as {
        title: string;
        body: string;
        url: string;
      },
  };
}

describe.each(BACKENDS)("notifications on %s", (backend) => {
  let t: TestApp;
  let f: Fixtures;
  let central = "";
  let colleague = "";
  const push = pushService();

  beforeAll(async () => {
    await new Promise<void>((resolve) => push.server.listen(0, "127.0.0.1", resolve));
    t = await makeTestApp(backend, { loginRateLimit: { max: 1000, windowMs: 60_000 }, pushTestOrigins: [push.origin()] });
    f = await fixtures(t);
    central = await loginAs(t.app, DEMO_CENTRAL.email);
    colleague = await loginAs(t.app, DEMO_USERS.colleague);
  });
  afterAll(async () => {
    await t?.close();
    push.server.closeAllConnections();
    await new Promise((resolve) => push.server.close(resolve));
  });

  const inbox = async (token: string, query = "") => (await call(t, token, "GET", `/notificacoes${query}`)).json() as Page;
  const pendingOf = (point: string) =>
    queryRows<{ id: string; appt: string; os: number; service: string }>(
      t.db,
      sql`select es.id, a.id as appt, a.os_number as os, s.description || ' - ' || s.vehicle_type as service
          from execution_services es join appointments a on a.id = es.appointment_id join services s on s.id = es.service_id
          where es.approval_status = 'P' and a.service_point_id = ${point} order by es.created_at`,
    );
  const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

  it("tells a refusal to every user of the point with its reason, author and order; read state is each user's own", async () => {
    const [target] = await pendingOf(f.p1);
    const refused = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, { observacao: "Foto ilegível." });
    expect(refused.statusCode).toBe(200);
    const mine = await inbox(f.token1);
    const notice = mine.data[0]!;
    expect(notice).toMatchObject({
      Tipo: "recusado",
      Titulo: `Serviço recusado: ${target!.service}`,
      Motivo: "Foto ilegível.",
      Autor: DEMO_CENTRAL.name,
      IdSocioVeiculoAgenda: target!.appt,
      NumeroOS: target!.os,
      Lida: false,
    });
    expect(notice.Conteudo).toContain("recusado");
    expect(Math.abs(Date.parse(notice.DataHora) - Date.now())).toBeLessThan(60_000);
    const unreadBefore = mine.naoLidas;
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    expect((await inbox(colleague)).data[0]).toMatchObject({ IdNotificacao: notice.IdNotificacao, Lida: false });
    // The other point neither sees it nor can mark it.
    expect((await inbox(f.token2)).data.some((n) => n.IdNotificacao === notice.IdNotificacao)).toBe(false);
    expect((await call(t, f.token2, "POST", "/notificacoes/lidas", { ids: [notice.IdNotificacao] })).statusCode).toBe(200);
    expect(await t.db.select().from(notificationReads).where(eq(notificationReads.notificationId, notice.IdNotificacao))).toEqual([]);

    // User X reads it: X's is read, the count drops by one; user Y still has it unread.
    const read = await call(t, f.token1, "POST", "/notificacoes/lidas", { ids: [notice.IdNotificacao, "nao-e-id"] });
    expect([read.statusCode, read.json()]).toEqual([200, { success: true, message: "Notificações marcadas como lidas." }]);
    const after = await inbox(f.token1);
    expect(after.data[0]).toMatchObject({ IdNotificacao: notice.IdNotificacao, Lida: true });
    expect(after.naoLidas).toBe(unreadBefore - 1);
    const theirs = await inbox(colleague);
    expect(theirs.data[0]).toMatchObject({ IdNotificacao: notice.IdNotificacao, Lida: false });
    expect(theirs.naoLidas).toBe(unreadBefore);
    // Reading twice changes nothing.
    expect((await call(t, f.token1, "POST", "/notificacoes/lidas", { ids: [notice.IdNotificacao] })).statusCode).toBe(200);
    expect((await inbox(f.token1)).naoLidas).toBe(unreadBefore - 1);

    // 'Marcar todas como lidas' is Y's alone.
    const all = await call(t, colleague, "POST", "/notificacoes/lidas/todas", {});
    expect(all.json()).toEqual({ success: true, message: "Todas as notificações foram marcadas como lidas." });
    expect((await inbox(colleague)).naoLidas).toBe(0);
    expect((await inbox(f.token1)).naoLidas).toBe(unreadBefore - 1);
    expect((await inbox(f.token2)).naoLidas).toBe(0);
    // The app sends it as the contract has it, without a body (no content-type): the same answer.
    const bare = await t.app.inject({ method: "POST", url: "/api/notificacoes/lidas/todas", headers: { authToken: colleague } });
    expect([bare.statusCode, bare.json()]).toEqual([200, { success: true, message: "Todas as notificações foram marcadas como lidas." }]);
  });

  it("pages newest first with a cursor, without repeating or skipping rows written in one transaction", async () => {
    await t.db.transaction((tx) =>
      insertNotifications(
        tx,
        Array.from({ length: 23 }, (_, i) => ({ servicePointId: f.p2, kind: "pago" as const, title: `Pagamento ${i}`, body: "x" })),
      ),
    );
    // Not listed: the spec's own side-effect rows.
    await insertNotifications(t.db, [{ servicePointId: f.p2, kind: "reagendamento" as never, title: "Reagendamento", body: "x" }]);
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: Page = await inbox(f.token2, `?limite=10${cursor ? `&antes=${cursor}` : ""}`);
      expect(page.data.length).toBeLessThanOrEqual(10);
      seen.push(...page.data.map((n) => n.Titulo));
      cursor = page.proxima;
    }
    expect(seen.filter((s) => s.startsWith("Pagamento "))).toEqual(Array.from({ length: 23 }, (_, i) => `Pagamento ${22 - i}`));
    expect(seen).not.toContain("Reagendamento");
    for (const q of ["?limite=0", "?limite=abc", "?limite=500", "?antes=-1", "?antes=abc"]) {
      const res = await call(t, f.token2, "GET", `/notificacoes${q}`);
      expect([res.statusCode, res.json().success], q).toEqual([400, false]);
      expect(res.json().message).toMatch(/^O campo (limite|antes) tem um formato inválido\.$/);
    }
    await call(t, f.token2, "POST", "/notificacoes/lidas/todas", {});
  });

  it("deletes notifications older than 90 days, with their read marks, and keeps the younger ones", async () => {
    const now = new Date();
    const day = 86_400_000;
    const [old, young] = await insertNotifications(t.db, [
      { servicePointId: f.p1, kind: "pago", title: "Antiga", body: "x" },
      { servicePointId: f.p1, kind: "pago", title: "Recente", body: "x" },
    ]);
    await t.db
      .update(pointNotifications)
      .set({ createdAt: new Date(now.getTime() - 91 * day) })
      .where(eq(pointNotifications.id, old!));
    await t.db
      .update(pointNotifications)
      .set({ createdAt: new Date(now.getTime() - 89 * day) })
      .where(eq(pointNotifications.id, young!));
    await call(t, f.token1, "POST", "/notificacoes/lidas", { ids: [old!, young!] });
    expect(await purgeOldNotifications(t.db, now)).toBe(1);
    const left = await t.db.select({ id: pointNotifications.id }).from(pointNotifications);
    expect(left.map((r) => r.id)).toContain(young);
    expect(left.map((r) => r.id)).not.toContain(old);
    expect(await t.db.select().from(notificationReads).where(eq(notificationReads.notificationId, old!))).toEqual([]);
  });

  it("tells each point paid once per payment (how much, which OS, who), and the point when a payment is undone", async () => {
    const rows = await queryRows<{ id: string; point: string; os: number; appt: string; payout: number }>(
      t.db,
      sql`select id, service_point_id as point, os_number as os, appointment_id as appt, payout::float8 as payout
          from payout_statements where paid = 'N' order by os_number`,
    );
    const ofP1 = rows.filter((r) => r.point === f.p1).slice(0, 2);
    const ofP2 = rows.filter((r) => r.point === f.p2).slice(0, 1);
    // Point 2 gets a PIX key, which the central confirms: else its payouts are held. A person's key (a CPF holder) needs two
    // central users (issue 49): the demo one, then a colleague with permission to pay.
    const pix = await call(t, f.token2, "POST", "/ponto-atendimento/add-dado-bancario", {
      IdPontoAtendimento: f.p2,
      TipoChavePix: "CPF",
      ChavePix: "529.982.247-25",
      NomeTitular: "Paulo",
      DocumentoTitular: "529.982.247-25",
      Selecionado: "S",
    });
    expect(pix.statusCode, pix.body).toBe(200);
    const data = (await call(t, central, "GET", `/central/pontos/${f.p2}/dados-pagamento`)).json().data;
    const first = await call(t, central, "POST", `/central/pontos/${f.p2}/confirmar-dados-pagamento`, { alteradoEm: data.AlteradoEm });
    expect([first.statusCode, first.json().Liberado]).toEqual([200, false]);
    await t.db.insert(centralUsers).values({
      name: "Central Pagadora",
      email: "pagadora.notificacoes@central.test",
      role: "payer",
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const payer = await loginAs(t.app, "pagadora.notificacoes@central.test");
    const seen = (await call(t, payer, "GET", `/central/pontos/${f.p2}/dados-pagamento`)).json().data;
    const second = await call(t, payer, "POST", `/central/pontos/${f.p2}/confirmar-dados-pagamento`, {
      alteradoEm: seen.AlteradoEm,
      primeiraConfirmacaoEm: seen.PrimeiraConfirmacao.DataHora,
    });
    expect([second.statusCode, second.json().Liberado]).toEqual([200, true]);
    const before = await t.db.select().from(pointNotifications);
    const paid = await call(t, central, "POST", "/central/pagamentos/pagar", {
      ids: [...ofP1, ...ofP2].map((r) => r.id),
      dataPagamento: today(),
      referencia: "TED-7",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const written = (await t.db.select().from(pointNotifications)).filter((n) => !before.some((b) => b.id === n.id));
    expect(written.map((n) => [n.servicePointId, n.kind]).sort()).toEqual(
      [
        [f.p1, "pago"],
        [f.p2, "pago"],
      ].sort(),
    );
    const brl = (v: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(v);
    const p1Notice = (await inbox(f.token1)).data[0]!;
    expect(p1Notice).toMatchObject({
      Tipo: "pago",
      Titulo: `Pagamento realizado: ${brl(ofP1[0]!.payout + ofP1[1]!.payout)}`,
      Autor: DEMO_CENTRAL.name,
      Lida: false,
    });
    expect(p1Notice.Conteudo).toBe(
      `2 repasses pagos em ${today().split("-").reverse().join("/")} (OS ${[...new Set(ofP1.map((r) => r.os))].join(", ")}), referência TED-7. Veja o comprovante no Espelho Financeiro.`,
    );
    expect((await inbox(f.token2)).data[0]).toMatchObject({ Tipo: "pago", NumeroOS: ofP2[0]!.os, IdSocioVeiculoAgenda: ofP2[0]!.appt });

    const undo = await call(t, central, "POST", `/central/pagamentos/${ofP2[0]!.id}/desfazer`, { motivo: "Registrado por engano" });
    expect(undo.statusCode).toBe(200);
    expect((await inbox(f.token2)).data[0]).toMatchObject({
      Tipo: "pagamento-desfeito",
      Titulo: `Pagamento desfeito: OS ${ofP2[0]!.os}`,
      NumeroOS: ofP2[0]!.os,
      Autor: DEMO_CENTRAL.name,
      Lida: false,
    });
    // A refused payment writes nothing: the transaction that would have told the point is rolled back.
    const count = (await t.db.select().from(pointNotifications)).length;
    expect(
      (await call(t, central, "POST", "/central/pagamentos/pagar", { ids: [ofP1[0]!.id], dataPagamento: today(), referencia: "TED-9" }))
        .statusCode,
    ).toBe(409);
    expect((await t.db.select().from(pointNotifications)).length).toBe(count);
  });

  it("tells a return registered or changed to the point's other users, not to its author", async () => {
    const [done] = f.pick(f.p1, "done");
    const added = await call(t, f.token1, "POST", "/retorno-servico/adicionar", {
      data: { IdSocioVeiculoAgenda: done!.id, Tipo: "PEÇA", Status: "A", Descricao: "Ruído na suspensão" },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.IdRetornoServico as string;
    const theirs = (await inbox(colleague)).data[0]!;
    expect(theirs).toMatchObject({
      Tipo: "retorno",
      Titulo: `Retorno de serviço registrado: OS ${done!.os}`,
      Conteudo: "PEÇA, aberto: Ruído na suspensão",
      IdSocioVeiculoAgenda: done!.id,
      NumeroOS: done!.os,
      Lida: false,
    });
    const [author] = await queryRows<{ name: string }>(t.db, sql`select name from point_users where email = ${DEMO_USERS.main}`);
    expect(theirs.Autor).toBe(author!.name);
    expect((await inbox(f.token1)).data.some((n) => n.Tipo === "retorno")).toBe(false);
    await call(t, f.token1, "POST", "/retorno-servico/atualizar", {
      idRetornoServico: id,
      data: { Tipo: "PEÇA", Status: "C", Descricao: "Ruído na suspensão", MotivoStatus: "Peça trocada" },
    });
    expect((await inbox(colleague)).data[0]).toMatchObject({
      Titulo: `Retorno de serviço atualizado: OS ${done!.os}`,
      Conteudo: "PEÇA, concluído: Ruído na suspensão",
      Motivo: "Peça trocada",
    });
  });

  it("keeps one VAPID pair for every instance: the first one written wins", async () => {
    const key = (await call(t, f.token1, "GET", "/notificacoes/push/chave")).json().chavePublica as string;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect(await sharedKey(t.db, "vapid", () => ({ publicKey: "outra", privateKey: "outra" }))).toMatchObject({ publicKey: key });
    expect((await call(t, colleague, "GET", "/notificacoes/push/chave")).json().chavePublica).toBe(key);
  });

  it("refuses a subscription to a non-https endpoint or with bad keys (400 pt-BR), and removes only the user's own", async () => {
    const d = device(`${push.origin()}/push/recusa`);
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "nao-e-url",
      "   ",
      // Issue 50: the machine's own name, a trailing dot, another port, a host that only mentions a push service.
      `https://${os.hostname()}:4403/p`,
      "https://localhost.:4403/p",
      "https://fcm.googleapis.com.:443/x",
      "https://fcm.googleapis.com:4403/x",
      "https://push.exemplo.com.br/x",
      "https://fcm.googleapis.com.exemplo.com.br/x",
      "https://user:pw@fcm.googleapis.com/x",
    ]) {
      const res = await call(t, f.token1, "POST", "/notificacoes/push/inscrever", { ...d.body, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/inválido|em branco/);
    }
    for (const keys of [
      { p256dh: d.body.keys.p256dh.slice(1), auth: d.body.keys.auth },
      { p256dh: d.body.keys.p256dh, auth: "curto" },
      { p256dh: "!".repeat(87), auth: d.body.keys.auth },
      // 65 bytes beginning 0x04 but not a point on P-256 (issue 50).
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url"), auth: d.body.keys.auth },
    ]) {
      const res = await call(t, f.token1, "POST", "/notificacoes/push/inscrever", { ...d.body, keys });
      expect([res.statusCode, res.json().message]).toEqual([400, "Chaves da inscrição inválidas."]);
    }
    const long = await call(t, f.token1, "POST", "/notificacoes/push/inscrever", {
      ...d.body,
      endpoint: `https://fcm.googleapis.com/fcm/send/${"x".repeat(1000)}`,
    });
    expect([long.statusCode, long.json().message]).toEqual([400, "O campo endpoint é longo demais."]);
    const ok = await call(t, f.token1, "POST", "/notificacoes/push/inscrever", {
      ...d.body,
      endpoint: "https://fcm.googleapis.com/fcm/send/a",
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, "Notificações ativadas neste aparelho."]);
    await call(t, colleague, "POST", "/notificacoes/push/remover", { endpoint: "https://fcm.googleapis.com/fcm/send/a" });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, "https://fcm.googleapis.com/fcm/send/a")),
    ).toHaveLength(1);
    await call(t, f.token1, "POST", "/notificacoes/push/remover", { endpoint: "https://fcm.googleapis.com/fcm/send/a" });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, "https://fcm.googleapis.com/fcm/send/a")),
    ).toEqual([]);
  });

  it("sends a push only to public addresses: the host's name resolving to loopback or a private network is refused", async () => {
    const lookup = (host: string) =>
      new Promise<unknown>((resolve, reject) =>
        (pushLookup as unknown as (h: string, o: object, cb: (err: Error | null, a?: unknown) => void) => void)(host, {}, (err, a) =>
          err ? reject(err) : resolve(a),
        ),
      );
    // The machine's own name (127.0.1.1 or its private address here) and localhost: no connection is made.
    await expect(lookup(os.hostname())).rejects.toBeInstanceOf(PushAddressError);
    await expect(lookup("localhost")).rejects.toBeInstanceOf(PushAddressError);
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.9", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"])
      expect(publicAddress(address, 4), address).toBe(false);
    for (const address of ["::1", "::", "fe80::1", "fd00:ec2::254", "::ffff:127.0.0.1", "64:ff9b::a00:1", "ff02::1"])
      expect(publicAddress(address, 6), address).toBe(false);
    for (const [address, family] of [
      ["142.250.79.42", 4],
      ["2800:3f0:4001:80e::200a", 6],
    ] as const)
      expect(publicAddress(address, family), address).toBe(true);
  });

  it("ends a device's pushes when its session signs out: the subscription goes with the session", async () => {
    const session = await loginAs(t.app, DEMO_USERS.colleague);
    const endpoint = "https://fcm.googleapis.com/fcm/send/sai";
    const d = device(endpoint);
    expect((await call(t, session, "POST", "/notificacoes/push/inscrever", { ...d.body, endpoint })).statusCode).toBe(200);
    const rows = () => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(await rows()).toHaveLength(1);
    expect((await call(t, session, "POST", "/credenciado/logout")).statusCode).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it("pushes a new notification, encrypted and VAPID-signed, to the point's devices after the commit, without making the request wait", async () => {
    push.received.length = 0;
    const mine = device(`${push.origin()}/push/demo`);
    const theirs = device(`${push.origin()}/push/carlos`);
    const gone = device(`${push.origin()}/push/gone`);
    const slow = device(`${push.origin()}/push/slow`);
    const otherPoint = device(`${push.origin()}/push/outro`);
    for (const [token, d] of [
      [f.token1, mine],
      [colleague, theirs],
      [colleague, gone],
      [f.token1, slow],
      [f.token2, otherPoint],
    ] as const) {
      expect((await call(t, token, "POST", "/notificacoes/push/inscrever", d.body)).statusCode).toBe(200);
    }
    const [target] = await pendingOf(f.p1);
    const started = Date.now();
    const refused = await call(t, central, "POST", `/central/aprovacoes/${target!.id}/recusar`, {
      observacao: "Sem a peça trocada na foto.",
    });
    expect(refused.statusCode).toBe(200);
    // The slow push service holds its answer 3 s: the decision did not wait for it.
    expect(Date.now() - started).toBeLessThan(2500);
    const got = await push.until(4);
    expect(got.map((m) => m.path).sort()).toEqual(["/push/carlos", "/push/demo", "/push/gone", "/push/slow"]);
    const key = (await call(t, f.token1, "GET", "/notificacoes/push/chave")).json().chavePublica as string;
    for (const m of got) {
      expect(m.headers["content-encoding"]).toBe("aes128gcm");
      expect(m.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
      expect(Number(m.headers.ttl)).toBeGreaterThan(0);
    }
    const message = mine.decrypt(got.find((m) => m.path === "/push/demo")!.body);
    expect(message).toEqual({
      title: `Serviço recusado: ${target!.service}`,
      body: `OS ${target!.os}: o serviço foi recusado pela central. Motivo: Sem a peça trocada na foto.`,
      url: `/execucao-os/${target!.appt}`,
      tag: expect.any(String),
    });
    expect(theirs.decrypt(got.find((m) => m.path === "/push/carlos")!.body).title).toBe(message.title);
    // The push service said 410 Gone: that subscription is deleted; the others stay.
    await expect
      .poll(async () => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.body.endpoint))).length)
      .toBe(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.body.endpoint))).toHaveLength(1);

    // A return: the author's devices are not told, the colleague's are.
    push.received.length = 0;
    const [done] = f.pick(f.p1, "done");
    await call(t, f.token1, "POST", "/retorno-servico/adicionar", {
      data: { IdSocioVeiculoAgenda: done!.id, Tipo: "OUTROS", Status: "A", Descricao: "Barulho" },
    });
    const returns = await push.until(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(returns.map((m) => m.path)).toEqual(["/push/carlos"]);
    expect(theirs.decrypt(returns[0]!.body).title).toBe(`Retorno de serviço registrado: OS ${done!.os}`);
  });

  it("answers 401 without a token on every notification route", async () => {
    for (const [method, url] of [
      ["GET", "/notificacoes"],
      ["POST", "/notificacoes/lidas"],
      ["POST", "/notificacoes/lidas/todas"],
      ["GET", "/notificacoes/push/chave"],
      ["POST", "/notificacoes/push/inscrever"],
      ["POST", "/notificacoes/push/remover"],
    ] as const) {
      expect((await call(t, undefined, method, url, {})).statusCode).toBe(401);
    }
  });
});

describe("VAPID configuration", () => {
  it("takes both keys from the environment, or none (then the database's pair); a key in the wrong form stops the server", async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:ti@exemplo.com.br",
    });
    expect([config.vapidKeys, config.vapidSubject]).toEqual([keys, "mailto:ti@exemplo.com.br"]);
    // With the environment's pair the database is not read.
    expect(await vapidKeys(undefined as never, config)).toEqual(keys);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      "Configuração inválida: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma das duas).",
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "curta", VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY="curta" é inválido/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "ti@exemplo.com.br" })).toThrow(/VAPID_SUBJECT=/);
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(loadConfig({}).vapidSubject).toBe("mailto:nao-responda@portal-credenciado.local");
    expect(loadConfig({ PUBLIC_URL: "https://portal.exemplo.com.br/" }).vapidSubject).toBe("https://portal.exemplo.com.br");
    expect(loadConfig({}).pushTestOrigins).toEqual([]);
  });
});
