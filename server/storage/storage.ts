// Storage of uploaded files behind one interface: disk (default) or an S3-compatible object store (server only).
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DataStore } from "@tus/utils";
import { FileStore } from "@tus/file-store";

export interface FileStorage {
  /**
   * Streams `body` into storage under `name`. Resolves once the whole file is stored; when `body` fails (a refused or cut
   * upload) or the store does, rejects and leaves nothing under `name`. Memory stays bounded whatever the file's size.
   */
  write(name: string, body: Readable): Promise<void>;
  /** Size in bytes, or null when absent. */
  size(name: string): Promise<number | null>;
  /** Reads the whole file or the inclusive byte range [start, end]. */
  read(name: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(name: string): Promise<void>;
  /** Resolves when files can be written and read now (readiness probe); rejects with the reason otherwise. */
  ready(): Promise<void>;
  /** Where resumable (tus) uploads are kept while they arrive: in the same place as the files. */
  resumableStore(): DataStore;
  /** The first `bytes` bytes of a resumable upload (its type is told by them), fewer when it is shorter. */
  readResumableHead(uploadId: string, bytes: number): Promise<Buffer>;
  /**
   * Deletes unfinished resumable uploads older than RESUMABLE_EXPIRY_MS; answers how many. Through a second store instance
   * that knows the expiry: on the serving one, tus would look a finished, already moved upload up again and answer 404.
   */
  sweepExpiredUploads(): Promise<number>;
  /**
   * Makes a finished resumable upload a stored file under `name` without its bytes passing through this process again
   * (a rename on disk, a server-side copy in an object store), and forgets the upload.
   */
  adoptResumable(uploadId: string, name: string): Promise<void>;
  /**
   * Deletes what writes cut by a crash left behind (disk: the partial files staged in `.incoming`) untouched for
   * `olderThanMs`; answers how many. A write in progress, on this or another instance sharing the folder, touches its file at
   * least every upload idle timeout, so it is never that old. The S3 store stages nothing of its own: a write cut there by a
   * crash leaves an incomplete multipart upload, for the bucket's lifecycle rule (AbortIncompleteMultipartUpload) to remove.
   */
  sweepPartialWrites?(olderThanMs: number): Promise<number>;
}

/** A resumable upload left unfinished this long is deleted (its client, asking for it, gets 404 and starts that file over). */
export const RESUMABLE_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** A stored name: letters, digits, '.', '_' and '-', never a path or a hidden file (both stores check it). */
export function checkedName(name: string): string {
  if (!SAFE_NAME.test(name) || name.includes("..")) throw new Error("invalid stored name");
  return name;
}

export class DiskStorage implements FileStorage {
  private readonly incoming: string;
  private readonly resumableDir: string;
  private tus: FileStore | undefined;
  constructor(private readonly dir: string) {
    this.incoming = path.join(dir, ".incoming");
    this.resumableDir = path.join(dir, ".resumable");
    fs.mkdirSync(this.incoming, { recursive: true });
  }
  private file(name: string) {
    return path.join(this.dir, checkedName(name));
  }
  async ready() {
    // The folder uploads are written to must exist and be writable (a full or read-only disk, a missing mount).
    await fsp.access(this.incoming, fs.constants.W_OK | fs.constants.R_OK);
  }
  async write(name: string, body: Readable) {
    const target = this.file(name);
    // Written apart first, so a half-written file is never seen under its name.
    const temp = path.join(this.incoming, `${randomUUID()}.part`);
    const out = fs.createWriteStream(temp);
    // Opened before any byte is read: a body refused in its first chunk made pipeline settle before the file was opened,
    // and the open, still under way, created the file after the rm below (left behind until the next sweep).
    await once(out, "ready");
    try {
      await pipeline(body, out);
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }
  async size(name: string) {
    try {
      const st = await fsp.stat(this.file(name));
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  }
  async read(name: string, range?: { start: number; end: number }) {
    const stream = fs.createReadStream(this.file(name), range);
    // Opened before it is handed over, so a missing file is an error here, not in the middle of a reply.
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
    return stream;
  }
  async remove(name: string) {
    await fsp.rm(this.file(name), { force: true });
  }
  resumableStore() {
    return (this.tus ??= new FileStore({ directory: this.resumableDir }));
  }
  sweepExpiredUploads() {
    return new FileStore({ directory: this.resumableDir, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }).deleteExpired();
  }
  async readResumableHead(uploadId: string, bytes: number) {
    const handle = await fsp.open(path.join(this.resumableDir, checkedName(uploadId)));
    try {
      const head = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(head, 0, bytes, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
  async sweepPartialWrites(olderThanMs: number) {
    const before = Date.now() - olderThanMs;
    let deleted = 0;
    for (const name of await fsp.readdir(this.incoming)) {
      const file = path.join(this.incoming, name);
      // Gone meanwhile (its write finished or failed and cleaned up): nothing to do.
      const st = await fsp.stat(file).catch(() => null);
      if (!st?.isFile() || st.mtimeMs >= before) continue;
      await fsp.rm(file, { force: true });
      deleted++;
    }
    return deleted;
  }
  async adoptResumable(uploadId: string, name: string) {
    const source = path.join(this.resumableDir, checkedName(uploadId));
    await fsp.rename(source, this.file(name));
    await fsp.rm(`${source}.json`, { force: true });
  }
}
