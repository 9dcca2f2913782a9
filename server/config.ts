// Server configuration read once from the environment (server only).
import path from "node:path";

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadDir: string;
  staticDir: string;
  sessionHours: number;
  rememberDays: number;
  loginRateLimit: { max: number; windowMs: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR ?? "data");
  const url = env.DATABASE_URL;
  return {
    port: Number(env.PORT ?? 3001),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: url && /^postgres(ql)?:\/\//.test(url) ? url : undefined,
    uploadDir: path.resolve(root, env.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    staticDir: path.resolve(root, env.STATIC_DIR ?? "dist"),
    sessionHours: Number(env.SESSION_HOURS ?? 12),
    rememberDays: Number(env.REMEMBER_DAYS ?? 30),
    loginRateLimit: { max: Number(env.LOGIN_RATE_MAX ?? 10), windowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 60_000) },
  };
}
