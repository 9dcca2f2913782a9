// Media figures measured in real Chromium: video realtime factor per engine and tier, long tasks, image tiers, upload throughput (Node runner).
import { createServer } from "vite";
import { chromium } from "playwright-core";
import { startServer } from "../tests/support/start-server.ts";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";
import type { BenchRow } from "./types.ts";

export default async function mediaBench(): Promise<BenchRow[]> {
  const api = await startServer({ CORS_ORIGINS: "*", STATIC_DIR: "/nonexistent" });
  const vite = await createServer({ logLevel: "silent", server: { port: 0, host: "localhost" } });
  await vite.listen();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const port = (vite.httpServer!.address() as { port: number }).port;
    const seconds = process.env.BENCH_VIDEO_SECONDS ?? "10";
    const engines = process.env.BENCH_VIDEO_ENGINES ?? "mediabunny,ffmpeg";
    // localhost is a secure context, which WebCodecs needs.
    await page.goto(
      `http://localhost:${port}/bench/browser/media.html?api=${encodeURIComponent(`${api.url}/api`)}&seconds=${seconds}&engines=${engines}`,
    );
    // The callbacks run in the page, where media-page.ts defined runMediaBench.
    type BenchPage = { runMediaBench?: () => Promise<BenchRow[]> };
    await page.waitForFunction(() => typeof (globalThis as BenchPage).runMediaBench === "function", undefined, { timeout: 120_000 });
    return await page.evaluate(() => (globalThis as BenchPage).runMediaBench!());
  } finally {
    await browser.close();
    await vite.close();
    await api.stop();
  }
}
