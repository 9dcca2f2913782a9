// Worker lifecycle in real Chromium: overlapping jobs keep the worker alive until the last one ends; a stopped worker rejects its job.
import { describe, expect, it } from "vitest";
import { workerHandle } from "../../src/lib/workers/worker-lifecycle";
import type { SleepApi } from "./fixtures/sleep.worker";

const sleeper = (idleMs: number) =>
  workerHandle<SleepApi>(() => new Worker(new URL("./fixtures/sleep.worker.ts", import.meta.url), { type: "module" }), idleMs);

/** A job that never settles would hang the test until its timeout; this turns that into a clear value. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p.then(
      (v) => ({ settled: "ok" as const, v }),
      (e: Error) => ({ settled: "rejected" as const, v: e.message }),
    ),
    new Promise<{ settled: "hung" }>((r) => setTimeout(() => r({ settled: "hung" }), ms)),
  ]);

describe("worker lifecycle", () => {
  it("keeps the worker while a longer job still runs beside one that ended (idle stop only when none runs)", async () => {
    const handle = sleeper(100);
    const short = handle.run((api) => api.sleep(10, "imagem"));
    const long = handle.run((api) => api.sleep(600, "vídeo"));
    const results = await Promise.all([within(short, 3000), within(long, 3000)]);
    expect(results).toEqual([
      { settled: "ok", v: "imagem" },
      { settled: "ok", v: "vídeo" },
    ]);
    // The idle period then ends the worker; the next job starts a fresh one and still gets its answer.
    await new Promise((r) => setTimeout(r, 250));
    expect(
      await within(
        handle.run((api) => api.sleep(5, "depois")),
        3000,
      ),
    ).toEqual({ settled: "ok", v: "depois" });
    handle.stop();
  });

  it("rejects a job whose worker is terminated under it", async () => {
    const handle = sleeper(30_000);
    const job = handle.run((api) => api.sleep(5000, "nunca"));
    await new Promise((r) => setTimeout(r, 100));
    handle.stop();
    expect(await within(job, 2000)).toMatchObject({ settled: "rejected" });
  });

  it("rejects a job whose worker cannot run (script missing) and recovers with a fresh worker", async () => {
    let broken = true;
    const handle = workerHandle<SleepApi>(
      () =>
        broken
          ? new Worker(new URL("/sem-worker-aqui.js", location.href), { type: "module" })
          : new Worker(new URL("./fixtures/sleep.worker.ts", import.meta.url), { type: "module" }),
      1000,
    );
    expect(
      await within(
        handle.run((api) => api.sleep(10, "x")),
        5000,
      ),
    ).toMatchObject({ settled: "rejected" });
    broken = false;
    expect(
      await within(
        handle.run((api) => api.sleep(10, "ok")),
        5000,
      ),
    ).toEqual({ settled: "ok", v: "ok" });
    handle.stop();
  });
});
