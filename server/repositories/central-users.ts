// The central staff's users and sessions: the signed-in user as the contract names them, and ending a session (server only).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralSessions, centralUsers } from "../db/schema.ts";
import type { CentralUser } from "../../contract/central-session.ts";

export const toCentralUser = (u: { id: string; name: string; email: string }): CentralUser => ({
  Id: u.id,
  Nome: u.name,
  Email: u.email,
  Perfil: "central",
});

/** The user of a live session (the guard found it active, so it exists). */
export async function centralUserById(db: Db, id: string): Promise<CentralUser> {
  const [user] = await db
    .select({ id: centralUsers.id, name: centralUsers.name, email: centralUsers.email })
    .from(centralUsers)
    .where(eq(centralUsers.id, id));
  return toCentralUser(user!);
}

export async function endCentralSession(db: Db, sessionId: number) {
  await db.delete(centralSessions).where(eq(centralSessions.id, sessionId));
}
