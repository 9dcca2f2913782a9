// Server configuration read once from the environment and checked against one schema (server only): a variable in the wrong
// form stops the server at start with a message naming it and the form it takes, never a protection silently switched off.
import net from "node:net";
import path from "node:path";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";

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
  /** The portal's public address for links sent to users (invitations, password resets); required with SMTP_URL. */
  publicUrl: string | undefined;
  /** smtp(s)://user:pass@host:port for the 'Esqueci minha senha' e-mails (nodemailer); unset: no e-mail is sent. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Fastify's log level, or "silent" for no log. */
  logLevel: string;
  /** What one point may hold in unfinished resumable uploads: how many, and how many bytes they declared. */
  pendingUploads: { maxCount: number; maxBytes: number };
  /** Web Push's VAPID key pair (base64url); unset: a pair generated once and kept in the database, shared by every instance. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact about this sender: mailto: or https:. */
  vapidSubject: string;
  /** Origins (http://127.0.0.1:port) accepted as push endpoints besides https ones: a test's local push service only, never env. */
  pushTestOrigins: string[];
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

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const MB = 1024 * 1024;

const int = (minimum: number, maximum: number, form: string) => Type.Integer({ minimum, maximum, description: form });
const pattern = (re: string, form: string) => Type.String({ pattern: re, description: form });
const HTTP_URL = "^https?://[^\\s/?#]+(/[^\\s?#]*)?$";

/**
 * Every variable the server reads, with the form it must take (the description is what the error message quotes). Unset or
 * empty means the default. Numbers are whole numbers within bounds: "ten" or "12h" stop the server instead of becoming NaN.
 */
export const ENV_SCHEMA = Type.Object({
  PORT: int(1, 65535, "um número de porta de 1 a 65535"),
  HOST: pattern("^\\S+$", "um endereço ou nome de interface (ex.: 0.0.0.0)"),
  DATA_DIR: pattern("^.+$", "um diretório"),
  DATABASE_URL: pattern("^postgres(ql)?://\\S+$", "uma URL postgres://usuario:senha@host:5432/banco"),
  UPLOAD_DIR: pattern("^.+$", "um diretório"),
  STATIC_DIR: pattern("^.+$", "um diretório"),
  S3_BUCKET: pattern("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$", "um nome de bucket S3 (3 a 63 letras minúsculas, dígitos, '.' ou '-')"),
  S3_ENDPOINT: pattern(HTTP_URL, "uma URL http(s):// do servidor S3 (ex.: http://127.0.0.1:8080)"),
  S3_REGION: pattern("^[a-z0-9-]{2,40}$", "o código de uma região (ex.: us-east-1)"),
  S3_ACCESS_KEY_ID: pattern("^\\S+$", "a chave de acesso, sem espaços"),
  S3_SECRET_ACCESS_KEY: pattern("^\\S+$", "o segredo, sem espaços"),
  S3_FORCE_PATH_STYLE: pattern("^(true|false|1|0)$", "true ou false"),
  SESSION_HOURS: int(1, 720, "um número inteiro de horas de 1 a 720 (ex.: 12)"),
  REMEMBER_DAYS: int(1, 365, "um número inteiro de dias de 1 a 365 (ex.: 30)"),
  LOGIN_RATE_MAX: int(1, 10_000, "um número inteiro de tentativas de 1 a 10000 (ex.: 10)"),
  LOGIN_RATE_WINDOW_MS: int(1_000, 86_400_000, "um número inteiro de milissegundos de 1000 a 86400000 (ex.: 60000)"),
  UPLOAD_MAX_IMAGE_MB: int(1, 1_000, "um número inteiro de MB de 1 a 1000"),
  UPLOAD_MAX_VIDEO_MB: int(1, 10_000, "um número inteiro de MB de 1 a 10000"),
  UPLOAD_MAX_DOCUMENT_MB: int(1, 1_000, "um número inteiro de MB de 1 a 1000"),
  UPLOAD_PENDING_MAX: int(1, 10_000, "um número inteiro de envios de 1 a 10000 (ex.: 30)"),
  UPLOAD_PENDING_MAX_MB: int(1, 1_000_000, "um número inteiro de MB de 1 a 1000000 (ex.: 4096)"),
  CORS_ORIGINS: pattern(
    "^(\\s*\\*\\s*|\\s*https?://[^\\s/,]+\\s*(,\\s*https?://[^\\s/,]+\\s*)*)$",
    "origens separadas por vírgula, sem caminho (ex.: https://app.exemplo.com.br,http://localhost:5173), ou * para qualquer origem",
  ),
  TRUST_PROXY: pattern("^.+$", "um número de proxies (ex.: 1) ou endereços/CIDRs separados por vírgula"),
  PUBLIC_URL: pattern(HTTP_URL, "o endereço público do portal, http(s)://host sem '?' nem '#' (ex.: https://portal.exemplo.com.br)"),
  SMTP_URL: pattern("^smtps?://\\S+$", "uma URL smtp://usuario:senha@host:587 ou smtps://usuario:senha@host:465"),
  SMTP_FROM: pattern("^.*\\S+@\\S+.*$", "um remetente com e-mail (ex.: Portal <nao-responda@exemplo.com.br>)"),
  VAPID_PUBLIC_KEY: pattern("^[A-Za-z0-9_-]{87}$", "a chave pública VAPID em base64url, 87 caracteres (npx web-push generate-vapid-keys)"),
  VAPID_PRIVATE_KEY: pattern("^[A-Za-z0-9_-]{43}$", "a chave privada VAPID em base64url, 43 caracteres (npx web-push generate-vapid-keys)"),
  VAPID_SUBJECT: pattern("^(mailto:\\S+@\\S+|https://\\S+)$", "um contato mailto:alguem@exemplo.com.br ou https://exemplo.com.br"),
  LOG_LEVEL: Type.Union(
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((l) => Type.Literal(l)),
    { description: "fatal, error, warn, info, debug, trace ou silent" },
  ),
});

type EnvName = keyof typeof ENV_SCHEMA.properties;

/** Thrown at start for a variable in the wrong form: the message names it and the form it takes. */
export class ConfigError extends Error {}

/** The environment's values for the schema's variables, numbers converted, empty ones left out; a ConfigError lists every wrong one. */
export function checkEnv(env: NodeJS.ProcessEnv): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(ENV_SCHEMA.properties) as [string, TSchema & { description?: string }][]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") continue;
    const value = (schema as { type?: string }).type === "integer" && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (!Value.Check(schema, value)) problems.push(`${name}=${JSON.stringify(env[name])} é inválido: use ${schema.description}.`);
    else out[name] = value;
  }
  if (problems.length > 0) throw new ConfigError(`Configuração inválida:\n- ${problems.join("\n- ")}`);
  return out;
}

function s3Settings(e: Record<string, string | number>): S3Settings | undefined {
  const bucket = e.S3_BUCKET as string | undefined;
  const endpoint = e.S3_ENDPOINT as string | undefined;
  const pathStyle = e.S3_FORCE_PATH_STYLE as string | undefined;
  if (!bucket) {
    const orphan = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"].filter((k) => k in e);
    if (orphan.length) throw new ConfigError(`Configuração inválida: ${orphan.join(", ")} sem S3_BUCKET: defina S3_BUCKET ou remova-as.`);
    return undefined;
  }
  if ("S3_ACCESS_KEY_ID" in e !== "S3_SECRET_ACCESS_KEY" in e)
    throw new ConfigError("Configuração inválida: defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntas (ou nenhuma das duas).");
  return {
    endpoint,
    bucket,
    region: (e.S3_REGION as string | undefined) ?? "us-east-1",
    accessKeyId: e.S3_ACCESS_KEY_ID as string | undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string | undefined,
    forcePathStyle: pathStyle ? pathStyle === "true" || pathStyle === "1" : !!endpoint,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = checkEnv(env);
  const num = (name: EnvName, fallback: number) => (e[name] as number | undefined) ?? fallback;
  const str = (name: EnvName) => e[name] as string | undefined;
  const publicUrl = str("PUBLIC_URL")?.replace(/\/+$/, "");
  const smtpUrl = str("SMTP_URL");
  // A link in an e-mail never comes from the request (its Host header is the sender's to choose): mail needs the address.
  if (smtpUrl && !publicUrl) {
    throw new ConfigError(
      "Configuração inválida: SMTP_URL exige PUBLIC_URL, o endereço público do portal usado nos links enviados por e-mail (ex.: https://portal.exemplo.com.br).",
    );
  }
  const root = process.cwd();
  const dataDir = path.resolve(root, str("DATA_DIR") ?? "data");
  return {
    port: num("PORT", 3001),
    host: str("HOST") ?? "0.0.0.0",
    dataDir,
    databaseUrl: str("DATABASE_URL"),
    uploadDir: path.resolve(root, str("UPLOAD_DIR") ?? path.join(dataDir, "uploads")),
    staticDir: path.resolve(root, str("STATIC_DIR") ?? "dist"),
    sessionHours: num("SESSION_HOURS", 12),
    rememberDays: num("REMEMBER_DAYS", 30),
    loginRateLimit: { max: num("LOGIN_RATE_MAX", 10), windowMs: num("LOGIN_RATE_WINDOW_MS", 60_000) },
    uploadLimits: {
      image: num("UPLOAD_MAX_IMAGE_MB", 20) * MB,
      video: num("UPLOAD_MAX_VIDEO_MB", 600) * MB,
      document: num("UPLOAD_MAX_DOCUMENT_MB", 25) * MB,
    },
    pendingUploads: { maxCount: num("UPLOAD_PENDING_MAX", 30), maxBytes: num("UPLOAD_PENDING_MAX_MB", 4096) * MB },
    corsOrigins: (str("CORS_ORIGINS") ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(str("TRUST_PROXY")),
    uploadIdleTimeoutMs: 30_000,
    s3: s3Settings(e),
    publicUrl,
    smtpUrl,
    smtpFrom: str("SMTP_FROM") ?? "Portal do Credenciado <nao-responda@portal-credenciado.local>",
    logLevel: str("LOG_LEVEL") ?? "warn",
    vapidKeys: vapidKeys(str("VAPID_PUBLIC_KEY"), str("VAPID_PRIVATE_KEY")),
    vapidSubject: str("VAPID_SUBJECT") ?? (publicUrl?.startsWith("https://") ? publicUrl : "mailto:nao-responda@portal-credenciado.local"),
    pushTestOrigins: [],
  };
}

function vapidKeys(publicKey: string | undefined, privateKey: string | undefined) {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey)
    throw new ConfigError("Configuração inválida: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (ou nenhuma das duas).");
  return { publicKey, privateKey };
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
    throw new ConfigError(
      `TRUST_PROXY inválido (${bad.join(", ") || text}): use um número de proxies (ex.: 1) ou endereços/CIDRs separados por vírgula (ex.: 10.0.0.1,172.16.0.0/12).`,
    );
  }
  return entries;
}
