// Graceful shutdown (Node, a real server process on PGlite): on SIGTERM the server stops taking connections, finishes the
// request it is in the middle of receiving (a JSON call, or the chunk of a resumable upload), answers it, and exits 0.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/start-server";
import { mp4Bytes } from "../support/mp4-bytes";

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

  it("finishes the resumable upload chunk that is arriving when SIGTERM comes: its bytes are kept and acknowledged", async () => {
    const server = await startServer({});
    const login = await fetch(`${server.url}/api/credenciado/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" }),
    });
    const { token } = (await login.json()) as { token: string };
    const total = 4_000_000;
    const chunk = 1_500_000;
    const created = await fetch(`${server.url}/api/uploads/tus`, {
      method: "POST",
      headers: { authToken: token, "tus-resumable": "1.0.0", "upload-length": String(total) },
    });
    const location = created.headers.get("location")!;
    const bytes = mp4Bytes(chunk, 5);
    const { hostname, port } = new URL(server.url);
    const answer = new Promise<{ status: number; offset: string | undefined }>((resolve, reject) => {
      const req = http.request(
        {
          hostname,
          port,
          method: "PATCH",
          path: location,
          headers: {
            authToken: token,
            "tus-resumable": "1.0.0",
            "upload-offset": "0",
            "content-type": "application/offset+octet-stream",
            "content-length": chunk,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, offset: res.headers["upload-offset"] as string | undefined }));
        },
      );
      req.on("error", reject);
      req.write(bytes.subarray(0, 500_000));
      setTimeout(() => {
        server.kill("SIGTERM");
        setTimeout(() => req.end(bytes.subarray(500_000)), 500);
      }, 300);
    });
    expect(await answer).toEqual({ status: 204, offset: String(chunk) });
    expect(await server.exit).toBe("code 0");
    await server.stop();
  }, 60_000);
});
