// The record of changes (audit_log): who changed what, when, each field before and after, masked where sensitive. Written in
// the transaction of the change it records, so a change without its record (or a record of a change undone) cannot exist
// (server only).
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { auditLog, centralUsers, pointUsers } from "../db/schema.ts";
import type { AUDIT_AUTHOR_KINDS, AuditEntity } from "../../contract/auditoria.ts";
import type { FieldChange } from "../rules/audit-fields.ts";

export type { AuditEntity };

export interface Actor {
  kind: (typeof AUDIT_AUTHOR_KINDS)[number];
  id: string | null;
  name: string;
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
