// Storage of uploaded files behind one interface (disk now; an S3-compatible store can implement the same) (server only).
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";

export interface FileStorage {
  /** A fresh path where an incoming upload may be written before it is accepted. */
  tempPath(): string;
  /** Moves a completed temporary file into storage under its final name. */
  commit(tempFile: string, name: string): Promise<void>;
  /** Size in bytes, or null when absent. */
  size(name: string): Promise<number | null>;
  /** Reads the whole file or the inclusive byte range [start, end]. */
  read(name: string, range?: { start: number; end: number }): Readable;
  remove(name: string): Promise<void>;
  /** Resolves when files can be written and read now (readiness probe); rejects with the reason otherwise. */
  ready(): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export class DiskStorage implements FileStorage {
  private readonly incoming: string;
  constructor(private readonly dir: string) {
    this.incoming = path.join(dir, ".incoming");
    fs.mkdirSync(this.incoming, { recursive: true });
  }
  private file(name: string) {
    if (!SAFE_NAME.test(name) || name.includes("..")) throw new Error("invalid stored name");
    return path.join(this.dir, name);
  }
  tempPath() {
    return path.join(this.incoming, `${randomUUID()}.part`);
  }
  async ready() {
    // The folder uploads are written to must exist and be writable (a full or read-only disk, a missing mount).
    await fsp.access(this.incoming, fs.constants.W_OK | fs.constants.R_OK);
  }
  async commit(tempFile: string, name: string) {
    await fsp.rename(tempFile, this.file(name));
  }
  async size(name: string) {
    try {
      const st = await fsp.stat(this.file(name));
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  }
  read(name: string, range?: { start: number; end: number }) {
    return fs.createReadStream(this.file(name), range);
  }
  async remove(name: string) {
    await fsp.rm(this.file(name), { force: true });
  }
}
