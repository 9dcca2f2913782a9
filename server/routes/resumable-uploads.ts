// Resumable uploads with the tus protocol (server only): POST /uploads/tus creates an upload, HEAD tells how much arrived,
// PATCH sends more from there; a cut upload resumes where it stopped, on any instance. The last PATCH answers, like
// POST /uploads/upload, with the stored file; GET /uploads/tus/:id answers it again when that answer was lost.
import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { Server, type ServerOptions } from "@tus/server";
import { ERRORS, type Upload } from "@tus/utils";
import { NodeRequest } from "srvx/node";
import { storedFiles } from "../db/schema.ts";
import { cleanOriginalName, detectType, SNIFF_BYTES } from "../lib/file-types.ts";
import { DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../lib/db-errors.ts";
import { HttpError } from "../lib/http-errors.ts";
import { databaseLocker } from "../lib/upload-locker.ts";
import { tooLarge, UNSUPPORTED } from "../lib/upload-input.ts";
import type { RouteDeps } from "./deps.ts";

export const TUS_PATH = "/api/uploads/tus";
/** tus' own upload ids: 32 hex digits (the server's default naming). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export const RESUMABLE_MESSAGES = {
  notFound: "Envio não encontrado ou expirado. Envie o arquivo novamente.",
  offset: "O envio está fora de ordem: consulte quanto já chegou ao servidor e continue de lá.",
  headers: "Cabeçalhos inválidos para um envio retomável (protocolo tus 1.0.0).",
  version: "Envio retomável sem o cabeçalho Tus-Resumable: 1.0.0.",
  unsupported: "Recurso do protocolo tus não suportado por este servidor.",
  busy: "Este arquivo ainda está sendo recebido por outra conexão. Tente novamente em instantes.",
  storage: "O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.",
  unfinished: "O envio deste arquivo ainda não terminou.",
} as const;

/** The service point of the request tus is handling (its hooks see only the raw request, not Fastify's). */
const pointOf = new WeakMap<IncomingMessage, string>();

type TusRequest = Parameters<NonNullable<ServerOptions["onIncomingRequest"]>>[0];
const rawOf = (req: TusRequest) => (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

/** A tus hook's refusal: tus sends `body` with `status_code`; the JSON wrapper below keeps it as it is. */
const refusal = (status_code: number, message: string) => ({ status_code, body: JSON.stringify({ success: false, message }) });

export async function resumableUploadRoutes(plain: FastifyInstance, { db, config, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const limits = config.uploadLimits;
  const largest = Math.max(limits.image, limits.video, limits.document);
  const datastore = storage.resumableStore();

  /** The upload's owner, or a 404 for an upload that does not exist or belongs to another point (never told apart). */
  async function ownedUpload(id: string, pointId: string | undefined): Promise<Upload> {
    const upload = await datastore.getUpload(id).catch((err: { status_code?: number }) => {
      if (err?.status_code === 404 || err?.status_code === 410) throw refusal(404, RESUMABLE_MESSAGES.notFound);
      throw err;
    });
    if (!pointId || upload.metadata?.owner !== pointId) throw refusal(404, RESUMABLE_MESSAGES.notFound);
    return upload;
  }

  /**
   * Turns a finished upload into a stored file of its point, once: on any instance, any number of times (the final PATCH,
   * then GET /uploads/tus/:id after a lost answer), the same row. The type is told by the bytes, as for /uploads/upload.
   */
  async function complete(upload: Upload, pointId: string) {
    const [existing] = await db.select().from(storedFiles).where(eq(storedFiles.uploadId, upload.id)).limit(1);
    if (existing) return existing;
    const originalName = cleanOriginalName(upload.metadata?.filename ?? undefined);
    const head = await storage.readResumableHead(upload.id, SNIFF_BYTES);
    const type = detectType(head, originalName);
    const size = upload.size ?? upload.offset;
    const refused = !type ? UNSUPPORTED : size > limits[type.kind] ? tooLarge(limits[type.kind], type.kind) : size === 0 ? EMPTY : null;
    if (refused || !type) {
      await datastore.remove(upload.id).catch(() => {});
      throw refusal(refused?.code ?? 415, refused?.message ?? UNSUPPORTED.message);
    }
    const storedName = `${randomUUID()}.${type.ext}`;
    const [row] = await db
      .insert(storedFiles)
      .values({ servicePointId: pointId, storedName, originalName, mimeType: type.mime, size, uploadId: upload.id })
      .onConflictDoNothing({ target: storedFiles.uploadId })
      .returning();
    // Another instance completed it meanwhile: its row is the answer.
    if (!row) return (await db.select().from(storedFiles).where(eq(storedFiles.uploadId, upload.id)).limit(1))[0]!;
    try {
      await storage.adoptResumable(upload.id, storedName);
    } catch (err) {
      await db.delete(storedFiles).where(eq(storedFiles.id, row.id));
      throw err;
    }
    return row;
  }

  /** The stored file a finished upload of this point became, if it has. */
  const storedFrom = async (uploadId: string, pointId: string) =>
    (
      await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.uploadId, uploadId), eq(storedFiles.servicePointId, pointId)))
        .limit(1)
    )[0];

  const answer = (file: typeof storedFiles.$inferSelect) => ({
    success: true,
    message: "Arquivo enviado com sucesso",
    filename: file.storedName,
    file: file.storedName,
    originalName: file.originalName,
    size: file.size,
    mimeType: file.mimeType,
  });

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    // Every instance behind the load balancer sees the same locks (tus' default lock lives in one process).
    locker: databaseLocker(db),
    // A path, not a URL: right behind any proxy, whatever host and scheme it was reached by.
    relativeLocation: true,
    maxSize: largest,
    // CORS is the API's own (server/plugins/cors.ts, CORS_ORIGINS); tus would otherwise answer any origin.
    allowedOrigins: [],
    async onUploadCreate(req, upload) {
      const pointId = pointOf.get(rawOf(req)!)!;
      const declared = detectDeclaredKind(upload.metadata?.filetype ?? undefined);
      if (declared && upload.size !== undefined && upload.size > limits[declared]) {
        const why = tooLarge(limits[declared], declared);
        throw refusal(why.code, why.message);
      }
      // The owner is the token's point, whatever the client wrote in its metadata.
      return { metadata: { ...upload.metadata, owner: pointId } };
    },
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      await ownedUpload(id, pointOf.get(rawOf(req)!));
    },
    async onUploadFinish(req, upload) {
      const file = await complete(upload, pointOf.get(rawOf(req)!)!);
      return { status_code: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(answer(file)) };
    },
    async onResponseError(_req, err) {
      if (isDatabaseUnavailable(err)) return refusal(503, DB_UNAVAILABLE_MESSAGE);
      if (err === ERRORS.ERR_LOCK_TIMEOUT) return refusal(423, RESUMABLE_MESSAGES.busy);
      const status = (err as { status_code?: number }).status_code;
      // tus' own errors carry their status; anything else is the store failing under the request.
      if (status === undefined || status >= 500) {
        plain.log.warn({ err }, "resumable upload: storage failed");
        return refusal(503, RESUMABLE_MESSAGES.storage);
      }
    },
  });

  // PATCH bodies go to tus untouched (no parser reads them into memory).
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    pointOf.set(request.raw, request.auth.servicePointId);
    // An upload already made a stored file is gone from tus' store: it still stands complete for a client whose last answer
    // was lost (HEAD: all of it arrived; PATCH: the stored file again), never "not found" and sent twice.
    const id = (request.params as { id?: string }).id;
    if (id && UPLOAD_ID.test(id) && (request.method === "HEAD" || request.method === "PATCH")) {
      const done = await storedFrom(id, request.auth.servicePointId);
      if (done && request.method === "PATCH") return reply.header("tus-resumable", "1.0.0").send(answer(done));
      if (done) {
        return reply
          .header("tus-resumable", "1.0.0")
          .header("upload-offset", String(done.size))
          .header("upload-length", String(done.size))
          .header("cache-control", "no-store")
          .send();
      }
    }
    const socket = request.raw.socket as typeof request.raw.socket | undefined;
    // (app.inject's requests have a stand-in socket without timers.)
    if ((request.method === "PATCH" || request.method === "POST") && typeof socket?.setTimeout === "function") {
      // A client that goes silent mid-chunk must not hold the upload's lock and a connection for ever: after this long
      // without a byte the connection is closed; tus keeps the bytes that arrived, and the client resumes from there.
      // On the socket, not a 'data' listener: that would start the body flowing before tus reads it.
      socket.setTimeout(config.uploadIdleTimeoutMs, () => socket.destroy());
      reply.raw.once("close", () => socket.setTimeout(0));
    }
    const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }) as unknown as Request);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (!name.startsWith("access-control-")) reply.header(name, value);
    });
    const text = await response.text();
    if (response.status < 400) return reply.send(text);
    // Our hooks' refusals are already this API's JSON (tus sends them as text/plain).
    if (response.status === 503) reply.header("retry-after", "5");
    if (isJsonMessage(text)) return reply.header("content-type", "application/json; charset=utf-8").send(text);
    // tus' plain-text errors become this API's JSON, in Portuguese; a server-side failure is never a 5xx of the client's making.
    const [status, message] = plainError(response.status, largest);
    if (status === 503) reply.header("retry-after", "5");
    return reply
      .code(status)
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify({ success: false, message }));
  }

  const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
  app.post("/uploads/tus", handle);
  app.route({ method: ["HEAD", "PATCH", "DELETE"], url: "/uploads/tus/:id", schema: { params: IdParams }, handler: handle });

  app.get("/uploads/tus/:id", { schema: { params: IdParams } }, async (request, reply) => {
    const { id } = request.params;
    const pointId = request.auth.servicePointId;
    if (!UPLOAD_ID.test(id)) return reply.code(404).send({ success: false, message: RESUMABLE_MESSAGES.notFound });
    const done = await storedFrom(id, pointId);
    if (done) return answer(done);
    let upload: Upload;
    try {
      upload = await ownedUpload(id, pointId);
    } catch (err) {
      throw httpRefusal(err) ?? err;
    }
    if (upload.size === undefined || upload.offset < upload.size) {
      return reply
        .code(409)
        .header("upload-offset", String(upload.offset))
        .send({ success: false, message: RESUMABLE_MESSAGES.unfinished });
    }
    try {
      return answer(await complete(upload, pointId));
    } catch (err) {
      throw httpRefusal(err) ?? new HttpError(503, RESUMABLE_MESSAGES.storage);
    }
  });
}

/** A refusal of ours (thrown for tus' hooks) met where Fastify answers instead: the same status and message as an HttpError. */
function httpRefusal(err: unknown): HttpError | undefined {
  const r = err as { status_code?: number; body?: string } | undefined;
  if (!r?.status_code || !r.body || !isJsonMessage(r.body)) return undefined;
  return new HttpError(r.status_code, (JSON.parse(r.body) as { message: string }).message);
}

const isJsonMessage = (text: string) => {
  try {
    return typeof (JSON.parse(text) as { message?: unknown })?.message === "string";
  } catch {
    return false;
  }
};

const EMPTY = { code: 400, message: "O arquivo enviado está vazio." };

/** The kind a client declares in its metadata (filetype), to refuse a too-large upload before any byte is sent. */
function detectDeclaredKind(mime: string | undefined): "image" | "video" | "document" | undefined {
  if (!mime) return undefined;
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime === "application/pdf" || mime.includes("word")) return "document";
  return undefined;
}

function plainError(status: number, largest: number): [number, string] {
  switch (status) {
    case 404:
    case 410:
      return [404, RESUMABLE_MESSAGES.notFound];
    case 409:
      return [409, RESUMABLE_MESSAGES.offset];
    case 412:
      return [412, RESUMABLE_MESSAGES.version];
    case 413:
      return [413, tooLarge(largest).message];
    case 501:
      return [400, RESUMABLE_MESSAGES.unsupported];
    default:
      return status >= 500 ? [503, RESUMABLE_MESSAGES.storage] : [400, RESUMABLE_MESSAGES.headers];
  }
}
