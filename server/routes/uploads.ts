// POST /uploads/upload (streamed to storage, magic-byte check, per-kind size limits, stall timeout, SHA-256 checked against the
// phone's) and GET /uploads/files/:name (owner only, Range) (server only).
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FileStorage } from "../storage/storage.ts";
import type {} from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/uploads.ts";
import { insertStoredFile, pointFileByName, toStoredFile } from "../repositories/stored-files.ts";
import { cleanOriginalName, detectType, downloadName } from "../lib/file-types.ts";
import { byteRangesBody, parseRanges } from "../lib/byte-ranges.ts";
import { multipartError, sniffPart, stallGuard, tooLarge, UNSUPPORTED } from "../lib/upload-input.ts";
import { declaredEvidence, EVIDENCE_MESSAGES, evidenceColumns, newSha256 } from "../lib/evidence-hash.ts";
import type { RouteDeps } from "./deps.ts";

/** A stored file's name as this server gives it: a random UUID and the extension its bytes were told by. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;
/** The handler's own refusals repeat the text in `error`, as the original API did. */
const fail = (message: string) => ({ success: false as const, message, error: message });

export async function uploadsRoutes(plain: FastifyInstance, { db, config, storage, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const limits = config.uploadLimits;
  const largest = Math.max(limits.image, limits.video, limits.document);

  // The file streams in for as long as the client keeps sending, under stallGuard's idle timeout (no whole-body deadline).
  app.post(C.uploadFile.url, { schema: schemaOf(C.uploadFile), config: { streamedBody: true } }, async (request, reply) => {
    const started = Date.now();
    if (!request.isMultipart()) return reply.code(400).send(fail("Nenhum arquivo foi enviado"));
    const stall = stallGuard(request, reply, config.uploadIdleTimeoutMs);
    try {
      return await receive();
    } catch (err) {
      throw multipartError(err);
    } finally {
      stall.done();
    }

    async function receive() {
      const part = await stall.race(request.file({ limits: { fileSize: largest, files: 1, fields: 10, fieldSize: 4096 } }));
      if (!part || part.fieldname !== "file") {
        part?.file.resume();
        return reply.code(400).send(fail("Nenhum arquivo foi enviado"));
      }
      stall.watch(part.file);
      // The phone's claims come as fields before the file part (the parser has read them by now).
      const declared = declaredEvidence((name) => {
        const field = [part.fields[name]].flat()[0];
        return field?.type === "field" ? String(field.value) : undefined;
      }, clock());
      if ("refused" in declared) {
        part.file.resume();
        return reply.code(400).send(fail(declared.refused));
      }
      const hash = newSha256();
      const originalName = cleanOriginalName(part.filename);
      const { head, drain, stream } = await sniffPart(part.file);
      if (head.length === 0) return reply.code(400).send(fail("O arquivo enviado está vazio."));
      const type = detectType(head, originalName);
      if (!type) {
        await drain();
        return reply.code(UNSUPPORTED.code).send(fail(UNSUPPORTED.message));
      }
      const limit = limits[type.kind];
      let size = 0;
      let refused: { code: number; message: string } | undefined;
      const refuse = (why: { code: number; message: string }) => {
        refused = why;
        return new Error(why.message);
      };
      const checked = (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) throw refuse(tooLarge(limit, type.kind));
        hash.update(chunk);
        return chunk;
      };
      const body = stream(checked, () => {
        if (part!.file.truncated) throw refuse(tooLarge(largest));
      });
      // The file streams into storage under its final name as it arrives; a refusal or a cut stops it and leaves nothing.
      const storedName = `${randomUUID()}.${type.ext}`;
      try {
        await storage.write(storedName, body);
      } catch (err) {
        if (!refused) throw err;
        await drain();
        return reply.code(refused.code).send(fail(refused.message));
      }
      const sha256 = hash.digest("hex");
      // Not the bytes the phone sent (changed on the way): nothing is kept, and the phone sends the file again.
      if (declared.sha256 && declared.sha256 !== sha256) {
        await storage.remove(storedName);
        return reply.code(422).send(fail(EVIDENCE_MESSAGES.mismatch));
      }
      let row;
      try {
        row = await insertStoredFile(db, {
          servicePointId: request.auth.servicePointId,
          storedName,
          originalName,
          mimeType: type.mime,
          size,
          ...evidenceColumns(declared, sha256, request.auth.userId),
        });
      } catch (err) {
        await storage.remove(storedName);
        throw err;
      }
      return { ...toStoredFile(row), uploadTime: Date.now() - started };
    }
  });

  app.get(C.downloadFile.url, { schema: schemaOf(C.downloadFile) }, async (request, reply) => {
    const { name } = request.params;
    const notFoundBody = { success: false, message: "Arquivo não encontrado." };
    if (!STORED_NAME.test(name)) return reply.code(404).send(notFoundBody);
    const file = await pointFileByName(db, name, request.auth.servicePointId);
    if (!file) return reply.code(404).send(notFoundBody);
    return sendStoredFile(request, reply, storage, file);
  });
}

/**
 * Sends a stored file (owner already checked by the caller): inline for media, as an attachment otherwise, with Range
 * (video seeking), revalidated on every use (private, no-cache + ETag), never sniffed or scripted.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: { storedName: string; mimeType: string; originalName: string },
) {
  const name = file.storedName;
  const total = await storage.size(name);
  if (total === null) return reply.code(404).send({ success: false, message: "Arquivo não encontrado." });

  const ranges = parseRanges(request.headers.range, total);
  if (ranges === "invalid") {
    return reply.code(416).header("content-range", `bytes */${total}`).send(fail("Intervalo solicitado inválido."));
  }
  const media = file.mimeType.startsWith("image/") || file.mimeType.startsWith("video/");
  const offered = downloadName(file.originalName, name);
  reply
    .header("content-type", file.mimeType)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header(
      "content-disposition",
      `${media ? "inline" : "attachment"}; filename="${offered.ascii}"; filename*=UTF-8''${encodeURIComponent(offered.utf8)}`,
    )
    .header("accept-ranges", "bytes")
    // A stored file never changes, but the same URL must not be served from the browser cache to the next user of a shared
    // phone: revalidate every time (the ownership check above runs) and answer 304 with no body when the copy is current.
    .header("cache-control", "private, no-cache")
    .header("etag", `"${name}"`);
  if (!ranges && request.headers["if-none-match"]?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === `"${name}"`)) {
    return reply.code(304).send();
  }

  if (ranges?.length === 1) {
    const [range] = ranges;
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${total}`)
      .header("content-length", range.end - range.start + 1);
    return reply.send(await storage.read(name, range));
  }
  if (ranges) {
    const multi = byteRangesBody(ranges, total, file.mimeType, (r) => storage.read(name, r));
    return reply.code(206).header("content-type", multi.contentType).header("content-length", multi.length).send(multi.body);
  }
  reply.header("content-length", total);
  return reply.send(total === 0 ? "" : await storage.read(name));
}
