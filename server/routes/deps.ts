// What every route plugin receives (server only).
import type { Db } from "../db/client.ts";
import type { ServerConfig } from "../config.ts";
import type { FileStorage } from "../storage/storage.ts";
import type { Clock } from "../lib/dates.ts";

export interface RouteDeps { db: Db; config: ServerConfig; storage: FileStorage; clock: Clock }
