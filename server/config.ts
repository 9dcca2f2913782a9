// Server configuration read once from the environment (server only).
import net from "node:net";
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
  /** Fastify's trustProxy: false (default, X-Forwarded-For ignored), a hop-count test, or the proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** An upload whose bytes stop arriving for this long is refused (408) and its connection closed. */
  uploadIdleTimeoutMs: number;
  /** Files go to this S3-compatible bucket when S3_BUCKET is set; on disk (uploadDir) otherwise. */
  s3: S3Settings | undefined;
  /** The portal's public address for links sent to users (invitations, password resets); unset: the request's own origin. */
  publicUrl: string | undefined;
  /** smtp(s)://user:pass@host:port for the 'Esqueci minha senha' e-mails (nodemailer); unset: no e-mail is sent. */
  smtpUrl: string | undefined;
  smtpFrom: string;
}

export interface S3Settings {
  /** Unset for AWS itself; the server's URL for an S3-compatible one (Swift, Ceph, MinIO...). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style URLs (http://host/bucket/key): what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: pathStyle ? pathStyle !== "false" && pathStyle !== "0" : !!endpoint,
  };
}

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

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
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadIdleTimeoutMs: 30_000,
    s3: s3Settings(env),
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, "") || undefined,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    smtpFrom: env.SMTP_FROM?.trim() || "Portal do Credenciado <nao-responda@portal-credenciado.local>",
  };
}

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs.
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) ? Number(bits) <= max : family === 4 && net.isIPv4(bits);
}

/** TRUST_PROXY: unset/0 = trust no proxy; a number = that many proxy hops; else a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "0") return false;
  if (/^\d+$/.test(text)) {
    // Fastify 5.12 ignores a numeric trustProxy (fails closed); this is proxy-addr's hop rule: hop 0 is the socket peer.
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY inválido (${bad.join(", ") || text}): use um número de proxies (ex.: 1) ou endereços/CIDRs separados por vírgula (ex.: 10.0.0.1,172.16.0.0/12).`,
    );
  }
  return entries;
}
