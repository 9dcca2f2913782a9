// The resumable uploads of the contract (tus 1.0.0 under /uploads/tus): create, how much arrived, send more, cancel, and the
// stored file a finished upload became. tus speaks in headers and mostly empty bodies: each answer's description says what
// it carries; refusals are this API's pt-BR JSON (schemas shared by server and client; clients import types only).
import { Type } from "typebox";
import { noBody, obj } from "./fields.ts";
import { defineRoute } from "./route.ts";
import { EVIDENCE_CLAIMS, EVIDENCE_REFUSALS, StoredFile } from "./uploads.ts";

/** tus' own upload id (32 hex digits); anything else up to this length is answered 404 like an unknown upload. */
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** The stored file, sent by tus as JSON text (the same fields as the other answers of a stored file). */
const storedFile = (when: string) => obj(StoredFile.properties, `${when}: the stored file (as POST /uploads/upload, without uploadTime)`);

/** tus refuses any request of its own (all but GET) that does not name its version. */
const VERSION = "no Tus-Resumable: 1.0.0 header";
const BUSY = "another connection is writing this upload (its lock); try again shortly";
const NOT_FOUND = "unknown, expired, terminated, or another point's upload";
const UNAVAILABLE = "the file storage or the database is unavailable (Retry-After: 5)";

/** One upload's address, and the refusals every request to it may get. */
const oneUpload = { url: "/uploads/tus/:id", access: "point", params: IdParams } as const;
const UPLOAD_REFUSALS = { 404: NOT_FOUND, 412: VERSION, 423: BUSY, 503: UNAVAILABLE } as const;

export const createResumableUpload = defineRoute({
  method: "POST",
  url: "/uploads/tus",
  summary:
    "Creates a resumable upload (Upload-Length, Upload-Metadata filename, filetype); a body is its first bytes (200 when all of it). " +
    EVIDENCE_CLAIMS,
  access: "point",
  response: {
    200: storedFile("the whole file came with the creation"),
    201: noBody(
      "created; Location is its path (/api/uploads/tus/<32 hex digits>), Upload-Offset what came with it, Upload-Expires when it expires",
    ),
  },
  errors: {
    400: `bad tus headers, no Upload-Length (Upload-Defer-Length), Upload-Concat, a whole file sent empty, or ${EVIDENCE_REFUSALS.malformed}`,
    412: VERSION,
    413: "a declared size over its kind's limit, over the point's pending bytes, or more bytes than declared",
    415: "a whole file sent whose bytes are no allowed type",
    422: `a whole file sent: ${EVIDENCE_REFUSALS.mismatch}`,
    429: "the point holds its limit of unfinished uploads (Retry-After seconds); the outbox tries again by itself",
    503: UNAVAILABLE,
  },
});

export const resumableUploadOffset = defineRoute({
  method: "HEAD",
  ...oneUpload,
  summary: "How much of an upload the server holds; an upload already stored stands complete (offset = length).",
  response: { 200: noBody("Upload-Offset and Upload-Length in headers, Cache-Control: no-store") },
  errors: UPLOAD_REFUSALS,
});

export const appendResumableUpload = defineRoute({
  method: "PATCH",
  ...oneUpload,
  summary: "Sends an upload's next bytes from Upload-Offset (offset+octet-stream): 204 with the new offset, 200 with the stored file.",
  response: {
    200: storedFile("all the bytes arrived (with this request, or before it)"),
    204: noBody("the bytes are kept; Upload-Offset says how much the server now holds"),
  },
  errors: {
    ...UPLOAD_REFUSALS,
    400: "bad tus headers, or an empty file",
    409: "Upload-Offset is not where the upload stands, or another connection moved it on or stored it: Upload-Offset says where it stands",
    413: "more bytes than declared, or over its kind's size limit (the upload is deleted)",
    415: "its bytes are no allowed type (the upload is deleted)",
    422: `the last bytes arrived: ${EVIDENCE_REFUSALS.mismatch} (the upload is deleted)`,
  },
});

export const cancelResumableUpload = defineRoute({
  method: "DELETE",
  ...oneUpload,
  summary: "Terminates an unfinished upload: its bytes are deleted and its place in the point's quota freed.",
  response: { 204: noBody("the upload is gone") },
  errors: UPLOAD_REFUSALS,
});

export const resumableUploadResult = defineRoute({
  method: "GET",
  ...oneUpload,
  summary: "The stored file a finished upload became (again after a lost answer); stores it now if that had not happened.",
  response: { 200: storedFile("a finished upload") },
  errors: {
    400: "an empty file",
    404: NOT_FOUND,
    409: "not all its bytes arrived yet (Upload-Offset says how many did)",
    413: "over its kind's size limit (the upload is deleted)",
    415: "its bytes are no allowed type (the upload is deleted)",
    422: `${EVIDENCE_REFUSALS.mismatch} (the upload is deleted)`,
    503: UNAVAILABLE,
  },
});
