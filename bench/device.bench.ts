// Worker figures at device speed (issue 48, Node runner): the app's worker jobs, through their own bridges, in Chromium on the
// honest phone (bench/phone.ts: every Chromium process, workers included, in a CPU cgroup calibrated to DevTools' low-tier or
// mid-tier BenchmarkIndex on the main thread and in a worker). The page (bench/browser/device-page.ts) is built like the app
// (Vite production build, workers as hashed ES chunks, immutable /assets) and served from a static server on loopback. Per
// operation the median and the spread of BENCH_DEVICE_RUNS runs: the OCR worker per frame (net alone, with the second
// reader), the second reader's load (warm Cache API, cold), a 720p video's compression at the app's tier, the outbox's
// streamed SHA-256 of that video and of a photo, the initial video's plate check, "Verificar evidências" of an order, and the
// recorder's duration written into a camera recording's WebM at the stop (main thread).
// Setup runs with the phone's limit lifted; each measured run with it on. Raw runs: bench/results/device-latest.json. Over 300
// lines: each operation's setup, runs and printed lines read better side by side in one file.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { build } from "vite";
import type { BrowserContext, Page } from "playwright-core";
import type { BenchRow } from "./types.ts";
import type { DevicePreset } from "./calibrate.ts";
import { honestPhone, PhoneUnavailable, type Phone } from "./phone.ts";
import { readLabels } from "./labels.ts";
import { FILMED_PLATE, OTHER_PLATE, type DevicePage, type HashInput, type WebmInput } from "./browser/device-types.ts";

const env = process.env;
const DEVICE: DevicePreset = env.BENCH_DEVICE === "mid-tier" ? "mid-tier" : "low-tier";
const RUNS = Math.max(1, Number(env.BENCH_DEVICE_RUNS ?? 3));
/** Generated 1280x720 scenes read per run (the scan bench's set: seed 4049). */
const SCENES = Math.max(1, Number(env.BENCH_DEVICE_SCENES ?? 24));
const SCENE_SEED = 4049;
/** The 720p video compressed and hashed, and the recorded initial video (at least 4 s: the plate check reads its first 3 s). */
const VIDEO_SECONDS = Math.max(1, Number(env.BENCH_DEVICE_VIDEO_SECONDS ?? 30));
const PHOTO_LIMIT = env.BENCH_DEVICE_PHOTOS ? Number(env.BENCH_DEVICE_PHOTOS) : Infinity;
const OPERATIONS = ["ocr", "second", "video", "hash", "plate", "verify", "webm"] as const;
type Operation = (typeof OPERATIONS)[number];
const ONLY = (env.BENCH_DEVICE_ONLY?.split(",").map((s) => s.trim()) ?? [...OPERATIONS]).filter((o): o is Operation =>
  (OPERATIONS as readonly string[]).includes(o),
);
const wants = (...ops: Operation[]) => ops.some((o) => ONLY.includes(o));

const MiB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** Nearest rank, as the scan bench. */
const quantile = (xs: number[], q: number) => {
  const s = sorted(xs);
  return s.length ? s[Math.max(0, Math.ceil(q * s.length) - 1)]! : NaN;
};
const median = (xs: number[]) => {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The bench page, built the way the app is (production, ES workers), into `outDir`. */
async function buildPage(root: string, outDir: string) {
  const nodeEnv = env.NODE_ENV;
  // React (the plate check's module) and every library as users get them, whatever NODE_ENV the runner has.
  env.NODE_ENV = "production";
  try {
    await build({
      root,
      configFile: false,
      mode: "production",
      logLevel: "error",
      publicDir: false,
      worker: { format: "es" },
      build: {
        outDir,
        emptyOutDir: true,
        target: "es2022",
        sourcemap: false,
        rolldownOptions: { input: path.join(root, "bench", "browser", "device.html") },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete env.NODE_ENV;
    else env.NODE_ENV = nodeEnv;
  }
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
};

/** The built page on loopback: hashed /assets immutable, as the app's server sends them; `extra` answers other paths. */
async function serve(dir: string, extra: (pathname: string) => Buffer | null): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const body = extra(pathname);
    if (body) {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length, "cache-control": "no-store" });
      res.end(body);
      return;
    }
    const file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "content-length": fs.statSync(file).size,
      "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // 127.0.0.1 is a secure context (WebCodecs, the Cache API).
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Step = keyof DevicePage;
/** One of the page's steps (bench/browser/device-page.ts), its result as plain data. */
function call<K extends Step>(page: Page, step: K, ...args: Parameters<DevicePage[K]>): Promise<Awaited<ReturnType<DevicePage[K]>>> {
  return page.evaluate(
    ([name, a]) =>
      (globalThis as unknown as { deviceBench: Record<string, (...x: unknown[]) => Promise<unknown>> }).deviceBench[name]!(...a),
    [step, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<DevicePage[K]>>>;
}

export default async function deviceBench(): Promise<BenchRow[]> {
  const root = path.resolve(import.meta.dirname, "..");
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-device-"));
  const rows: BenchRow[] = [];
  const raw: Record<string, unknown> = {};
  let phone: Phone | undefined;
  let ctx: BrowserContext | undefined;
  let server: Awaited<ReturnType<typeof serve>> | undefined;

  /** `<device>  <operation>  p50 N ms  (min-max N-N, R runs)`, and its rows. */
  const report = (operation: string, values: number[], unit: "ms" | "x" | "MB/s" = "ms") => {
    const f = (v: number) => (unit === "ms" ? String(Math.round(v)) : v.toFixed(2));
    const s = sorted(values);
    const p50 = median(s);
    console.log(
      `${DEVICE}  ${operation}  p50 ${f(p50).padStart(4)} ${unit}  (min-max ${f(s[0]!)}-${f(s.at(-1)!)}, ${s.length} run${s.length === 1 ? "" : "s"})`,
    );
    const c = `${DEVICE} ${operation}`;
    rows.push({ bench: "device", case: c, metric: `p50 of ${s.length} runs`, value: p50, unit });
    rows.push({ bench: "device", case: c, metric: "min", value: s[0]!, unit });
    rows.push({ bench: "device", case: c, metric: "max", value: s.at(-1)!, unit });
  };

  try {
    if (!ONLY.length) throw new Error(`BENCH_DEVICE_ONLY: one or more of ${OPERATIONS.join(",")}`);
    try {
      phone = await honestPhone(DEVICE);
    } catch (err) {
      if (err instanceof PhoneUnavailable) console.error(`device: no honest ${DEVICE} phone on this machine: ${err.message}`);
      throw err;
    }
    const p = phone;
    const cpu = os.cpus()[0]?.model ?? "unknown";
    console.log(`# host CPU: ${cpu} (${os.cpus().length} cores)`);
    console.log(`# device: ${p.label}`);

    const dist = path.join(tmp, "dist");
    await buildPage(root, dist);
    const photosDir = env.PLATES_DIR ? path.resolve(env.PLATES_DIR) : null;
    const labelled = photosDir ? readLabels(photosDir).slice(0, PHOTO_LIMIT) : [];
    const photoSet = photosDir ? path.basename(photosDir) : "";
    server = await serve(dist, (pathname) => {
      const m = /^\/plates-data\/([^/]+)$/.exec(pathname);
      return m && photosDir ? fs.readFileSync(path.join(photosDir, path.basename(m[1]!))) : null;
    });

    /** Setup with the phone's limit lifted, then the measured step with it on; RUNS times. */
    const runs = async <T>(label: string, before: () => Promise<unknown>, run: () => Promise<T>, show: (r: T) => string) => {
      const out: T[] = [];
      for (let i = 0; i < RUNS; i++) {
        p.throttle(false);
        try {
          await before();
        } finally {
          p.throttle(true);
        }
        const r = await run();
        out.push(r);
        console.error(`device ${label} run ${i + 1}/${RUNS}: ${show(r)}`);
      }
      raw[label] = out;
      return out;
    };

    // Setup, unthrottled: the page's first load, its inputs, the OCR worker's cache as after a first use of the scanner.
    p.throttle(false);
    const profile = path.join(tmp, "profile");
    ctx = await p.launchPersistent(profile, { viewport: { width: 412, height: 915 } });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${server.url}/bench/browser/device.html`);
    await page.waitForFunction(() => typeof (globalThis as { deviceBench?: unknown }).deviceBench === "object", undefined, {
      timeout: 120_000,
    });
    const prepared = await call(page, "prepare", {
      scenes: wants("ocr") ? SCENES : 0,
      seed: SCENE_SEED,
      photos: wants("ocr") ? labelled.map((l) => ({ file: l.file, plate: l.plate })) : [],
      videoSeconds: VIDEO_SECONDS,
      video: wants("video", "hash", "verify"),
      plateVideo: wants("plate", "verify"),
      photosForEvidence: wants("hash", "verify"),
    });
    raw.prepared = prepared;
    if (wants("ocr", "second", "plate")) await call(page, "fillOcrCache");
    p.throttle(true);
    console.log(`# ${RUNS} runs per operation; setup (inputs, fresh workers, decoded frames) with the limit lifted`);

    if (wants("ocr")) {
      console.log(
        "# OCR: the scanner's read of a whole 1280x720 frame (find + read, the guide centred) through ocr-bridge, FrameRead.ms " +
          "(with the second reader loaded: the page's whole wait for the frame, the second reading the found row while the net reads); " +
          "per run the p50/p95 over the frames, after one unmeasured frame",
      );
      const sets: ["generated" | "photos", string][] = [["generated", `${prepared.scenes} generated scenes`]];
      if (prepared.photos) sets.push(["photos", `${prepared.photos} ${photoSet} photos`]);
      for (const [set, name] of sets) {
        const alone = await runs(
          `ocr ${set} net alone`,
          () => call(page, "ocrBefore", set, false),
          () => call(page, "ocrRun"),
          (r) =>
            `p50 ${quantile(r.ms, 0.5).toFixed(0)} ms, p95 ${quantile(r.ms, 0.95).toFixed(0)} ms, ${r.right}/${r.ms.length} read right`,
        );
        for (const q of [0.5, 0.95])
          report(
            `OCR frame, net alone: frame p${q * 100} (${name})`,
            alone.map((r) => quantile(r.ms, q)),
          );
        const seconded = await runs(
          `ocr ${set} with second reader`,
          () => call(page, "ocrBefore", set, true),
          () => call(page, "ocrRun"),
          (r) =>
            `total p50 ${quantile(r.total, 0.5).toFixed(0)} ms, p95 ${quantile(r.total, 0.95).toFixed(0)} ms; second reader asked on ` +
            `${r.secondMs.length}/${r.total.length} frames, p50 ${quantile(r.secondMs, 0.5).toFixed(0)} ms; ${r.right}/${r.ms.length} read right`,
        );
        for (const q of [0.5, 0.95])
          report(
            `OCR frame with the second reader (the page's wait for the frame, the two readers side by side): frame p${q * 100} (${name})`,
            seconded.map((r) => quantile(r.total, q)),
          );
        const asked = seconded.filter((r) => r.secondMs.length);
        const share = asked.length ? `, asked on ${median(asked.map((r) => r.secondMs.length))} of ${asked[0]!.total.length} frames` : "";
        for (const q of [0.5, 0.95])
          if (asked.length)
            report(
              `second reader, read of a plate row (secondMs): p${q * 100} (${name}${share})`,
              asked.map((r) => quantile(r.secondMs, q)),
            );
        if (!asked.length) console.log(`${DEVICE}  second reader, read of a plate row (${name})  never asked (no plate at >= 0.15)`);
      }
    }

    if (wants("second")) {
      console.log(
        "# second reader load: warmSecondReader() in a fresh OCR worker whose net is loaded (onnxruntime-web's wasm compiled, " +
          "PaddleOCR's model and dictionary); cold = Cache API and HTTP cache emptied, bytes from loopback (no network time)",
      );
      const warm = await runs(
        "second reader load warm",
        () => call(page, "secondBefore", false),
        () => call(page, "secondRun"),
        (ms) => `${ms.toFixed(0)} ms`,
      );
      report("second reader load, Cache API warm (used the scanner before)", warm);
      const cdp = await ctx.newCDPSession(page);
      const cold = await runs(
        "second reader load cold",
        async () => {
          await cdp.send("Network.clearBrowserCache");
          await call(page, "secondBefore", true);
        },
        () => call(page, "secondRun"),
        (ms) => `${ms.toFixed(0)} ms`,
      );
      report("second reader load, cold (first use, loopback download)", cold);
      await cdp.detach();
    }

    if (wants("video")) {
      console.log(
        `# video: a ${VIDEO_SECONDS} s 720p MP4 as a phone camera saves it (12 Mbps; bench/browser/device-media.ts) through ` +
          "video-bridge's compressVideoFile (the tier by size, WebCodecs else ffmpeg.wasm), a fresh video worker per run",
      );
      const out = await runs(
        "video compression",
        () => call(page, "videoBefore"),
        () => call(page, "videoRun"),
        (r) => `${r.ms.toFixed(0)} ms, ${mb(r.bytesIn)} -> ${mb(r.bytesOut)} ${r.tier} ${r.engine}${r.appTier ? "" : " (tier forced)"}`,
      );
      const r0 = out[0]!;
      const tier = r0.appTier ? "the app's tier" : "FORCED: the app sends a file under 25 MB untouched";
      const what = `video compression, ${VIDEO_SECONDS} s 720p ${mb(r0.bytesIn)} -> ${r0.tier} ${mb(r0.bytesOut)} (${tier}, ${r0.engine})`;
      report(
        `${what}: total`,
        out.map((r) => r.ms),
      );
      report(
        `${what}: realtime factor`,
        out.map((r) => (VIDEO_SECONDS * 1000) / r.ms),
        "x",
      );
    }

    if (wants("hash")) {
      console.log(
        "# evidence hash: workers/outbox/file-hash.ts sha256OfBlob (@noble/hashes fed from the blob's stream) in a worker that " +
          "lives as long as the page, as the outbox worker does; time inside the worker",
      );
      p.throttle(false);
      const sizes = await call(page, "hashBefore").finally(() => p.throttle(true));
      const names: Record<HashInput, string> = {
        video: `the ${VIDEO_SECONDS} s 720p video as chosen, ${mb(sizes.video)}`,
        compressed: `that video compressed, ${mb(sizes.compressed)}`,
        photo: `a 4000x3000 JPEG photo, ${mb(sizes.photo)}`,
      };
      for (const input of ["video", "compressed", "photo"] as const) {
        const ms = await runs(
          `hash ${input}`,
          () => call(page, "hashBefore"),
          () => call(page, "hashRun", input),
          (v) => `${v.toFixed(0)} ms, ${(sizes[input] / MiB / (v / 1000)).toFixed(1)} MB/s`,
        );
        report(`evidence SHA-256 of ${names[input]}`, ms);
      }
    }

    if (wants("plate")) {
      console.log(
        `# plate check: useVideoPlateCheck's run (ocrVideoPlateDeps: warmOcr, openVideoFrames, readPlateFrame) on a ` +
          `${mb(prepared.plateVideoBytes)} ${prepared.plateVideoType || "WebM"} of plate ${FILMED_PLATE} recorded by the app's ` +
          "recorder, from a stopped OCR worker (net from the Cache API); the app gives up after 15 s",
      );
      for (const [orderPlate, what] of [
        [OTHER_PLATE, "another car's plate"],
        [FILMED_PLATE, "the order's own plate"],
      ] as const) {
        const out = await runs(
          `plate check ${orderPlate}`,
          () => call(page, "plateBefore"),
          () => call(page, "plateRun", orderPlate),
          (r) => `${r.ms.toFixed(0)} ms (worker + net ${r.warmMs.toFixed(0)} ms), ${r.frames} frames, read ${r.read ?? "nothing"}`,
        );
        const name = `initial video's plate check, ${what} (${median(out.map((r) => r.frames))} frames read)`;
        report(
          `${name}: total`,
          out.map((r) => r.ms),
        );
        if (orderPlate === OTHER_PLATE)
          report(
            `${name}: of which worker start + net load`,
            out.map((r) => r.warmMs),
          );
        const missed = out.filter((r) => r.read !== FILMED_PLATE).length;
        if (missed) console.error(`device plate check: ${missed} of ${out.length} runs did not read ${FILMED_PLATE}`);
      }
    }

    if (wants("verify")) {
      console.log(
        "# verification: verify-bridge's verifyEvidenceChain in a fresh verify worker, a sealed chain over the files as the app " +
          "sends them (the initial video as recorded, the photos and the final video compressed), served as blob URLs",
      );
      let info: Awaited<ReturnType<DevicePage["verifyBefore"]>> | undefined;
      const out = await runs(
        "verify",
        async () => (info = await call(page, "verifyBefore")),
        () => call(page, "verifyRun"),
        (r) => `${r.ms.toFixed(0)} ms, ${r.files} files, seal ${r.seal}, ${r.failures} failures`,
      );
      const kinds = info!.kinds.reduce<Record<string, number>>((n, k) => ({ ...n, [k]: (n[k] ?? 0) + 1 }), {});
      const list = Object.entries(kinds)
        .map(([k, n]) => (n > 1 ? `${n} ${k}` : k))
        .join(", ");
      report(
        `"Verificar evidências", ${info!.files} files ${mb(info!.bytes)} (${list})`,
        out.map((r) => r.ms),
      );
    }

    if (wants("webm")) {
      console.log(
        "# webm: src/lib/capture/recorder.ts withDuration (fix-webm-duration: the whole Blob read with FileReader, its EBML parsed, " +
          "the duration written into a new Blob) on the page's main thread, as at a recording's stop; inputs recorded once in the " +
          "page, one after the other, by MediaRecorder as the app's recorder records (its type, 1 Mbps, 1-s chunks, no duration) from a 1280x720 30 fps " +
          "canvas of moving shapes under a sensor's grain, real time; ms from the call to its Blob; the output's duration checked " +
          "finite in a <video> after the timed part; longest main-thread task during the call (PerformanceObserver longtask)",
      );
      p.throttle(false);
      const inputs = await call(page, "webmBefore").finally(() => p.throttle(true));
      const names: Record<WebmInput, string> = {
        minute: "a minute's recording at 1 Mbps",
        largest: "the largest sent uncompressed",
      };
      for (const input of ["minute", "largest"] as const) {
        const w = inputs[input];
        const out = await runs(
          `webm ${input}`,
          () => call(page, "webmBefore"),
          () => call(page, "webmRun", input),
          (r) =>
            `${r.ms.toFixed(0)} ms, longest task ${r.longestTaskMs?.toFixed(0) ?? "?"} ms, ${mb(w.bytes)} -> ${mb(r.bytesOut)}, ` +
            `plays ${r.durationS.toFixed(1)} s`,
        );
        const what =
          `duration written into a WebM at the recording's stop, ${names[input]}: ${mb(w.bytes)}, ${w.seconds.toFixed(0)} s, ` +
          `${w.mimeType} at ${w.bitsPerSecond / 1e6} Mbps (${((w.bytes * 8) / w.seconds / 1e6).toFixed(2)} Mbps in the file)`;
        report(
          `${what}: total`,
          out.map((r) => r.ms),
        );
        if (out.every((r) => r.longestTaskMs !== null))
          report(
            `${what}: longest main-thread task (0: none over 50 ms)`,
            out.map((r) => r.longestTaskMs!),
          );
      }
    }

    const seconds = (Date.now() - started) / 1000;
    console.log(`# ${seconds.toFixed(0)} s in all (calibration and setup included)`);
    const outDir = path.join(root, "bench", "results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(
      path.join(outDir, "device-latest.json"),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpu,
          cores: os.cpus().length,
          device: p.label,
          phone: { preset: p.preset, target: p.target, host: p.host, reached: p.reached, quotaUs: p.quotaUs, periodUs: p.periodUs },
          runs: RUNS,
          seconds,
          raw,
        },
        null,
        2,
      ),
    );
  } finally {
    await ctx?.close().catch(() => undefined);
    await server?.close();
    phone?.dispose();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
