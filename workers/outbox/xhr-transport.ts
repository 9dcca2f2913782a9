// HTTP for the outbox (worker or page): files go up with the tus resumable protocol (POST to create, HEAD for the offset,
// PATCH from there) over XHR for real byte progress; JSON posts with the authToken header.
// Why not tus-js-client: 4.3.1 reads window.localStorage when imported and throws in a Web Worker (fixed upstream, not released),
// and the outbox already keeps the upload's address in its own IndexedDB record; the protocol's client side is this file.
import type { JobEvidence } from "../../src/domain/outbox-job.ts";
import type { HttpAnswer, Resume, Transport } from "./process.ts";

const TUS = { "Tus-Resumable": "1.0.0" };
/** One PATCH carries at most this much: the server's S3 part size, and bounded work to finish when an instance stops. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** A file up to this size goes in the creating request itself (one round trip on a slow network). */
export const SMALL_BYTES = 1024 * 1024;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

interface XhrAnswer extends HttpAnswer {
  header(name: string): string | null;
}

function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null,
  signal: AbortSignal | undefined,
  onSent?: (bytes: number) => void,
): Promise<XhrAnswer> {
  return new Promise((resolve) => {
    const none: XhrAnswer = { status: 0, body: undefined, header: () => null };
    if (signal?.aborted) return resolve(none);
    const xhr = new XMLHttpRequest();
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onSent) xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText), header: (n) => xhr.getResponseHeader(n) });
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(none);
    xhr.send(body);
  });
}

const offsetOf = (answer: XhrAnswer) => {
  const n = Number(answer.header("Upload-Offset"));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

/** The pairs the server reads of the file's evidence: its hashes (checked on arrival), capture time and the video's plate check. */
export function evidenceMetadata(evidence: JobEvidence | undefined): [string, string][] {
  if (!evidence) return [];
  const pairs: [string, string][] = [];
  if (evidence.sha256) pairs.push(["sha256", evidence.sha256]);
  if (evidence.sha256Original) pairs.push(["sha256original", evidence.sha256Original]);
  if (evidence.capturedAt) pairs.push(["capturedat", evidence.capturedAt]);
  if (evidence.videoPlate) {
    pairs.push(
      ["platechecked", "1"],
      ["platevideo", evidence.videoPlate.read ?? ""],
      ["plateconfirmed", evidence.videoPlate.confirmed ? "1" : "0"],
    );
  }
  return pairs;
}

/** tus' Upload-Metadata: `key base64(value)` pairs (an empty value, e.g. no plate read, reaches @tus/server as null). */
export const metadata = (name: string, type: string, evidence?: JobEvidence) =>
  [["filename", name], ["filetype", type || "application/octet-stream"], ...evidenceMetadata(evidence)]
    .map(([k, v]) => `${k} ${btoa(String.fromCharCode(...new TextEncoder().encode(v)))}`)
    .join(",");

/**
 * Sends `file` with tus, from where the server says the upload stands. Answers like /uploads/upload: 200 with the stored
 * file, a refusal (4xx with the server's message), or a status the caller retries later (0 = no answer, 5xx, 408, 423, 429);
 * the upload's address stays saved in between, so the next attempt sends only what is missing.
 */
async function tusUpload(
  apiBase: string,
  file: Blob,
  name: string,
  token: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
  resume: Resume | undefined,
  evidence: JobEvidence | undefined,
): Promise<HttpAnswer> {
  const auth = { ...TUS, authToken: token };
  const base = new URL(apiBase, self.location.href);
  const total = file.size;
  const progress = (sent: number) => onProgress(total === 0 ? 1 : Math.min(1, sent / total));
  let url = resume?.url;
  let offset = 0;
  /** The stored file, answered again for an upload whose last answer was lost. */
  const result = (at: string) => send("GET", at, { authToken: token }, null, signal);
  /** The offset the server holds (HEAD), or its answer when it cannot tell. */
  const standing = async (at: string): Promise<number | XhrAnswer> => {
    const where = await send("HEAD", at, auth, null, signal);
    const held = offsetOf(where);
    return where.status === 200 && held !== null ? held : where;
  };

  if (url) {
    const held = await standing(url);
    if (typeof held === "number") {
      offset = held;
      progress(offset);
      // All of it arrived before, but the last answer was lost: the server answers the stored file again.
      if (offset >= total) return result(url);
    } else if (held.status === 404 || held.status === 410) {
      // Expired or unknown (another server, a cleaned store): start this file over.
      url = undefined;
      await resume?.opened(undefined);
    } else {
      return held;
    }
  }

  if (!url) {
    const small = total <= SMALL_BYTES;
    const created = await send(
      "POST",
      `${base.href.replace(/\/$/, "")}/uploads/tus`,
      {
        ...auth,
        "Upload-Length": String(total),
        "Upload-Metadata": metadata(name, file.type, evidence),
        ...(small ? { "Content-Type": "application/offset+octet-stream" } : {}),
      },
      small ? file : null,
      signal,
      small ? progress : undefined,
    );
    // A small file went whole with its creation: the answer is the stored file (or the server's refusal).
    if (created.status !== 201) return created;
    const location = created.header("Location");
    if (!location) return { status: 0, body: undefined };
    url = new URL(location, base).href;
    await resume?.opened(url);
    offset = offsetOf(created) ?? 0;
  }

  for (let conflicts = 0; ;) {
    const end = Math.min(total, offset + CHUNK_BYTES);
    const from = offset;
    const sent = await send(
      "PATCH",
      url,
      { ...auth, "Upload-Offset": String(from), "Content-Type": "application/offset+octet-stream" },
      file.slice(from, end),
      signal,
      (bytes) => progress(from + bytes),
    );
    if (sent.status === 200) return sent;
    const acknowledged = sent.status === 204 ? offsetOf(sent) : null;
    // Out of step with the server (another tab or an earlier attempt moved it on): go on from where it stands, as its 409
    // says (Upload-Offset), else as a HEAD tells.
    const held = acknowledged ?? (sent.status === 409 && conflicts++ < 3 ? (offsetOf(sent) ?? (await standing(url))) : null);
    if (typeof held === "number") {
      offset = held;
      if (offset >= total) return result(url);
      continue;
    }
    if (held) return held;
    if (sent.status === 404 || sent.status === 410) await resume?.opened(undefined);
    return sent.status === 404 || sent.status === 410 ? { status: 0, body: undefined } : sent;
  }
}

export function xhrTransport(apiBase: string): Transport {
  return {
    upload: (file, name, token, onProgress, signal, resume, evidence) =>
      tusUpload(apiBase, file, name, token, onProgress, signal, resume, evidence),
    async post(path, body, token, signal) {
      try {
        const res = await fetch(`${apiBase}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authToken: token },
          body: JSON.stringify(body),
          signal,
        });
        return { status: res.status, body: parse(await res.text()) };
      } catch {
        return { status: 0, body: undefined };
      }
    },
  };
}
