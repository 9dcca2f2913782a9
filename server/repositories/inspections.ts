// The inspection aggregate (issue 53): the program's checklists, an order's inspections with their items, damage marks and
// photos, and the one mapping to the contract's shape (server only). The rules live in server/routes/vistorias.ts.
import { and, asc, count, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  appointments,
  inspectionChecklistItems,
  inspectionItems,
  inspectionMarks,
  inspectionPhotos,
  inspections,
  pointUsers,
  storedFiles,
  vehicles,
} from "../db/schema.ts";
import type { InspectionView } from "../../contract/vistorias.ts";
import type { ChecklistType, FuelLevel, InspectionKind, ItemStatus, OutlineView } from "../../src/domain/inspection.ts";

export type InspectionRow = typeof inspections.$inferSelect;

/** A checklist's active items, in the central's order. */
export async function checklistItems(db: Db, checklist: ChecklistType) {
  return db
    .select({ key: inspectionChecklistItems.itemKey, label: inspectionChecklistItems.label })
    .from(inspectionChecklistItems)
    .where(and(eq(inspectionChecklistItems.checklist, checklist), eq(inspectionChecklistItems.active, true)))
    .orderBy(asc(inspectionChecklistItems.position), asc(inspectionChecklistItems.itemKey));
}

/** The vehicle type of the order's vehicle (as the program records it). */
export async function vehicleTypeOf(db: Db, appointmentId: string) {
  const [row] = await db
    .select({ type: vehicles.vehicleType })
    .from(appointments)
    .innerJoin(vehicles, eq(vehicles.id, appointments.vehicleId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row?.type ?? null;
}

/**
 * The order's inspection of this kind, begun if it is not (insert … on conflict do nothing, then read back): two phones
 * beginning it at once get the same row. Locked for the caller's transaction.
 */
export async function beginInspection(
  tx: Db,
  values: { appointmentId: string; kind: InspectionKind; checklist: ChecklistType; createdBy: string },
): Promise<InspectionRow> {
  await tx
    .insert(inspections)
    .values(values)
    .onConflictDoNothing({ target: [inspections.appointmentId, inspections.kind] });
  return (await inspectionRowOf(tx, values.appointmentId, values.kind))!;
}

/** The item as it stands, if it was written. */
export async function itemOf(tx: Db, inspectionId: string, key: string) {
  const [row] = await tx
    .select()
    .from(inspectionItems)
    .where(and(eq(inspectionItems.inspectionId, inspectionId), eq(inspectionItems.itemKey, key)))
    .limit(1);
  return row;
}

export async function freeItemCount(tx: Db, inspectionId: string, prefix: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(inspectionItems)
    .where(and(eq(inspectionItems.inspectionId, inspectionId), sql`starts_with(${inspectionItems.itemKey}, ${prefix})`));
  return row?.n ?? 0;
}

/** Writes an item: its label on the first write; status and note only when given (undefined leaves them as they are). */
export async function upsertItem(
  tx: Db,
  input: { inspectionId: string; key: string; label: string; status?: ItemStatus | null; note?: string; now: Date },
) {
  const set: Partial<typeof inspectionItems.$inferInsert> = { updatedAt: input.now };
  if (input.status !== undefined) set.status = input.status;
  if (input.note !== undefined) set.note = input.note;
  await tx
    .insert(inspectionItems)
    .values({
      inspectionId: input.inspectionId,
      itemKey: input.key,
      label: input.label,
      status: input.status ?? null,
      note: input.note ?? "",
      updatedAt: input.now,
    })
    .onConflictDoUpdate({ target: [inspectionItems.inspectionId, inspectionItems.itemKey], set });
}

export async function markOf(tx: Db, markId: string) {
  const [row] = await tx.select().from(inspectionMarks).where(eq(inspectionMarks.id, markId)).limit(1);
  return row;
}

export async function markCount(tx: Db, inspectionId: string) {
  const [row] = await tx.select({ n: count() }).from(inspectionMarks).where(eq(inspectionMarks.inspectionId, inspectionId));
  return row?.n ?? 0;
}

/**
 * A new mark numbered after the inspection's last (the caller holds the inspection's row lock, so two marks sent at once
 * are numbered one after the other; the unique index stands behind it).
 */
export async function insertMark(
  tx: Db,
  input: { id: string; inspectionId: string; view: OutlineView; x: number; y: number; note: string },
): Promise<number> {
  const [last] = await tx
    .select({ n: max(inspectionMarks.number) })
    .from(inspectionMarks)
    .where(eq(inspectionMarks.inspectionId, input.inspectionId));
  const number = (last?.n ?? 0) + 1;
  await tx.insert(inspectionMarks).values({ ...input, number });
  return number;
}

export async function updateMark(tx: Db, id: string, values: { view: OutlineView; x: number; y: number; note?: string }) {
  await tx
    .update(inspectionMarks)
    .set({ view: values.view, x: values.x, y: values.y, ...(values.note !== undefined ? { note: values.note } : {}) })
    .where(eq(inspectionMarks.id, id));
}

/** Takes a mark and its photos' attachments off (the files stay in the evidence chain: it keeps every file sent). */
export async function deleteMark(tx: Db, inspectionId: string, markId: string) {
  await tx.delete(inspectionPhotos).where(and(eq(inspectionPhotos.inspectionId, inspectionId), eq(inspectionPhotos.markId, markId)));
  await tx.delete(inspectionMarks).where(and(eq(inspectionMarks.inspectionId, inspectionId), eq(inspectionMarks.id, markId)));
}

/** How many photos an item or a mark has. */
export async function photoCount(tx: Db, inspectionId: string, target: { itemKey: string } | { markId: string }) {
  const [row] = await tx
    .select({ n: count() })
    .from(inspectionPhotos)
    .where(
      and(
        eq(inspectionPhotos.inspectionId, inspectionId),
        "itemKey" in target ? eq(inspectionPhotos.itemKey, target.itemKey) : eq(inspectionPhotos.markId, target.markId),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the file is attached to the inspection already. */
export async function isAttached(tx: Db, inspectionId: string, storedFileId: string) {
  const [row] = await tx
    .select({ id: inspectionPhotos.storedFileId })
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.inspectionId, inspectionId), eq(inspectionPhotos.storedFileId, storedFileId)))
    .limit(1);
  return Boolean(row);
}

/** Attaches a stored file to an item or a mark once (the same file again adds nothing). Answers whether it was added. */
export async function attachPhoto(
  tx: Db,
  input: { inspectionId: string; storedFileId: string; itemKey?: string; markId?: string },
): Promise<boolean> {
  const rows = await tx
    .insert(inspectionPhotos)
    .values({
      inspectionId: input.inspectionId,
      storedFileId: input.storedFileId,
      itemKey: input.itemKey ?? null,
      markId: input.markId ?? null,
    })
    .onConflictDoNothing({ target: [inspectionPhotos.inspectionId, inspectionPhotos.storedFileId] })
    .returning({ id: inspectionPhotos.storedFileId });
  return rows.length > 0;
}

export async function setDashboardPhoto(tx: Db, inspectionId: string, storedName: string) {
  await tx.update(inspections).set({ dashboardPhoto: storedName }).where(eq(inspections.id, inspectionId));
}

export async function setOdometer(
  tx: Db,
  inspectionId: string,
  values: { km?: number | null; kmRead?: number | null; fuel?: FuelLevel | null },
) {
  const set: Partial<typeof inspections.$inferInsert> = {};
  if (values.km !== undefined) set.km = values.km;
  if (values.kmRead !== undefined) set.kmRead = values.kmRead;
  if (values.fuel !== undefined) set.fuel = values.fuel;
  if (Object.keys(set).length) await tx.update(inspections).set(set).where(eq(inspections.id, inspectionId));
}

/** Concludes an open inspection (a conditional update: a second conclusion changes nothing). Answers whether it did. */
export async function markConcluded(tx: Db, inspectionId: string, values: { by: string; at: Date; contentFileId: string }) {
  const rows = await tx
    .update(inspections)
    .set({ completedBy: values.by, completedAt: values.at, contentFileId: values.contentFileId })
    .where(and(eq(inspections.id, inspectionId), isNull(inspections.completedAt)))
    .returning({ id: inspections.id });
  return rows.length > 0;
}

/** The order's inspections as the contract shows them (items by the checklist's order, then free items; marks by number). */
export async function inspectionsOf(db: Db, appointmentId: string): Promise<InspectionView[]> {
  const rows = await db
    .select({ inspection: inspections, completedByName: pointUsers.name })
    .from(inspections)
    .leftJoin(pointUsers, eq(pointUsers.id, inspections.completedBy))
    .where(eq(inspections.appointmentId, appointmentId));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.inspection.id);
  const [items, marks, photos, positions] = await Promise.all([
    db.select().from(inspectionItems).where(inArray(inspectionItems.inspectionId, ids)),
    db.select().from(inspectionMarks).where(inArray(inspectionMarks.inspectionId, ids)).orderBy(asc(inspectionMarks.number)),
    db
      .select({ photo: inspectionPhotos, storedName: storedFiles.storedName })
      .from(inspectionPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, inspectionPhotos.storedFileId))
      .where(inArray(inspectionPhotos.inspectionId, ids))
      .orderBy(asc(inspectionPhotos.addedAt), asc(storedFiles.storedName)),
    db
      .select({
        checklist: inspectionChecklistItems.checklist,
        key: inspectionChecklistItems.itemKey,
        position: inspectionChecklistItems.position,
      })
      .from(inspectionChecklistItems),
  ]);
  const position = new Map(positions.map((p) => [`${p.checklist}:${p.key}`, p.position]));
  return rows.map(({ inspection: i, completedByName }) => {
    const photosOf = (pred: (p: (typeof photos)[number]["photo"]) => boolean) =>
      photos.filter((p) => p.photo.inspectionId === i.id && pred(p.photo)).map((p) => p.storedName);
    const rank = (key: string) => position.get(`${i.checklist}:${key}`) ?? Number.MAX_SAFE_INTEGER;
    return {
      IdVistoria: i.id,
      tipo: i.kind as InspectionKind,
      modelo: i.checklist as ChecklistType,
      km: i.km,
      kmLido: i.kmRead,
      combustivel: i.fuel as FuelLevel | null,
      fotoPainel: i.dashboardPhoto,
      criadaEm: i.createdAt.toISOString(),
      concluidaEm: i.completedAt?.toISOString() ?? null,
      concluidaPor: i.completedAt ? (completedByName ?? null) : null,
      confirmadaPor: i.memberAckName,
      confirmadaEm: i.memberAckAt?.toISOString() ?? null,
      itens: items
        .filter((it) => it.inspectionId === i.id)
        .sort((a, b) => rank(a.itemKey) - rank(b.itemKey) || a.updatedAt.getTime() - b.updatedAt.getTime())
        .map((it) => ({
          chave: it.itemKey,
          rotulo: it.label,
          status: it.status as ItemStatus | null,
          observacao: it.note,
          fotos: photosOf((p) => p.itemKey === it.itemKey),
        })),
      marcas: marks
        .filter((m) => m.inspectionId === i.id)
        .map((m) => ({
          idMarca: m.id,
          numero: m.number,
          vista: m.view as OutlineView,
          x: m.x,
          y: m.y,
          observacao: m.note,
          fotos: photosOf((p) => p.markId === m.id),
        })),
    };
  });
}

/** The order's inspection of this kind (locked for the caller's transaction), if it was begun. */
export async function inspectionRowOf(tx: Db, appointmentId: string, kind: InspectionKind) {
  const [row] = await tx
    .select()
    .from(inspections)
    .where(and(eq(inspections.appointmentId, appointmentId), eq(inspections.kind, kind)))
    .for("update");
  return row;
}

/** The SHA-256 of a concluded inspection's content file. */
export async function contentSha256(db: Db, contentFileId: string) {
  const [row] = await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.id, contentFileId)).limit(1);
  return row?.sha256 ?? "";
}

/** Records the member's acknowledgement once (a conditional update: a second one changes nothing). Answers whether it did. */
export async function acknowledgeOnce(tx: Db, inspectionId: string, name: string, at: Date) {
  const rows = await tx
    .update(inspections)
    .set({ memberAckName: name, memberAckAt: at })
    .where(and(eq(inspections.id, inspectionId), isNull(inspections.memberAckAt), sql`${inspections.completedAt} is not null`))
    .returning({ id: inspections.id });
  return rows.length > 0;
}

// ---- The central's checklists ----

export type ChecklistItemRow = typeof inspectionChecklistItems.$inferSelect;

/** Every checklist's items: in use first, each in its order. */
export async function allChecklistItems(db: Db) {
  return db
    .select()
    .from(inspectionChecklistItems)
    .orderBy(
      asc(inspectionChecklistItems.checklist),
      sql`${inspectionChecklistItems.active} desc`,
      asc(inspectionChecklistItems.position),
      asc(inspectionChecklistItems.itemKey),
    );
}

/**
 * A checklist's rows, locked for the caller's transaction: two admins' changes to one list are made one after the other. Read
 * again once the lock is held: a caller that waited for it gets a statement of its own, which sees the rows the other
 * transaction added (the locking read returns only the rows it found before it waited).
 */
export async function lockChecklist(tx: Db, checklist: ChecklistType): Promise<ChecklistItemRow[]> {
  await tx.select().from(inspectionChecklistItems).where(eq(inspectionChecklistItems.checklist, checklist)).for("update");
  return tx.select().from(inspectionChecklistItems).where(eq(inspectionChecklistItems.checklist, checklist));
}

export async function insertChecklistItem(tx: Db, values: { checklist: ChecklistType; itemKey: string; label: string; position: number }) {
  const [row] = await tx.insert(inspectionChecklistItems).values(values).returning();
  return row!;
}

export async function updateChecklistItem(
  tx: Db,
  checklist: ChecklistType,
  itemKey: string,
  values: { label: string; position: number; active: boolean },
) {
  await tx
    .update(inspectionChecklistItems)
    .set(values)
    .where(and(eq(inspectionChecklistItems.checklist, checklist), eq(inspectionChecklistItems.itemKey, itemKey)));
}

// ---- Findings (issue 53: an Atenção or Crítico item of the check-in becomes a linked service) ----

/** The order's check-in item `key` when it is a finding (Atenção or Crítico), else undefined. */
export async function findingOf(tx: Db, appointmentId: string, key: string) {
  const [row] = await tx
    .select({ inspectionId: inspectionItems.inspectionId, itemKey: inspectionItems.itemKey })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .where(
      and(
        eq(inspections.appointmentId, appointmentId),
        eq(inspections.kind, "entrada"),
        eq(inspectionItems.itemKey, key),
        inArray(inspectionItems.status, ["atencao", "critico"]),
      ),
    )
    .limit(1);
  return row;
}

export interface Finding {
  rotulo: string;
  status: "atencao" | "critico";
  observacao: string;
  fotos: string[];
}

/** The findings linked services name, by `${inspectionId}:${itemKey}`, with their photos' stored names (two queries). */
export async function findingsByRef(db: Db, refs: { inspectionId: string; itemKey: string }[]): Promise<Map<string, Finding>> {
  const out = new Map<string, Finding>();
  const ids = [...new Set(refs.map((r) => r.inspectionId))];
  if (!ids.length) return out;
  const [items, photos] = await Promise.all([
    db.select().from(inspectionItems).where(inArray(inspectionItems.inspectionId, ids)),
    db
      .select({ inspectionId: inspectionPhotos.inspectionId, itemKey: inspectionPhotos.itemKey, storedName: storedFiles.storedName })
      .from(inspectionPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, inspectionPhotos.storedFileId))
      .where(inArray(inspectionPhotos.inspectionId, ids))
      .orderBy(asc(inspectionPhotos.addedAt), asc(storedFiles.storedName)),
  ]);
  for (const ref of refs) {
    const item = items.find((i) => i.inspectionId === ref.inspectionId && i.itemKey === ref.itemKey);
    // A finding whose status was changed back to OK since is no longer one: not shown as the service's reason.
    if (!item || (item.status !== "atencao" && item.status !== "critico")) continue;
    out.set(`${ref.inspectionId}:${ref.itemKey}`, {
      rotulo: item.label,
      status: item.status,
      observacao: item.note,
      fotos: photos.filter((p) => p.inspectionId === ref.inspectionId && p.itemKey === ref.itemKey).map((p) => p.storedName),
    });
  }
  return out;
}
