// Sign-in sessions of attendants and of the central's staff as the login and logout open and close them (server only). The per-request token check is plugins/auth.ts and plugins/central-auth.ts.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralSessions, sessions } from "../db/schema.ts";

/** Only the token's SHA-256 is stored: a leaked table opens no session. */
export async function openPointSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function openCentralSession(db: Db, values: typeof centralSessions.$inferInsert) {
  await db.insert(centralSessions).values(values);
}

/** The token stops working at once (its next call is 401). */
export async function closePointSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function closeCentralSession(db: Db, sessionId: number) {
  await db.delete(centralSessions).where(eq(centralSessions.id, sessionId));
}
