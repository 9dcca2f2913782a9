// The embedded database directory is locked: a second opener is refused, a stale lock (crash, reboot, reused PID) is taken over.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, currentBootId, DataDirLockedError, processStartTime } from "../../server/db/lock";
import { openDatabase } from "../../server/db/client";

const LOCK_MODULE = fileURLToPath(new URL("../../server/db/lock.ts", import.meta.url));
const onLinux = fs.existsSync("/proc/self/stat");
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
  dirs.push(d);
  return d;
};
const lockFile = (dir: string) => path.join(dir, "portal.lock");
const holder = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), "utf8")).pid as number;
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A live process that is not a portal server, as a reused PID would be after a reboot. */
async function sleeper() {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  await once(child, "spawn");
  return child.pid!;
}

/** A second server process on the same directory: it acquires the lock and stays alive. */
async function secondServer(dir: string) {
  const code =
    `import(${JSON.stringify(LOCK_MODULE)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); ` +
    `process.stdout.write("ready"); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ["--import", "tsx", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const [chunk] = await once(child.stdout!, "data");
  expect(String(chunk)).toBe("ready");
  return child;
}

describe("data directory lock", () => {
  it("refuses a second holder while the first is alive and frees on release", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    fs.writeFileSync(lockFile(dir), dead);
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it("refuses a real second server on the same directory, with the pt-BR message, until it exits", async () => {
    const dir = tempDir();
    const other = await secondServer(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `O banco de dados em ${dir} já está aberto por outro processo (PID ${other.pid}). Encerre-o ou use outro DATA_DIR.`,
    );
    other.kill("SIGKILL");
    await once(other, "exit");
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it("takes over a lock naming our own PID, left by an earlier run (container restart)", () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.pid, startTime: "1", bootId: currentBootId() }));
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
    fs.writeFileSync(lockFile(dir), String(process.pid)); // old PID-only format
    acquireDataDirLock(dir)();
  });

  it.runIf(onLinux)("takes over a lock whose PID now belongs to another, younger process (new format)", async () => {
    const dir = tempDir();
    const pid = await sleeper();
    fs.writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid, startTime: String(Number(processStartTime(pid)) - 500), bootId: currentBootId() }),
    );
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it.runIf(onLinux)("takes over an old PID-only lock written before its PID's process started", async () => {
    const dir = tempDir();
    const pid = await sleeper();
    fs.writeFileSync(lockFile(dir), String(pid));
    const beforeBoot = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFile(dir), beforeBoot, beforeBoot);
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
    release();
  });

  it.runIf(onLinux)("takes over a lock from another boot even if the PID and start time match", async () => {
    const dir = tempDir();
    const pid = await sleeper();
    const sameProcess = { pid, startTime: processStartTime(pid) };
    fs.writeFileSync(lockFile(dir), JSON.stringify({ ...sameProcess, bootId: currentBootId() }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(lockFile(dir), JSON.stringify({ ...sameProcess, bootId: "00000000-0000-0000-0000-000000000000" }));
    const release = acquireDataDirLock(dir);
    expect(holder(dir)).toBe(process.pid);
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
