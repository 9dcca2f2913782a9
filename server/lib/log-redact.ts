// What a request's log line says of its address (issue 50): a signed file address (the member's follow page) is a bearer
// credential for an hour, so its signature never reaches the log; the path and the other parameters stay (server only).
import type { FastifyRequest } from "fastify";

/** Query parameters that carry a credential: the signed file address's signature, and any token a client might send. */
const SECRET_PARAMS = new Set(["s", "token", "assinatura", "signature"]);

/** The address with each secret parameter's value replaced by "[oculto]". */
export function redactUrl(url: string) {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${pair.slice(0, eq < 0 ? pair.length : eq)}=[oculto]` : pair;
    });
  return `${url.slice(0, q)}?${params.join("&")}`;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request serializer (its default fields) with the address redacted. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
