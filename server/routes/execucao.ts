// OS lifecycle: start (needs the initial video), initial/final video (each file chained as evidence), finish (no pending
// service, final video, payout rows, the evidence chain sealed) (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { confirmedStart } from "../lib/confirmed-start.ts";
import { badRequest, conflict } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/execucao.ts";
import { actingUser, assertOwnFiles, lockOwnAppointment } from "../plugins/tenant.ts";
import { assertPending } from "../repositories/appointments.ts";
import * as executions from "../repositories/executions.ts";
import { lockVehicle, orderLinks } from "../repositories/linked-services.ts";
import { appendEvidence, evidenceKeys, sealEvidence } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

const VIDEO_LOCKED = "Esta OS não aceita mais alterações de vídeo.";

export async function execucaoRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * Both video routes: the appointment must be open and the file this point's own upload. Under the order's lock, so the
   * video and its evidence entry land together; a replaced video is a new entry (the chain keeps every one sent).
   */
  async function setVideo(request: FastifyRequest, appointmentId: string, file: string, column: "initialVideo" | "finalVideo") {
    await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, appointmentId);
      if (appt.status !== "A") throw conflict(VIDEO_LOCKED);
      await assertOwnFiles(tx, request, [file]);
      if (!(await executions.setVideoWhileOpen(tx, appt.id, column, file))) throw conflict(VIDEO_LOCKED);
      await appendEvidence(tx, {
        appointmentId: appt.id,
        storedName: file,
        kind: column === "initialVideo" ? "video-inicial" : "video-final",
      });
    });
    return { message: "Vídeo atualizado com sucesso" };
  }
  app.post(C.setInitialVideo.url, { schema: schemaOf(C.setInitialVideo) }, (request) =>
    setVideo(request, request.body.idSocioVeiculoAgenda, request.body.videoInicial, "initialVideo"),
  );
  app.post(C.setFinalVideo.url, { schema: schemaOf(C.setFinalVideo) }, (request) =>
    setVideo(request, request.body.idSocioVeiculoAgenda, request.body.videoFinal, "finalVideo"),
  );

  app.post(C.startOrder.url, { schema: schemaOf(C.startOrder) }, async (request) => {
    const b = request.body;
    // Under the order's lock: a cancel or a reschedule of it waits, so a cancelled order is never started.
    await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
      const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
      const existing = await executions.executionOf(tx, appt.id);
      // Idempotent: the outbox may replay a start that already landed, even after the OS was finished; the first start time stays.
      if (existing && appt.status !== "E") return;
      await assertPending(tx, appt, "iniciados");
      if (!appt.initialVideo) throw badRequest("Envie o vídeo inicial do veículo antes de iniciar a Ordem de Serviço.");
      const startedAt = confirmedStart(b.data, b.hora, appt.date, clock());
      await executions.insertExecution(tx, { appointmentId: appt.id, startedBy: userId, startedAt });
    });
    return { message: "Execução iniciada com sucesso" };
  });

  app.post(C.finishOrder.url, { schema: schemaOf(C.finishOrder) }, async (request) => {
    const b = request.body;
    // The signing key before the transaction (made once, on the first finish of all, outside the order's lock).
    const keys = await evidenceKeys(db);
    // Every check and write under the order's lock: a link, an unlink or a second finish of this order waits for it, so
    // the services seen here are the ones paid out, once.
    await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, b.idSocioVeiculoAgenda);
      const userId = await actingUser(tx, request, b.idPontoAtendimentoUsuario);
      if (appt.status === "C") return;
      if (appt.status !== "A") throw conflict("Uma OS cancelada não pode ser finalizada.");
      const exec = await executions.executionOf(tx, appt.id);
      if (!exec) throw conflict("Inicie a Ordem de Serviço antes de finalizá-la.");
      if (!appt.finalVideo) throw badRequest("Envie o vídeo final do veículo antes de finalizar a Ordem de Serviço.");
      const linked = await orderLinks(tx, appt.id);
      const pending = linked.filter((l) => l.es.approvalStatus === "P");
      if (pending.length) {
        throw conflict(`Existem serviços pendentes de aprovação: ${pending.map((p) => p.service.description).join(", ")}.`);
      }
      const now = clock();
      // The vehicle too, after the order (the link's order of locks): the warranty this finish starts and a link of the
      // same service on another order of the vehicle are decided one after the other.
      const vehicle = await lockVehicle(tx, appt.vehicleId);
      await executions.concludeOrder(tx, appt, {
        exec,
        vehicle,
        userId,
        now,
        responsavel: b.responsavel,
        observacao: b.observacao,
        km: b.km,
        approved: linked.filter((l) => l.es.approvalStatus === "A"),
      });
      // The evidence as it stands when the order ends, signed with the server's key.
      await sealEvidence(tx, appt.id, keys, now);
    });
    return { message: "Execução finalizada com sucesso" };
  });
}
