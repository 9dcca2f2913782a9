// The resumable uploads' refusals: pt-BR messages, the hooks' refusal form, and tus' own errors read as this API's JSON
// (server only; used by routes/resumable-uploads.ts).
import { HttpError } from "./http-errors.ts";
import { tooLarge } from "./upload-input.ts";

export const RESUMABLE_MESSAGES = {
  notFound: "Envio não encontrado ou expirado. Envie o arquivo novamente.",
  offset: "O envio está fora de ordem: consulte quanto já chegou ao servidor e continue de lá.",
  headers: "Cabeçalhos inválidos para um envio retomável (protocolo tus 1.0.0).",
  version: "Envio retomável sem o cabeçalho Tus-Resumable: 1.0.0.",
  unsupported: "Recurso do protocolo tus não suportado por este servidor.",
  busy: "Este arquivo ainda está sendo recebido por outra conexão. Tente novamente em instantes.",
  storage: "O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.",
  unfinished: "O envio deste arquivo ainda não terminou.",
  concat: "Envios em partes paralelas (Upload-Concat) não são suportados: envie o arquivo em um único envio retomável.",
  overDeclared: "O arquivo enviado é maior que o tamanho declarado no início do envio.",
  /** 409 (with Upload-Offset) to a PATCH of an upload another connection completed meanwhile: GET gives the stored file. */
  complete: "Este arquivo já chegou inteiro ao servidor por outra conexão. Consulte o resultado do envio.",
} as const;

/** A tus hook's refusal: tus sends `body` with `status_code`; the JSON wrapper below keeps it as it is. */
export const refusal = (status_code: number, message: string) => ({ status_code, body: JSON.stringify({ success: false, message }) });

/** A refusal of ours (thrown for tus' hooks) met where Fastify answers instead: the same status and message as an HttpError. */
export function httpRefusal(err: unknown): HttpError | undefined {
  const r = err as { status_code?: number; body?: string } | undefined;
  if (!r?.status_code || !r.body || !isJsonMessage(r.body)) return undefined;
  return new HttpError(r.status_code, (JSON.parse(r.body) as { message: string }).message);
}

export const isJsonMessage = (text: string) => {
  try {
    return typeof (JSON.parse(text) as { message?: unknown })?.message === "string";
  } catch {
    return false;
  }
};

export const EMPTY = { code: 400, message: "O arquivo enviado está vazio." };

/** The kind a client declares in its metadata (filetype), to refuse a too-large upload before any byte is sent. */
export function detectDeclaredKind(mime: string | undefined): "image" | "video" | "document" | undefined {
  if (!mime) return undefined;
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("video/")) return "video";
  if (mime === "application/pdf" || mime.includes("word")) return "document";
  return undefined;
}

/** A tus plain-text error status as this API's status and pt-BR message. */
export function plainError(status: number, largest: number): [number, string] {
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
