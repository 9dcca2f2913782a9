// A small load balancer for the multi-instance benches and tests: each request goes to the next instance in turn (undici's
// BalancedPool: round robin, weighted down for an instance that errors), bodies streamed both ways (Node).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { BalancedPool } from "undici";

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

/** Hop-by-hop headers a proxy must not forward. */
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer", "host"]);

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const pool = new BalancedPool(upstreams, { connections: 256, keepAliveTimeout: 10_000 });
  const server = http.createServer((req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k))) as Record<string, string>;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    pool
      .request({ method: req.method as "GET", path: req.url ?? "/", headers, body: hasBody ? req : undefined })
      .then(({ statusCode, headers: answer, body }) => {
        const out = Object.fromEntries(Object.entries(answer).filter(([k]) => !HOP.has(k)));
        res.writeHead(statusCode, out as http.OutgoingHttpHeaders);
        body.pipe(res);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: false, message: "Nenhuma instância respondeu." }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.close();
    },
  };
}
