// What the composition root (app.ts) hands the route plugins and the services they call: the database, the configuration,
// the file storage and the clock (server only). Routes name it RouteDeps (routes/deps.ts).
import type { Db } from "../db/client.ts";
import type { ServerConfig } from "../config.ts";
import type { FileStorage } from "../storage/storage.ts";
import type { Clock } from "../lib/dates.ts";

export interface ServerDeps {
  db: Db;
  config: ServerConfig;
  storage: FileStorage;
  clock: Clock;
}
