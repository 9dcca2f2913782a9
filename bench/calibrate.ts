// CPU throttle calibrated to a device, not a host (Node): the DevTools multiplier that makes this host run Lighthouse's own
// BenchmarkIndex on a page's main thread as a target phone does, searched on the throttled benchmark until it lands within 10%
// of the preset (or refused, naming what it reached). The Lighthouse bench applies it as its simulated CPU slowdown. It slows
// the main thread only: the index inside a dedicated worker of the same throttled page is measured and printed beside it (the
// honest phone of the other benches, bench/phone.ts, slows every thread).
import { chromium, type Page } from "playwright-core";
// Lighthouse's benchmark, the one its reports give as environment.benchmarkIndex (the same code DevTools' calibration runs).
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";

/** DevTools' calibration presets (front_end/panels/mobile_throttling/CalibrationController.ts). */
export const DEVICE_PRESETS = {
  /** A low-tier phone, like a Moto G Power 2022. */
  "low-tier": 264,
  /** A mid-tier phone, like a Pixel 5. */
  "mid-tier": 1000,
} as const;
export type DevicePreset = keyof typeof DEVICE_PRESETS;

/** How close the throttled main thread's index must come to the preset (the honest phone's tolerance too). */
export const CALIBRATION_TOLERANCE = 0.1;
/** The search stops at the first rate this close, so the noise of a later reading stays within the tolerance. */
const AIM = 0.05;
/** 1-s benchmark runs per reading (the median): one run under the throttle strays by 10-20% (GC, the throttle's slices). */
const RUNS = 5;
/** Readings per preset at most (a rate read again adds RUNS runs to its median). */
const MAX_STEPS = 12;

export interface Calibration {
  /** This host's BenchmarkIndex, unthrottled, on the main thread and in a dedicated worker (median of RUNS each). */
  hostIndex: number;
  hostWorkerIndex: number;
  /** CPU slowdown multiplier per preset (1 when the host is within 10% of the device or slower). */
  multiplier: Partial<Record<DevicePreset, number>>;
  /** The main thread's index at that multiplier (the median of RUNS runs or more): within 10% of the preset. */
  reached: Partial<Record<DevicePreset, number>>;
  /** The index inside a dedicated worker of the same throttled page (median of RUNS): DevTools does not slow workers. */
  worker: Partial<Record<DevicePreset, number>>;
  /** One line per preset: the multiplier, both indexes and the host's, for a bench's output. */
  label: Partial<Record<DevicePreset, string>>;
}

/** The search could not bring the main thread's index within 10% of the preset (a busy host, most likely). */
export class CalibrationUnreached extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalibrationUnreached";
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** 2 904 -> "2 904": the docs' way of writing an index. */
export const groupDigits = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
/** The throttling backend keeps hundredths. */
const truncate = (n: number) => Math.max(1, Math.floor(n * 100) / 100);
const off = (index: number, target: number) => Math.abs(index - target) / target;

const SOURCE = pageFunctions.computeBenchmarkIndex.toString();

/** `runs` runs of the benchmark on the page's main thread. */
async function mainRuns(page: Page, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push((await page.evaluate(`(${SOURCE})()`)) as number);
  return out;
}

/** The median of `runs` runs inside a dedicated worker the page starts (after one warm-up run in it). Plain text, not a
 * function: tsx would wrap inner functions in a `__name` helper the page does not have. */
async function workerIndex(page: Page, runs: number): Promise<number> {
  const body = `const f = ${SOURCE}; onmessage = () => { f(); const out = []; for (let i = 0; i < ${runs}; i++) out.push(f()); postMessage(out); };`;
  const out = (await page.evaluate(`new Promise((resolve) => {
    const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(body)}], { type: "text/javascript" })));
    w.onmessage = (e) => { w.terminate(); resolve(e.data); };
    w.postMessage(null);
  })`)) as number[];
  return median(out);
}

/**
 * The multiplier per preset (default both), in a fresh headless Chromium, about a minute per preset. The search is a secant
 * on log(index) against log(rate) between the nearest readings on either side of the target (the index falls about as
 * 1/rate), kept inside that bracket; a rate read twice pools its runs. It stops at a rate whose pooled median of 10 runs is
 * within 5% of the preset (a first reading there is confirmed by a second); after MAX_STEPS it keeps the nearest reading if
 * that is within 10%, else throws CalibrationUnreached naming what it reached.
 * BENCH_CPU_LOW / BENCH_CPU_MID force a multiplier (to repeat a run): it is still measured and must still reach 10%.
 */
export async function calibrate(
  presets: readonly DevicePreset[] = Object.keys(DEVICE_PRESETS) as DevicePreset[],
  log: (line: string) => void = (l) => console.error(l),
): Promise<Calibration> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent("<title>calibration</title>");
    const cdp = await page.context().newCDPSession(page);
    const setRate = (rate: number) => cdp.send("Emulation.setCPUThrottlingRate", { rate });
    await mainRuns(page, 1); // warm-up: V8 optimises the benchmark's loops
    const hostIndex = Math.round(median(await mainRuns(page, RUNS)));
    const hostWorkerIndex = Math.round(await workerIndex(page, RUNS));
    log(`calibration: host BenchmarkIndex ${groupDigits(hostIndex)} on the main thread, ${groupDigits(hostWorkerIndex)} in a worker`);
    const forced: Partial<Record<DevicePreset, number>> = {
      "low-tier": Number(process.env.BENCH_CPU_LOW) || undefined,
      "mid-tier": Number(process.env.BENCH_CPU_MID) || undefined,
    };
    const result: Calibration = { hostIndex, hostWorkerIndex, multiplier: {}, reached: {}, worker: {}, label: {} };
    for (const preset of presets) {
      const target = DEVICE_PRESETS[preset];
      // Every reading of this preset: rate -> the runs taken at it (a rate read again pools its runs).
      const samples = new Map<number, number[]>([[1, [hostIndex]]]);
      const read = async (rate: number) => {
        await setRate(rate);
        const runs = [...(samples.get(rate) ?? []), ...(await mainRuns(page, RUNS))];
        samples.set(rate, runs);
        const index = median(runs);
        log(`calibration ${preset} (${target}): ${rate}x -> ${Math.round(index)} (median of ${runs.length})`);
        return index;
      };
      const readings = () => [...samples].map(([rate, runs]) => ({ rate, index: median(runs) }));
      const nearest = () => readings().sort((a, b) => off(a.index, target) - off(b.index, target))[0]!;
      let rate: number;
      const wanted = forced[preset];
      if (wanted) {
        rate = truncate(wanted);
        await read(rate);
      } else if (hostIndex <= target * (1 + CALIBRATION_TOLERANCE)) {
        rate = 1; // the host is the device already (or slower: refused below)
      } else {
        rate = truncate(hostIndex / target);
        for (let step = 0; step < MAX_STEPS; step++) {
          // Within 5%: read the same rate once more, and stop if the pooled median (2 x RUNS runs) still is.
          if (off(await read(rate), target) <= AIM) {
            if (samples.get(rate)!.length >= 2 * RUNS) break;
            continue;
          }
          rate = nextRate(readings(), target);
        }
        rate = nearest().rate;
      }
      const index = median(samples.get(rate)!);
      if (off(index, target) > CALIBRATION_TOLERANCE) {
        await setRate(1);
        if (rate === 1)
          throw new CalibrationUnreached(
            `Este computador é mais lento que o telefone ${preset} (${target}): índice ${hostIndex} na thread principal sem freio.`,
          );
        throw new CalibrationUnreached(
          `Calibração da CPU para o telefone ${preset} (${target}) não chegou a ±10%: ${rate}x dá ${Math.round(index)} na thread ` +
            `principal (índice do computador ${hostIndex}${wanted ? `; multiplicador forçado por BENCH_CPU_${preset === "low-tier" ? "LOW" : "MID"}` : ""}). ` +
            `Leituras: ${readings()
              .filter((r) => r.rate !== 1)
              .map((r) => `${r.rate}x -> ${Math.round(r.index)}`)
              .join(", ")}. O computador está ocupado?`,
        );
      }
      await setRate(rate);
      const worker = Math.round(await workerIndex(page, RUNS));
      // Measured, not assumed: a worker far above the preset shows that DevTools' throttle left it at the host's speed.
      const slowed = worker <= target * (1 + CALIBRATION_TOLERANCE);
      result.multiplier[preset] = rate;
      result.reached[preset] = Math.round(index);
      result.worker[preset] = worker;
      result.label[preset] =
        `${preset} (${target}): ${rate}x CPU${wanted ? " (forced)" : ""} on host index ${groupDigits(hostIndex)} -> main thread ` +
        `${groupDigits(index)}, worker ${groupDigits(worker)} (${slowed ? "slowed too" : "not slowed by DevTools' throttle"})`;
      log(`calibration: ${result.label[preset]}`);
    }
    await setRate(1);
    return result;
  } finally {
    await browser.close();
  }
}

/**
 * The next rate to read: the secant in log-log space through the nearest readings on either side of the target, kept within
 * the inner 80% of their bracket (noise can tilt a secant); with readings on one side only, index ~ 1/rate from the nearest
 * one, at most a factor 2 away.
 */
function nextRate(readings: { rate: number; index: number }[], target: number): number {
  const t = Math.log(target);
  const pts = readings.map((r) => ({ x: Math.log(r.rate), y: Math.log(r.index) }));
  // Above the target: the fastest reading, i.e. the highest rate still above; below: the lowest rate already below.
  const above = pts.filter((p) => p.y > t).sort((a, b) => b.x - a.x)[0];
  const below = pts.filter((p) => p.y <= t).sort((a, b) => a.x - b.x)[0];
  let x: number;
  if (above && below && below.x > above.x) {
    const secant = above.x + ((t - above.y) * (below.x - above.x)) / (below.y - above.y);
    const margin = 0.1 * (below.x - above.x);
    x = Math.min(below.x - margin, Math.max(above.x + margin, secant));
  } else if (above && below) {
    // Noise put a reading below the target at a lower rate than one above it: read between them again.
    x = (above.x + below.x) / 2;
  } else {
    const p = (above ?? below)!;
    x = p.x + Math.max(-Math.LN2, Math.min(Math.LN2, p.y - t));
  }
  return truncate(Math.exp(x));
}
