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
  uploadLimits: { image: number; video: number; document: number };
  corsOrigins: string[];
}

const MB = 1024 * 1024;

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
    uploadLimits: {
      image: Number(env.UPLOAD_MAX_IMAGE_MB ?? 20) * MB,
      video: Number(env.UPLOAD_MAX_VIDEO_MB ?? 600) * MB,
      document: Number(env.UPLOAD_MAX_DOCUMENT_MB ?? 25) * MB,
    },
    corsOrigins: (env.CORS_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean),
  };
}
