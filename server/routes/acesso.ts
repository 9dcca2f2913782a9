// Public access routes: opening an invitation or reset link, setting the password through it (then signed in), and
// 'Esqueci minha senha' (the same answer whether the e-mail exists; a reset link by e-mail when SMTP is configured) (server only).
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { RouteDeps } from "./deps.ts";
import { hashPassword } from "../lib/secrets.ts";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/acesso.ts";
import { createMailer } from "../lib/mailer.ts";
import { isEmail } from "../../src/domain/validators.ts";
import { passwordProblem, passwordUserInputs, ACCESS_LINK_HOURS } from "../../src/domain/team.ts";
import { passwordEstimator } from "../lib/password-strength.ts";
import { findUsableLink, INVALID_LINK, issueAccessLink, linkOrigin, toAccessCheck } from "../services/access-links.ts";
import { activeUserByEmail, spendLinkAndSetPassword } from "../repositories/access-links.ts";
import { startPointSession } from "../services/sign-in.ts";
import {
  acceptCentralInvitation,
  findUsableInvitation,
  invalidLinkMessage,
  toCentralAccessCheck,
} from "../services/central-invitations.ts";

export const ACCESS_MESSAGES = {
  forgotSent: "Se este e-mail estiver cadastrado, enviaremos um link para criar uma nova senha. Confira sua caixa de entrada.",
  invalidEmail: "Informe um e-mail válido.",
  passwordSet: "Senha definida com sucesso.",
  passwordRequired: "Informe a nova senha e a confirmação.",
} as const;

export async function acessoRoutes(plain: FastifyInstance, { db, config, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  // Limited like the login, per client address: guessing links or flooding someone's mailbox is as bad as guessing passwords.
  const limited = { rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs } };
  const mailer = createMailer(config, app.log);

  app.post(C.checkAccessLink.url, { config: limited, schema: schemaOf(C.checkAccessLink) }, async (request, reply) => {
    const found = await findUsableLink(db, request.body.token, clock());
    if (found) return toAccessCheck(found);
    // Not a point user's link: maybe a central colleague's invitation (issue 38), which opens the same page.
    const invitation = await findUsableInvitation(db, request.body.token, clock());
    if (invitation) return toCentralAccessCheck(invitation);
    return reply.code(400).send({ message: await invalidLinkMessage({ db }, request.body.token) });
  });

  app.post(C.setPasswordByLink.url, { config: limited, schema: schemaOf(C.setPasswordByLink) }, async (request, reply) => {
    const { token, senha, confirmacao } = request.body;
    const found = await findUsableLink(db, token, clock());
    if (!found) {
      const invitation = await findUsableInvitation(db, token, clock());
      if (invitation) return acceptCentralInvitation({ db, config, clock }, request, reply, invitation, request.body);
      return reply.code(400).send({ message: await invalidLinkMessage({ db }, token) });
    }
    if (typeof senha !== "string" || typeof confirmacao !== "string") {
      return reply.code(400).send({ message: ACCESS_MESSAGES.passwordRequired });
    }
    // zxcvbn with the user's own words (name, e-mail, the point's names); it reads at most the first 64 characters.
    const estimate = await passwordEstimator();
    const inputs = passwordUserInputs({
      name: found.user.name,
      email: found.user.email,
      pointNames: [found.point.tradeName, found.point.corporateName, found.point.city],
    });
    const problem = passwordProblem(senha, found.user.email, confirmacao, () => estimate(senha, inputs));
    if (problem) return reply.code(400).send({ message: problem });
    const spent = await spendLinkAndSetPassword(db, found.link.id, found.user.id, await hashPassword(senha), clock());
    if (!spent) return reply.code(400).send({ message: INVALID_LINK });
    return startPointSession({ db, config }, request, reply, found.user, false, ACCESS_MESSAGES.passwordSet);
  });

  app.post(C.requestPasswordReset.url, { config: limited, schema: schemaOf(C.requestPasswordReset) }, async (request, reply) => {
    const { email } = request.body;
    if (typeof email !== "string" || !isEmail(email.trim())) return reply.code(400).send({ message: ACCESS_MESSAGES.invalidEmail });
    // PUBLIC_URL: the server does not start with SMTP_URL but without it (server/config.ts), so no link is built from the Host.
    const origin = linkOrigin(config);
    // Looked up and mailed after the answer is sent: the answer (content and time) is the same whether the e-mail exists.
    if (mailer) {
      setImmediate(() => {
        void mailResetLink(email, origin).catch((err: unknown) => request.log.error({ err }, "link de redefinição não enviado"));
      });
    } else {
      request.log.warn("'Esqueci minha senha' sem SMTP_URL: nenhum e-mail enviado (o administrador pode gerar o link na Equipe).");
    }
    return { message: ACCESS_MESSAGES.forgotSent };
  });

  async function mailResetLink(email: string, origin: string) {
    const user = await activeUserByEmail(db, email);
    if (!user || !mailer) return;
    // Someone who never finished their first access gets a new invitation (issueAccessLink): they have no password to reset.
    // issuedBy null: the link is added, never replacing the administrator's invitation or the user's other pending links.
    const link = await issueAccessLink(db, user, { issuedBy: null, origin, now: clock() });
    await mailer({
      to: user.email,
      subject: "Portal do Credenciado: crie uma nova senha",
      text: [
        `Olá, ${user.name}!`,
        "",
        "Recebemos um pedido para criar uma nova senha no Portal do Credenciado. Para continuar, abra o link abaixo:",
        link.Link,
        "",
        `O link funciona uma única vez e vale por ${ACCESS_LINK_HOURS} horas. Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.`,
      ].join("\n"),
    });
  }
}
