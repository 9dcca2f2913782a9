// The record of changes (audit_log): who changed what, when, each field before and after, masked where sensitive. Written in
// the transaction of the change it records, so a change without its record (or a record of a change undone) cannot exist
// (server only).
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { auditLog, centralUsers, pointUsers } from "../db/schema.ts";
import type { AUDIT_AUTHOR_KINDS, AuditEntity } from "../../contract/auditoria.ts";

export type { AuditEntity };

export interface Actor {
  kind: (typeof AUDIT_AUTHOR_KINDS)[number];
  id: string | null;
  name: string;
}

/** One field's change as recorded and shown: its label, and the values before and after as text (masked when sensitive). */
export interface FieldChange {
  campo: string;
  antes: string | null;
  depois: string | null;
}

export interface AuditEntry {
  at: Date;
  servicePointId: string | null;
  actor: Actor;
  entity: AuditEntity;
  entityId: string | null;
  action: string;
  summary: string;
  changes?: FieldChange[];
}

export async function recordAudit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    at: entry.at,
    servicePointId: entry.servicePointId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    summary: entry.summary,
    changes: entry.changes ?? [],
  });
}

/** The signed-in attendant as the record names them. */
export async function pointActor(db: Db, request: FastifyRequest): Promise<Actor> {
  const [user] = await db.select({ name: pointUsers.name }).from(pointUsers).where(eq(pointUsers.id, request.auth.userId));
  return { kind: "ponto", id: request.auth.userId, name: user?.name ?? "Usuário do ponto" };
}

/** The signed-in central user as the record names them. */
export async function centralActor(db: Db, request: FastifyRequest): Promise<Actor> {
  const [user] = await db.select({ name: centralUsers.name }).from(centralUsers).where(eq(centralUsers.id, request.central.userId));
  return { kind: "central", id: request.central.userId, name: user?.name ?? "Equipe central" };
}

/**
 * A sensitive value as the record keeps it: its last four characters (enough to recognise an account, a key or a document)
 * behind dots; values of four characters or fewer are all dots. Empty stays empty.
 */
export function masked(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text) return null;
  const visible = text.length > 4 ? text.slice(-4) : "";
  return `${"•".repeat(Math.min(8, Math.max(4, text.length - visible.length)))}${visible}`;
}

export interface FieldSpec<T> {
  key: keyof T;
  label: string;
  /** Kept masked in the record (accounts, keys, documents). */
  sensitive?: boolean;
  /** How the value reads (a code to its name, a time to HH:mm); default: its text. */
  text?: (value: unknown) => string | null;
}

/** A FieldSpec's `text` for a code shown by its name (PIX_KEY_TYPE_LABELS: "EMAIL" reads "E-mail"); an unknown code as it is. */
export const labelled =
  (labels: Readonly<Record<string, string>>) =>
  (value: unknown): string | null =>
    value ? (labels[String(value)] ?? String(value)) : null;

const plainText = (value: unknown): string | null => (value === null || value === undefined || value === "" ? null : String(value));

/** The fields that differ between two versions of a row, as recorded (null before: created; null after: deleted). */
export function fieldChanges<T extends object>(specs: FieldSpec<T>[], before: Partial<T> | null, after: Partial<T> | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const spec of specs) {
    const read = spec.text ?? plainText;
    const a = before ? read(before[spec.key]) : null;
    const b = after ? read(after[spec.key]) : null;
    if (a === b) continue;
    changes.push({ campo: spec.label, antes: spec.sensitive ? masked(a) : a, depois: spec.sensitive ? masked(b) : b });
  }
  return changes;
}
