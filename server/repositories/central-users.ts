// The central staff's users: the signed-in user as the contract names them, and the account a login's e-mail names
// (server only). Their sessions open and close in sessions.ts.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralUsers } from "../db/schema.ts";
import { sameEmail } from "../db/rows.ts";
import type { CentralRole, CentralUser } from "../../contract/central-session.ts";

export const toCentralUser = (u: { id: string; name: string; email: string; role: string }): CentralUser => ({
  Id: u.id,
  Nome: u.name,
  Email: u.email,
  Perfil: "central",
  Papel: u.role as CentralRole,
});

/** The user of a live session (the guard found it active, so it exists). */
export async function centralUserById(db: Db, id: string): Promise<CentralUser> {
  const [user] = await db
    .select({ id: centralUsers.id, name: centralUsers.name, email: centralUsers.email, role: centralUsers.role })
    .from(centralUsers)
    .where(eq(centralUsers.id, id));
  return toCentralUser(user!);
}

/** The central user a login's e-mail names (the login tries the point's attendants first). */
export async function centralUserByEmail(db: Db, email: string) {
  const [central] = await db.select().from(centralUsers).where(sameEmail(centralUsers.email, email)).limit(1);
  return central;
}
