// Graceful shutdown (Node, a real server process on PGlite): on SIGTERM the server stops taking connections, finishes the
// request it is in the middle of receiving, answers it, and exits 0.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/start-server";

describe("graceful shutdown", () => {
  it("finishes a request whose body is still arriving when SIGTERM comes, then exits 0; new connections are refused", async () => {
    const server = await startServer({});
    const body = JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" });
    const { hostname, port } = new URL(server.url);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          hostname,
          port,
          method: "POST",
          path: "/api/credenciado/login",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      // Half the body now, as on a slow phone; SIGTERM arrives in between; the rest afterwards.
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 200);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty("token");
    expect(await server.exit).toBe("code 0");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    await server.stop();
  }, 60_000);
});
