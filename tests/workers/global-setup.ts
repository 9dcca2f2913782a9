// Browser-mode global setup: a real API server that accepts the test page's origin (CORS), for the upload outbox tests; and a
// few of the real plate photos of ../shared/data/plates-br-dev (read where they are, never copied) for the plate finder's test.
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../support/start-server";

export interface DevPlate {
  file: string;
  plate: string;
  box: { x: number; y: number; w: number; h: number };
  /** The JPEG, base64. */
  jpeg: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    devPlates: DevPlate[];
  }
}

/** Every 8th labelled photo of the dev set (7 of 57), when the set is on this machine. */
function devPlates(): DevPlate[] {
  const dir = path.resolve(process.env.PLATES_DEV_DIR ?? "../shared/data/plates-br-dev");
  if (!fs.existsSync(path.join(dir, "labels.tsv"))) return [];
  return fs
    .readFileSync(path.join(dir, "labels.tsv"), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .filter((_, i) => i % 8 === 0)
    .map((l) => {
      const [file, plate, box] = l.split("\t");
      const [x, y, w, h] = box.trim().split(/\s+/).map(Number);
      return { file, plate, box: { x, y, w, h }, jpeg: fs.readFileSync(path.join(dir, file)).toString("base64") };
    });
}

export default async function setup(project: TestProject) {
  const server = await startServer({ CORS_ORIGINS: "*", STATIC_DIR: "/nonexistent" });
  project.provide("apiUrl", `${server.url}/api`);
  project.provide("devPlates", devPlates());
  return () => server.stop();
}
