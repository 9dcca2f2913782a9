// Exclusive lock on the embedded database directory, so a second server process refuses to open it (server only).
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/** What a lock file says about its holder; startTime and bootId are absent in the old PID-only format and off Linux. */
interface LockOwner {
  pid: number;
  startTime?: string;
  bootId?: string;
}

// Locks this process holds right now: a second open of the same directory in one process must still be refused.
const heldHere = new Set<string>();

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

export const currentBootId = () => readProc("/proc/sys/kernel/random/boot_id")?.trim() || undefined;

/** Field 22 of /proc/<pid>/stat: the process start time in clock ticks since boot; the command name may hold spaces and ")". */
export function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const v = JSON.parse(trimmed) as Partial<LockOwner>;
    return Number.isSafeInteger(v.pid) && v.pid! > 0 ? { pid: v.pid!, startTime: v.startTime, bootId: v.bootId } : undefined;
  } catch {
    return undefined;
  }
}

// Clock ticks per second of /proc/<pid>/stat (USER_HZ): 100 on every Linux architecture Node runs on.
const USER_HZ = 100;

/** When the process started, in ms since the epoch (Linux only). */
function startedAtMs(startTime: string): number | undefined {
  const btime = /^btime (\d+)$/m.exec(readProc("/proc/stat") ?? "")?.[1];
  return btime ? Number(btime) * 1000 + (Number(startTime) / USER_HZ) * 1000 : undefined;
}

/** Whether the process named in the lock is a live server that still holds it. PIDs are reused after a crash or a reboot. */
function stillHeld(owner: LockOwner, lockFile: string): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const bootId = currentBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  const startTime = processStartTime(owner.pid);
  if (startTime === undefined) return true; // no /proc (not Linux): a live PID is all we can check
  if (owner.startTime !== undefined) return owner.startTime === startTime;
  // Old PID-only lock: its writer started before writing it; a process that started later only reuses the PID.
  const started = startedAtMs(startTime);
  const written = fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs;
  return started === undefined || written === undefined || started <= written + 1000;
}

function linkOrCreate(temp: string, file: string, content: string) {
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw err;
    // Some mounted filesystems have no hard links: exclusive create, then write.
    const fd = fs.openSync(file, "wx");
    fs.writeSync(fd, content);
    fs.closeSync(fd);
  }
}

const lockedMessage = (dir: string, pid: number) =>
  `O banco de dados em ${dir} já está aberto por outro processo (PID ${pid}). Encerre-o ou use outro DATA_DIR.`;

/** Takes the lock or throws DataDirLockedError; a lock whose holder is gone (crash, reboot, reused PID) is taken over. */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "portal.lock");
  if (heldHere.has(file)) throw new DataDirLockedError(lockedMessage(dir, process.pid));
  const content = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid), bootId: currentBootId() });
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written aside then hard-linked: the lock appears complete or not at all, so a reader never sees it half-written.
    const temp = `${file}.${process.pid}.${attempt}.tmp`;
    fs.writeFileSync(temp, content);
    try {
      linkOrCreate(temp, file, content);
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        // Remove only our own lock: never one another server took over meanwhile.
        if (readProc(file) === content) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = parseOwner(readProc(file) ?? "");
      if (owner && stillHeld(owner, file)) throw new DataDirLockedError(lockedMessage(dir, owner.pid));
      fs.rmSync(file, { force: true });
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  throw new DataDirLockedError(`Não foi possível bloquear ${dir}.`);
}
