// POST /uploads/upload (streamed to storage, magic-byte check, per-kind size limits, stall timeout) and GET /uploads/files/:name (owner only, Range) (server only).
import fs from "node:fs";
import fsp from "node:fs/promises";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type {} from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { storedFiles } from "../db/schema.ts";
import { cleanOriginalName, detectType, downloadName, SNIFF_BYTES, type DetectedType } from "../lib/file-types.ts";
import { byteRangesBody, parseRanges } from "../lib/byte-ranges.ts";
import { multipartError, stallGuard } from "../lib/upload-input.ts";

import type { RouteDeps } from "./deps.ts";

const MB = 1024 * 1024;
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;
const fail = (message: string) => ({ success: false, message, error: message });

const FileParams = Type.Object({ name: Type.String({ maxLength: 200 }) });

export async function uploadRoutes(plain: FastifyInstance, { db, config, storage }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const limits = config.uploadLimits;
  const largest = Math.max(limits.image, limits.video, limits.document);

  app.post("/uploads/upload", async (request, reply) => {
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
      const originalName = cleanOriginalName(part.filename);
      const temp = storage.tempPath();
      const out = fs.createWriteStream(temp);
      let head = Buffer.alloc(0);
      let type: DetectedType | null | undefined;
      let size = 0;
      let refused: { code: number; message: string } | undefined;
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (refused) continue;
          size += chunk.length;
          if (type === undefined) {
            head = Buffer.concat([head, chunk]);
            if (head.length < SNIFF_BYTES) continue;
            type = detectType(head, originalName);
            if (!type) refused = UNSUPPORTED;
            else if (!out.write(head)) await once(out, "drain");
            continue;
          }
          if (type && size > limits[type.kind]) {
            refused = tooLarge(limits[type.kind], type.kind);
            continue;
          }
          if (!out.write(chunk)) await once(out, "drain");
        }
        if (!refused && type === undefined && size > 0) {
          type = detectType(head, originalName);
          if (!type) refused = UNSUPPORTED;
          else out.write(head);
        }
        if (!refused && type && size > limits[type.kind]) {
          refused = tooLarge(limits[type.kind], type.kind);
        }
        if (!refused && part.file.truncated) refused = tooLarge(largest);
        if (!refused && size === 0) refused = { code: 400, message: "O arquivo enviado está vazio." };
        out.end();
        await once(out, "close");
      } catch (err) {
        // The stream opens its file asynchronously: wait until it is closed, or the file could appear after the rm below.
        if (!out.closed) {
          out.destroy();
          await once(out, "close").catch(() => {});
        }
        await fsp.rm(temp, { force: true });
        throw err;
      }
      if (refused || !type) {
        await fsp.rm(temp, { force: true });
        return reply.code(refused?.code ?? 400).send(fail(refused?.message ?? "Nenhum arquivo foi enviado"));
      }
      const storedName = `${randomUUID()}.${type.ext}`;
      try {
        await storage.commit(temp, storedName);
        await db.insert(storedFiles).values({
          servicePointId: request.auth.servicePointId,
          storedName,
          originalName,
          mimeType: type.mime,
          size,
        });
      } catch (err) {
        await fsp.rm(temp, { force: true });
        await storage.remove(storedName);
        throw err;
      }
      return {
        success: true,
        message: "Arquivo enviado com sucesso",
        filename: storedName,
        file: storedName,
        originalName,
        size,
        mimeType: type.mime,
        uploadTime: Date.now() - started,
      };
    }
  });

  app.get("/uploads/files/:name", { schema: { params: FileParams } }, async (request, reply) => {
    const { name } = request.params;
    const notFoundBody = { success: false, message: "Arquivo não encontrado." };
    if (!STORED_NAME.test(name)) return reply.code(404).send(notFoundBody);
    const [file] = await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.storedName, name), eq(storedFiles.servicePointId, request.auth.servicePointId)))
      .limit(1);
    const total = file ? await storage.size(name) : null;
    if (!file || total === null) return reply.code(404).send(notFoundBody);

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
      return reply.send(storage.read(name, range));
    }
    if (ranges) {
      const multi = byteRangesBody(ranges, total, file.mimeType, (r) => storage.read(name, r));
      return reply.code(206).header("content-type", multi.contentType).header("content-length", multi.length).send(multi.body);
    }
    reply.header("content-length", total);
    return reply.send(total === 0 ? "" : storage.read(name));
  });
}

const LABEL = { image: "imagens", video: "vídeos", document: "documentos" } as const;
const UNSUPPORTED = {
  code: 415,
  message:
    "Tipo de arquivo não permitido. Envie imagens (JPG, PNG, GIF, WebP), vídeos (MP4, MOV, WebM, AVI) ou documentos (PDF, DOC, DOCX).",
};
const tooLarge = (limit: number, kind?: keyof typeof LABEL) => ({
  code: 413,
  message: `Arquivo grande demais. O limite${kind ? ` para ${LABEL[kind]}` : ""} é ${limit / MB} MB.`,
});
