// An order's evidence: photos and videos, notes, laudos and recibos; their reads, writes and one mapping each to the
// contract's shapes (server only).
import { and, asc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { executionNotes, executionPhotos, receipts, reports, storedFiles } from "../db/schema.ts";
import type { Anotacao, Foto, Laudo, NotaFiscal } from "../../contract/evidencias.ts";

type PhotoRow = typeof executionPhotos.$inferSelect;
type NoteRow = typeof executionNotes.$inferSelect;
type ReportRow = typeof reports.$inferSelect;
type ReceiptRow = typeof receipts.$inferSelect;
type ChildTable = PgTable & { id: AnyPgColumn; appointmentId: AnyPgColumn; createdAt: AnyPgColumn };

/** The fields every kind of evidence carries. */
const base = (r: { appointmentId: string; userId: string | null; createdAt: Date }) => ({
  IdSocioVeiculoAgenda: r.appointmentId,
  IdUsuario: r.userId,
  DataLog: r.createdAt.toISOString(),
});

export const toFoto = (r: PhotoRow): Foto => ({ IdSocioVeiculoAgendaExecucaoFoto: r.id, ...base(r), Foto: r.file });

export const toAnotacao = (r: NoteRow): Anotacao => ({
  IdSocioVeiculoAgendaExecucaoAnotacao: r.id,
  ...base(r),
  Anotacao: r.text,
  VisivelSocio: r.visibleToMember,
});

// The contract's clients link NomeArquivo to /uploads/files/, so it is the stored name; our UI shows NomeOriginal.
export const toLaudo = (r: ReportRow): Laudo => ({
  IdSocioVeiculoAgendaLaudo: r.id,
  ...base(r),
  Arquivo: r.file,
  NomeArquivo: r.file,
  NomeOriginal: r.fileName,
  descricao: r.description,
});

export const toNotaFiscal = (r: ReceiptRow): NotaFiscal => ({
  IdSocioVeiculoAgendaNotaFiscal: r.id,
  ...base(r),
  Arquivo: r.file,
  NomeArquivo: r.file,
  NomeOriginal: r.fileName,
  valor: r.amount,
  descricao: r.description,
  tamanho: r.size,
});

/** A child table's rows of one order, oldest first. */
async function childrenOf<T extends ChildTable>(db: Db, table: T, appointmentId: string) {
  const list = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.appointmentId, appointmentId))
    .orderBy(asc(table.createdAt));
  return list as T["$inferSelect"][];
}

const deleteChild = async (db: Db, table: ChildTable, id: string) => {
  await db.delete(table as PgTable).where(eq(table.id, id));
};

/** A file uploaded by this point, by its stored name. */
export async function pointFile(db: Db, pointId: string, storedName: string) {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.storedName, storedName), eq(storedFiles.servicePointId, pointId)));
  return file;
}

export const photosOf = async (db: Db, appointmentId: string) => (await childrenOf(db, executionPhotos, appointmentId)).map(toFoto);
export const deletePhoto = (db: Db, id: string) => deleteChild(db, executionPhotos, id);

/** The order's photo of this file, adding it when it is not there (the upload outbox may repeat the call after a lost answer). */
export async function photoOnce(db: Db, values: { appointmentId: string; userId: string; file: string }) {
  const [same] = await db
    .select()
    .from(executionPhotos)
    .where(and(eq(executionPhotos.appointmentId, values.appointmentId), eq(executionPhotos.file, values.file)));
  return same ?? (await db.insert(executionPhotos).values(values).returning())[0]!;
}

export const notesOf = async (db: Db, appointmentId: string) => (await childrenOf(db, executionNotes, appointmentId)).map(toAnotacao);
export const deleteNote = (db: Db, id: string) => deleteChild(db, executionNotes, id);

/**
 * Adds the note; with the client's id, only once: a repeated call finds the note it added (the outbox may send it twice after
 * a lost answer). Another note under that id (another order's, or another text) is returned as it is, for the route to refuse.
 */
export async function insertNoteOnce(
  db: Db,
  values: { id?: string; appointmentId: string; userId: string; text: string; visibleToMember: boolean; createdAt: Date },
): Promise<{ row: NoteRow; added: boolean }> {
  const [row] = await db.insert(executionNotes).values(values).onConflictDoNothing({ target: executionNotes.id }).returning();
  if (row) return { row, added: true };
  const [same] = await db.select().from(executionNotes).where(eq(executionNotes.id, values.id!));
  return { row: same!, added: false };
}

export const reportsOf = async (db: Db, appointmentId: string) => (await childrenOf(db, reports, appointmentId)).map(toLaudo);
export const deleteReport = (db: Db, id: string) => deleteChild(db, reports, id);

/** The order's laudo of this stored file, adding it when it is not there (a repeated call attaches it once). */
export async function reportOnce(db: Db, values: typeof reports.$inferInsert) {
  const [same] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.appointmentId, values.appointmentId), eq(reports.file, values.file)));
  return same ?? (await db.insert(reports).values(values).returning())[0]!;
}

export const receiptsOf = async (db: Db, appointmentId: string) => (await childrenOf(db, receipts, appointmentId)).map(toNotaFiscal);
export const deleteReceipt = (db: Db, id: string) => deleteChild(db, receipts, id);

/** The order's recibo of this stored file, adding it when it is not there (a repeated call attaches it once). */
export async function receiptOnce(db: Db, values: typeof receipts.$inferInsert) {
  const [same] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.appointmentId, values.appointmentId), eq(receipts.file, values.file)));
  return same ?? (await db.insert(receipts).values(values).returning())[0]!;
}
