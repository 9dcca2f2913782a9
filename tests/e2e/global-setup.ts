// e2e global setup: builds the SPA, starts the real server with a fresh embedded database, provides its URL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";
import { startServer } from "../support/start-server";
import { startSmtpCapture } from "../support/smtp-capture";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    /** The SMTP capture's inbox the server mails to ('Esqueci minha senha'): GET ?to=<address> -> [{to, text}]. */
    mailInboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-dist-"));
  // The build users get: vitest sets NODE_ENV=test, which Vite would bake into the bundle (React's development build, with
  // StrictMode's double effects), so the tests would exercise another app than the one shipped.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: process.cwd(), mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // A small image limit lets the outbox test meet a real 413 from the server with a modest file.
  // A real SMTP server receives the portal's mails (password reset links), readable by the tests through its inbox.
  const smtp = await startSmtpCapture();
  const server = await startServer({ STATIC_DIR: outDir, UPLOAD_MAX_IMAGE_MB: "1", SMTP_URL: smtp.smtpUrl });
  project.provide("baseUrl", server.url);
  project.provide("mailInboxUrl", smtp.inboxUrl);
  return async () => {
    await server.stop();
    await smtp.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}
