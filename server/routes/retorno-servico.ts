// /retorno-servico: service returns (warranty claims) on concluded OS of this point: list, create, update, delete, eligible OS (server only).
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type, type Static } from "typebox";
import type { Db } from "../db/client.ts";
import { payoutStatements, serviceReturns } from "../db/schema.ts";
import { rows } from "../lib/db-rows.ts";
import { badRequest, notFound } from "../lib/http-errors.ts";
import { idText, MAX, nullableText, params } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { assertOwnFiles, assertOwnPoint, ownAppointment, ownChild } from "../plugins/tenant.ts";
import type { RouteDeps } from "./deps.ts";

const STATUS: Record<string, string> = {
  A: "A",
  ABERTO: "A",
  PENDENTE: "A",
  P: "P",
  "EM CHAMADO": "P",
  C: "C",
  CONCLUIDO: "C",
  CONCLUÍDO: "C",
};
const KINDS: Record<string, string> = {
  PECA: "PEÇA",
  PEÇA: "PEÇA",
  "MAO DE OBRA": "MÃO DE OBRA",
  "MÃO DE OBRA": "MÃO DE OBRA",
  ATENDIMENTO: "ATENDIMENTO",
  OUTROS: "OUTROS",
};

/** Comma-separated file names or an array of them (the contract's clients send both). */
const fileList = Type.Unsafe<string | string[] | null>({
  type: ["string", "array", "null"],
  maxLength: MAX.list,
  maxItems: 100,
  items: { type: "string", maxLength: MAX.file },
});
const returnData = Type.Object({
  IdSocioVeiculoAgenda: Type.Optional(nullableText(MAX.param)),
  IdRetornoServico: Type.Optional(nullableText(MAX.param)),
  Tipo: Type.Optional(nullableText(40)),
  Status: Type.Optional(nullableText(40)),
  Descricao: Type.Optional(nullableText(MAX.description)),
  MotivoStatus: Type.Optional(nullableText(MAX.description)),
  Fotos: Type.Optional(fileList),
  Videos: Type.Optional(fileList),
});
type ReturnData = Static<typeof returnData>;
const returnBody = Type.Object({ idRetornoServico: Type.Optional(idText), data: Type.Optional(returnData) });
const filesBody = Type.Object({
  IdRetornoServico: Type.Optional(idText),
  idRetornoServico: Type.Optional(idText),
  fotos: Type.Optional(fileList),
  videos: Type.Optional(fileList),
});
/** Photos, and videos, a return may list (csv keeps at most this many of a list sent at once). */
const MAX_FILES = 20;

const csv = (v: string | string[] | null | undefined): string[] => {
  if (v === undefined || v === null || v === "") return [];
  const list = Array.isArray(v) ? v : v.split(",");
  return list
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, MAX_FILES);
};

async function returnInput(db: Db, request: FastifyRequest, d: ReturnData | undefined, requireAppointment: boolean) {
  if (!d) throw badRequest("Envie os dados do retorno em data.");
  const str = (k: "IdSocioVeiculoAgenda" | "Tipo" | "Status" | "Descricao" | "MotivoStatus") => (d[k] ?? "").trim();
  if (requireAppointment && !str("IdSocioVeiculoAgenda")) throw badRequest("Agendamento é obrigatório");
  const kind = KINDS[str("Tipo").toUpperCase()];
  if (!str("Tipo")) throw badRequest("Tipo do Retorno é obrigatório");
  if (!kind) throw badRequest("Tipo do Retorno inválido.");
  if (!str("Status")) throw badRequest("Status é obrigatório");
  const status = STATUS[str("Status").toUpperCase()];
  if (!status) throw badRequest("Status inválido.");
  const description = str("Descricao");
  if (!description) throw badRequest("Descrição é obrigatória");
  const photos = csv(d.Fotos);
  const videos = csv(d.Videos);
  await assertOwnFiles(db, request, [...photos, ...videos]);
  const reason = str("MotivoStatus");
  return {
    kind,
    status,
    description,
    photos: photos.join(",") || null,
    videos: videos.join(",") || null,
    statusReason: reason ? reason.slice(0, 1000) : null,
    appointmentId: str("IdSocioVeiculoAgenda"),
  };
}

const byPoint = route({ params: params("idPontoAtendimento") });

export async function retornoServicoRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get("/retorno-servico/lista/:idPontoAtendimento", { schema: byPoint }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const data = await rows(
      db,
      sql`
      select r.id as "IdRetornoServico", r.kind as "Tipo", r.description as "Descricao", r.videos as "Videos", r.photos as "Fotos",
        r.appointment_id as "IdSocioVeiculoAgenda", r.vehicle_id as "IdSocioVeiculo", r.motivation_id as "IdServico",
        r.statement_id as "IdFinanceiroEspelho", r.status as "Status", r.status_reason as "MotivoStatus", r.created_at as "DataLog",
        v.plate as "PlacaVeiculo", coalesce(mo.description, s.description) as "NomeServico", m.name as "NomeSocio",
        a.os_number as "NumeroOS", to_char(a.date, 'YYYY-MM-DD') || 'T00:00:00.000Z' as "DataAgendamento"
      from service_returns r join appointments a on a.id = r.appointment_id join vehicles v on v.id = r.vehicle_id
        join members m on m.id = v.member_id left join motivations mo on mo.id = r.motivation_id left join services s on s.id = a.service_id
      where a.service_point_id = ${request.auth.servicePointId}
      order by r.created_at desc`,
    );
    return { success: true, data };
  });

  app.get("/retorno-servico/agendamentos-disponiveis/:idPontoAtendimento", { schema: byPoint }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    const data = await rows(
      db,
      sql`
      select distinct on (a.date, a.id) a.id as "IdSocioVeiculoAgenda", a.vehicle_id as "IdSocioVeiculo", a.motivation_id as "IdMotivacao",
        a.os_number as "NumeroOS", to_char(a.date, 'YYYY-MM-DD') || 'T00:00:00.000Z' as "DataAgendamento",
        a.service_value::float8 as "ValorServico", v.plate as "Placa",
        coalesce(mo.description, f.service_name) as "NomeServico", m.name as "SocioNome", f.payout::float8 as "ValorRepasse",
        f.id as "IdFinanceiroEspelho"
      from appointments a join payout_statements f on f.appointment_id = a.id join vehicles v on v.id = a.vehicle_id
        join members m on m.id = v.member_id left join motivations mo on mo.id = a.motivation_id
      where a.service_point_id = ${request.auth.servicePointId} and a.status = 'C'
      order by a.date desc, a.id, f.os_number`,
    );
    return { success: true, data };
  });

  app.post("/retorno-servico/adicionar", { schema: route({ body: returnBody }) }, async (request) => {
    const v = await returnInput(db, request, request.body.data, true);
    const appt = await ownAppointment(db, request, v.appointmentId);
    if (appt.status !== "C") throw badRequest("O retorno de serviço só pode ser aberto para uma OS concluída.");
    const [statement] = await db
      .select({ id: payoutStatements.id })
      .from(payoutStatements)
      .where(eq(payoutStatements.appointmentId, appt.id))
      .orderBy(asc(payoutStatements.osNumber))
      .limit(1);
    const [created] = await db
      .insert(serviceReturns)
      .values({
        appointmentId: appt.id,
        vehicleId: appt.vehicleId,
        motivationId: appt.motivationId,
        statementId: statement?.id ?? null,
        kind: v.kind,
        description: v.description,
        photos: v.photos,
        videos: v.videos,
        status: v.status,
        statusReason: v.statusReason,
      })
      .returning();
    return { success: true, message: "Retorno de serviço criado com sucesso", data: { IdRetornoServico: created.id } };
  });

  app.post("/retorno-servico/atualizar", { schema: route({ body: returnBody }) }, async (request) => {
    const b = request.body;
    const id = b.idRetornoServico ?? b.data?.IdRetornoServico;
    const owned = await ownChild(db, request, serviceReturns, id, "Retorno de serviço não encontrado.");
    const v = await returnInput(db, request, b.data, false);
    await db
      .update(serviceReturns)
      .set({
        kind: v.kind,
        description: v.description,
        photos: v.photos,
        videos: v.videos,
        status: v.status,
        statusReason: v.statusReason,
      })
      .where(eq(serviceReturns.id, owned.child.id));
    return { success: true, message: "Retorno de serviço atualizado com sucesso" };
  });

  // Adds stored files to a return (api-contract.md §10). The client's outbox calls it once a photo or video is stored, with the
  // return's id, so it ADDS the names and skips any already listed: a replay after a lost answer changes nothing, and files sent
  // one by one never overwrite each other. The row is locked while its lists are merged, so two tabs adding at once both land.
  app.post("/retorno-servico/atualizar-arquivos", { schema: route({ body: filesBody }) }, async (request) => {
    const b = request.body;
    const owned = await ownChild(
      db,
      request,
      serviceReturns,
      b.IdRetornoServico ?? b.idRetornoServico,
      "Retorno de serviço não encontrado.",
    );
    const photos = csv(b.fotos);
    const videos = csv(b.videos);
    if (photos.length + videos.length === 0) throw badRequest("Envie as fotos ou os vídeos do retorno.");
    await assertOwnFiles(db, request, [...photos, ...videos]);
    const merged = (current: string | null, added: string[]) => [...new Set([...csv(current), ...added])];
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photos: serviceReturns.photos, videos: serviceReturns.videos })
        .from(serviceReturns)
        .where(eq(serviceReturns.id, owned.child.id))
        .for("update");
      if (!row) throw notFound("Retorno de serviço não encontrado.");
      const next = { photos: merged(row.photos, photos), videos: merged(row.videos, videos) };
      if (next.photos.length > MAX_FILES || next.videos.length > MAX_FILES) {
        throw badRequest(`Um retorno de serviço aceita até ${MAX_FILES} fotos e ${MAX_FILES} vídeos.`);
      }
      await tx
        .update(serviceReturns)
        .set({ photos: next.photos.join(",") || null, videos: next.videos.join(",") || null })
        .where(eq(serviceReturns.id, owned.child.id));
    });
    return { success: true, message: "Arquivos do retorno de serviço atualizados com sucesso" };
  });

  app.post("/retorno-servico/deletar", { schema: route({ body: returnBody }) }, async (request) => {
    const owned = await ownChild(db, request, serviceReturns, request.body.idRetornoServico, "Retorno de serviço não encontrado.");
    await db.delete(serviceReturns).where(eq(serviceReturns.id, owned.child.id));
    return { success: true, message: "Retorno de serviço excluído com sucesso" };
  });
}
