// Outgoing e-mail through SMTP_URL with nodemailer (server only). Unset: nothing is sent and a warning is logged.
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

export function createMailer(config: Pick<ServerConfig, "smtpUrl" | "smtpFrom">, log: FastifyBaseLogger): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  // Options such as ?connectionTimeout=10000 may ride in the URL's query (nodemailer reads them there).
  const transport = nodemailer.createTransport(config.smtpUrl);
  return async (mail) => {
    try {
      await transport.sendMail({ from: config.smtpFrom, ...mail });
    } catch (err) {
      log.error({ err, to: mail.to }, "e-mail não enviado");
    }
  };
}
