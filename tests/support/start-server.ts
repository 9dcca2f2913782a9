// Starts the real server (fresh embedded database) as a child process for browser and e2e tests; returns its URL and a stop function.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

export interface TestServer {
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** The exit code or signal once the process has ended, else null. */
  exited(): string | null;
  /** Resolves with the exit code or signal when the process ends. */
  exit: Promise<string>;
  /** Sends the process a signal (SIGTERM: the graceful shutdown a deploy or orchestrator asks for). */
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-data-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      LOGIN_RATE_MAX: "1000",
      DATABASE_URL: "",
      // Links in e-mails need the portal's public address (the server refuses SMTP_URL without it): this server's own.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = () => {
      if (!output.includes("Login de demonstração")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exit = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code !== null ? `code ${code}` : `signal ${signal}`)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exit,
    kill: (signal) => void child.kill(signal),
    exited: () => (child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode ? `signal ${child.signalCode}` : null),
    async stop() {
      // Never waits for ever: a server that already exited has no 'exit' left to emit, and one that does not stop on SIGTERM
      // within 10 s (a request still open) is killed, so a test run's teardown always ends.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exit;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
