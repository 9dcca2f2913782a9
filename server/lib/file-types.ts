// Detects an uploaded file's real type from its first bytes (magic numbers); the name only disambiguates zip/OLE documents (server only).
export type FileKind = "image" | "video" | "document";
export interface DetectedType {
  mime: string;
  ext: string;
  kind: FileKind;
}

export const SNIFF_BYTES = 4100;

const starts = (b: Buffer, bytes: number[], offset = 0) => bytes.every((x, i) => b[offset + i] === x);
const ascii = (b: Buffer, text: string, offset = 0) => b.subarray(offset, offset + text.length).toString("latin1") === text;

export function detectType(head: Buffer, originalName: string): DetectedType | null {
  const name = originalName.toLowerCase();
  if (starts(head, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg", kind: "image" };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png", kind: "image" };
  if (ascii(head, "GIF87a") || ascii(head, "GIF89a")) return { mime: "image/gif", ext: "gif", kind: "image" };
  if (ascii(head, "RIFF") && ascii(head, "WEBP", 8)) return { mime: "image/webp", ext: "webp", kind: "image" };
  if (ascii(head, "RIFF") && ascii(head, "AVI ", 8)) return { mime: "video/x-msvideo", ext: "avi", kind: "video" };
  if (ascii(head, "ftyp", 4)) {
    const brand = head.subarray(8, 12).toString("latin1");
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov", kind: "video" };
    if (/^(heic|heix|hevc|hevx|mif1|msf1|avif)$/.test(brand)) return null;
    if (brand.startsWith("3g")) return { mime: "video/3gpp", ext: "3gp", kind: "video" };
    return { mime: "video/mp4", ext: "mp4", kind: "video" };
  }
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    return head.subarray(0, 64).includes("webm")
      ? { mime: "video/webm", ext: "webm", kind: "video" }
      : { mime: "video/x-matroska", ext: "mkv", kind: "video" };
  }
  if (ascii(head, "%PDF-")) return { mime: "application/pdf", ext: "pdf", kind: "document" };
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && name.endsWith(".doc")) {
    return { mime: "application/msword", ext: "doc", kind: "document" };
  }
  if (
    starts(head, [0x50, 0x4b, 0x03, 0x04]) &&
    name.endsWith(".docx") &&
    (head.includes("[Content_Types].xml") || head.includes("word/"))
  ) {
    return { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", kind: "document" };
  }
  return null;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header or the database.
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f"<>|:*?]/g;

/** Keeps a readable, safe display name (no paths, no control characters). */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? "arquivo").split(/[\\/]/).pop() ?? "arquivo";
  const cleaned = base.replace(UNSAFE_NAME_CHARS, "_").trim().slice(0, 200);
  return cleaned || "arquivo";
}

/**
 * The name a download is offered under: the original base name, made safe, with the extension of the stored file (its REAL
 * type, from its bytes), never the uploaded one — a JPEG uploaded as evil.html downloads as evil.jpg.
 */
export function downloadName(originalName: string, storedName: string): { utf8: string; ascii: string } {
  const ext = storedName.slice(storedName.lastIndexOf(".") + 1);
  const dot = originalName.lastIndexOf(".");
  const base = (dot > 0 ? originalName.slice(0, dot) : originalName)
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} _()-]+/gu, "_")
    .replace(/_+/g, "_")
    .trim()
    .slice(0, 100);
  const safe = base.replace(/^[_ ]+|[_ ]+$/g, "") || storedName.slice(0, storedName.lastIndexOf("."));
  const ascii = safe
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 _()-]+/g, "_");
  return { utf8: `${safe}.${ext}`, ascii: `${ascii}.${ext}` };
}
