// A real SMTP server for tests (smtp-server, by nodemailer's authors) that keeps what it receives, with a small HTTP inbox so
// tests in other processes (e2e workers) can read the mails the portal sent: GET <inboxUrl>?to=<address> -> [{to, text}].
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  /** The message as sent (headers and body), with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface SmtpCapture {
  smtpUrl: string;
  inboxUrl: string;
  mails: CapturedMail[];
  stop(): Promise<void>;
}

/** Quoted-printable (RFC 2045) as nodemailer writes non-ASCII text: soft line breaks and =XX bytes, read as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const inbox = http.createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://x").searchParams.get("to")?.toLowerCase();
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mails));
  });
  await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    inboxUrl: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}/mails`,
    mails,
    stop: async () => {
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(resolve));
    },
  };
}
