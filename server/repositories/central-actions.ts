// The central's record of its actions (central_actions): who approved, rejected, paid or undid what, and when; its writes and
// its one mapping to the contract's history entry (server only).
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralActions, centralUsers } from "../db/schema.ts";
import type { HistoryEntry } from "../../contract/central-points.ts";

export type CentralAction = typeof centralActions.$inferInsert;

/** Records actions in the caller's transaction: an action and its record commit together or not at all. */
export async function recordCentralActions(tx: Db, actions: CentralAction[]) {
  await tx.insert(centralActions).values(actions);
}

/** The payout's latest payment action (the undo is allowed only on its day). */
export async function lastPaymentAction(tx: Db, payoutId: string) {
  const [last] = await tx
    .select()
    .from(centralActions)
    .where(and(eq(centralActions.entity, "payout"), eq(centralActions.entityId, payoutId), eq(centralActions.action, "pagar")))
    .orderBy(desc(centralActions.at), desc(centralActions.id))
    .limit(1);
  return last;
}

export const toHistoryEntry = (act: typeof centralActions.$inferSelect, userName: string): HistoryEntry => ({
  Acao: act.action,
  Usuario: userName,
  DataHora: act.at.toISOString(),
  ValorAnterior: act.previous,
  ValorNovo: act.next,
  Observacao: act.note,
});

/** Every action on a linked service or a payout, newest first, with the central user's name. */
export async function historyOf(db: Db, entityId: string): Promise<HistoryEntry[]> {
  const list = await db
    .select({ act: centralActions, name: centralUsers.name })
    .from(centralActions)
    .innerJoin(centralUsers, eq(centralUsers.id, centralActions.userId))
    .where(eq(centralActions.entityId, entityId))
    .orderBy(desc(centralActions.at), desc(centralActions.id));
  return list.map(({ act, name }) => toHistoryEntry(act, name));
}
