// CPU throttle calibrated to a device, not a host (Node): the multiplier that makes this host run Lighthouse's own
// BenchmarkIndex as a target phone does, found as Chrome DevTools' "Calibrated CPU throttling" finds it (bisect on the
// throttled benchmark). The Lighthouse and taps benches apply it, so their figures name a device whatever machine runs them.
import { chromium } from "playwright-core";
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

export interface Calibration {
  /** This host's BenchmarkIndex, unthrottled (median of 3). */
  hostIndex: number;
  /** CPU slowdown multiplier per preset (1 when the host is not faster than the device). */
  multiplier: Record<DevicePreset, number>;
  /** The index measured with that multiplier applied, to show how close the bisect came. */
  reached: Record<DevicePreset, number>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * BENCH_CPU_LOW / BENCH_CPU_MID force a multiplier (e.g. to repeat a run); otherwise the bisect runs in a fresh headless
 * Chromium, about a minute.
 */
export async function calibrate(log: (line: string) => void = (l) => console.error(l)): Promise<Calibration> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent("<title>calibration</title>");
    const cdp = await page.context().newCDPSession(page);
    const source = pageFunctions.computeBenchmarkIndex.toString();
    const cache = new Map<number, number>();
    // The median of three 1-s runs per rate: one run under a throttle strays by 10-20% (GC, the throttle's own granularity),
    // which left the bisect 20% off its target in a first version.
    const run = async (rate: number): Promise<number> => {
      const known = cache.get(rate);
      if (known !== undefined) return known;
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      const scores: number[] = [];
      for (let i = 0; i < 3; i++) scores.push((await page.evaluate(`(${source})()`)) as number);
      const score = median(scores);
      cache.set(rate, score);
      return score;
    };
    await page.evaluate(`(${source})()`); // warm-up: V8 optimises the benchmark's loops
    const hostIndex = await run(1);
    const truncate = (n: number) => Number(n.toFixed(2)); // the throttling backend keeps hundredths
    // DevTools' bisect: within 10 points of the target is a match, at most 8 steps.
    const find = async (target: number, lowerRate: number, upperRate: number) => {
      const lower = { rate: lowerRate, score: await run(lowerRate) };
      const upper = { rate: upperRate, score: await run(upperRate) };
      let rate = lowerRate;
      for (let i = 0; i < 8; i++) {
        rate = truncate((upper.rate + lower.rate) / 2);
        const score = await run(rate);
        if (Math.abs(target - score) < 10) break;
        if (score < target) Object.assign(upper, { rate, score });
        else Object.assign(lower, { rate, score });
      }
      return rate;
    };
    const forced = { "low-tier": Number(process.env.BENCH_CPU_LOW), "mid-tier": Number(process.env.BENCH_CPU_MID) };
    const multiplier = {} as Record<DevicePreset, number>;
    const reached = {} as Record<DevicePreset, number>;
    for (const preset of Object.keys(DEVICE_PRESETS) as DevicePreset[]) {
      const target = DEVICE_PRESETS[preset];
      if (forced[preset] > 0) multiplier[preset] = forced[preset];
      else if (hostIndex <= target) multiplier[preset] = 1;
      else multiplier[preset] = await find(target, 1, truncate((hostIndex / target) * 1.5));
      reached[preset] = await run(multiplier[preset]);
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const result = { hostIndex, multiplier, reached };
    log(
      `calibration: host BenchmarkIndex ${hostIndex} (median of 3); ` +
        (Object.keys(DEVICE_PRESETS) as DevicePreset[])
          .map((p) => `${p} (${DEVICE_PRESETS[p]}): ${multiplier[p]}x -> ${reached[p]}`)
          .join("; "),
    );
    return result;
  } finally {
    await browser.close();
  }
}
