// Resumable uploads with the tus protocol (server only): POST /uploads/tus creates an upload, HEAD tells how much arrived,
// PATCH sends more from there; a cut upload resumes where it stopped, on any instance. The last PATCH answers, like
// POST /uploads/upload, with the stored file; GET /uploads/tus/:id answers it again when that answer was lost. The bytes'
// SHA-256 must equal the one the phone declared in Upload-Metadata (sha256), else the upload is refused (422).
import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Server, type ServerOptions } from "@tus/server";
import { ERRORS, type Upload } from "@tus/utils";
import { NodeRequest } from "srvx/node";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/resumable-uploads.ts";
import {
  deleteStoredFile,
  fileOfUpload,
  insertUploadFile,
  pointFileOfUpload,
  toStoredFile,
  type StoredFileRow,
} from "../repositories/stored-files.ts";
import { cleanOriginalName, detectType, SNIFF_BYTES } from "../lib/file-types.ts";
import { DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../lib/db-errors.ts";
import { HttpError } from "../lib/http-errors.ts";
import { detectDeclaredKind, EMPTY, httpRefusal, isJsonMessage, plainError, refusal, RESUMABLE_MESSAGES } from "../lib/tus-refusals.ts";
import { databaseLocker } from "../lib/upload-locker.ts";
import { tooLarge, UNSUPPORTED } from "../lib/upload-input.ts";
import { QUOTA_MESSAGES, QUOTA_RETRY_AFTER_S, releasePendingUpload, reservePendingUpload } from "../lib/upload-quota.ts";
import { declaredEvidence, EVIDENCE_MESSAGES, evidenceColumns, sha256OfResumable } from "../lib/evidence-hash.ts";
import { isUuid } from "../db/rows.ts";
import type { RouteDeps } from "./deps.ts";

export const TUS_PATH = "/api/uploads/tus";
/** tus' own upload ids: 32 hex digits (the server's default naming). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The service point of the request tus is handling (its hooks see only the raw request, not Fastify's). */
const pointOf = new WeakMap<IncomingMessage, string>();
/** The point user whose token is sending it (recorded as the file's uploader). */
const userOf = new WeakMap<IncomingMessage, string>();
/** The upload a POST reserved a place of its point's quota for (released again when the creation did not happen). */
const createdBy = new WeakMap<IncomingMessage, string>();

type TusRequest = Parameters<NonNullable<ServerOptions["onIncomingRequest"]>>[0];
const rawOf = (req: TusRequest) => (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

export async function resumableUploadsRoutes(plain: FastifyInstance, { db, config, storage, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const limits = config.uploadLimits;
  const largest = Math.max(limits.image, limits.video, limits.document);
  const pending = config.pendingUploads;
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

  /** Frees an upload's place in its point's quota; a database away for the moment leaves the row to the expiry sweep. */
  const release = (uploadId: string, pointId?: string) =>
    releasePendingUpload(db, uploadId, pointId).catch((err: unknown) => {
      plain.log.warn({ err }, "resumable upload: quota row not released");
    });

  /**
   * Turns a finished upload into a stored file of its point, once: on any instance, any number of times (the final PATCH,
   * then GET /uploads/tus/:id after a lost answer), the same row. The type is told by the bytes, as for /uploads/upload.
   */
  async function complete(upload: Upload, pointId: string): Promise<StoredFileRow> {
    const existing = await fileOfUpload(db, upload.id);
    if (existing) {
      await release(upload.id);
      return existing;
    }
    const originalName = cleanOriginalName(upload.metadata?.filename ?? undefined);
    const head = await storage.readResumableHead(upload.id, SNIFF_BYTES);
    const type = detectType(head, originalName);
    const size = upload.size ?? upload.offset;
    const refused = !type ? UNSUPPORTED : size > limits[type.kind] ? tooLarge(limits[type.kind], type.kind) : size === 0 ? EMPTY : null;
    if (refused || !type) {
      await datastore.remove(upload.id).catch(() => {});
      await release(upload.id);
      throw refusal(refused?.code ?? 415, refused?.message ?? UNSUPPORTED.message);
    }
    // Checked at the creation already; an upload created before this server read these claims has none of them.
    const declared = declaredEvidence((name) => upload.metadata?.[name], clock());
    if ("refused" in declared) {
      await datastore.remove(upload.id).catch(() => {});
      await release(upload.id);
      throw refusal(400, declared.refused);
    }
    let sha256: string;
    try {
      sha256 = await sha256OfResumable(datastore, upload.id);
    } catch (err) {
      // Another instance completed it while this one read: its row is the answer.
      const done = await fileOfUpload(db, upload.id);
      if (done) return done;
      throw err;
    }
    // Not the bytes the phone sent (changed on the way): nothing is kept, and the phone sends the file again.
    if (declared.sha256 && declared.sha256 !== sha256) {
      await datastore.remove(upload.id).catch(() => {});
      await release(upload.id);
      throw refusal(422, EVIDENCE_MESSAGES.mismatch);
    }
    const uploader = upload.metadata?.uploader;
    const storedName = `${randomUUID()}.${type.ext}`;
    const row = await insertUploadFile(db, {
      servicePointId: pointId,
      storedName,
      originalName,
      mimeType: type.mime,
      size,
      uploadId: upload.id,
      ...evidenceColumns(declared, sha256, isUuid(uploader) ? uploader : null),
    });
    // Another instance completed it meanwhile: its row is the answer.
    if (!row) return (await fileOfUpload(db, upload.id))!;
    try {
      await storage.adoptResumable(upload.id, storedName);
    } catch (err) {
      await deleteStoredFile(db, row.id);
      throw err;
    }
    // A stored file: the upload no longer holds one of its point's places.
    await release(upload.id);
    return row;
  }

  /** The stored file a finished upload of this point became, if it has. */
  const storedFrom = (uploadId: string, pointId: string) => pointFileOfUpload(db, uploadId, pointId);

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
      const raw = rawOf(req)!;
      const pointId = pointOf.get(raw)!;
      const declared = detectDeclaredKind(upload.metadata?.filetype ?? undefined);
      if (declared && upload.size !== undefined && upload.size > limits[declared]) {
        const why = tooLarge(limits[declared], declared);
        throw refusal(why.code, why.message);
      }
      // The quota counts declared bytes: an upload whose length would be told later (Upload-Defer-Length) is refused.
      if (upload.size === undefined) throw refusal(400, QUOTA_MESSAGES.deferred);
      if (upload.size > pending.maxBytes) throw refusal(413, QUOTA_MESSAGES.tooLarge(pending));
      // The phone's claims (hashes, capture time, the video's plate) are checked before any byte is sent.
      const claims = declaredEvidence((name) => upload.metadata?.[name], clock());
      if ("refused" in claims) throw refusal(400, claims.refused);
      if (!(await reservePendingUpload(db, pending, { id: upload.id, servicePointId: pointId, size: upload.size }))) {
        throw refusal(429, QUOTA_MESSAGES.full(pending));
      }
      createdBy.set(raw, upload.id);
      // The owner is the token's point and the uploader its user, whatever the client wrote in its metadata.
      return { metadata: { ...upload.metadata, owner: pointId, uploader: userOf.get(raw)! } };
    },
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      await ownedUpload(id, pointOf.get(rawOf(req)!));
    },
    async onUploadFinish(req, upload) {
      const file = await complete(upload, pointOf.get(rawOf(req)!)!);
      return { status_code: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(toStoredFile(file)) };
    },
    async onResponseError(req, err) {
      if (isDatabaseUnavailable(err)) return refusal(503, DB_UNAVAILABLE_MESSAGE);
      if (err === ERRORS.ERR_LOCK_TIMEOUT) return refusal(423, RESUMABLE_MESSAGES.busy);
      // A PATCH stopped because another connection of the same upload asked for its lock: out of step, not a bad request
      // (handle() adds the offset the server holds).
      if (err === ERRORS.ABORTED && req.method === "PATCH") return refusal(409, RESUMABLE_MESSAGES.offset);
      // Extensions this server lacks are the client's to stop asking for (501 would read as "try again later").
      if (err === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION) return refusal(400, RESUMABLE_MESSAGES.concat);
      if (err === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION || err === ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION) {
        return refusal(400, RESUMABLE_MESSAGES.unsupported);
      }
      // More bytes than the upload declared: told by the Content-Length before reading (ERR_SIZE_EXCEEDED), or while reading
      // a body without one (@tus/utils' StreamLimiter throws an Error of status 413; the creation's own limit is the plain
      // ERR_MAX_SIZE_EXCEEDED object, answered below as the size limit).
      if (err === ERRORS.ERR_SIZE_EXCEEDED || (err instanceof Error && (err as { status_code?: number }).status_code === 413)) {
        return refusal(413, RESUMABLE_MESSAGES.overDeclared);
      }
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

  /** Where an upload of this point stands: all of it when it already became a stored file; undefined when unknown or not its. */
  async function standing(id: string, pointId: string): Promise<{ offset: number; complete: boolean } | undefined> {
    const done = await storedFrom(id, pointId);
    if (done) return { offset: done.size, complete: true };
    try {
      const upload = await ownedUpload(id, pointId);
      return { offset: upload.offset, complete: false };
    } catch {
      return undefined;
    }
  }

  /**
   * The point's quota after tus answered: a terminated upload frees its place, and so does a creation whose 201 cannot reach
   * its client: answered with an error (a store that failed), or its connection gone (a creation-with-upload cut mid-body,
   * which tus still answers 201 with what arrived). The address comes only with that 201, so nobody can resume such an
   * upload: what it holds is deleted too, instead of holding a place until it expires.
   */
  async function settleQuota(request: FastifyRequest, status: number, id: string | undefined) {
    if (request.method === "DELETE" && status === 204 && id) await release(id, request.auth.servicePointId);
    const created = createdBy.get(request.raw);
    const gone = (request.raw.socket as typeof request.raw.socket | undefined)?.destroyed === true;
    if (request.method === "POST" && created && (status >= 400 || gone)) {
      await datastore.remove(created).catch(() => {});
      await release(created);
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    pointOf.set(request.raw, request.auth.servicePointId);
    userOf.set(request.raw, request.auth.userId);
    // An upload already made a stored file is gone from tus' store: it still stands complete for a client whose last answer
    // was lost (HEAD: all of it arrived; PATCH: the stored file again), never "not found" and sent twice.
    const id = (request.params as { id?: string }).id;
    if (id && UPLOAD_ID.test(id) && (request.method === "HEAD" || request.method === "PATCH")) {
      const done = await storedFrom(id, request.auth.servicePointId);
      if (done && request.method === "PATCH") return reply.header("tus-resumable", "1.0.0").send(toStoredFile(done));
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
    await settleQuota(request, response.status, id);
    if (response.status < 400) return reply.send(text);
    // Another connection of the same upload moved it on (or completed it) while this PATCH waited: where it stands now, so
    // the client goes on from there (or fetches the stored file), never "not found" for a file that arrived.
    if (request.method === "PATCH" && id && UPLOAD_ID.test(id) && [404, 409, 410].includes(response.status)) {
      const held = await standing(id, request.auth.servicePointId);
      if (held) {
        return reply
          .code(409)
          .header("upload-offset", String(held.offset))
          .header("content-type", "application/json; charset=utf-8")
          .send(JSON.stringify({ success: false, message: held.complete ? RESUMABLE_MESSAGES.complete : RESUMABLE_MESSAGES.offset }));
      }
    }
    // Our hooks' refusals are already this API's JSON (tus sends them as text/plain).
    if (response.status === 503) reply.header("retry-after", "5");
    if (response.status === 429) reply.header("retry-after", String(QUOTA_RETRY_AFTER_S));
    if (isJsonMessage(text)) return reply.header("content-type", "application/json; charset=utf-8").send(text);
    // tus' plain-text errors become this API's JSON, in Portuguese; a server-side failure is never a 5xx of the client's making.
    const [status, message] = plainError(response.status, largest);
    if (status === 503) reply.header("retry-after", "5");
    return reply
      .code(status)
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify({ success: false, message }));
  }

  // Bodies stream into tus under the socket's idle timeout set in handle() (no whole-body deadline: server/lib/upload-timeouts.ts).
  // The upload's own methods are tus' to answer (their answers are described in the contract, sent as tus wrote them); HEAD
  // before GET, so Fastify adds no HEAD of its own for GET /uploads/tus/:id.
  const streamed = { streamedBody: true };
  app.post(C.createResumableUpload.url, { schema: schemaOf(C.createResumableUpload), config: streamed }, handle);
  for (const route of [C.resumableUploadOffset, C.appendResumableUpload, C.cancelResumableUpload]) {
    app.route({ method: route.method, url: route.url, schema: schemaOf(route), config: streamed, handler: handle });
  }

  app.get(C.resumableUploadResult.url, { schema: schemaOf(C.resumableUploadResult) }, async (request, reply) => {
    const { id } = request.params;
    const pointId = request.auth.servicePointId;
    if (!UPLOAD_ID.test(id)) return reply.code(404).send({ success: false, message: RESUMABLE_MESSAGES.notFound });
    const done = await storedFrom(id, pointId);
    if (done) return toStoredFile(done);
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
      return toStoredFile(await complete(upload, pointId));
    } catch (err) {
      throw httpRefusal(err) ?? new HttpError(503, RESUMABLE_MESSAGES.storage);
    }
  });
}
