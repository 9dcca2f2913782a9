// Media benchmark page (browser, served by Vite dev): video engines per tier, long tasks, image tiers, upload throughput.
import { compressVideoByTier, stopVideoWorker } from "../../src/lib/workers/video-bridge";
import { compressImageFile, stopImageWorker } from "../../src/lib/workers/image-bridge";
import { MB, videoTier } from "../../src/domain/compression";
import { xhrTransport } from "../../workers/outbox/xhr-transport";
import { makeClip, noisePng } from "../../tests/support/media-fixtures";
import type { BenchRow } from "../types";

const params = new URLSearchParams(location.search);
const api = params.get("api")!;
const seconds = Number(params.get("seconds") ?? 10);
const engines = (params.get("engines") ?? "mediabunny,ffmpeg").split(",") as ("mediabunny" | "ffmpeg")[];
const row = (bench: string, c: string, metric: string, value: number, unit: string): BenchRow => ({ bench, case: c, metric, value, unit });

function watchLongTasks() {
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
  observer.observe({ type: "longtask" });
  return () => {
    observer.disconnect();
    return tasks;
  };
}

async function videoRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const clip = await makeClip(1280, 720, seconds);
  await new Promise((r) => setTimeout(r, 300));
  for (const engine of engines) {
    // First use pays for loading the engine (for ffmpeg: fetching and compiling the ~32 MB core); measured apart.
    const cold = performance.now();
    await compressVideoByTier(await makeClip(320, 180, 1), "aquece.mp4", videoTier(201 * MB)!, engine);
    rows.push(row("media", `video ${engine}`, "first use (load + 1 s clip)", performance.now() - cold, "ms"));
    for (const size of [26, 51, 101, 201]) {
      const tier = videoTier(size * MB)!;
      const stop = watchLongTasks();
      const t0 = performance.now();
      const out = await compressVideoByTier(clip, "clip.mp4", tier, engine);
      const ms = performance.now() - t0;
      const tasks = stop();
      const label = `video ${engine} 720p ${seconds}s -> ${tier.width}x${tier.height}@${tier.bitrate / 1000}k`;
      rows.push(row("media", label, "realtime factor", (seconds * 1000) / ms, "x"));
      rows.push(row("media", label, "output bitrate", (out.blob.size * 8) / seconds / 1000, "kbps"));
      rows.push(row("media", label, "main-thread long tasks", tasks.length, "count"));
      rows.push(row("media", label, "longest main-thread task", Math.max(0, ...tasks), "ms"));
    }
  }
  stopVideoWorker();
  return rows;
}

async function imageRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [w, h] of [
    [1400, 1000],
    [2400, 1800],
    [4000, 3000],
  ] as const) {
    const png = await noisePng(w, h, "foto.png");
    const t0 = performance.now();
    const out = await compressImageFile(png);
    const label = `image ${w}x${h} PNG ${(png.size / MB).toFixed(1)} MB`;
    rows.push(row("media", label, "compress time", performance.now() - t0, "ms"));
    rows.push(row("media", label, "output size", out.file.size / 1024, "KiB"));
  }
  stopImageWorker();
  return rows;
}

async function uploadRows(): Promise<BenchRow[]> {
  const login = await fetch(`${api}/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "demo@credenciado.com.br", password: "demo1234" }),
  });
  const token = (await login.json()).token as string;
  const clip = await makeClip(1280, 720, 8);
  const transport = xhrTransport(api);
  const t0 = performance.now();
  const runs = 3;
  for (let i = 0; i < runs; i++) {
    const answer = await transport.upload(clip, "video.mp4", token, () => {});
    if (answer.status !== 200) throw new Error(`upload answered ${answer.status}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  return [
    row(
      "media",
      `upload ${(clip.size / MB).toFixed(1)} MB video x${runs} (loopback)`,
      "throughput",
      (clip.size * runs) / MB / seconds,
      "MB/s",
    ),
  ];
}

declare global {
  interface Window {
    runMediaBench(): Promise<BenchRow[]>;
  }
}
window.runMediaBench = async () => {
  const rows = [...(await videoRows()), ...(await imageRows()), ...(await uploadRows())];
  document.getElementById("status")!.textContent = "Pronto";
  return rows;
};
