// /retorno-servico: service returns (warranty claims) on concluded OS of this point: list, create, update, delete, eligible OS (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Db } from "../db/client.ts";
import { serviceReturns } from "../db/schema.ts";
import { badRequest, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/retorno-servico.ts";
import { assertOwnFiles, assertOwnPoint, ownAppointment, ownChild } from "../plugins/tenant.ts";
import * as returns from "../repositories/service-returns.ts";
import { notifyReturn } from "../repositories/notifications.ts";
import { pushAfterCommit } from "../services/push.ts";
import type { RouteDeps } from "./deps.ts";

/** The body's Status and Tipo spellings -> the stored ones. */
const STATUS: Record<string, (typeof C.STATUS_RETORNO)[number]> = {
  A: "A",
  ABERTO: "A",
  PENDENTE: "A",
  P: "P",
  "EM CHAMADO": "P",
  C: "C",
  CONCLUIDO: "C",
  CONCLUÍDO: "C",
};
const KINDS: Record<string, (typeof C.TIPOS_RETORNO)[number]> = {
  PECA: "PEÇA",
  PEÇA: "PEÇA",
  "MAO DE OBRA": "MÃO DE OBRA",
  "MÃO DE OBRA": "MÃO DE OBRA",
  ATENDIMENTO: "ATENDIMENTO",
  OUTROS: "OUTROS",
};

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

async function returnInput(db: Db, request: FastifyRequest, d: C.ReturnData | undefined, requireAppointment: boolean) {
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

export async function retornoServicoRoutes(plain: FastifyInstance, { db, config }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(C.listReturns.url, { schema: schemaOf(C.listReturns) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return { success: true as const, data: await returns.pointReturns(db, request.auth.servicePointId) };
  });

  app.get(C.listReturnableAppointments.url, { schema: schemaOf(C.listReturnableAppointments) }, async (request) => {
    assertOwnPoint(request, request.params.idPontoAtendimento);
    return { success: true as const, data: await returns.returnableAppointments(db, request.auth.servicePointId) };
  });

  app.post(C.addReturn.url, { schema: schemaOf(C.addReturn) }, async (request) => {
    const { appointmentId, ...v } = await returnInput(db, request, request.body.data, true);
    const appt = await ownAppointment(db, request, appointmentId);
    if (appt.status !== "C") throw badRequest("O retorno de serviço só pode ser aberto para uma OS concluída.");
    const statementId = await returns.firstStatementId(db, appt.id);
    // The point's other users are told in the same transaction, their devices by push once it committed.
    const { created, told } = await db.transaction(async (tx) => {
      const created = await returns.insertReturn(tx, {
        appointmentId: appt.id,
        vehicleId: appt.vehicleId,
        motivationId: appt.motivationId,
        statementId,
        ...v,
      });
      return { created, told: await notifyReturn(tx, request.auth, appt.id, "registrado", v) };
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true as const, message: "Retorno de serviço criado com sucesso", data: { IdRetornoServico: created.id } };
  });

  app.post(C.updateReturn.url, { schema: schemaOf(C.updateReturn) }, async (request) => {
    const b = request.body;
    const id = b.idRetornoServico ?? b.data?.IdRetornoServico;
    const owned = await ownChild(db, request, serviceReturns, id, "Retorno de serviço não encontrado.");
    const { appointmentId: _kept, ...v } = await returnInput(db, request, b.data, false);
    const told = await db.transaction(async (tx) => {
      await returns.updateReturn(tx, owned.child.id, v);
      return notifyReturn(tx, request.auth, owned.child.appointmentId, "atualizado", v);
    });
    pushAfterCommit({ db, config, log: request.log }, told);
    return { success: true as const, message: "Retorno de serviço atualizado com sucesso" };
  });

  // Adds stored files to a return (api-contract.md §10). The client's outbox calls it once a photo or video is stored, with the
  // return's id, so it ADDS the names and skips any already listed: a replay after a lost answer changes nothing, and files sent
  // one by one never overwrite each other. The row is locked while its lists are merged, so two tabs adding at once both land.
  app.post(C.addReturnFiles.url, { schema: schemaOf(C.addReturnFiles) }, async (request) => {
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
      const row = await returns.lockReturnFiles(tx, owned.child.id);
      if (!row) throw notFound("Retorno de serviço não encontrado.");
      const next = { photos: merged(row.photos, photos), videos: merged(row.videos, videos) };
      if (next.photos.length > MAX_FILES || next.videos.length > MAX_FILES) {
        throw badRequest(`Um retorno de serviço aceita até ${MAX_FILES} fotos e ${MAX_FILES} vídeos.`);
      }
      await returns.setReturnFiles(tx, owned.child.id, {
        photos: next.photos.join(",") || null,
        videos: next.videos.join(",") || null,
      });
    });
    return { success: true as const, message: "Arquivos do retorno de serviço atualizados com sucesso" };
  });

  app.post(C.deleteReturn.url, { schema: schemaOf(C.deleteReturn) }, async (request) => {
    const owned = await ownChild(db, request, serviceReturns, request.body.idRetornoServico, "Retorno de serviço não encontrado.");
    await returns.deleteReturn(db, owned.child.id);
    return { success: true as const, message: "Retorno de serviço excluído com sucesso" };
  });
}
