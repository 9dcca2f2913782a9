// What one service point may hold in unfinished resumable uploads (server only): how many and how many declared bytes.
// A row of pending_uploads per upload, written at creation under the point's row lock and removed when the upload becomes a
// stored file, is refused, is terminated or expires; rows older than the expiry are never counted.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pendingUploads } from "../db/schema.ts";
import { RESUMABLE_EXPIRY_MS } from "../storage/storage.ts";
import { lockPoints, rows } from "../db/rows.ts";

export interface PendingLimits {
  maxCount: number;
  maxBytes: number;
}

/** Seconds a refused client is told to wait (it backs off on its own too: workers/outbox/process.ts). */
export const QUOTA_RETRY_AFTER_S = 30;

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** "4 GB", "1,5 GB", "500 MB". */
export const sizeLabel = (bytes: number) =>
  bytes >= GB ? `${(bytes / GB).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} GB` : `${Math.round(bytes / MB)} MB`;

export const QUOTA_MESSAGES = {
  /** 429: the point holds its limit of unfinished uploads; the outbox keeps the file and tries again by itself. */
  full: (limits: PendingLimits) =>
    `Há muitos envios em andamento neste ponto (no máximo ${limits.maxCount} ${limits.maxCount === 1 ? "arquivo" : "arquivos"} ou ` +
    `${sizeLabel(limits.maxBytes)} por vez). Este arquivo continua salvo no aparelho e será enviado automaticamente quando os ` +
    "outros envios terminarem.",
  /** 413: one file larger than everything the point may hold pending would never fit, however long it waited. */
  tooLarge: (limits: PendingLimits) =>
    `Arquivo grande demais: o total de envios em andamento de um ponto é limitado a ${sizeLabel(limits.maxBytes)}.`,
  /** 400: Upload-Defer-Length (size told later) is refused, so every pending upload counts its real declared size. */
  deferred: "Informe o tamanho do arquivo (Upload-Length) ao iniciar o envio: envios sem tamanho declarado não são aceitos.",
} as const;

/** An unfinished upload still counts while younger than the expiry; older ones are the sweep's to delete. */
const live = () => sql`${pendingUploads.createdAt} > now() - ${RESUMABLE_EXPIRY_MS} * interval '1 millisecond'`;

/**
 * Records a new unfinished upload of the point if its limits allow it: true when recorded, false when the point already
 * holds `maxCount` uploads or the declared bytes would pass `maxBytes`. The point's row is locked first, so parallel
 * creations of one point (on any instance) are counted one after the other.
 */
export async function reservePendingUpload(
  db: Db,
  limits: PendingLimits,
  upload: { id: string; servicePointId: string; size: number },
): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockPoints(tx, [upload.servicePointId]);
    const [held] = await rows<{ count: number; bytes: string | number }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(${pendingUploads.size}), 0)::bigint as bytes from ${pendingUploads}
          where ${pendingUploads.servicePointId} = ${upload.servicePointId} and ${live()}`,
    );
    if (held!.count >= limits.maxCount || Number(held!.bytes) + upload.size > limits.maxBytes) return false;
    await tx
      .insert(pendingUploads)
      .values({ uploadId: upload.id, servicePointId: upload.servicePointId, size: upload.size })
      .onConflictDoNothing({ target: pendingUploads.uploadId });
    return true;
  });
}

/** The upload no longer holds a place: stored, refused, terminated, or never created. */
export async function releasePendingUpload(db: Db, uploadId: string, servicePointId?: string) {
  await db
    .delete(pendingUploads)
    .where(
      servicePointId
        ? and(eq(pendingUploads.uploadId, uploadId), eq(pendingUploads.servicePointId, servicePointId))
        : eq(pendingUploads.uploadId, uploadId),
    );
}

/** Rows of uploads past the expiry (deleted from the store by the same sweep, or lost with a crashed request); answers how many. */
export async function purgeExpiredPendingUploads(db: Db): Promise<number> {
  const gone = await rows<{ upload_id: string }>(
    db,
    sql`delete from ${pendingUploads} where not (${live()}) returning ${pendingUploads.uploadId} as upload_id`,
  );
  return gone.length;
}
