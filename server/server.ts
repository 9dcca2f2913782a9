// Boot only: config -> database (migrations, first-start seed) -> app -> listen; prints the demo login (server only).
import { loadConfig } from "./config.ts";
import { openDatabase, type Db } from "./db/client.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { DEMO_CENTRAL, DEMO_PASSWORD, DEMO_USERS, seedCentralIfEmpty, seedIfEmpty } from "./seed.ts";
import { buildApp } from "./app.ts";
import { purgeExpiredSessions } from "./plugins/auth.ts";
import { purgeExpiredCentralSessions } from "./plugins/central-auth.ts";
import { purgeExpiredRateLimits } from "./lib/rate-limit-store.ts";
import { openStorage } from "./storage/s3-storage.ts";
import { purgeExpiredUploadLocks } from "./lib/upload-locker.ts";
import { startUploadSweeps } from "./lib/upload-sweeps.ts";
import { startNotificationPurge } from "./services/notification-purge.ts";

let config;
try {
  config = loadConfig();
} catch (err) {
  // A wrong setting (ConfigError: the variable and the form it takes) is the operator's to fix: say which, without a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
let handle;
let seeded = false;
const prepare = async (db: Db) => {
  seeded = await seedIfEmpty(db);
  await seedCentralIfEmpty(db);
};
try {
  handle = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          // One JSON line per lost connection: the operator sees the restart, the process keeps serving.
          onConnectionLost: (err) =>
            console.error(JSON.stringify({ level: "warn", time: Date.now(), msg: "database connection lost", err: err.message })),
          prepare,
        }
      : { dataDir: config.dataDir, prepare },
  );
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const { db, kind, close } = handle;
await purgeExpiredSessions(db);
await purgeExpiredCentralSessions(db);
await purgeExpiredRateLimits(db);
await purgeExpiredUploadLocks(db);
const level = config.logLevel;
const storage = await openStorage(config);
// At start and hourly (each instance may do it: deleting twice is fine): partial files of uploads cut by a crash, unfinished
// resumable uploads past their expiry and their quota rows.
const warn = (msg: string, err: Error) => console.error(JSON.stringify({ level: "warn", time: Date.now(), msg, err: err.message }));
startUploadSweeps(db, storage, warn);
// Notifications older than 90 days, at start and hourly, likewise.
startNotificationPurge(db, warn);
const app = await buildApp({ db, config, storage, logger: level === "silent" ? false : { level } });

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

await app.listen({ port: config.port, host: config.host });
const where = kind === "pglite" ? `PGlite embutido em ${config.dataDir}` : "PostgreSQL (DATABASE_URL)";
const files = config.s3 ? `bucket S3 ${config.s3.bucket}` : config.uploadDir;
console.log(
  `\nPortal do Credenciado em http://localhost:${config.port}  —  banco: ${where}${seeded ? " (dados de demonstração criados)" : ""}  —  arquivos: ${files}`,
);
console.log(`Login de demonstração: ${DEMO_USERS.main}  senha: ${DEMO_PASSWORD}`);
console.log(`Outro ponto (isolamento): ${DEMO_USERS.otherPoint}  senha: ${DEMO_PASSWORD}`);
console.log(`Equipe central do programa (/central): ${DEMO_CENTRAL.email}  senha: ${DEMO_PASSWORD}\n`);
