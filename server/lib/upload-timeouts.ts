// Deadlines for receiving a request (server only): its headers, and the whole body of every route that does not stream its
// body under its own idle guard (the uploads). A stalled JSON body is answered 408 and its connection closed, instead of
// holding a connection (and a parser's buffers) for as long as the client likes.
import { PassThrough, type Readable } from "node:stream";
import type { IncomingMessage, ServerOptions } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./http-errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route reads its body as a stream for as long as the client keeps sending (a 600 MB video over a slow mobile link),
     * under its own idle guard (config.uploadIdleTimeoutMs: stallGuard, the tus socket timeout), so the whole-body deadline
     * does not apply to it.
     */
    streamedBody?: boolean;
  }
}

export interface RequestTimeouts {
  /** The request line and headers must arrive within this (Node answers 408 and closes the connection). */
  headersMs: number;
  /** The whole body of a route without `streamedBody` must arrive within this, counted from its headers. */
  bodyMs: number;
  /** How often Node looks for connections past the headers deadline. */
  checkEveryMs: number;
}

export const REQUEST_TIMEOUTS: Readonly<RequestTimeouts> = Object.freeze({ headersMs: 15_000, bodyMs: 15_000, checkEveryMs: 5_000 });

export const BODY_TIMEOUT_MESSAGE = "A requisição demorou demais para chegar ao servidor. Verifique a conexão e tente novamente.";

/** Node's own options for the headers deadline (Fastify's `http` option); the whole-request timeout stays off for uploads. */
export const serverTimeoutOptions = (t: RequestTimeouts): ServerOptions => ({
  headersTimeout: t.headersMs,
  connectionsCheckingInterval: t.checkEveryMs,
});

const hasBody = (raw: IncomingMessage) => raw.headers["transfer-encoding"] !== undefined || Number(raw.headers["content-length"] ?? 0) > 0;

/**
 * A body that has not arrived `bodyMs` after its headers: while it is being parsed, the parse fails with 408 (answered as JSON
 * by the error handler) and the connection closes after the answer; when the route already answered without reading it
 * (a 401 before the body, a 404), the connection is closed, since nothing more can come of it.
 */
export function registerBodyTimeout(app: FastifyInstance, bodyMs: number) {
  /** Requests under the deadline, and the stream their body parser reads. */
  const armed = new WeakSet<FastifyRequest>();
  const parsing = new WeakMap<FastifyRequest, PassThrough>();

  const expire = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw;
    // Every byte arrived; the route is still reading or working on it.
    if (raw.complete) return;
    if (reply.sent) {
      // (app.inject's requests have a stand-in socket that cannot be destroyed.)
      const socket = raw.socket as Partial<typeof raw.socket> | undefined;
      if (typeof socket?.destroy === "function") socket.destroy();
      return;
    }
    reply.header("connection", "close");
    const body = parsing.get(request);
    const timeout = new HttpError(408, BODY_TIMEOUT_MESSAGE);
    // The parser is reading it: failing its stream answers through the error handler, once.
    if (body) body.destroy(timeout);
    // Not read yet (a hook before the parser still at work): answered here; Fastify runs nothing more for a sent reply.
    else void reply.code(408).send({ success: false, message: BODY_TIMEOUT_MESSAGE });
  };

  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    if (request.routeOptions.config?.streamedBody || !hasBody(raw) || raw.complete) return done();
    const socket = raw.socket;
    const timer = setTimeout(() => {
      try {
        expire(request, reply);
      } catch (err) {
        // A timer's exception would end the process: told, never thrown.
        request.log.warn({ err }, "request body deadline");
      }
    }, bodyMs);
    timer.unref();
    const stop = () => {
      clearTimeout(timer);
      raw.off("end", stop);
      socket?.off("close", stop);
    };
    // 'end': the body was read to its last byte (by the parser, or discarded by Node after an early answer).
    raw.once("end", stop);
    socket?.once("close", stop);
    armed.add(request);
    done();
  });

  app.addHook("preParsing", async (request, _reply, payload: Readable) => {
    if (!armed.has(request)) return payload;
    // The parser reads through this pass-through, so the deadline can fail it without destroying the socket first.
    const body = new PassThrough();
    payload.once("error", (err) => body.destroy(err));
    payload.pipe(body);
    parsing.set(request, body);
    return body;
  });
}
