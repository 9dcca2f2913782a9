// The stored file aggregate (stored_files rows): recording a file, finding one of a point by name or by the resumable upload it
// came from, and its one mapping to the contract's answer (server only).
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { storedFiles } from "../db/schema.ts";
import type { StoredFile } from "../../contract/uploads.ts";

export type StoredFileRow = typeof storedFiles.$inferSelect;
type NewStoredFile = Pick<typeof storedFiles.$inferInsert, "servicePointId" | "storedName" | "originalName" | "mimeType" | "size"> &
  /** What the server verified on arrival and what the phone claimed (issue 39, server/lib/evidence-hash.ts). */
  Partial<
    Pick<
      typeof storedFiles.$inferInsert,
      "sha256" | "sha256Original" | "capturedAt" | "uploadedBy" | "videoPlate" | "videoPlateChecked" | "videoPlateConfirmed"
    >
  >;

/** The stored file as an upload answers it (POST /uploads/upload adds uploadTime). */
export const toStoredFile = (file: StoredFileRow): StoredFile => ({
  success: true,
  message: "Arquivo enviado com sucesso",
  filename: file.storedName,
  file: file.storedName,
  originalName: file.originalName,
  size: file.size,
  mimeType: file.mimeType,
});

/** Records a file already written to storage under its stored name; answers its row. */
export async function insertStoredFile(db: Db, file: NewStoredFile) {
  const [row] = await db.insert(storedFiles).values(file).returning();
  return row!;
}

/** A stored file of this point by its stored name; another point's file is not found. */
/** Any point's stored file by its stored name (the central judges every point's evidence). */
export async function fileByName(db: Db, storedName: string) {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.storedName, storedName)).limit(1);
  return file;
}

export async function pointFileByName(db: Db, storedName: string, servicePointId: string) {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.storedName, storedName), eq(storedFiles.servicePointId, servicePointId)))
    .limit(1);
  return file;
}

/** The stored file a resumable upload became, whatever its point (the one row of that upload, on any instance). */
export async function fileOfUpload(db: Db, uploadId: string) {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.uploadId, uploadId)).limit(1);
  return file;
}

/** The stored file a resumable upload of this point became, if it has. */
export async function pointFileOfUpload(db: Db, uploadId: string, servicePointId: string) {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.uploadId, uploadId), eq(storedFiles.servicePointId, servicePointId)))
    .limit(1);
  return file;
}

/**
 * Records the stored file of a finished resumable upload unless one already is (upload_id is unique): its new row, or
 * undefined when another instance completed the same upload first.
 */
export async function insertUploadFile(db: Db, file: NewStoredFile & { uploadId: string }) {
  const [row] = await db.insert(storedFiles).values(file).onConflictDoNothing({ target: storedFiles.uploadId }).returning();
  return row;
}

/** Forgets a stored file's row (its bytes could not be put in place). */
export async function deleteStoredFile(db: Db, id: string) {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}
