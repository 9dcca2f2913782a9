// npm start: builds the SPA when dist/ is missing or older than the sources, then runs the API server (Node).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dist = path.join(root, "dist", "index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "src"), path.join(root, "workers")].filter((d) => fs.existsSync(d));
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const sourcesAt = Math.max(fs.statSync(path.join(root, "index.html")).mtimeMs, ...sources.map(newestMtime));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === "1") {
  console.log("Gerando a versão de produção do portal (vite build)...");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "server.ts")], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
