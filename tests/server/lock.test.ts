// The embedded database directory is locked: a second opener is refused, a stale lock is taken over.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../../server/db/lock";
import { openDatabase } from "../../server/db/client";

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second holder while the first is alive and frees on release", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    fs.writeFileSync(path.join(dir, "portal.lock"), dead);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("makes a second PGlite open of the same directory fail with a clear message", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/já está aberto por outro processo/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
