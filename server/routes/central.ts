// The Central console's API (/central/...): the program's staff approve or reject extra services across every point, with
// each action recorded (who, when, what, the value before). Only central users' tokens (server only).
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { RouteDeps } from "./deps.ts";
import {
  appointments,
  centralActions,
  centralSessions,
  centralUsers,
  executionNotes,
  executionPhotos,
  executionServices,
  pointNotifications,
  payoutStatements,
  pointUsers,
  servicePoints,
  services,
  storedFiles,
  vehicles,
} from "../db/schema.ts";
import { sendStoredFile, STORED_NAME } from "./uploads.ts";
import { route } from "../../contract/route.ts";
import { HttpError } from "../lib/http-errors.ts";
import { isUuid, lockPoints, rows } from "../lib/db-rows.ts";
import { brasiliaToday, parseDay, parsePeriod } from "../lib/dates.ts";
import { PIX_KEY_TYPE_LABELS } from "../../src/domain/bank-data.ts";
import { addDays, brasiliaInstant, isoToBr, wallClock } from "../../src/domain/dates.ts";
import { currentPayees, holdReasonSql, holdText, type HoldReason, type Payee } from "../services/payout-hold.ts";
import { centralActor, fieldChanges, labelled, recordAudit, type FieldSpec } from "../services/audit.ts";
import { SESSION_COOKIE } from "../plugins/auth.ts";

const ISO_DATE = "^\\d{4}-\\d{2}-\\d{2}$";
const ApprovalsQuery = Type.Object({
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: 36 })),
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 36 }) });
const RejectBody = Type.Object({ observacao: Type.Optional(Type.Unknown()) });

const PaymentsQuery = Type.Object({
  idPontoAtendimento: Type.Optional(Type.String({ maxLength: 36 })),
  dataInicio: Type.Optional(Type.String({ pattern: ISO_DATE })),
  dataFim: Type.Optional(Type.String({ pattern: ISO_DATE })),
  status: Type.Optional(Type.Union([Type.Literal("PENDENTE"), Type.Literal("PAGO")])),
});
const PayBody = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 36 }), { minItems: 1, maxItems: 1000 }),
  dataPagamento: Type.String({ pattern: ISO_DATE }),
});
const ConfirmPayeeBody = Type.Object({ alteradoEm: Type.String({ maxLength: 40 }) });

/** The payee as the confirmation records it (the central sees it whole; the record keeps accounts and keys masked). */
const PAYEE_FIELDS: FieldSpec<Payee>[] = [
  { key: "RazaoSocial", label: "Razão social" },
  { key: "Cnpj", label: "CNPJ" },
  { key: "TipoChavePix", label: "Tipo de chave PIX", text: labelled(PIX_KEY_TYPE_LABELS) },
  { key: "ChavePix", label: "Chave PIX", sensitive: true },
  { key: "Banco", label: "Banco" },
  { key: "NumeroAgencia", label: "Agência" },
  { key: "NumeroConta", label: "Conta", sensitive: true },
  { key: "NomeTitular", label: "Titular" },
  { key: "DocumentoTitular", label: "Documento do titular", sensitive: true },
];

export const CENTRAL_MESSAGES = {
  notFound: "Serviço não encontrado.",
  notPending: "Este serviço não está aguardando aprovação.",
  noteRequired: "Informe o motivo da recusa.",
  noteTooLong: "O motivo da recusa pode ter no máximo 1000 caracteres.",
  approved: "Serviço aprovado.",
  rejected: "Serviço recusado.",
  paid: "Pagamento registrado.",
  alreadyPaid: "Um ou mais repasses selecionados já foram pagos. Atualize a lista e selecione de novo.",
  payoutNotFound: "Repasse não encontrado.",
  undone: "Pagamento desfeito.",
  notPaid: "Este repasse não está pago.",
  undoExpired: "O pagamento só pode ser desfeito no mesmo dia em que foi registrado.",
  futureDate: "A data do pagamento não pode ser futura.",
  pointNotFound: "Ponto de atendimento não encontrado.",
  beforeExecution: (os: number, executed: string) => `A data do pagamento não pode ser anterior à execução da OS ${os} (${executed}).`,
  held: (points: string[]) =>
    `Repasses retidos de ${points.join(", ")}: confirme os dados de pagamento do ponto antes de pagar (veja o motivo na lista).`,
  noBankData: "O ponto não tem dados bancários selecionados: não há o que confirmar.",
  nothingToConfirm: "Não há alteração de dados de pagamento a confirmar neste ponto.",
  changedSince: "Os dados de pagamento do ponto mudaram desde que você os abriu. Confira os dados de novo antes de confirmar.",
  payeeConfirmed: "Dados de pagamento confirmados.",
} as const;

/** The date (YYYY-MM-DD) of an instant on Brasília's wall clock. */
const dayOf = (instant: Date) => wallClock(instant).date;

export async function centralRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const today = () => brasiliaToday(clock).date;
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get("/central/me", { schema: route({}) }, async (request) => {
    const [user] = await db
      .select({ id: centralUsers.id, name: centralUsers.name, email: centralUsers.email })
      .from(centralUsers)
      .where(eq(centralUsers.id, request.central.userId));
    return { data: { Id: user!.id, Nome: user!.name, Email: user!.email, Perfil: "central" } };
  });

  app.post("/central/logout", { schema: route({ body: Type.Unknown() }) }, async (request, reply) => {
    await db.delete(centralSessions).where(eq(centralSessions.id, request.central.sessionId));
    reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0`);
    return { message: "Sessão encerrada." };
  });

  app.get("/central/aprovacoes", { schema: route({ querystring: ApprovalsQuery }) }, async (request) => {
    const { idPontoAtendimento } = request.query;
    // Real calendar dates (2026-02-31 is refused, not rolled over to March).
    const { from: dataInicio, to: dataFim } = parsePeriod(request.query);
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento)) return { data: [] };
    const rows = await db
      .select({ es: executionServices, s: services, a: appointments, p: servicePoints, v: vehicles, u: pointUsers })
      .from(executionServices)
      .innerJoin(services, eq(services.id, executionServices.serviceId))
      .innerJoin(appointments, eq(appointments.id, executionServices.appointmentId))
      .innerJoin(servicePoints, eq(servicePoints.id, appointments.servicePointId))
      .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
      .leftJoin(pointUsers, eq(pointUsers.id, executionServices.userId))
      .where(
        and(
          eq(executionServices.approvalStatus, "P"),
          idPontoAtendimento ? eq(appointments.servicePointId, idPontoAtendimento) : undefined,
          dataInicio ? gte(executionServices.createdAt, brasiliaInstant(dataInicio, "00:00")) : undefined,
          dataFim ? lt(executionServices.createdAt, brasiliaInstant(addDays(dataFim, 1), "00:00")) : undefined,
        ),
      )
      .orderBy(asc(executionServices.createdAt))
      .limit(500);
    const ids = [...new Set(rows.map((r) => r.a.id))];
    const photos = ids.length
      ? await db.select().from(executionPhotos).where(inArray(executionPhotos.appointmentId, ids)).orderBy(executionPhotos.createdAt)
      : [];
    const notes = ids.length
      ? await db.select().from(executionNotes).where(inArray(executionNotes.appointmentId, ids)).orderBy(executionNotes.createdAt)
      : [];
    return {
      data: rows.map(({ es, s, a, p, v, u }) => ({
        IdSocioVeiculoAgendaExecucaoServico: es.id,
        IdSocioVeiculoAgenda: a.id,
        IdPontoAtendimento: p.id,
        NomeFantasia: p.tradeName,
        NumeroOS: a.osNumber,
        DataAgendamento: a.date,
        Placa: v.plate,
        Veiculo: `${v.brand} ${v.model}${v.year ? ` ${v.year}` : ""}`,
        // Named as the point's screens name it: description and vehicle type.
        Servico: `${s.description} - ${s.vehicleType}`,
        Valor: es.extraValue ?? s.price,
        ObservacoesCredenciado: es.pointNote,
        Atendente: u?.name ?? null,
        DataSolicitacao: es.createdAt.toISOString(),
        VideoInicial: a.initialVideo,
        Fotos: photos.filter((f) => f.appointmentId === a.id).map((f) => f.file),
        Anotacoes: notes.filter((n) => n.appointmentId === a.id).map((n) => n.text),
      })),
    };
  });

  /** One decision on a pending service: only 'P' changes (atomically, so two central users cannot both decide it). */
  async function decide(serviceLinkId: string, userId: string, to: "A" | "R", note: string | null) {
    if (!isUuid(serviceLinkId)) throw new HttpError(404, CENTRAL_MESSAGES.notFound);
    return db.transaction(async (tx) => {
      const [changed] = await tx
        .update(executionServices)
        .set({ approvalStatus: to, ...(to === "R" ? { officeNote: note } : {}) })
        .where(and(eq(executionServices.id, serviceLinkId), eq(executionServices.approvalStatus, "P")))
        .returning();
      if (!changed) {
        const [exists] = await tx
          .select({ id: executionServices.id })
          .from(executionServices)
          .where(eq(executionServices.id, serviceLinkId));
        throw new HttpError(exists ? 409 : 404, exists ? CENTRAL_MESSAGES.notPending : CENTRAL_MESSAGES.notFound);
      }
      await tx.insert(centralActions).values({
        userId,
        entity: "execution_service",
        entityId: serviceLinkId,
        action: to === "A" ? "aprovar" : "recusar",
        previous: "P",
        next: to,
        note,
      });
      const [info] = await tx
        .select({
          point: appointments.servicePointId,
          os: appointments.osNumber,
          service: sql<string>`${services.description} || ' - ' || ${services.vehicleType}`,
        })
        .from(appointments)
        .innerJoin(services, eq(services.id, changed.serviceId))
        .where(eq(appointments.id, changed.appointmentId));
      // The attendant is told wherever they are in the app (the point's notifications), not only on the OS screen.
      await tx.insert(pointNotifications).values({
        servicePointId: info!.point,
        source: "central",
        title: to === "A" ? `Serviço aprovado: ${info!.service}` : `Serviço recusado: ${info!.service}`,
        body: to === "A" ? `OS ${info!.os}: o serviço foi aprovado pela central.` : `OS ${info!.os}: ${note}`,
      });
      return changed;
    });
  }

  app.post("/central/aprovacoes/:id/aprovar", { schema: route({ params: IdParams, body: Type.Unknown() }) }, async (request) => {
    await decide(request.params.id, request.central.userId, "A", null);
    return { success: true, message: CENTRAL_MESSAGES.approved };
  });

  app.post("/central/aprovacoes/:id/recusar", { schema: route({ params: IdParams, body: RejectBody }) }, async (request) => {
    const raw = request.body.observacao;
    const note = typeof raw === "string" ? raw.trim() : "";
    if (!note) throw new HttpError(400, CENTRAL_MESSAGES.noteRequired);
    if (note.length > 1000) throw new HttpError(400, CENTRAL_MESSAGES.noteTooLong);
    await decide(request.params.id, request.central.userId, "R", note);
    return { success: true, message: CENTRAL_MESSAGES.rejected };
  });

  app.get("/central/pagamentos", { schema: route({ querystring: PaymentsQuery }) }, async (request) => {
    const { idPontoAtendimento, status } = request.query;
    const { from: dataInicio, to: dataFim } = parsePeriod(request.query);
    if (idPontoAtendimento !== undefined && !isUuid(idPontoAtendimento))
      return { data: [], totais: { quantidade: 0, total: 0, pendente: 0, pago: 0, retido: 0 } };
    const now = clock();
    const data = await rows<Record<string, unknown> & { ValorRepasse: number; PagamentoFeito: string }>(
      db,
      sql`
      select f.id as "IdFinanceiroEspelho", f.service_point_id as "IdPontoAtendimento", p.trade_name as "NomeFantasia",
        f.corporate_name as "RazaoSocial", f.cnpj as "Cnpj", f.os_number as "NumeroOS", f.plate as "Placa",
        f.service_name as "NomeServico", to_char(f.appointment_date, 'YYYY-MM-DD') as "DataAgendamento",
        f.payout::float8 as "ValorRepasse", f.paid as "PagamentoFeito",
        to_char(f.paid_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "DataPagamento",
        (f.paid = 'S' and exists (select 1 from central_actions c where c.entity = 'payout' and c.entity_id = f.id
          and c.action = 'pagar'
          and (c.at at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date)) as "PodeDesfazer",
        b.bank as "Banco", b.agency as "Agencia", b.account as "Conta", b.account_type as "TipoConta",
        b.pix_key_type as "TipoChavePix", b.pix_key as "ChavePix", b.holder_name as "NomeTitular", b.holder_document as "DocumentoTitular",
        to_char(f.executed_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "DataExecucao",
        case when f.paid = 'S' then null else ${holdReasonSql(sql`p`, now)} end as "MotivoRetencao",
        p.payment_data_changed_at as "DadosPagamentoAlteradosEm",
        f.paid_to as "PagoPara"
      from payout_statements f
      join service_points p on p.id = f.service_point_id
      left join bank_accounts b on b.service_point_id = f.service_point_id and b.selected = 'S'
      where ${idPontoAtendimento ? sql`f.service_point_id = ${idPontoAtendimento}` : sql`true`}
        and ${dataInicio ? sql`f.appointment_date >= ${dataInicio}` : sql`true`}
        and ${dataFim ? sql`f.appointment_date <= ${dataFim}` : sql`true`}
        and ${status ? sql`f.paid = ${status === "PAGO" ? "S" : "N"}` : sql`true`}
      order by f.appointment_date, f.os_number, f.id
      limit 2000`,
    );
    const sum = (list: typeof data) => Math.round(list.reduce((n, r) => n + Number(r.ValorRepasse), 0) * 100) / 100;
    const shaped = data.map((r) => ({
      ...r,
      // Held back: not payable until the point has bank data, or the central confirmed data changed in the last 7 days.
      Retido: r.MotivoRetencao !== null,
      MotivoRetencao: holdText(r.MotivoRetencao as HoldReason, r.DadosPagamentoAlteradosEm as Date | string | null),
      DadosPagamentoAlteradosEm: r.DadosPagamentoAlteradosEm ? new Date(String(r.DadosPagamentoAlteradosEm)).toISOString() : null,
    }));
    return {
      data: shaped,
      totais: {
        quantidade: data.length,
        total: sum(data),
        pendente: sum(data.filter((r) => r.PagamentoFeito !== "S")),
        pago: sum(data.filter((r) => r.PagamentoFeito === "S")),
        retido: sum(shaped.filter((r) => r.Retido)),
      },
    };
  });

  app.post("/central/pagamentos/pagar", { schema: route({ body: PayBody }) }, async (request) => {
    const { ids } = request.body;
    const dataPagamento = parseDay(request.body.dataPagamento, "dataPagamento");
    if (dataPagamento > today()) throw new HttpError(400, CENTRAL_MESSAGES.futureDate);
    const unique = [...new Set(ids)];
    if (!unique.every(isUuid)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    await db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: payoutStatements.id,
          point: payoutStatements.servicePointId,
          executed: sql<string | null>`to_char(${payoutStatements.executedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`,
          os: payoutStatements.osNumber,
        })
        .from(payoutStatements)
        .where(inArray(payoutStatements.id, unique));
      if (found.length !== unique.length) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      const late = found.find((f) => f.executed && dataPagamento < f.executed);
      if (late) throw new HttpError(400, CENTRAL_MESSAGES.beforeExecution(late.os, isoToBr(late.executed!)));
      // The points' rows first: a change of their bank data waits for this payment (or this payment for it), so the
      // hold below and the payee recorded are the data the money goes to.
      const points = [...new Set(found.map((f) => f.point))];
      await lockPoints(tx, points);
      const held = await rows<{ id: string; name: string; reason: HoldReason }>(
        tx,
        sql`select p.id, p.trade_name as name, ${holdReasonSql(sql`p`, clock())} as reason from service_points p where p.id in ${points}`,
      );
      const blocked = held.filter((h) => h.reason !== null);
      if (blocked.length) throw new HttpError(409, CENTRAL_MESSAGES.held(blocked.map((b) => b.name)));
      const payees = await currentPayees(tx, points);
      // All or nothing, and only rows still pending: two central users paying the same rows cannot both succeed.
      const paid = await tx
        .update(payoutStatements)
        .set({
          paid: "S",
          paidAt: new Date(`${dataPagamento}T12:00:00-03:00`),
          paidTo: sql`(case ${sql.join(
            points.map((id) => sql`when ${payoutStatements.servicePointId} = ${id} then ${JSON.stringify(payees.get(id))}::jsonb`),
            sql` `,
          )} end)`,
          bankAccountId: sql`(case ${sql.join(
            points.map((id) => sql`when ${payoutStatements.servicePointId} = ${id} then ${payees.get(id)?.IdDadoBancario ?? null}::uuid`),
            sql` `,
          )} end)`,
        })
        .where(and(inArray(payoutStatements.id, unique), eq(payoutStatements.paid, "N")))
        .returning({ id: payoutStatements.id });
      if (paid.length !== unique.length) throw new HttpError(409, CENTRAL_MESSAGES.alreadyPaid);
      await tx.insert(centralActions).values(
        unique.map((id) => ({
          userId: request.central.userId,
          entity: "payout",
          entityId: id,
          action: "pagar",
          previous: "N",
          next: "S",
          note: dataPagamento,
        })),
      );
    });
    return { success: true, message: CENTRAL_MESSAGES.paid, quantidade: unique.length };
  });

  /** What the point's payouts go to now, and whether they are held: what the central checks before confirming. */
  app.get("/central/pontos/:id/dados-pagamento", { schema: route({ params: IdParams }) }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const [point] = await rows<{ changed: Date | null; confirmed: Date | null; reason: HoldReason }>(
      db,
      sql`select p.payment_data_changed_at as changed, p.payment_data_confirmed_at as confirmed,
        ${holdReasonSql(sql`p`, clock())} as reason from service_points p where p.id = ${id}`,
    );
    if (!point) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const payee = (await currentPayees(db, [id])).get(id)!;
    const iso = (d: Date | string | null) => (d ? new Date(String(d)).toISOString() : null);
    return {
      data: {
        ...payee,
        Retido: point.reason !== null,
        MotivoRetencao: holdText(point.reason, point.changed),
        AlteradoEm: iso(point.changed),
        ConfirmadoEm: iso(point.confirmed),
      },
    };
  });

  /**
   * The central confirms the point's new payment data, as it saw it: `alteradoEm` is the change the user looked at, and the
   * confirmation holds only if no other change came since (else 409: look again). Recorded with the data confirmed.
   */
  app.post(
    "/central/pontos/:id/confirmar-dados-pagamento",
    { schema: route({ params: IdParams, body: ConfirmPayeeBody }) },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
      const actor = await centralActor(db, request);
      await db.transaction(async (tx) => {
        await lockPoints(tx, [id]);
        const [point] = await tx.select().from(servicePoints).where(eq(servicePoints.id, id));
        if (!point) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
        const payee = (await currentPayees(tx, [id])).get(id)!;
        if (!payee.IdDadoBancario) throw new HttpError(409, CENTRAL_MESSAGES.noBankData);
        const changed = point.paymentDataChangedAt;
        if (!changed || (point.paymentDataConfirmedAt && point.paymentDataConfirmedAt >= changed))
          throw new HttpError(409, CENTRAL_MESSAGES.nothingToConfirm);
        if (changed.toISOString() !== request.body.alteradoEm) throw new HttpError(409, CENTRAL_MESSAGES.changedSince);
        const at = clock();
        await tx.update(servicePoints).set({ paymentDataConfirmedAt: at }).where(eq(servicePoints.id, id));
        await recordAudit(tx, {
          at,
          servicePointId: id,
          actor,
          entity: "dados_pagamento",
          entityId: id,
          action: "confirmar",
          summary: "Dados de pagamento conferidos e confirmados pela central: os repasses voltam a poder ser pagos.",
          changes: fieldChanges(PAYEE_FIELDS, null, payee),
        });
      });
      return { success: true, message: CENTRAL_MESSAGES.payeeConfirmed };
    },
  );

  app.post("/central/pagamentos/:id/desfazer", { schema: route({ params: IdParams, body: Type.Unknown() }) }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payoutStatements).where(eq(payoutStatements.id, id));
      if (!row) throw new HttpError(404, CENTRAL_MESSAGES.payoutNotFound);
      if (row.paid !== "S") throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      const [last] = await tx
        .select()
        .from(centralActions)
        .where(and(eq(centralActions.entity, "payout"), eq(centralActions.entityId, id), eq(centralActions.action, "pagar")))
        .orderBy(desc(centralActions.at), desc(centralActions.id))
        .limit(1);
      if (!last || dayOf(last.at) !== today()) throw new HttpError(409, CENTRAL_MESSAGES.undoExpired);
      const [undone] = await tx
        .update(payoutStatements)
        .set({ paid: "N", paidAt: null })
        .where(and(eq(payoutStatements.id, id), eq(payoutStatements.paid, "S")))
        .returning({ id: payoutStatements.id });
      if (!undone) throw new HttpError(409, CENTRAL_MESSAGES.notPaid);
      await tx.insert(centralActions).values({
        userId: request.central.userId,
        entity: "payout",
        entityId: id,
        action: "desfazer-pagamento",
        previous: "S",
        next: "N",
        note: row.paidAt ? dayOf(row.paidAt) : null,
      });
    });
    return { success: true, message: CENTRAL_MESSAGES.undone };
  });

  app.get("/central/pontos", { schema: route({}) }, async () => {
    const month = today().slice(0, 7);
    const data = await rows<Record<string, unknown>>(
      db,
      sql`
      select p.id as "IdPontoAtendimento", p.trade_name as "NomeFantasia", p.corporate_name as "RazaoSocial", p.cnpj as "Cnpj",
        p.city as "Cidade", p.uf as "Uf",
        (select round(avg(r.score)::numeric, 2)::float8 from ratings r join appointments a on a.id = r.appointment_id
          where a.service_point_id = p.id) as "MediaAvaliacao",
        (select count(*)::int from ratings r join appointments a on a.id = r.appointment_id where a.service_point_id = p.id)
          as "QuantidadeAvaliacoes",
        (select count(*)::int from service_returns sr join appointments a on a.id = sr.appointment_id
          where a.service_point_id = p.id and sr.status <> 'C') as "RetornosAbertos",
        (select count(*)::int from appointments a where a.service_point_id = p.id and a.status <> 'E' and to_char(a.date, 'YYYY-MM') = ${month})
          as "OrdensNoMes",
        (select max(x.at) from (
          select max(a.created_at) as at from appointments a where a.service_point_id = p.id
          union all select max(e.started_at) from executions e join appointments a on a.id = e.appointment_id where a.service_point_id = p.id
          union all select max(e.finished_at) from executions e join appointments a on a.id = e.appointment_id where a.service_point_id = p.id
        ) x) as "UltimaAtividade"
      from service_points p
      order by p.trade_name`,
    );
    return {
      data: data.map((r) => ({ ...r, UltimaAtividade: r.UltimaAtividade ? new Date(String(r.UltimaAtividade)).toISOString() : null })),
    };
  });

  app.get("/central/pontos/:id", { schema: route({ params: IdParams }) }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    const [p] = await db.select().from(servicePoints).where(eq(servicePoints.id, id));
    if (!p) throw new HttpError(404, CENTRAL_MESSAGES.pointNotFound);
    return {
      data: {
        IdPontoAtendimento: p.id,
        NomeFantasia: p.tradeName,
        RazaoSocial: p.corporateName,
        Cnpj: p.cnpj,
        InscricaoEstadual: p.stateRegistration,
        Matricula: p.registrationNumber,
        QuantidadeElevadores: p.lifts,
        Cep: p.cep,
        Endereco: p.address,
        Complemento: p.complement,
        Bairro: p.district,
        Cidade: p.city,
        Uf: p.uf,
      },
    };
  });

  app.get("/central/historico/:id", { schema: route({ params: IdParams }) }, async (request) => {
    const { id } = request.params;
    if (!isUuid(id)) return { data: [] };
    const rows = await db
      .select({ act: centralActions, name: centralUsers.name })
      .from(centralActions)
      .innerJoin(centralUsers, eq(centralUsers.id, centralActions.userId))
      .where(eq(centralActions.entityId, id))
      .orderBy(desc(centralActions.at), desc(centralActions.id));
    return {
      data: rows.map(({ act, name }) => ({
        Acao: act.action,
        Usuario: name,
        DataHora: act.at.toISOString(),
        ValorAnterior: act.previous,
        ValorNovo: act.next,
        Observacao: act.note,
      })),
    };
  });
}

/** An order's evidence for the central staff, any point's (they judge every point's services); the session cookie is accepted for img/video tags. */
export async function centralFileRoutes(plain: FastifyInstance, { db, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/central/arquivos/:name",
    { schema: { params: Type.Object({ name: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const { name } = request.params;
      const [file] = STORED_NAME.test(name) ? await db.select().from(storedFiles).where(eq(storedFiles.storedName, name)).limit(1) : [];
      if (!file) return reply.code(404).send({ success: false, message: "Arquivo não encontrado." });
      return sendStoredFile(request, reply, storage, file);
    },
  );
}
