// e2e global setup: builds the SPA, starts the real server on a free port with a fresh embedded database, provides its URL.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "vite";

declare module "vitest" {
  export interface ProvidedContext { baseUrl: string }
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const srv = net.createServer();
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
  srv.on("error", reject);
});

export default async function setup(project: TestProject) {
  const root = process.cwd();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-dist-"));
  await build({ root, logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-data-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: outDir, LOG_LEVEL: "silent", LOGIN_RATE_MAX: "1000", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes("Login de demonstração")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}
