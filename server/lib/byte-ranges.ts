// HTTP Range for downloads (server only): parses bytes=a-b,c-,-n and builds multipart/byteranges bodies for several ranges.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";

export interface ByteRange {
  start: number;
  end: number;
}

/** Beyond this many ranges the whole file is sent instead (RFC 9110 lets a server ignore Range; many tiny ranges are an abuse). */
export const MAX_RANGES = 16;

function parseSpec(spec: string, total: number): ByteRange | "invalid" | "unsatisfiable" {
  const m = /^(\d*)-(\d*)$/.exec(spec.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix)) return "invalid";
    return suffix === 0 || total === 0 ? "unsatisfiable" : { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Infinity : Number(m[2]);
  if (!Number.isSafeInteger(start) || (m[2] !== "" && !Number.isSafeInteger(last)) || start > last) return "invalid";
  return start >= total ? "unsatisfiable" : { start, end: Math.min(last, total - 1) };
}

/**
 * Ranges to send, sorted with overlapping or adjacent ones merged; undefined without a Range header or when it is better
 * answered with the whole file (too many ranges); "invalid" when malformed or when no range is satisfiable (416).
 */
export function parseRanges(header: string | undefined, total: number): ByteRange[] | "invalid" | undefined {
  if (!header) return undefined;
  const m = /^bytes=(.+)$/.exec(header.trim());
  if (!m) return "invalid";
  const specs = m[1].split(",");
  if (specs.length > MAX_RANGES) return undefined;
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const r = parseSpec(spec, total);
    if (r === "invalid") return "invalid";
    if (r !== "unsatisfiable") ranges.push(r);
  }
  if (ranges.length === 0) return "invalid";
  ranges.sort((a, b) => a.start - b.start);
  const merged = [ranges[0]];
  for (const r of ranges.slice(1)) {
    const prev = merged[merged.length - 1];
    if (r.start <= prev.end + 1) prev.end = Math.max(prev.end, r.end);
    else merged.push(r);
  }
  return merged;
}

/** A multipart/byteranges body streaming each range from storage, with its exact length. */
export function byteRangesBody(ranges: ByteRange[], total: number, mime: string, read: (r: ByteRange) => Promise<Readable>) {
  const boundary = `portal-${randomBytes(12).toString("hex")}`;
  const heads = ranges.map((r, i) =>
    Buffer.from(
      `${i === 0 ? "" : "\r\n"}--${boundary}\r\nContent-Type: ${mime}\r\nContent-Range: bytes ${r.start}-${r.end}/${total}\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = heads.reduce((n, h, i) => n + h.length + ranges[i].end - ranges[i].start + 1, tail.length);
  async function* parts() {
    for (const [i, r] of ranges.entries()) {
      yield heads[i];
      for await (const chunk of await read(r)) yield chunk as Buffer;
    }
    yield tail;
  }
  return { contentType: `multipart/byteranges; boundary=${boundary}`, length, body: Readable.from(parts(), { objectMode: false }) };
}
