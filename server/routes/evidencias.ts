// OS evidence: photos/videos, notes, laudos and recibos (add, list, delete), tied to an appointment of this point; each file
// added is appended to the order's evidence chain in the same transaction (server only).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { Db } from "../db/client.ts";
import { appointments, executionNotes, executionPhotos, receipts, reports } from "../db/schema.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/evidencias.ts";
import { actingUser, lockOwnAppointment, NOT_FOUND, ownAppointment, ownChild } from "../plugins/tenant.ts";
import * as evidence from "../repositories/evidence.ts";
import { appendEvidence } from "../services/evidence-chain.ts";
import type { RouteDeps } from "./deps.ts";

function assertOpen(appt: typeof appointments.$inferSelect) {
  if (appt.status === "E") throw conflict("Esta Ordem de Serviço foi cancelada e não aceita alterações.");
}

/** Why a file of a finished order stays: the member's signed address and verification rely on it (issue 50). */
export const SEALED_EVIDENCE = "Esta Ordem de Serviço foi finalizada: suas evidências ficam como foram seladas e não podem ser removidas.";

export const NOTE_ID_TAKEN = "Este identificador já pertence a outra anotação.";

/** The uploaded file, if this point uploaded it; 404 otherwise. */
async function storedFile(db: Db, request: FastifyRequest, name: string) {
  const file = await evidence.pointFile(db, request.auth.servicePointId, name);
  if (!file) throw notFound(NOT_FOUND.file);
  return file;
}

/** How far back a note's typed time is taken (a note typed offline, sent when the connection returned); older is stamped now. */
export const NOTE_TYPED_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;
/** A device's clock may run a little ahead: a typed time up to this much in the future is taken as now. */
const NOTE_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * When a note was written: the time the device says it was typed (`data`, ISO 8601) when that is within the last 7 days and
 * not ahead of the server's clock (a note typed offline keeps its hour, issue 50), otherwise the server's now.
 */
export function noteTime(data: string | undefined, now: Date): Date {
  if (!data || !/^\d{4}-\d{2}-\d{2}T/.test(data)) return now;
  const typed = new Date(data);
  const age = now.getTime() - typed.getTime();
  if (Number.isNaN(age) || age > NOTE_TYPED_WITHIN_MS || age < -NOTE_CLOCK_SKEW_MS) return now;
  return age < 0 ? now : typed;
}

export async function evidenciasRoutes(plain: FastifyInstance, { db, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /**
   * The order a call adds evidence to: this point's, not cancelled, and the acting attendant. A file is added under the
   * order's lock (`tx` a transaction): its row and its evidence entry are written before another attach of the order numbers its own.
   */
  async function openOrder(tx: Db, request: FastifyRequest, body: { idSocioVeiculoAgenda: string; idPontoAtendimentoUsuario?: string }) {
    const appt = await lockOwnAppointment(tx, request, body.idSocioVeiculoAgenda);
    assertOpen(appt);
    return { appt, userId: await actingUser(tx, request, body.idPontoAtendimentoUsuario) };
  }

  /**
   * Removes a file of the order's evidence only while the order is open: under the order's lock, as the finish that seals the
   * chain takes it, so a removal and a finish never cross (a finished or cancelled order answers 409 and keeps the file).
   */
  async function removeOpenEvidence<T extends Parameters<typeof ownChild>[2]>(
    request: FastifyRequest,
    table: T,
    id: string,
    missing: string,
    remove: (tx: Db, id: string) => Promise<void>,
  ) {
    const { child, appointment } = await ownChild(db, request, table, id, missing);
    await db.transaction(async (tx) => {
      const appt = await lockOwnAppointment(tx, request, appointment.id);
      assertOpen(appt);
      if (appt.status !== "A") throw conflict(SEALED_EVIDENCE);
      await remove(tx, (child as { id: string }).id);
    });
  }

  // ---- Photos and videos
  app.get(C.listPhotos.url, { schema: schemaOf(C.listPhotos) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    return { message: "Registros encontrados", fotos: await evidence.photosOf(db, appt.id) };
  });
  app.post(C.addPhoto.url, { schema: schemaOf(C.addPhoto) }, async (request) => {
    const b = request.body;
    const row = await db.transaction(async (tx) => {
      const { appt, userId } = await openOrder(tx, request, b);
      await storedFile(tx, request, b.foto);
      const photo = await evidence.photoOnce(tx, { appointmentId: appt.id, userId, file: b.foto });
      await appendEvidence(tx, { appointmentId: appt.id, storedName: b.foto, kind: "foto" });
      return photo;
    });
    return { message: "Foto adicionada com sucesso", IdSocioVeiculoAgendaExecucaoFoto: row.id };
  });
  app.post(C.deletePhoto.url, { schema: schemaOf(C.deletePhoto) }, async (request) => {
    await removeOpenEvidence(
      request,
      executionPhotos,
      request.body.idSocioVeiculoAgendaExecucaoFoto,
      "Foto não encontrada.",
      evidence.deletePhoto,
    );
    return { message: "Foto removida com sucesso" };
  });

  // ---- Notes
  app.get(C.listNotes.url, { schema: schemaOf(C.listNotes) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    return { message: "Registros encontrados", anotacoes: await evidence.notesOf(db, appt.id) };
  });
  app.post(C.addNote.url, { schema: schemaOf(C.addNote) }, async (request) => {
    const b = request.body;
    const { appt, userId } = await openOrder(db, request, b);
    const text = b.anotacao.trim();
    const { row, added } = await evidence.insertNoteOnce(db, {
      ...(b.idSocioVeiculoAgendaExecucaoAnotacao ? { id: b.idSocioVeiculoAgendaExecucaoAnotacao } : {}),
      appointmentId: appt.id,
      userId,
      text,
      visibleToMember: b.visivelSocio === true,
      createdAt: noteTime(b.data, clock()),
    });
    // The same call again (the outbox after a lost answer) answers the note it added; an id already naming another note is refused.
    if (!added && (row.appointmentId !== appt.id || row.text !== text)) throw conflict(NOTE_ID_TAKEN);
    return { message: "Anotação adicionada com sucesso", IdSocioVeiculoAgendaExecucaoAnotacao: row.id };
  });
  app.post(C.deleteNote.url, { schema: schemaOf(C.deleteNote) }, async (request) => {
    const id = request.body.idSocioVeiculoAgendaExecucaoAnotacao;
    const { child, appointment } = await ownChild(db, request, executionNotes, id, "Anotação não encontrada.");
    assertOpen(appointment);
    await evidence.deleteNote(db, child.id);
    return { message: "Anotação removida com sucesso" };
  });

  // ---- Laudos
  app.get(C.listReports.url, { schema: schemaOf(C.listReports) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    return { message: "Registros encontrados", laudos: await evidence.reportsOf(db, appt.id) };
  });
  app.post(C.addReport.url, { schema: schemaOf(C.addReport) }, async (request) => {
    const b = request.body;
    // Our client sends the stored name as laudo and the name to show as nomeArquivo; the original client, the stored name as nomeArquivo.
    const stored = b.laudo || b.nomeArquivo;
    const row = await db.transaction(async (tx) => {
      const { appt, userId } = await openOrder(tx, request, b);
      const file = await storedFile(tx, request, stored);
      const fileName = b.laudo ? b.nomeArquivo.trim() : file.originalName;
      const report = await evidence.reportOnce(tx, {
        appointmentId: appt.id,
        userId,
        file: stored,
        fileName,
        description: b.descricao?.trim() || null,
      });
      await appendEvidence(tx, { appointmentId: appt.id, storedName: stored, kind: "laudo" });
      return report;
    });
    return { message: "Laudo adicionado com sucesso", laudo: row.id };
  });
  app.post(C.deleteReport.url, { schema: schemaOf(C.deleteReport) }, async (request) => {
    await removeOpenEvidence(request, reports, request.body.idSocioVeiculoAgendaLaudo, "Laudo não encontrado.", evidence.deleteReport);
    return { message: "Laudo removido com sucesso" };
  });

  // ---- Recibos (the contract's notas fiscais)
  app.get(C.listReceipts.url, { schema: schemaOf(C.listReceipts) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    return { message: "Registros encontrados", notas: await evidence.receiptsOf(db, appt.id) };
  });
  app.post(C.addReceipt.url, { schema: schemaOf(C.addReceipt) }, async (request) => {
    const b = request.body;
    const row = await db.transaction(async (tx) => {
      const { appt, userId } = await openOrder(tx, request, b);
      const file = await storedFile(tx, request, b.notaFiscal);
      const fileName = b.nomeArquivo && b.nomeArquivo !== b.notaFiscal ? b.nomeArquivo.trim() : file.originalName;
      const receipt = await evidence.receiptOnce(tx, {
        appointmentId: appt.id,
        userId,
        file: b.notaFiscal,
        fileName,
        amount: b.valor ?? null,
        description: b.descricao?.trim() || null,
        size: file.size,
      });
      await appendEvidence(tx, { appointmentId: appt.id, storedName: b.notaFiscal, kind: "recibo" });
      return receipt;
    });
    return { message: "Recibo adicionado com sucesso", notaFiscal: row.id };
  });
  app.post(C.deleteReceipt.url, { schema: schemaOf(C.deleteReceipt) }, async (request) => {
    await removeOpenEvidence(
      request,
      receipts,
      request.body.idSocioVeiculoAgendaNotaFiscal,
      "Recibo não encontrado.",
      evidence.deleteReceipt,
    );
    return { message: "Recibo removido com sucesso" };
  });
}
