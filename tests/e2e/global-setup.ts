// e2e global setup: builds the SPA, starts the real server with a fresh embedded database, provides its URL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../support/build-app";
import { startServer } from "../support/start-server";
import { startSmtpCapture } from "../support/smtp-capture";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    /** The SMTP capture's inbox the server mails to ('Esqueci minha senha'): GET ?to=<address> -> [{to, text}]. */
    mailInboxUrl: string;
    /** The built app the server serves (a test starting a server of its own serves the same build). */
    staticDir: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-dist-"));
  await buildApp(outDir, { logLevel: "warn", manifest: true });
  // A small image limit lets the outbox test meet a real 413 from the server with a modest file.
  // A real SMTP server receives the portal's mails (password reset links), readable by the tests through its inbox.
  const smtp = await startSmtpCapture();
  const server = await startServer({ STATIC_DIR: outDir, UPLOAD_MAX_IMAGE_MB: "1", SMTP_URL: smtp.smtpUrl });
  project.provide("baseUrl", server.url);
  project.provide("mailInboxUrl", smtp.inboxUrl);
  project.provide("staticDir", outDir);
  return async () => {
    await server.stop();
    await smtp.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}
