// Device bench page (browser; built like the app by bench/device.bench.ts and opened in Chromium on the honest phone): the app's
// worker jobs through their own bridges (OCR frames, the second reader's load, video compression, the initial video's plate
// check, "Verificar evidências"), the outbox worker's evidence hash and the recorder's duration written into a WebM at the stop
// (main thread), one run per call; the runner lifts the phone's CPU limit for each `*Before` step (setup) and puts it back for
// the measured one.
import { wrap, type Remote } from "comlink";
import { readPlateFrame, stopOcr, warmOcr, warmSecondReader } from "../../src/lib/workers/ocr-bridge";
import { compressVideoByTier, compressVideoFile, stopVideoWorker } from "../../src/lib/workers/video-bridge";
import { compressImageFile, stopImageWorker } from "../../src/lib/workers/image-bridge";
import { stopVerify, verifyEvidenceChain } from "../../src/lib/workers/verify-bridge";
import { ocrVideoPlateDeps } from "../../src/lib/capture/use-video-plate-check";
import { recordingMimeType, withDuration } from "../../src/lib/capture/recorder";
import { RECORDING_BITS_PER_SECOND } from "../../src/domain/capture";
import { createVideoPlateReader, plateInstants, VIDEO_PLATE_FRAMES } from "../../src/domain/video-plate";
import { MB, videoTier, type VideoTier } from "../../src/domain/compression";
import { OCR_CACHE } from "../../workers/ocr/assets";
import type { EvidenceChain } from "../../contract/evidencias-cadeia";
import { chainOver } from "../../tests/support/evidence-chain";
import { cameraClip, filmPlate, grainTile, photoOf } from "./device-media";
// The plates bench's generator (generatePlates on globalThis): the same scenes as the plates and scan benches for a seed.
import "./plates-page";
import type { HashApi } from "./hash.worker";
import type {
  CompressRun,
  DevicePage,
  FramesRun,
  HashInput,
  PlateCheckRun,
  Prepared,
  PrepareOptions,
  VerifyInfo,
  WebmInfo,
  WebmInput,
  WebmRun,
} from "./device-types";

interface Labelled {
  plate: string;
  blob: Blob;
}
type Generated = { file: string; plate: string; jpeg: string }[];

/** The scanner's camera frames are 1280 px wide (src/lib/capture/video-frames.ts FRAME_MAX_WIDTH). */
const FRAME_WIDTH = 1280;

const sets: Record<"generated" | "photos", Labelled[]> = { generated: [], photos: [] };
let video: File | null = null;
let compressed: Blob | null = null;
let plateVideo: File | null = null;
let photos: File[] = [];
let frames: { bitmap: ImageBitmap; plate: string }[] = [];
let hashApi: Remote<HashApi> | null = null;
let chain: EvidenceChain | null = null;
let webms: Record<WebmInput, WebmInfo & { blob: Blob }> | null = null;

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** The scanner's guide, centred: 76% of a 4:3 view's width, 3:1 (as bench/browser/plates-page.ts aims at a whole photo). */
function guideOf(width: number, height: number) {
  const gw = height * (4 / 3) * 0.76;
  return {
    x: Math.round((width - gw) / 2),
    y: Math.round((height - gw / 3) / 2),
    width: Math.round(gw),
    height: Math.round(gw / 3),
  };
}

/** The first tier's box when the file is under it (the app would send it untouched: small bench settings only). */
const tierFor = (file: Blob): { tier: VideoTier; app: boolean } => {
  const tier = videoTier(file.size);
  return tier ? { tier, app: true } : { tier: videoTier(25 * MB + 1)!, app: false };
};

/** The app's path: compressVideoFile (the tier by size, WebCodecs or ffmpeg.wasm); a failure is an error here, not the original. */
async function compress(file: File): Promise<{ blob: Blob; engine: string }> {
  const { tier, app } = tierFor(file);
  if (!app) {
    const out = await compressVideoByTier(file, file.name, tier, "auto");
    return { blob: out.blob, engine: out.engine ?? "?" };
  }
  const out = await compressVideoFile(file);
  if (!out.compressed) throw new Error(`compression failed: ${out.warning ?? "not compressed"}`);
  return { blob: out.file, engine: out.engine ?? "?" };
}

/**
 * A minute's recording at the app's 1 Mbps (7.5 MB, 7.2 MiB): recorded until its chunks hold that, whatever the seconds (this
 * canvas came out at 0.7 to 1.0 Mbps from one bench run to the next: VP9 spends what the grain asks near its coarsest quantizer).
 */
const WEBM_MINUTE_BYTES = (60 * RECORDING_BITS_PER_SECOND) / 8;
/**
 * The largest recording the app sends as it is (videoTier: compressed over 25 MB): recorded until its chunks pass this, the last
 * chunk at the stop (under a second, ~125 KB at 1 Mbps) keeps it under 25 MB.
 */
const WEBM_LARGEST_STOP_BYTES = 25 * MB - 512 * 1024;
const WEBM_MAX_MS = 600_000;

/** A <video>'s duration for a file (Infinity for MediaRecorder's WebM, which does not carry it). */
async function playerDuration(blob: Blob): Promise<number> {
  const url = URL.createObjectURL(blob);
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "metadata";
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the <video> did not load the WebM's metadata in 60 s")), 60_000);
      video.onloadedmetadata = () => (clearTimeout(timer), resolve(video.duration));
      video.onerror = () => (clearTimeout(timer), reject(new Error(`the <video> could not load the WebM: ${video.error?.message}`)));
      video.src = url;
    });
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

/**
 * A camera recording as the app's recorder makes it (src/lib/capture/recorder.ts startRecording: its MediaRecorder type, 1 Mbps,
 * 1-s chunks; its length from the start event to the stop), without the duration it writes at the stop: a 1280x720 canvas
 * stream at 30 fps (the camera's size), moving shapes under a sensor's grain, in real time until `enough`. One recording at a
 * time (two encoders side by side share this host's two cores).
 */
async function recordWebm(enough: (ms: number, bytes: number) => boolean): Promise<WebmInfo & { blob: Blob }> {
  const mimeType = recordingMimeType();
  if (!mimeType) throw new Error("no MediaRecorder WebM type in this browser");
  const width = 1280,
    height = 720;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  const tiles = Array.from({ length: 8 }, (_, k) => grainTile(256, 2463534242 + k * 7919));
  const draw = (i: number) => {
    ctx.globalAlpha = 1;
    ctx.fillStyle = `hsl(${(i * 2) % 360} 45% 45%)`;
    ctx.fillRect(0, 0, width, height);
    for (let k = 0; k < 6; k++) {
      ctx.fillStyle = `hsl(${(k * 60 + i) % 360} 70% ${30 + k * 8}%)`;
      const x = ((i * (3 + k) + k * 211) % (width + 200)) - 100;
      const y = height / 2 + Math.sin(i / (20 + k * 5) + k) * (height / 3);
      ctx.fillRect(x, y - 60, 160 + k * 20, 120);
    }
    // Several tiles at random offsets: no motion vector predicts the next frame's grain, as a camera's noise. Light: a grain
    // much stronger puts VP9 at its coarsest quantizer, where it overshoots 1 Mbps several times (7.5 Mbps at 0.6).
    ctx.globalAlpha = 0.3;
    for (let y = 0; y < height; y += 256)
      for (let x = 0; x < width; x += 256)
        ctx.drawImage(tiles[(Math.random() * 8) | 0]!, x - ((Math.random() * 64) | 0), y - ((Math.random() * 64) | 0));
  };
  draw(0);
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: RECORDING_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  let bytes = 0;
  recorder.ondataavailable = (e) => {
    if (e.data.size === 0) return;
    chunks.push(e.data);
    bytes += e.data.size;
  };
  let startedAt = performance.now();
  recorder.onstart = () => (startedAt = performance.now());
  recorder.start(1000);
  try {
    for (let i = 1; !enough(performance.now() - startedAt, bytes); i++) {
      if (performance.now() - startedAt > WEBM_MAX_MS)
        throw new Error(`MediaRecorder made ${bytes} bytes in ${WEBM_MAX_MS / 1000} s: not the app's 1 Mbps`);
      draw(i);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return await new Promise((resolve, reject) => {
      recorder.onstop = () => {
        const seconds = (performance.now() - startedAt) / 1000;
        const blob = new Blob(chunks, { type: mimeType.split(";")[0]! });
        resolve({ blob, bytes: blob.size, seconds, mimeType, bitsPerSecond: RECORDING_BITS_PER_SECOND });
      };
      recorder.onerror = () => reject(new Error("MediaRecorder failed"));
      recorder.stop();
    });
  } finally {
    if (recorder.state !== "inactive") recorder.stop();
    stream.getTracks().forEach((t) => t.stop());
  }
}

/** The two recordings, each checked to play without a duration (MediaRecorder's WebM: Infinity). */
async function recordWebms(): Promise<Record<WebmInput, WebmInfo & { blob: Blob }>> {
  const out = {
    minute: await recordWebm((_, bytes) => bytes >= WEBM_MINUTE_BYTES),
    largest: await recordWebm((_, bytes) => bytes >= WEBM_LARGEST_STOP_BYTES),
  };
  for (const [input, w] of Object.entries(out)) {
    const d = await playerDuration(w.blob);
    if (d !== Infinity) throw new Error(`the ${input} recording has a duration before withDuration (${d})`);
  }
  return out;
}

const page: DevicePage = {
  async prepare(o: PrepareOptions): Promise<Prepared> {
    const generate = (globalThis as unknown as { generatePlates: (n: number, seed: number) => Promise<Generated> }).generatePlates;
    sets.generated = (await generate(o.scenes, o.seed)).map((g) => ({
      plate: g.plate,
      blob: new Blob([fromBase64(g.jpeg)], { type: "image/jpeg" }),
    }));
    sets.photos = [];
    for (const p of o.photos)
      sets.photos.push({ plate: p.plate, blob: await (await fetch(`/plates-data/${encodeURIComponent(p.file)}`)).blob() });
    if (o.video) video = new File([await cameraClip(1280, 720, o.videoSeconds)], "VID_20261128_101500.mp4", { type: "video/mp4" });
    // The plate check reads the first 3 s.
    if (o.plateVideo) plateVideo = await filmPlate(Math.max(4, o.videoSeconds));
    if (o.photosForEvidence) photos = await Promise.all(["BRA2E19", "PEX7788", "HMG3C21"].map((plate, i) => photoOf(plate, 11 + i)));
    return {
      scenes: sets.generated.length,
      photos: sets.photos.length,
      videoBytes: video?.size ?? 0,
      plateVideoBytes: plateVideo?.size ?? 0,
      plateVideoType: plateVideo?.type ?? "",
      photoBytes: photos.map((p) => p.size),
      photoSize: "4000x3000",
    };
  },

  async fillOcrCache() {
    stopOcr();
    await warmOcr();
    await warmSecondReader();
    stopOcr();
  },

  async ocrBefore(set, withSecond) {
    stopOcr();
    await warmOcr();
    if (withSecond) await warmSecondReader();
    frames.forEach((f) => f.bitmap.close());
    frames = [];
    for (const { plate, blob } of [...sets[set], sets[set][0]!]) {
      let bitmap = await createImageBitmap(blob);
      if (bitmap.width > FRAME_WIDTH) {
        const scaled = await createImageBitmap(bitmap, {
          resizeWidth: FRAME_WIDTH,
          resizeHeight: Math.round((bitmap.height * FRAME_WIDTH) / bitmap.width),
        });
        bitmap.close();
        bitmap = scaled;
      }
      frames.push({ bitmap, plate });
    }
    // One frame read before the measured ones: the worker's code is compiled as after a second of scanning (the scanner's first
    // frame, compiled as it runs, is the scan bench's business).
    const first = frames.pop()!;
    await readPlateFrame(first.bitmap, { guide: guideOf(first.bitmap.width, first.bitmap.height), find: true });
    return frames.length;
  },

  async ocrRun(): Promise<FramesRun> {
    const out: FramesRun = { ms: [], secondMs: [], total: [], right: 0 };
    for (const { bitmap, plate } of frames.splice(0)) {
      // The bitmap is transferred to the worker, as the scanner hands over each camera frame.
      const t0 = performance.now();
      const r = await readPlateFrame(bitmap, { guide: guideOf(bitmap.width, bitmap.height), find: true });
      out.total.push(performance.now() - t0);
      out.ms.push(r.ms);
      if (r.secondMs !== undefined) out.secondMs.push(r.secondMs);
      if (r.candidates[0]?.plate === plate) out.right++;
    }
    return out;
  },

  async secondBefore(cold) {
    stopOcr();
    if (cold) await caches.delete(OCR_CACHE);
    await warmOcr();
  },

  async secondRun() {
    const t0 = performance.now();
    await warmSecondReader();
    return performance.now() - t0;
  },

  async videoBefore() {
    if (!video) throw new Error("no video prepared");
    // A fresh worker per run: the app starts the video worker for a file and stops it 30 s after.
    stopVideoWorker();
  },

  async videoRun(): Promise<CompressRun> {
    const file = video!;
    const { tier, app } = tierFor(file);
    const t0 = performance.now();
    const out = await compress(file);
    const ms = performance.now() - t0;
    compressed = out.blob;
    return {
      ms,
      bytesIn: file.size,
      bytesOut: out.blob.size,
      engine: out.engine,
      tier: `${tier.width}x${tier.height}@${tier.bitrate / 1000}k`,
      appTier: app,
    };
  },

  async hashBefore() {
    if (!video || !photos.length) throw new Error("no video or photo prepared");
    if (!compressed) compressed = (await compress(video)).blob;
    if (!hashApi) {
      // Like the outbox worker, the hashing worker lives as long as the tab: started and its code loaded before any run.
      hashApi = wrap<HashApi>(new Worker(new URL("./hash.worker.ts", import.meta.url), { type: "module", name: "hash" }));
      await hashApi.sha256(new Blob(["warm"]));
    }
    return { video: video.size, compressed: compressed.size, photo: photos[0]!.size };
  },

  async hashRun(input: HashInput) {
    const blob = input === "video" ? video! : input === "compressed" ? compressed! : photos[0]!;
    return (await hashApi!.sha256(blob)).ms;
  },

  async webmBefore() {
    webms ??= await recordWebms();
    const info = (w: WebmInfo & { blob: Blob }): WebmInfo => ({
      bytes: w.bytes,
      seconds: w.seconds,
      mimeType: w.mimeType,
      bitsPerSecond: w.bitsPerSecond,
    });
    return { minute: info(webms.minute), largest: info(webms.largest) };
  },

  /** As at the recorder's stop: the recording's Blob and its measured length in, the Blob to save out (main thread). */
  async webmRun(input: WebmInput): Promise<WebmRun> {
    const w = webms![input];
    const supported = PerformanceObserver.supportedEntryTypes.includes("longtask");
    const tasks: PerformanceEntry[] = [];
    const observer = supported ? new PerformanceObserver((list) => tasks.push(...list.getEntries())) : null;
    observer?.observe({ type: "longtask" });
    const t0 = performance.now();
    const out = await withDuration(w.blob, w.seconds * 1000);
    const t1 = performance.now();
    // Not timed: the long tasks reported, the output played.
    await new Promise((r) => setTimeout(r, 100));
    if (observer) {
      tasks.push(...observer.takeRecords());
      observer.disconnect();
    }
    const during = tasks.filter((t) => t.startTime >= t0 && t.startTime < t1).map((t) => t.duration);
    const durationS = await playerDuration(out);
    if (!Number.isFinite(durationS))
      throw new Error(`withDuration's ${input} WebM (${out.size} bytes, ${w.bytes} in) plays with duration ${durationS}`);
    return { ms: t1 - t0, longestTaskMs: supported ? Math.max(0, ...during) : null, bytesOut: out.size, durationS };
  },

  async plateBefore() {
    if (!plateVideo) throw new Error("no initial video prepared");
    // The start flow opens the check with no OCR worker running (its idle stop is 5 min; the scanner was not just used).
    stopOcr();
  },

  /** useVideoPlateCheck's run without React (src/lib/capture/use-video-plate-check.ts), with the app's own deps. */
  async plateRun(orderPlate: string): Promise<PlateCheckRun> {
    const deps = ocrVideoPlateDeps;
    const t0 = performance.now();
    await deps.warm();
    const warmMs = performance.now() - t0;
    const opened = await deps.open(plateVideo!, new AbortController().signal);
    const reader = createVideoPlateReader(orderPlate);
    let n = 0;
    try {
      for (const at of plateInstants(opened.duration, VIDEO_PLATE_FRAMES)) {
        const candidates = await opened.frameAt(at).then((frame) => deps.read(frame));
        n++;
        if (reader.push(candidates)) break;
      }
    } finally {
      opened.close();
    }
    return { ms: performance.now() - t0, warmMs, frames: n, read: reader.result()?.plate ?? null };
  },

  async verifyBefore(): Promise<VerifyInfo> {
    if (!chain) {
      if (!plateVideo || !video || !photos.length) throw new Error("no videos or photos prepared");
      if (!compressed) compressed = (await compress(video)).blob;
      // The photos as the app sends them (the image worker's tier for their size).
      const sent = [];
      for (const p of photos) sent.push((await compressImageFile(p)).file);
      stopImageWorker();
      chain = await chainOver(
        [
          { tipo: "video-inicial", blob: plateVideo },
          ...sent.map((blob) => ({ tipo: "foto" as const, blob })),
          { tipo: "video-final", blob: compressed },
        ],
        true,
      );
    }
    // The worker starts when the button is pressed.
    stopVerify();
    const sizes = await Promise.all(chain.entradas.map(async (e) => (await fetch(e.url)).blob().then((b) => b.size)));
    return { files: chain.entradas.length, bytes: sizes.reduce((a, b) => a + b, 0), kinds: chain.entradas.map((e) => e.tipo) };
  },

  async verifyRun() {
    const t0 = performance.now();
    const outcome = await verifyEvidenceChain(chain!);
    const ms = performance.now() - t0;
    if (outcome.kind !== "verificado") throw new Error(`verification incomplete: ${JSON.stringify(outcome)}`);
    return { ms, files: outcome.files, failures: outcome.failures.length, seal: outcome.seal };
  },
};

Object.assign(globalThis, { deviceBench: page });
document.getElementById("status")!.textContent = "Pronto";
