// A proof of payment sent by the central (multipart, part `file`, an image or a PDF of at most the document limit): read whole
// before any lookup (a proof is small), so the request's stream is never left waiting; refusals as the contract says (server only).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import { HttpError } from "./http-errors.ts";
import { cleanOriginalName, detectType, SNIFF_BYTES } from "./file-types.ts";
import { multipartError, tooLarge } from "./upload-input.ts";
import { PAYMENT_MESSAGES } from "./central-payments-messages.ts";

/** The proof as sent: its bytes and its cleaned original name. */
export interface ProofUpload {
  bytes: Buffer;
  originalName: string;
}

/** Reads the proof part, or answers undefined when the 413 was already sent; throws HttpError for a 400. */
export async function readProofUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  config: ServerConfig,
): Promise<ProofUpload | undefined> {
  if (!request.isMultipart()) throw new HttpError(400, "Nenhum arquivo foi enviado");
  const limit = config.uploadLimits.document;
  try {
    const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024 } });
    if (!part || part.fieldname !== "file") {
      part?.file.resume();
      throw new HttpError(400, "Nenhum arquivo foi enviado");
    }
    const originalName = cleanOriginalName(part.filename);
    return { bytes: await part.toBuffer(), originalName };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      const refusal = tooLarge(limit, "document");
      await reply.code(refusal.code).send({ success: false, message: refusal.message });
      return undefined;
    }
    throw multipartError(err);
  }
}

/** The proof's type once its owner is known: 400 when empty, 415 when neither an image nor a PDF (what a bank gives). */
export function proofType(upload: ProofUpload) {
  if (upload.bytes.length === 0) throw new HttpError(400, "O arquivo enviado está vazio.");
  const type = detectType(upload.bytes.subarray(0, SNIFF_BYTES), upload.originalName);
  if (!type || !(type.kind === "image" || type.mime === "application/pdf")) throw new HttpError(415, PAYMENT_MESSAGES.proofType);
  return type;
}
