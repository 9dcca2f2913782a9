// OS evidence: photos/videos, notes, laudos and recibos (add, list, delete), tied to an appointment of this point (server only).
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { appointments, executionNotes, executionPhotos, receipts, reports, storedFiles } from "../db/schema.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { MAX, nonBlank, nullableNumber, nullableText, params, text, uuid, uuidFields } from "../../contract/fields.ts";
import { route } from "../../contract/route.ts";
import { actingUser, NOT_FOUND, ownAppointment, ownChild } from "../plugins/tenant.ts";
import type { RouteDeps, TypedApp } from "./deps.ts";

type Appointment = typeof appointments.$inferSelect;
type ChildTable = PgTable & { id: AnyPgColumn; appointmentId: AnyPgColumn; createdAt: AnyPgColumn };

function assertOpen(appt: Appointment) {
  if (appt.status === "E") throw conflict("Esta Ordem de Serviço foi cancelada e não aceita alterações.");
}

/** The uploaded file, if this point uploaded it; 404 otherwise. */
async function storedFile(db: Db, request: FastifyRequest, name: string) {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.storedName, name), eq(storedFiles.servicePointId, request.auth.servicePointId)));
  if (!file) throw notFound(NOT_FOUND.file);
  return file;
}

interface Kind<T extends ChildTable> {
  table: T;
  list: string;
  listKey: string;
  remove: string;
  idField: string;
  removed: string;
  missing: string;
  shape: (row: T["$inferSelect"]) => Record<string, unknown>;
}

/** GET list and POST delete are the same for every kind of evidence; only names and row shape differ. */
function listAndDelete<T extends ChildTable>(app: TypedApp, db: Db, k: Kind<T>) {
  app.get(`/agendamentos/${k.list}/:id`, { schema: route({ params: params("id") }) }, async (request) => {
    const appt = await ownAppointment(db, request, request.params.id);
    const list = await db
      .select()
      .from(k.table as PgTable)
      .where(eq(k.table.appointmentId, appt.id))
      .orderBy(asc(k.table.createdAt));
    return { message: "Registros encontrados", [k.listKey]: (list as T["$inferSelect"][]).map(k.shape) };
  });
  app.post(`/agendamentos/${k.remove}`, { schema: route({ body: uuidFields(k.idField) }) }, async (request) => {
    const { child, appointment } = await ownChild(db, request, k.table, request.body[k.idField], k.missing);
    assertOpen(appointment);
    await db.delete(k.table as PgTable).where(eq(k.table.id, (child as { id: string }).id));
    return { message: k.removed };
  });
}

export async function evidenciasRoutes(plain: FastifyInstance, { db }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const base = (r: { id: string; appointmentId: string; userId: string | null; createdAt: Date }) => ({
    IdSocioVeiculoAgenda: r.appointmentId,
    IdUsuario: r.userId,
    DataLog: r.createdAt.toISOString(),
  });

  listAndDelete(app, db, {
    table: executionPhotos,
    list: "get-fotos",
    listKey: "fotos",
    remove: "deletar-foto",
    idField: "idSocioVeiculoAgendaExecucaoFoto",
    removed: "Foto removida com sucesso",
    missing: "Foto não encontrada.",
    shape: (r) => ({ IdSocioVeiculoAgendaExecucaoFoto: r.id, ...base(r), Foto: r.file }),
  });
  listAndDelete(app, db, {
    table: executionNotes,
    list: "get-anotacoes",
    listKey: "anotacoes",
    remove: "deletar-anotacao",
    idField: "idSocioVeiculoAgendaExecucaoAnotacao",
    removed: "Anotação removida com sucesso",
    missing: "Anotação não encontrada.",
    shape: (r) => ({ IdSocioVeiculoAgendaExecucaoAnotacao: r.id, ...base(r), Anotacao: r.text }),
  });
  // The contract's clients link NomeArquivo to /uploads/files/, so it is the stored name; our UI shows NomeOriginal.
  listAndDelete(app, db, {
    table: reports,
    list: "get-laudos",
    listKey: "laudos",
    remove: "deletar-laudo",
    idField: "idSocioVeiculoAgendaLaudo",
    removed: "Laudo removido com sucesso",
    missing: "Laudo não encontrado.",
    shape: (r) => ({
      IdSocioVeiculoAgendaLaudo: r.id,
      ...base(r),
      Arquivo: r.file,
      NomeArquivo: r.file,
      NomeOriginal: r.fileName,
      descricao: r.description,
    }),
  });
  listAndDelete(app, db, {
    table: receipts,
    list: "get-notas-fiscais",
    listKey: "notas",
    remove: "deletar-nota-fiscal",
    idField: "idSocioVeiculoAgendaNotaFiscal",
    removed: "Recibo removido com sucesso",
    missing: "Recibo não encontrado.",
    shape: (r) => ({
      IdSocioVeiculoAgendaNotaFiscal: r.id,
      ...base(r),
      Arquivo: r.file,
      NomeArquivo: r.file,
      NomeOriginal: r.fileName,
      valor: r.amount,
      descricao: r.description,
      tamanho: r.size,
    }),
  });

  app.post(
    "/agendamentos/adicionar-foto",
    {
      schema: route({
        body: Type.Object({ idSocioVeiculoAgenda: uuid, idPontoAtendimentoUsuario: Type.Optional(uuid), foto: nonBlank(MAX.file) }),
      }),
    },
    async (request) => {
      const b = request.body;
      const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
      assertOpen(appt);
      const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
      await storedFile(db, request, b.foto);
      // The upload outbox may repeat this call after a lost answer: the same file is attached once.
      const [same] = await db
        .select()
        .from(executionPhotos)
        .where(and(eq(executionPhotos.appointmentId, appt.id), eq(executionPhotos.file, b.foto)));
      const row = same ?? (await db.insert(executionPhotos).values({ appointmentId: appt.id, userId, file: b.foto }).returning())[0];
      return { message: "Foto adicionada com sucesso", IdSocioVeiculoAgendaExecucaoFoto: row.id };
    },
  );

  app.post(
    "/agendamentos/adicionar-anotacao",
    {
      schema: route({
        body: Type.Object({
          idSocioVeiculoAgenda: uuid,
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          anotacao: nonBlank(MAX.note),
          data: Type.Optional(text(MAX.date)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
      assertOpen(appt);
      const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
      const [row] = await db.insert(executionNotes).values({ appointmentId: appt.id, userId, text: b.anotacao.trim() }).returning();
      return { message: "Anotação adicionada com sucesso", IdSocioVeiculoAgendaExecucaoAnotacao: row.id };
    },
  );

  app.post(
    "/agendamentos/adicionar-laudo",
    {
      schema: route({
        body: Type.Object({
          idSocioVeiculoAgenda: uuid,
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          laudo: Type.Optional(nullableText(MAX.file)),
          nomeArquivo: nonBlank(MAX.file),
          data: Type.Optional(text(MAX.date)),
          descricao: Type.Optional(nullableText(MAX.reason)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
      assertOpen(appt);
      const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
      const stored = b.laudo || b.nomeArquivo;
      const file = await storedFile(db, request, stored);
      const fileName = b.laudo ? b.nomeArquivo.trim() : file.originalName;
      const [same] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.appointmentId, appt.id), eq(reports.file, stored)));
      const row =
        same ??
        (
          await db
            .insert(reports)
            .values({
              appointmentId: appt.id,
              userId,
              file: stored,
              fileName,
              description: b.descricao?.trim() || null,
            })
            .returning()
        )[0];
      return { message: "Laudo adicionado com sucesso", laudo: row.id };
    },
  );

  app.post(
    "/agendamentos/adicionar-nota-fiscal",
    {
      schema: route({
        body: Type.Object({
          idSocioVeiculoAgenda: uuid,
          idPontoAtendimentoUsuario: Type.Optional(uuid),
          notaFiscal: nonBlank(MAX.file),
          nomeArquivo: Type.Optional(text(MAX.file)),
          data: Type.Optional(text(MAX.date)),
          valor: Type.Optional(nullableNumber(0, 10_000_000)),
          descricao: Type.Optional(nullableText(MAX.reason)),
        }),
      }),
    },
    async (request) => {
      const b = request.body;
      const appt = await ownAppointment(db, request, b.idSocioVeiculoAgenda);
      assertOpen(appt);
      const userId = await actingUser(db, request, b.idPontoAtendimentoUsuario);
      const file = await storedFile(db, request, b.notaFiscal);
      const fileName = b.nomeArquivo && b.nomeArquivo !== b.notaFiscal ? b.nomeArquivo.trim() : file.originalName;
      const [same] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.appointmentId, appt.id), eq(receipts.file, b.notaFiscal)));
      const row =
        same ??
        (
          await db
            .insert(receipts)
            .values({
              appointmentId: appt.id,
              userId,
              file: b.notaFiscal,
              fileName,
              amount: b.valor ?? null,
              description: b.descricao?.trim() || null,
              size: file.size,
            })
            .returning()
        )[0];
      return { message: "Recibo adicionado com sucesso", notaFiscal: row.id };
    },
  );
}
