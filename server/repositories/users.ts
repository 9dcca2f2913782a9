// The point user aggregate (a point's attendants and their roles): reads, writes and the one mapping of a user to each of
// the contract's shapes (server only).
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { centralUsers, pointUsers, servicePoints, userTypes } from "../db/schema.ts";
import { sameEmail } from "../db/rows.ts";
import { timeToIso } from "../lib/format.ts";
import type { SessionUser, SignedInUser } from "../../contract/credenciado.ts";
import type { TeamUser, UserType } from "../../contract/usuarios.ts";

export type PointUserRow = typeof pointUsers.$inferSelect;
type UserTypeRow = typeof userTypes.$inferSelect;
type PointRow = typeof servicePoints.$inferSelect;

// The flag columns are char(1) written only as these letters (seed, Equipe): read as the contract's unions.
const active = (flag: string) => flag as SessionUser["AtivoInativo"];
const yesNo = (flag: string) => flag as SessionUser["Administrativo"];

/** Who signed in, as the login (an attendant or a central user) and an access link's password answer name them. */
export const toSignedInUser = (u: { id: string; email: string; name: string }): SignedInUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

/** The signed-in attendant with their role and point (GET /credenciado/get). */
export function toSessionUser({ user, type, point }: { user: PointUserRow; type: UserTypeRow; point: PointRow }): SessionUser {
  return {
    IdPontoAtendimentoUsuario: user.id,
    Nome: user.name,
    Email: user.email,
    Telefone: user.phone,
    AtivoInativo: active(user.active),
    IdUsuarioTipo: type.id,
    Cargo: type.description,
    Administrativo: yesNo(type.administrative),
    Atendimento: yesNo(type.attendance),
    IdPontoAtendimento: point.id,
    Cnpj: point.cnpj,
    EnderecoCep: point.cep,
    Endereco: point.address,
    EnderecoCidade: point.city,
    EnderecoUf: point.uf,
    EnderecoComplemento: point.complement,
    EnderecoBairro: point.district,
    Latitude: point.latitude,
    Longitude: point.longitude,
    SegSexInicio: timeToIso(point.weekdayOpen),
    SegSexFim: timeToIso(point.weekdayClose),
    SabadoInicio: timeToIso(point.saturdayOpen),
    SabadoFim: timeToIso(point.saturdayClose),
    DomingoInicio: timeToIso(point.sundayOpen),
    DomingoFim: timeToIso(point.sundayClose),
    FeriadoInicio: timeToIso(point.holidayOpen),
    FeriadoFim: timeToIso(point.holidayClose),
    Descricao: point.tradeName,
    RazaoSocial: point.corporateName,
    QtdeElevadores: point.lifts,
    InscricaoEstadual: point.stateRegistration,
    NumeroMatricula: point.registrationNumber,
    Logotipo: point.logo,
    FotosEstabelecimento: point.photos,
  };
}

/** A user as Equipe lists them; `principal` is the point's principal user's id. */
export const toTeamUser = ({ user, type }: { user: PointUserRow; type: UserTypeRow }, principal: string | undefined): TeamUser => ({
  IdPontoAtendimentoUsuario: user.id,
  Nome: user.name,
  Email: user.email,
  Telefone: user.phone,
  // The contract's back-office creator; this server has none.
  IdUsuario: null,
  DataLog: user.createdAt.toISOString(),
  AtivoInativo: active(user.active),
  IdPontoAtendimento: user.servicePointId,
  IdUsuarioTipo: type.id,
  Cargo: type.description,
  Administrativo: yesNo(type.administrative),
  UltimoAcesso: user.lastSignInAt?.toISOString() ?? null,
  Principal: user.id === principal,
  SenhaDefinida: user.passwordHash !== null,
});

export const toUserType = (t: UserTypeRow): UserType => ({
  IdUsuarioTipo: t.id,
  Descricao: t.description,
  Administrativo: yesNo(t.administrative),
  Atendimento: yesNo(t.attendance),
  IdUsuario: null,
  DataLog: null,
  AtivoInativo: active(t.active),
  Nome: null,
});

/** The attendant a login's e-mail names: a deactivated account may share the address of the active one that replaced it, so the active one (then the newest) wins. */
export async function loginCandidate(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(pointUsers)
    .where(sameEmail(pointUsers.email, email))
    .orderBy(sql`${pointUsers.active} = 'A' desc`, desc(pointUsers.createdAt))
    .limit(1);
  return user;
}

export async function recordSignIn(db: Db, userId: string) {
  await db.update(pointUsers).set({ lastSignInAt: new Date() }).where(eq(pointUsers.id, userId));
}

/** The user with their role and point, when the user is the point's. */
export async function sessionUser(db: Db, userId: string, servicePointId: string) {
  const [row] = await db
    .select({ user: pointUsers, type: userTypes, point: servicePoints })
    .from(pointUsers)
    .innerJoin(userTypes, eq(userTypes.id, pointUsers.userTypeId))
    .innerJoin(servicePoints, eq(servicePoints.id, pointUsers.servicePointId))
    .where(and(eq(pointUsers.id, userId), eq(pointUsers.servicePointId, servicePointId)))
    .limit(1);
  return row;
}

/** The point's users with their roles, active before inactive, by name (case-insensitive). */
export async function teamRows(db: Db, servicePointId: string, withInactive: boolean) {
  return db
    .select({ user: pointUsers, type: userTypes })
    .from(pointUsers)
    .innerJoin(userTypes, eq(userTypes.id, pointUsers.userTypeId))
    .where(and(eq(pointUsers.servicePointId, servicePointId), withInactive ? undefined : eq(pointUsers.active, "A")))
    .orderBy(sql`${pointUsers.active} = 'A' desc`, asc(sql`lower(${pointUsers.name})`));
}

/**
 * The point's principal user: the oldest account, by creation time and then creation order (accounts seeded by one statement
 * share the instant). It never changes with edits (the contract's update rewrote DataLog and so moved it).
 */
export async function principalId(db: Db, servicePointId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: pointUsers.id })
    .from(pointUsers)
    .where(eq(pointUsers.servicePointId, servicePointId))
    .orderBy(asc(pointUsers.createdAt), asc(pointUsers.seq))
    .limit(1);
  return row?.id;
}

export const activeUserTypes = (db: Db) => db.select().from(userTypes).where(eq(userTypes.active, "A")).orderBy(asc(userTypes.description));

export async function activeUserType(db: Db, id: number) {
  const [type] = await db
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.id, id), eq(userTypes.active, "A")))
    .limit(1);
  return type;
}

/** A role's name as the record of changes shows it (its id when the role is gone). */
export const roleName = async (db: Db, typeId: number) =>
  (await db.select({ d: userTypes.description }).from(userTypes).where(eq(userTypes.id, typeId)))[0]?.d ?? String(typeId);

/**
 * Whether an active attendant (other than `exceptUserId`) or a central user has the e-mail: the login looks attendants up
 * first, so an attendant with a central user's e-mail would lock that central user out.
 */
export async function emailInUse(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: pointUsers.id })
    .from(pointUsers)
    .where(and(sameEmail(pointUsers.email, email), eq(pointUsers.active, "A"), exceptUserId ? ne(pointUsers.id, exceptUserId) : undefined))
    .limit(1);
  if (taken) return true;
  const [central] = await db.select({ id: centralUsers.id }).from(centralUsers).where(sameEmail(centralUsers.email, email)).limit(1);
  return Boolean(central);
}

export async function insertUser(tx: Db, values: typeof pointUsers.$inferInsert) {
  const [created] = await tx.insert(pointUsers).values(values).returning();
  return created!;
}

/** The user's row as it is now, locked for the caller's transaction. */
export async function lockUser(tx: Db, id: string) {
  const [row] = await tx.select().from(pointUsers).where(eq(pointUsers.id, id)).for("update");
  return row;
}

export async function updateUser(tx: Db, id: string, patch: Partial<Pick<PointUserRow, "name" | "email" | "phone" | "userTypeId">>) {
  const [after] = await tx.update(pointUsers).set(patch).where(eq(pointUsers.id, id)).returning();
  return after;
}

/** Deactivates an active user; false when they were not active (nothing to record). */
export async function deactivateUser(tx: Db, id: string): Promise<boolean> {
  const changed = await tx
    .update(pointUsers)
    .set({ active: "I" })
    .where(and(eq(pointUsers.id, id), eq(pointUsers.active, "A")))
    .returning({ id: pointUsers.id });
  return changed.length > 0;
}

/** Reactivates an inactive user; false when they were active already. */
export async function reactivateUser(tx: Db, id: string): Promise<boolean> {
  const changed = await tx
    .update(pointUsers)
    .set({ active: "A" })
    .where(and(eq(pointUsers.id, id), ne(pointUsers.active, "A")))
    .returning({ id: pointUsers.id });
  return changed.length > 0;
}
