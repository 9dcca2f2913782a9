// The member's follow page's public routes (issue 39), registered under /api with no sign-in: the order of a follow link
// (the token travels only in POST bodies, never in a URL or a log), its evidence chain, the rating, a return within the
// warranty (multipart, optional photo) and the order's files through short-lived signed addresses. Limited per address and
// per token; every answer is kept out of search engines and sends no Referer (server only).
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MultipartFile } from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { schemaOf } from "../../contract/route.ts";
import * as C from "../../contract/acompanhamento.ts";
import { MAX } from "../../contract/fields.ts";
import { badRequest, conflict, HttpError, notFound } from "../lib/http-errors.ts";
import { conflictOnUnique } from "../lib/db-errors.ts";
import { isUuid } from "../db/rows.ts";
import { cleanOriginalName, detectType } from "../lib/file-types.ts";
import { checkFileSignature } from "../lib/signed-file-url.ts";
import { multipartError, sniffPart, stallGuard, tooLarge } from "../lib/upload-input.ts";
import * as links from "../repositories/follow-links.ts";
import { insertNotifications } from "../repositories/notifications.ts";
import { insertStoredFile, pointFileByName } from "../repositories/stored-files.ts";
import {
  buildMemberView,
  fileUrlKey,
  fileUrlMaker,
  firstName,
  hashToken,
  invalidLink,
  linkIsLive,
  liveLinkOfToken,
  warrantyEnd,
  warrantyEndBr,
  withinWarranty,
} from "../services/follow-links.ts";
import { pushAfterCommit } from "../services/push.ts";
import { appendEvidence, evidenceChainOf } from "../services/evidence-chain.ts";
import * as chainRepo from "../repositories/evidence-chain.ts";
import * as inspectionRepo from "../repositories/inspections.ts";
import { storeJsonEvidence } from "../services/json-evidence.ts";
import { sendStoredFile, STORED_NAME } from "./uploads.ts";
import type { RouteDeps } from "./deps.ts";

/** Requests per client address (read: the page, its evidence and files; write: rating and return) and per token. */
export const FOLLOW_RATE_LIMITS = {
  read: { max: 60, timeWindow: 60_000 },
  // A page's photos and videos (a video asks for several ranges as it plays) and the verification's downloads: more requests
  // than the page itself, each through a signed address that names one file of one live link.
  files: { max: 300, timeWindow: 60_000 },
  write: { max: 20, timeWindow: 60 * 60_000 },
  readPerToken: { max: 30, timeWindow: 60_000 },
  writePerToken: { max: 10, timeWindow: 60 * 60_000 },
} as const;

/** Longest description of a member's return (characters). */
export const MEMBER_RETURN_MAX = MAX.note;
/** A multipart field's bytes: the description's characters at up to 4 bytes each. */
const FIELD_BYTES = MEMBER_RETURN_MAX * 4;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const RETURN_FIELDS = new Set(["token", "idServico", "descricao"]);

export const MEMBER_MESSAGES = {
  rated: "Avaliação registrada. Obrigado!",
  ratingNotYet: "A avaliação fica disponível quando o serviço for concluído.",
  alreadyRated: "Este serviço já foi avaliado. Obrigado!",
  /** The point's notification of a member's rating (issue 50). */
  ratingTitle: (os: number, score: number) => `Avaliação do sócio: OS ${os}, ${score} ${score === 1 ? "estrela" : "estrelas"} de 5`,
  ratingNoComment: "Sem comentário.",
  returned: "Pedido de retorno enviado. A oficina vai entrar em contato.",
  returnNotYet: "O retorno pode ser pedido depois que o serviço for concluído.",
  noService: "Serviço não encontrado nesta OS.",
  notApproved: "Este serviço não foi aprovado: não há garantia para pedir retorno.",
  noWarranty: "Este serviço não tem garantia.",
  warrantyOver: (day: string) => `A garantia deste serviço terminou em ${day}.`,
  openReturn: "Já existe um pedido de retorno aberto para este serviço. A oficina vai entrar em contato.",
  multipartOnly: "Envie o pedido de retorno como multipart/form-data (token, idServico, descricao e, se quiser, a foto).",
  unknownField: "O envio contém campos não permitidos.",
  fieldTooLong: "O campo descricao é longo demais.",
  tokenMissing: "O campo token é obrigatório.",
  tokenFormat: "O campo token tem um formato inválido.",
  serviceFormat: "O campo idServico tem um formato inválido.",
  descriptionMissing: "Descreva o problema no campo descricao.",
  onePhoto: "Envie no máximo uma foto, no campo foto.",
  emptyPhoto: "A foto enviada está vazia.",
  notImage: "A foto deve ser uma imagem (JPG, PNG, GIF ou WebP).",
  badFile: "Endereço de arquivo inválido ou expirado. Atualize a página.",
  fileNotFound: "Arquivo não encontrado.",
  tooMany: (s: number) => `Muitas tentativas. Tente novamente em ${s} segundos.`,
  /** The member's acknowledgement of an inspection (issue 53). */
  inspectionAcknowledged: "Confirmação registrada. Obrigado!",
  inspectionNotYet: "A vistoria ainda não foi concluída pela oficina.",
  inspectionAlreadyAcknowledged: "O estado do veículo nesta vistoria já foi confirmado.",
} as const;

/** A member's text as a notification's body: at most 300 characters. */
const excerptOf = (text: string) => (text.length > 300 ? `${text.slice(0, 299)}…` : text);

/** The token a request names, hashed (read by the per-token limiter's key). */
const tokenHashes = new WeakMap<FastifyRequest, string>();

/** Reads a part's stream to its end (a refusal part-way leaves the request's body drained, the connection reusable). */
async function drain(stream: NodeJS.ReadableStream) {
  for await (const _ of stream as AsyncIterable<unknown>);
}

export async function acompanhamentoRoutes(plain: FastifyInstance, { db, config, storage, clock }: RouteDeps) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  // A follow page is private to whoever holds the link: no Referer leaves it, no search engine keeps it, no cache stores it.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("referrer-policy", "no-referrer");
    reply.header("x-robots-tag", "noindex");
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });

  /** A limiter per token (keyed by its hash, never the token): the body is parsed by then, so it runs as a preHandler. */
  const tokenLimiter = (name: string, limits: { max: number; timeWindow: number }) =>
    plain.createRateLimit({ ...limits, keyGenerator: (req) => `acompanhamento-${name}:${tokenHashes.get(req) ?? ""}` });
  const perToken = (name: string, limits: { max: number; timeWindow: number }) => {
    const limiter = tokenLimiter(name, limits);
    return async (request: FastifyRequest, token: string) => {
      tokenHashes.set(request, hashToken(token));
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) throw new HttpError(429, MEMBER_MESSAGES.tooMany(r.ttlInSeconds));
    };
  };
  /**
   * A per-token limit of writes the server accepted (issue 50): a refused call (a 409 "already rated", a 400 field) costs the
   * member nothing; `check` reads the count before the write, `count` adds the write once it is done.
   */
  const perTokenWrites = (name: string, limits: { max: number; timeWindow: number }) => {
    const limiter = tokenLimiter(name, limits);
    return {
      check: async (request: FastifyRequest, token: string) => {
        tokenHashes.set(request, hashToken(token));
        const r = await limiter(request, { increment: false });
        if (!r.isAllowed && r.remaining === 0) throw new HttpError(429, MEMBER_MESSAGES.tooMany(r.ttlInSeconds));
      },
      count: async (request: FastifyRequest) => void (await limiter(request)),
    };
  };
  const readLimit = perToken("leitura", FOLLOW_RATE_LIMITS.readPerToken);
  const ratingLimit = perTokenWrites("avaliacao", FOLLOW_RATE_LIMITS.writePerToken);
  const returnLimit = perTokenWrites("retorno", FOLLOW_RATE_LIMITS.writePerToken);
  const ackLimit = perTokenWrites("vistoria", FOLLOW_RATE_LIMITS.writePerToken);
  const bodyToken = (limit: typeof readLimit) => async (request: FastifyRequest) =>
    limit(request, (request.body as { token: string }).token);

  app.post(
    C.memberView.url,
    { schema: schemaOf(C.memberView), config: { rateLimit: FOLLOW_RATE_LIMITS.read }, preHandler: bodyToken(readLimit) },
    async (request) => {
      const now = clock();
      const link = await liveLinkOfToken(db, request.body.token, now);
      await links.touchLink(db, link.link.id, now);
      return buildMemberView(db, link, now);
    },
  );

  // The same chain the point and the central verify, its files through the link's signed addresses and no sender's name.
  app.post(
    C.memberEvidence.url,
    { schema: schemaOf(C.memberEvidence), config: { rateLimit: FOLLOW_RATE_LIMITS.read }, preHandler: bodyToken(readLimit) },
    async (request) => {
      const now = clock();
      const link = await liveLinkOfToken(db, request.body.token, now);
      const chain = await evidenceChainOf(db, link.appointmentId, await fileUrlMaker(db, link.link.id, now), { names: false });
      if (!chain) throw invalidLink();
      return chain;
    },
  );

  app.post(
    C.memberRating.url,
    {
      schema: schemaOf(C.memberRating),
      config: { rateLimit: FOLLOW_RATE_LIMITS.write },
      preHandler: async (request: FastifyRequest) => ratingLimit.check(request, (request.body as { token: string }).token),
    },
    async (request) => {
      const now = clock();
      const { token, nota, comentario } = request.body;
      const link = await liveLinkOfToken(db, token, now);
      if (link.status !== "C") throw conflict(MEMBER_MESSAGES.ratingNotYet);
      const comment = comentario?.trim() || null;
      const order = await links.memberOrder(db, link.appointmentId);
      // Once per order: the ratings primary key decides between parallel calls (one row, the other call a 409). The point's
      // users are told in the same transaction (issue 50: a rating, a complaint above all, reached no one), their devices after.
      const told = await db.transaction(async (tx) => {
        const made = await links.insertRatingOnce(tx, { appointmentId: link.appointmentId, score: nota, comment, createdAt: now });
        if (!made) throw conflict(MEMBER_MESSAGES.alreadyRated);
        if (!order) return [];
        const a = order.appointment;
        return insertNotifications(tx, [
          {
            servicePointId: link.servicePointId,
            kind: "avaliacao",
            title: MEMBER_MESSAGES.ratingTitle(a.osNumber, nota),
            body: comment ? excerptOf(comment) : MEMBER_MESSAGES.ratingNoComment,
            actorName: `${firstName(order.memberName)} (sócio)`,
            actorUserId: null,
            appointmentId: a.id,
            osNumber: a.osNumber,
          },
        ]);
      });
      await ratingLimit.count(request);
      pushAfterCommit({ db, config, log: request.log }, told);
      return { success: true, message: MEMBER_MESSAGES.rated };
    },
  );

  // Fields first, then the optional photo: every check runs before a byte of the photo is stored, so a refused request
  // leaves nothing behind. The body streams under the upload idle guard, like the point's uploads.
  app.post(
    C.memberReturn.url,
    { schema: schemaOf(C.memberReturn), config: { rateLimit: FOLLOW_RATE_LIMITS.write, streamedBody: true } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(MEMBER_MESSAGES.multipartOnly);
      const stall = stallGuard(request, reply, config.uploadIdleTimeoutMs);
      let stored: string | null = null;
      try {
        return await receive();
      } catch (err) {
        if (stored) await storage.remove(stored).catch(() => {});
        throw multipartError(err);
      } finally {
        stall.done();
      }

      async function receive() {
        const limit = config.uploadLimits.image;
        const limits = { files: 1, fields: RETURN_FIELDS.size, parts: RETURN_FIELDS.size + 1, fieldSize: FIELD_BYTES, fileSize: limit };
        const parts = request.parts({ limits })[Symbol.asyncIterator]();
        const fields = new Map<string, string>();
        let claim: Awaited<ReturnType<typeof checkClaim>> | undefined;
        let photo: { storedName: string; originalName: string; mimeType: string; size: number } | undefined;
        for (;;) {
          const next = await stall.race(parts.next());
          if (next.done) break;
          const part = next.value;
          if (part.type === "field") {
            if (!RETURN_FIELDS.has(part.fieldname) || fields.has(part.fieldname) || typeof part.value !== "string" || claim) {
              throw badRequest(MEMBER_MESSAGES.unknownField);
            }
            if (part.valueTruncated) throw badRequest(MEMBER_MESSAGES.fieldTooLong);
            fields.set(part.fieldname, part.value);
            continue;
          }
          if (part.fieldname !== "foto" || photo) {
            await drain(part.file);
            throw badRequest(MEMBER_MESSAGES.onePhoto);
          }
          try {
            claim = await checkClaim(fields);
          } catch (err) {
            await drain(part.file);
            throw err;
          }
          stall.watch(part.file);
          photo = await storePhoto(part, limit, (name) => (stored = name));
        }
        claim ??= await checkClaim(fields);
        const { order, service, description, link } = claim;
        const a = order.appointment;
        const statementId = await links.statementOfService(db, a.id, service.id);
        const told = await db.transaction(async (tx) => {
          if (photo) await insertStoredFile(tx, { servicePointId: link.servicePointId, ...photo });
          await conflictOnUnique(
            links.insertMemberReturn(tx, {
              appointmentId: a.id,
              vehicleId: a.vehicleId,
              motivationId: a.motivationId,
              statementId,
              executionServiceId: service.id,
              kind: "OUTROS",
              description,
              photos: photo?.storedName ?? null,
            }),
            MEMBER_MESSAGES.openReturn,
          );
          // The point's users are told in the same transaction (all of them: no point user did it), their devices after it.
          const excerpt = excerptOf(description);
          return insertNotifications(tx, [
            {
              servicePointId: link.servicePointId,
              kind: "retorno",
              title: `Retorno de serviço pedido pelo sócio: OS ${a.osNumber}`,
              body: `${service.description}: ${excerpt}`,
              actorName: `${firstName(order.memberName)} (sócio)`,
              actorUserId: null,
              appointmentId: a.id,
              osNumber: a.osNumber,
            },
          ]);
        });
        stored = null;
        await returnLimit.count(request);
        pushAfterCommit({ db, config, log: request.log }, told);
        return { success: true, message: MEMBER_MESSAGES.returned };
      }

      /** The fields, the link, the order's end, the service's warranty and no open return of it, checked in that order. */
      async function checkClaim(fields: Map<string, string>) {
        const token = fields.get("token");
        if (!token) throw badRequest(MEMBER_MESSAGES.tokenMissing);
        if (!TOKEN.test(token)) throw badRequest(MEMBER_MESSAGES.tokenFormat);
        const serviceId = fields.get("idServico") ?? "";
        if (!isUuid(serviceId)) throw badRequest(MEMBER_MESSAGES.serviceFormat);
        const description = (fields.get("descricao") ?? "").trim();
        if (!description) throw badRequest(MEMBER_MESSAGES.descriptionMissing);
        if (description.length > MEMBER_RETURN_MAX) throw badRequest(MEMBER_MESSAGES.fieldTooLong);
        await returnLimit.check(request, token);
        const now = clock();
        const link = await liveLinkOfToken(db, token, now);
        if (link.status !== "C") throw conflict(MEMBER_MESSAGES.returnNotYet);
        const [order, services] = await Promise.all([
          links.memberOrder(db, link.appointmentId),
          links.orderServices(db, link.appointmentId),
        ]);
        const service = services.find((s) => s.id === serviceId);
        if (!order || !service) throw notFound(MEMBER_MESSAGES.noService);
        if (service.approvalStatus !== "A") throw conflict(MEMBER_MESSAGES.notApproved);
        const end = warrantyEnd(order.finishedAt, link.status, service.warrantyDays);
        if (!end) throw conflict(MEMBER_MESSAGES.noWarranty);
        if (!withinWarranty(end, now)) throw conflict(MEMBER_MESSAGES.warrantyOver(warrantyEndBr(end)));
        if (await links.hasOpenMemberReturn(db, service.id)) throw conflict(MEMBER_MESSAGES.openReturn);
        return { link, order, service, description };
      }
    },
  );

  /** Streams the photo into storage when its first bytes say it is an image of the allowed size; answers its row's values. */
  async function storePhoto(part: MultipartFile, limit: number, onName: (name: string) => void) {
    const originalName = cleanOriginalName(part.filename);
    const { head, drain: rest, stream } = await sniffPart(part.file);
    if (head.length === 0) throw badRequest(MEMBER_MESSAGES.emptyPhoto);
    const type = detectType(head, originalName);
    if (!type || type.kind !== "image") {
      await rest();
      throw badRequest(MEMBER_MESSAGES.notImage);
    }
    let size = 0;
    let refused: HttpError | undefined;
    const checked = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) throw (refused = new HttpError(413, tooLarge(limit, "image").message));
      return chunk;
    };
    const body = stream(checked, () => {
      if (part.file.truncated) throw (refused = new HttpError(413, tooLarge(limit, "image").message));
    });
    const storedName = `${randomUUID()}.${type.ext}`;
    try {
      await storage.write(storedName, body);
    } catch (err) {
      if (!refused) throw err;
      await rest();
      throw refused;
    }
    onName(storedName);
    return { storedName, originalName, mimeType: type.mime, size };
  }

  // The signed address names the link and the file; the link must still work and the file must be one of its order's.
  // "Confirmo o estado do veículo" (issue 53): once per inspection, on a concluded one. The order's row is locked first, as
  // every inspection write takes it (then the inspection's), so the two never wait for each other in opposite orders; the
  // acknowledgement is a small JSON file (who, when, the content's hash) chained after the inspection itself.
  app.post(
    C.memberInspectionAck.url,
    {
      schema: schemaOf(C.memberInspectionAck),
      config: { rateLimit: FOLLOW_RATE_LIMITS.write },
      preHandler: async (request: FastifyRequest) => ackLimit.check(request, (request.body as { token: string }).token),
    },
    async (request) => {
      const now = clock();
      const { token, tipo } = request.body;
      const nome = request.body.nome.trim();
      const link = await liveLinkOfToken(db, token, now);
      await db.transaction(async (tx) => {
        await chainRepo.lockOrder(tx, link.appointmentId);
        const inspection = await inspectionRepo.inspectionRowOf(tx, link.appointmentId, tipo);
        if (!inspection?.completedAt || !inspection.contentFileId) throw conflict(MEMBER_MESSAGES.inspectionNotYet);
        if (inspection.memberAckAt) throw conflict(MEMBER_MESSAGES.inspectionAlreadyAcknowledged);
        const text = JSON.stringify({
          versao: "confirmacao-vistoria-v1",
          ordem: link.appointmentId,
          tipo,
          vistoria: await inspectionRepo.contentSha256(tx, inspection.contentFileId),
          nome,
          em: now.toISOString(),
        });
        const file = await storeJsonEvidence(tx, storage, {
          servicePointId: link.servicePointId,
          originalName: `confirmacao-vistoria-${tipo}.json`,
          text,
          capturedAt: now,
        });
        if (!(await inspectionRepo.acknowledgeOnce(tx, inspection.id, nome, now)))
          throw conflict(MEMBER_MESSAGES.inspectionAlreadyAcknowledged);
        await appendEvidence(tx, { appointmentId: link.appointmentId, storedName: file.storedName, kind: "confirmacao-vistoria" });
      });
      await ackLimit.count(request);
      return { success: true, message: MEMBER_MESSAGES.inspectionAcknowledged };
    },
  );

  app.get(C.memberFile.url, { schema: schemaOf(C.memberFile), config: { rateLimit: FOLLOW_RATE_LIMITS.files } }, async (request, reply) => {
    const { name } = request.params;
    const now = clock();
    if (!STORED_NAME.test(name)) throw notFound(MEMBER_MESSAGES.fileNotFound);
    if (checkFileSignature(await fileUrlKey(db), request.query, name, now) !== "ok") throw new HttpError(403, MEMBER_MESSAGES.badFile);
    const link = isUuid(request.query.l) ? await links.linkById(db, request.query.l) : undefined;
    if (!link || !linkIsLive(link, now)) throw new HttpError(403, MEMBER_MESSAGES.badFile);
    if (!(await links.isOrderFile(db, link.appointmentId, name))) throw notFound(MEMBER_MESSAGES.fileNotFound);
    const file = await pointFileByName(db, name, link.servicePointId);
    if (!file) throw notFound(MEMBER_MESSAGES.fileNotFound);
    return sendStoredFile(request, reply, storage, file);
  });
}
