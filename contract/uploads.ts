// The /uploads routes of the contract: a file sent whole (multipart) and a stored file read back (its bytes, Range, ETag/304)
// (schemas shared by server and client; the client and the outbox worker import types only).
import { Type, type Static } from "typebox";
import { int, literal, MAX, noBody, obj, str, text } from "./fields.ts";
import { defineRoute } from "./route.ts";

/** The fields of a stored file's answer, shared with the resumable uploads (contract/resumable-uploads.ts). */
const storedFileFields = {
  success: literal(true),
  message: str("Arquivo enviado com sucesso"),
  filename: str("the stored name again (the original API's field; same as file)"),
  file: str(
    "the stored name: a random UUID and the extension its bytes were told by (e.g. 3f…e1.mp4); later steps and /uploads/files/:name use it",
  ),
  originalName: str("the name it was sent under, without any folder"),
  size: int("bytes"),
  mimeType: str("the type its first bytes were told by (never the type the client declared)"),
};

/** A file this server stored, as a finished resumable upload answers it (its final PATCH, GET /uploads/tus/:id). */
export const StoredFile = obj(storedFileFields);
/** The answer of POST /uploads/upload: the stored file and how long it took. */
export const UploadedFile = obj({ ...storedFileFields, uploadTime: int("milliseconds from the request to the stored file") });

/**
 * A refusal of these routes: the error envelope, plus `error` (the same text as message, as the original API sent it) when
 * the handler itself refused; the multipart parser's and the error handler's refusals carry no `error`.
 */
export const FileRefusal = obj({
  success: literal(false),
  message: str("pt-BR text for the user"),
  error: Type.Optional(str("the same text as message (the original API's field; absent when the parser refused)")),
});

/**
 * The answers of a stored file's download (also the central's file route, which shares the sender): bytes, a part of them,
 * nothing when the client's copy is current, or a Range that fits nowhere.
 */
export const FileAnswers = {
  200: Type.Unsafe<unknown>({
    description:
      'the file\'s bytes: Content-Type its stored type, Content-Length, Accept-Ranges: bytes, ETag "<stored name>", ' +
      "Cache-Control: private, no-cache, Content-Disposition inline (images, videos) or attachment (filename and filename*), " +
      "X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy",
  }),
  206: Type.Unsafe<unknown>({
    description: "Range: one range's bytes with Content-Range (bytes a-b/size), or several as multipart/byteranges",
  }),
  304: noBody("the client's copy (If-None-Match) is current (never for a Range request)"),
  416: FileRefusal,
};

/**
 * What the phone declares about an evidence file (issue 39): tus Upload-Metadata keys, or multipart fields sent before the
 * file part. All optional; the server records them on the stored file and chains it when it is attached to an order.
 */
export const EVIDENCE_CLAIMS =
  "Optional claims, as fields before the file part (tus: Upload-Metadata keys): sha256 (hex of the bytes sent; the server " +
  "hashes what arrives and refuses a difference with 422), sha256original (hex before the phone compressed it), capturedat " +
  "(ISO 8601, the device's capture time; kept only within sane bounds), platevideo (the plate the phone read in an initial " +
  'video, "" = none), platechecked ("1": the phone\'s reader looked), plateconfirmed ("1": the attendant confirmed a differing plate).';

export const EVIDENCE_REFUSALS = {
  malformed: "a sha256 or sha256original that is not 64 hex digits, or a platevideo that is no plate",
  mismatch: "the bytes that arrived do not hash to the declared sha256: nothing is kept, send the file again",
} as const;

export const uploadFile = defineRoute({
  method: "POST",
  url: "/uploads/upload",
  summary: `Stores one file sent as multipart/form-data (part \`file\`, streamed), its type told by its bytes, under its kind's size limit. ${EVIDENCE_CLAIMS}`,
  access: "file",
  response: { 200: UploadedFile, 400: FileRefusal, 413: FileRefusal, 415: FileRefusal, 422: FileRefusal },
  errors: {
    400: `not multipart, no part named file, an empty file, a broken multipart body (boundary, cut short), or ${EVIDENCE_REFUSALS.malformed}`,
    408: "the client sent nothing for the idle timeout (the connection is closed; nothing is kept)",
    413: "over its kind's size limit (image, video, document): nothing is kept",
    415: "its bytes are no image (JPG, PNG, GIF, WebP), video (MP4, MOV, WebM, AVI) or document (PDF, DOC, DOCX)",
    422: EVIDENCE_REFUSALS.mismatch,
  },
});

export const downloadFile = defineRoute({
  method: "GET",
  url: "/uploads/files/:name",
  summary: "One of the point's stored files: inline for images and videos, an attachment otherwise; Range, ETag/304.",
  access: "file",
  params: Type.Object({ name: text(MAX.name) }),
  response: FileAnswers,
  errors: {
    404: "not a stored name, another point's file, or gone from the storage",
    416: "a Range none of whose parts fits the file (Content-Range: bytes */size)",
  },
});

export type StoredFile = Static<typeof StoredFile>;
export type UploadedFile = Static<typeof UploadedFile>;
