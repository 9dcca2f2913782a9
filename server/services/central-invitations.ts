// A central colleague's invitation as the public access routes read and spend it (issue 38): the same 'Primeiro acesso' page
// and calls as a point user's link, told apart by the table the token's hash is found in (a random 256-bit token names one row
// at most); the password follows the portal's rule, and the answer signs the colleague in as the central's login does (server only).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerDeps } from "./deps.ts";
import type { AccessCheck } from "../../contract/acesso.ts";
import { hashPassword } from "../lib/secrets.ts";
import { passwordEstimator } from "../lib/password-strength.ts";
import { passwordProblem, passwordUserInputs } from "../../src/domain/team.ts";
import { CENTRAL_NAME, STAFF_MESSAGES } from "../lib/central-staff-messages.ts";
import { findUsableInvitation, isKnownInvitation, spendInvitation } from "../repositories/central-staff.ts";
import { startCentralSession } from "./sign-in.ts";
import { INVALID_LINK } from "./access-links.ts";

export type UsableInvitation = NonNullable<Awaited<ReturnType<typeof findUsableInvitation>>>;
export { findUsableInvitation };

/** What a central invitation opens, in the shape of a point link's check (the page is the same). */
export const toCentralAccessCheck = (invitation: UsableInvitation): AccessCheck => ({
  Tipo: "convite",
  Nome: invitation.user.name,
  Email: invitation.user.email,
  ExpiraEm: invitation.expiresAt.toISOString(),
  Ponto: CENTRAL_NAME,
  RazaoSocial: "",
});

/** The refusal of an unusable link: a spent or expired central invitation says to ask the central's admins, anything else the point's. */
export async function invalidLinkMessage(deps: Pick<ServerDeps, "db">, token: unknown) {
  return (await isKnownInvitation(deps.db, token)) ? STAFF_MESSAGES.invalidInvitation : INVALID_LINK;
}

/** The colleague's first password through their invitation: checked, the link spent once, then signed in (or a 400 answered). */
export async function acceptCentralInvitation(
  { db, config, clock }: Pick<ServerDeps, "db" | "config" | "clock">,
  request: FastifyRequest,
  reply: FastifyReply,
  invitation: UsableInvitation,
  body: { senha?: unknown; confirmacao?: unknown },
) {
  const { senha, confirmacao } = body;
  if (typeof senha !== "string" || typeof confirmacao !== "string") {
    return reply.code(400).send({ message: STAFF_MESSAGES.firstPasswordRequired });
  }
  const estimate = await passwordEstimator();
  const { user } = invitation;
  const inputs = passwordUserInputs({ name: user.name, email: user.email, pointNames: [CENTRAL_NAME] });
  const problem = passwordProblem(senha, user.email, confirmacao, () => estimate(senha, inputs));
  if (problem) return reply.code(400).send({ message: problem });
  const spent = await spendInvitation(db, invitation.id, user.id, await hashPassword(senha), clock());
  if (!spent) return reply.code(400).send({ message: STAFF_MESSAGES.invalidInvitation });
  return startCentralSession({ db, config }, request, reply, user, false, STAFF_MESSAGES.invitationAccepted);
}
