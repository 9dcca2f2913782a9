// Guards for reading a multipart upload (server only): the parser's plain errors become 400s, a stalled client gets 408.
import type { FastifyReply, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { SNIFF_BYTES } from "./file-types.ts";
import { HttpError } from "./http-errors.ts";

export const STALLED = "O envio do arquivo parou de chegar ao servidor. Verifique a conexão e tente novamente.";
export const BAD_BOUNDARY = "O envio não é um multipart/form-data válido: o boundary está ausente ou não confere.";
export const INCOMPLETE = "O envio do arquivo chegou incompleto. Tente novamente.";

/**
 * busboy throws plain Errors (no code) for a missing or over-long boundary and for a body that ends before the closing
 * boundary (wrong boundary, truncated body or part). Those are the client's fault: 400 with a pt-BR message.
 */
export function multipartError(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof HttpError || (err as { code?: unknown }).code !== undefined) return err;
  if (/boundary|needle/i.test(err.message)) return new HttpError(400, BAD_BOUNDARY);
  if (/unexpected end of multipart data/i.test(err.message)) return new HttpError(400, INCOMPLETE);
  return err;
}

/**
 * An idle timer for one upload: every byte the client sends restarts it; when it fires, race() rejects and the watched
 * stream fails, both with a 408, and the reply closes the connection so the half-sent body holds nothing.
 * Idle, not total: a large video on a slow but live mobile link may take long; only silence is refused.
 */
export function stallGuard(request: FastifyRequest, reply: FastifyReply, idleMs: number) {
  const error = new HttpError(408, STALLED);
  let stalled = false;
  let onStall: (() => void) | undefined;
  let rejectRace: ((err: Error) => void) | undefined;
  const timer = setTimeout(() => {
    stalled = true;
    reply.header("connection", "close");
    rejectRace?.(error);
    onStall?.();
  }, idleMs);
  const touch = () => timer.refresh();
  return {
    /** Waits for p (the parser's first part) unless the client goes silent first; a late rejection of p is then ignored. */
    race<T>(p: Promise<T>): Promise<T> {
      p.catch(() => {});
      // Listening only now: the parser is already piped, so this listener cannot start the body flowing before it is read.
      request.raw.on("data", touch);
      if (stalled) return Promise.reject(error);
      return Promise.race([
        p,
        new Promise<never>((_, reject) => {
          rejectRace = reject;
        }),
      ]);
    },
    /** Fails the stream the handler is reading when the client goes silent. */
    watch(stream: Readable) {
      onStall = () => stream.destroy(error);
      if (stalled) onStall();
    },
    touch,
    done() {
      clearTimeout(timer);
      request.raw.off("data", touch);
    },
  };
}

export const MB = 1024 * 1024;
const LABEL = { image: "imagens", video: "vídeos", document: "documentos" } as const;
export const UNSUPPORTED = {
  code: 415,
  message:
    "Tipo de arquivo não permitido. Envie imagens (JPG, PNG, GIF, WebP), vídeos (MP4, MOV, WebM, AVI) ou documentos (PDF, DOC, DOCX).",
};
export const tooLarge = (limit: number, kind?: keyof typeof LABEL) => ({
  code: 413,
  message: `Arquivo grande demais. O limite${kind ? ` para ${LABEL[kind]}` : ""} é ${limit / MB} MB.`,
});

/** A multipart file part as the upload routes read it: its first bytes (its type), a drain, and the whole file as a stream. */
export interface SniffedPart {
  /** Up to SNIFF_BYTES of its start (fewer when the file is shorter; empty for an empty file). */
  head: Buffer;
  /** Reads the rest to its end (a refusal part-way leaves the request's body drained, the connection reusable). */
  drain(): Promise<void>;
  /** The whole file, head first, each chunk through `check` (which may throw to stop it); `atEnd` runs after the last chunk. */
  stream(check: (chunk: Buffer) => Buffer, atEnd: () => void): Readable;
}

/**
 * Reads a file part's first SNIFF_BYTES by hand (not for-await: a refusal part-way must leave the request's stream alive, to
 * be drained), for POST /uploads/upload and the member's return photo.
 */
export async function sniffPart(file: NodeJS.ReadableStream): Promise<SniffedPart> {
  const chunks = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  let ended = false;
  while (head.length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  return {
    head,
    async drain() {
      while (!ended && !(await chunks.next()).done);
    },
    stream(check, atEnd) {
      return Readable.from(
        (async function* () {
          yield check(head);
          while (!ended) {
            const next = await chunks.next();
            if (next.done) break;
            yield check(next.value);
          }
          ended = true;
          atEnd();
        })(),
      );
    },
  };
}
