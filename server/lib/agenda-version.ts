// Reads the agenda list's change counters (bumped by the triggers of migration 0002) in one primary-key query (server only).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rows } from "../db/rows.ts";

/** Scope of the counter for shared reference data (members, vehicles, services, motivations). */
export const SHARED_SCOPE = "00000000-0000-0000-0000-000000000000";

/** "point.shared" versions; a missing row is 0 (nothing written since the triggers exist). Read BEFORE the list: see agendaEtag. */
export async function agendaVersion(db: Db, servicePointId: string): Promise<string> {
  const found = await rows<{ scope: string; version: string | number }>(
    db,
    sql`
    select scope, version from agenda_versions where scope in (${servicePointId}::uuid, ${SHARED_SCOPE}::uuid)`,
  );
  const of = (scope: string) => String(found.find((r) => r.scope === scope)?.version ?? 0);
  return `${of(servicePointId)}.${of(SHARED_SCOPE)}`;
}
