// The environment schema: a setting in the wrong form stops the server at start, naming the variable and the form it takes
// (issue 33, item 6: LOGIN_RATE_MAX=ten had switched the login limit off, SESSION_HOURS=12h made every login answer 500).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe("environment schema", () => {
  it("refuses numbers in the wrong form, naming the variable and the expected form", () => {
    expect(refusal({ LOGIN_RATE_MAX: "ten" })).toContain('LOGIN_RATE_MAX="ten" é inválido: use um número inteiro de tentativas');
    expect(refusal({ SESSION_HOURS: "12h" })).toContain('SESSION_HOURS="12h" é inválido: use um número inteiro de horas de 1 a 720');
    for (const [name, value] of [
      ["PORT", "0"],
      ["PORT", "70000"],
      ["REMEMBER_DAYS", "-1"],
      ["LOGIN_RATE_WINDOW_MS", "1e5"],
      ["UPLOAD_MAX_VIDEO_MB", "600.5"],
      ["UPLOAD_PENDING_MAX", "0"],
      ["UPLOAD_PENDING_MAX_MB", "muito"],
    ]) {
      expect(refusal({ [name]: value })).toContain(`${name}=${JSON.stringify(value)} é inválido`);
    }
  });

  it("lists every wrong variable at once", () => {
    const message = refusal({ LOGIN_RATE_MAX: "ten", SESSION_HOURS: "12h", LOG_LEVEL: "verbose" });
    expect(message).toContain('LOGIN_RATE_MAX="ten" é inválido');
    expect(message).toContain('SESSION_HOURS="12h" é inválido');
    expect(message).toContain('LOG_LEVEL="verbose" é inválido: use fatal, error, warn, info, debug, trace ou silent.');
  });

  it("refuses URLs, origins and names in the wrong form instead of ignoring them", () => {
    // A DATABASE_URL that is not PostgreSQL used to fall back, silently, to the embedded database.
    expect(refusal({ DATABASE_URL: "mysql://db/portal" })).toContain("DATABASE_URL");
    expect(refusal({ PUBLIC_URL: "portal.exemplo.com.br" })).toContain("PUBLIC_URL");
    expect(refusal({ PUBLIC_URL: "https://portal.exemplo.com.br/?x=1" })).toContain("PUBLIC_URL");
    expect(refusal({ SMTP_URL: "http://mail", PUBLIC_URL: "https://p.example" })).toContain("SMTP_URL");
    expect(refusal({ CORS_ORIGINS: "https://a.example/path" })).toContain("CORS_ORIGINS");
    expect(refusal({ S3_BUCKET: "Meu Bucket" })).toContain("S3_BUCKET");
    expect(refusal({ S3_FORCE_PATH_STYLE: "sim", S3_BUCKET: "portal" })).toContain("S3_FORCE_PATH_STYLE");
    expect(refusal({ TRUST_PROXY: "meu-proxy" })).toContain("TRUST_PROXY inválido");
  });

  it("refuses settings that would not take effect or would expose a link to the request's Host", () => {
    expect(refusal({ SMTP_URL: "smtp://u:p@mail.example:587" })).toContain("SMTP_URL exige PUBLIC_URL");
    expect(refusal({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toContain("S3_ENDPOINT sem S3_BUCKET");
    expect(refusal({ S3_BUCKET: "portal", S3_ACCESS_KEY_ID: "k" })).toContain("S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas");
  });

  it("takes valid values, defaults for unset or empty ones", () => {
    const config = loadConfig({
      LOGIN_RATE_MAX: "25",
      SESSION_HOURS: " 8 ",
      PUBLIC_URL: "https://portal.exemplo.com.br/",
      SMTP_URL: "smtps://u:p@mail.example:465",
      CORS_ORIGINS: "https://a.example, http://localhost:5173",
      UPLOAD_PENDING_MAX: "5",
      UPLOAD_PENDING_MAX_MB: "100",
      REMEMBER_DAYS: "",
    });
    expect(config.loginRateLimit.max).toBe(25);
    expect(config.sessionHours).toBe(8);
    expect(config.rememberDays).toBe(30);
    expect(config.publicUrl).toBe("https://portal.exemplo.com.br");
    expect(config.corsOrigins).toEqual(["https://a.example", "http://localhost:5173"]);
    expect(config.pendingUploads).toEqual({ maxCount: 5, maxBytes: 100 * 1024 * 1024 });
    expect(loadConfig({}).loginRateLimit).toEqual({ max: 10, windowMs: 60_000 });
    // Any origin (the browser tests' server): the CORS plugin reflects it.
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toEqual(["*"]);
  });

  it("the real server refuses to start with a wrong setting, says which, and exits 1", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-config-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/server.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: "0", DATABASE_URL: "", SESSION_HOURS: "12h", LOGIN_RATE_MAX: "ten" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (b: Buffer) => (output += b.toString()));
      child.stderr.on("data", (b: Buffer) => (output += b.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain('SESSION_HOURS="12h" é inválido');
      expect(output).toContain('LOGIN_RATE_MAX="ten" é inválido');
      expect(output).not.toContain("Login de demonstração");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
