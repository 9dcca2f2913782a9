// An honest phone for the benches (Node, as root): Chromium and every process it starts run under CPU quotas calibrated so
// that Lighthouse's own BenchmarkIndex, measured on a page's main thread AND inside a dedicated worker, lands within 10% of
// DevTools' preset (low-tier 264, mid-tier 1000). CDP's Emulation.setCPUThrottlingRate slows only the main thread (a worker
// target answers "Operation is only supported for pages, not workers"), so the OCR worker, the second reader, compression and
// hashing ran at the host's speed in every earlier phone figure (issue 48).
//
// The mechanism: the cgroup v1 `cpu` controller at /sys/fs/cgroup/cpu (writable as root on these machines), CFS quotas per
// 10-20 ms period, a slow core per thread that matters: each page's main thread and each dedicated worker thread in a group of
// its own (a watcher moves them there as they appear), each renderer's helper threads (compositor, IO, V8's compiler and
// collector) sharing HELPER_CORES more, Chromium's other processes REST_CORES more. What it cannot emulate: the CFS grants CPU
// in slices (a thread runs its quota then waits the rest of the period, not a uniformly slower core); a page or worker runs
// unthrottled for up to 5 ms while it starts; the host's two real cores bound the parallelism (a phone's 4-8); no thermal
// throttling, no memory or storage slowness, no real camera latency; and the index at one quota moves by 20-30% from one
// measurement to the next (the calibration searches until both land within 10%).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from "playwright-core";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";
import { DEVICE_PRESETS, type DevicePreset } from "./calibrate.ts";

const CGROUP_ROOT = "/sys/fs/cgroup/cpu";
const BANDWIDTH_SLICE = "/proc/sys/kernel/sched_cfs_bandwidth_slice_us";
/** The CFS period: short, so a throttled thread waits at most a few ms at a time (the kernel's default is 100 ms). */
const PERIOD_US = 10_000;
/** The kernel's smallest quota. */
const MIN_QUOTA_US = 1_000;
/** How close both indexes must come to the preset. */
export const TOLERANCE = 0.1;

export interface PhoneIndexes {
  /** BenchmarkIndex on a page's main thread and inside a dedicated worker (median of RUNS each). */
  main: number;
  worker: number;
}

export type PersistentOptions = Parameters<typeof chromium.launchPersistentContext>[1];

export interface Phone {
  preset: DevicePreset;
  /** The preset's index (264 or 1000). */
  target: number;
  /** This host's indexes, unthrottled. */
  host: PhoneIndexes;
  /** The indexes reached under the quota, the figures every bench prints beside its results. */
  reached: PhoneIndexes;
  /** The CFS quotas and period (µs): each page's main thread (Chromium's other threads get REST_CORES times it), each worker. */
  quotaUs: number;
  workerQuotaUs: number;
  periodUs: number;
  /** Launches Chromium inside the phone's cgroup (the same flags and options playwright's launch takes). */
  launch(options?: LaunchOptions): Promise<Browser>;
  /** The same with a profile of its own that outlives the browser (a phone that used the app before: caches, storage). */
  launchPersistent(userDataDir: string, options?: PersistentOptions): Promise<BrowserContext>;
  /** Lifts the limit (setup a bench does not measure) or puts it back; every process in the cgroup at once. */
  throttle(on: boolean): void;
  /** One line naming the device, both indexes and the mechanism, for a bench's output. */
  label: string;
  /** Removes the cgroup (call after every browser launched in it has closed). */
  dispose(): void;
}

/** The machine cannot emulate the phone (not root, no cgroup v1 cpu controller, or the calibration cannot reach the preset). */
export class PhoneUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PhoneUnavailable";
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const RUNS = 7;
/** Runs before the measured ones, on each thread. */
const WARM_UP = 5;

/** Lighthouse's benchmark (its reports' environment.benchmarkIndex), median of RUNS, on the main thread and in a worker. */
export async function measureIndexes(browser: Browser, runs = RUNS): Promise<PhoneIndexes> {
  const page = await browser.newPage();
  try {
    await page.setContent("<title>benchmark index</title>");
    const source = pageFunctions.computeBenchmarkIndex.toString();
    const main: number[] = [];
    const worker: number[] = [];
    // Warm-up: V8 optimises the benchmark's loops on its background threads, which on the phone are slow too: measured on one
    // page, the index at 9.5% of a core went 168, 120, 182, 202, 272, 485, 398, 480, 468, 493 run after run (the worker's, with
    // one warm-up run, was already steady). Both are measured after WARM_UP runs, steady.
    for (let i = 0; i < WARM_UP; i++) await page.evaluate(`(${source})()`);
    for (let i = 0; i < runs; i++) main.push((await page.evaluate(`(${source})()`)) as number);
    const inWorker = await page.evaluate(
      async ({ fn, n, warm }) => {
        const blob = new Blob(
          [
            `const f = ${fn}; onmessage = () => { for (let i = 0; i < ${warm}; i++) f(); const out = []; for (let i = 0; i < ${n}; i++) out.push(f()); postMessage(out); };`,
          ],
          {
            type: "text/javascript",
          },
        );
        const w = new Worker(URL.createObjectURL(blob));
        const out = await new Promise<number[]>((resolve) => {
          w.onmessage = (e) => resolve(e.data as number[]);
          w.postMessage(null);
        });
        w.terminate();
        return out;
      },
      { fn: source, n: runs, warm: WARM_UP },
    );
    worker.push(...inWorker);
    return { main: Math.round(median(main)), worker: Math.round(median(worker)) };
  } finally {
    await page.close();
  }
}

function writeFile(file: string, value: string) {
  fs.writeFileSync(file, value);
}

/** A thread's name as the kernel keeps it (15 characters): Chromium names a dedicated worker's thread "DedicatedWorker thread". */
const WORKER_THREAD = /^DedicatedWorker/;
/** How often the watcher looks for new threads (a page or a worker runs unthrottled at most this long, while it starts). */
const WATCH_MS = 5;
/**
 * Chromium's other processes and threads (the browser, GPU and network processes, utility processes) get this many slow cores.
 * With the renderers' helpers (HELPER_CORES) that is 1 + 2 + 2 + 4 = 9 slow cores for one page and its two workers, about a
 * low-tier phone's eight (Moto G4 class, DevTools' low-tier reference): generous to everything but the threads we time.
 */
export const REST_CORES = 4;

type Kind = "page" | "worker" | "helpers";
/**
 * A renderer's own helper threads (compositor, IO, thread pools: V8's background compiler and its garbage collector's helpers,
 * which a page's and a worker's JS wait for) share this many slow cores, a group per renderer. In `rest` beside the browser
 * and GPU processes they were throttled by whatever those did, and the index measured at one quota moved by a third.
 */
export const HELPER_CORES = 2;

interface PhoneGroups {
  wrapper: string;
  /** Quotas (µs per period; -1 lifts the limit) of each page's main thread and of each worker thread. */
  setQuota(pageUs: number, workerUs: number, periodUs: number): void;
  dispose(): void;
}

/**
 * Our cgroups under the cpu controller, one slow core each, as on a phone's 4-8 cores: each renderer's main thread (a page)
 * and each dedicated worker thread in a group of its own, which a watcher moves there (cgroup v1 moves a single thread when
 * its id is written to `tasks`) as soon as it appears, and `rest`, where the wrapper starts Chromium, for everything else
 * (REST_CORES slow cores). One quota for all of Chromium measured the main thread ~2x slower than a worker at the low tier,
 * and jittery (its compositor, IO and helper threads, the browser process spent part of it, more or less from run to run):
 * no single quota put both within 10% of 264.
 */
export function makeGroups(): PhoneGroups {
  if (process.platform !== "linux" || typeof process.getuid !== "function" || process.getuid() !== 0)
    throw new PhoneUnavailable(
      "O telefone emulado precisa de Linux como root (cgroup v1 'cpu' em /sys/fs/cgroup/cpu): sem ele só a thread principal seria desacelerada.",
    );
  if (!fs.existsSync(path.join(CGROUP_ROOT, "cpu.cfs_quota_us")))
    throw new PhoneUnavailable(`Sem o controlador cgroup v1 'cpu' em ${CGROUP_ROOT}: não há como limitar a CPU dos workers do Chromium.`);
  const top = path.join(CGROUP_ROOT, `portal-phone-${process.pid}-${Date.now()}`);
  const rest = path.join(top, "rest");
  try {
    fs.mkdirSync(rest, { recursive: true });
  } catch (err) {
    throw new PhoneUnavailable(`Não foi possível criar o cgroup ${rest}: ${(err as Error).message}`);
  }
  // The CFS hands a group its quota in slices of sched_cfs_bandwidth_slice_us (5 ms by default): above a quota of 1-3 ms the
  // index jumped run to run (257 and 359 at the same quota); 1 ms slices while the phone lives, the kernel's value after.
  let slice: string | null = null;
  try {
    slice = fs.readFileSync(BANDWIDTH_SLICE, "utf8").trim();
    writeFile(BANDWIDTH_SLICE, String(MIN_QUOTA_US));
  } catch {
    slice = null; // not writable: coarser, still calibrated and checked
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-phone-"));
  const wrapper = path.join(tmp, "chromium-in-phone");
  // `exec` keeps the pid: Chromium and every child it forks stay in the cgroup (children inherit it).
  fs.writeFileSync(wrapper, `#!/bin/sh\necho $$ > ${rest}/cgroup.procs\nexec ${CHROME_PATH} "$@"\n`, { mode: 0o755 });
  let quota = { pageUs: -1, workerUs: -1, periodUs: PERIOD_US };
  const moved = new Map<string, Kind>();
  const setGroup = (dir: string, us: number) => {
    writeFile(path.join(dir, "cpu.cfs_period_us"), String(quota.periodUs));
    writeFile(path.join(dir, "cpu.cfs_quota_us"), String(us));
  };
  const quotaOf = (kind: Kind | "rest") => {
    if (kind === "page") return quota.pageUs;
    if (kind === "worker") return quota.workerUs;
    return quota.pageUs < 0 ? -1 : quota.pageUs * (kind === "helpers" ? HELPER_CORES : REST_CORES);
  };
  // Threads looked at, with when they were first seen: a new thread carries its parent's name until it names itself, so a
  // thread is looked at again until it is a second old. Renderer processes, by pid.
  const seen = new Map<string, number>();
  const renderers = new Map<string, true | number>();
  // A renderer's helper threads moved to its helpers group (once: each move takes the kernel's cgroup locks).
  const parked = new Set<string>();
  const park = (pid: string, tid: string, key: string) => {
    parked.add(key);
    const dir = path.join(top, `helpers-${pid}`);
    if (!moved.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      setGroup(dir, quotaOf("helpers"));
      moved.set(dir, "helpers");
    }
    writeFile(path.join(dir, "tasks"), tid);
  };
  const watch = () => {
    // Chromium's processes: those with a thread in `rest` and the renderers whose main thread is in a page group (all of a
    // renderer's threads are there when the main thread was moved before it started any: its workers too, until moved).
    const pids = new Set<string>();
    for (const dir of [rest, ...[...moved].filter(([, kind]) => kind !== "worker").map(([d]) => d)])
      try {
        for (const pid of fs.readFileSync(path.join(dir, "cgroup.procs"), "utf8").split("\n")) if (pid) pids.add(pid);
      } catch {
        /* a group just removed */
      }
    for (const pid of pids) {
      let tids: string[];
      try {
        tids = fs.readdirSync(`/proc/${pid}/task`);
        // A renderer is forked from the zygote and renames itself after: its command line is read until it says so, or for
        // its first second (a page's main thread left in `rest` measured twice as fast, now and then).
        const known = renderers.get(pid);
        if (known === undefined || (typeof known === "number" && Date.now() - known < 1_000))
          renderers.set(pid, fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer") || (known ?? Date.now()));
      } catch {
        continue;
      }
      for (const tid of tids) {
        const key = `${pid}/${tid}`;
        const first = seen.get(key);
        // Any other thread of a renderer (its main thread and workers are in their groups) joins its helpers.
        const helper = tid !== pid && renderers.get(pid) === true && !parked.has(key);
        if (first !== undefined && (first < 0 || Date.now() - first > 1_000)) {
          if (first > 0 && helper)
            try {
              park(pid, tid, key);
            } catch {
              /* the thread ended meanwhile */
            }
          continue;
        }
        try {
          const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
          if (first === undefined) seen.set(key, Date.now());
          const kind: Kind | null = tid === pid && renderers.get(pid) === true ? "page" : WORKER_THREAD.test(comm) ? "worker" : null;
          if (!kind) {
            // A thread starts in its creator's group: the helpers a page's main thread starts once it is in its own group
            // would share its slow core (found: 14 of them beside it). A worker's thread is looked at again after (it may
            // carry its parent's name for a moment) and leaves for its own group when it says what it is.
            if (helper) park(pid, tid, key);
            continue;
          }
          seen.set(key, -1);
          const dir = path.join(top, `${kind}-${tid}`);
          fs.mkdirSync(dir, { recursive: true });
          setGroup(dir, quotaOf(kind));
          writeFile(path.join(dir, "tasks"), tid);
          moved.set(dir, kind);
        } catch {
          /* the thread ended meanwhile */
        }
      }
    }
    // Groups whose thread ended are removed (an empty group's rmdir succeeds; a busy one throws and stays).
    for (const dir of moved.keys())
      try {
        if (!fs.readFileSync(path.join(dir, "tasks"), "utf8").trim()) {
          fs.rmdirSync(dir);
          moved.delete(dir);
        }
      } catch {
        /* still in use */
      }
  };
  const timer = setInterval(watch, WATCH_MS);
  timer.unref();
  let disposed = false;
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    clearInterval(timer);
    // Leftover threads (a browser not closed) go back to the root group, so the directories can be removed.
    for (const dir of [...moved.keys(), rest]) {
      try {
        for (const tid of fs.readFileSync(path.join(dir, "tasks"), "utf8").split("\n").filter(Boolean))
          fs.appendFileSync(path.join(CGROUP_ROOT, "tasks"), `${tid}\n`);
      } catch {
        /* gone already */
      }
      try {
        fs.rmdirSync(dir);
      } catch {
        /* a thread still exiting: the kernel keeps an empty group harmlessly */
      }
    }
    try {
      fs.rmdirSync(top);
    } catch {
      /* as above */
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    if (slice)
      try {
        writeFile(BANDWIDTH_SLICE, slice);
      } catch {
        /* left at 1 ms: harmless */
      }
  };
  process.once("exit", dispose);
  return {
    wrapper,
    setQuota(pageUs, workerUs, periodUs) {
      quota = { pageUs, workerUs, periodUs };
      setGroup(rest, quotaOf("rest"));
      for (const [dir, kind] of moved)
        try {
          setGroup(dir, quotaOf(kind));
        } catch {
          /* its thread ended */
        }
    },
    dispose,
  };
}

/** One quota search: the nearest shares below and above the target, interpolated between (or scaled while one side is missing). */
function quotaSearch(target: number, start: number) {
  let share = start;
  let below: { share: number; index: number } | null = null;
  let above: { share: number; index: number } | null = null;
  return {
    get share() {
      return share;
    },
    next(index: number) {
      if (Math.abs(index - target) / target <= TOLERANCE) return;
      // The index at one quota moves 20-30% from one measurement to the next: a point the newest contradicts (more index at
      // a share at most 5% larger, or less at one at least 5% smaller) is dropped, not interpolated toward for ever.
      if (index < target && above && share >= above.share * 0.95) above = null;
      if (index >= target && below && share <= below.share * 1.05) below = null;
      if (index < target && (!below || share > below.share)) below = { share, index };
      if (index >= target && (!above || share < above.share)) above = { share, index };
      share =
        below && above && above.index > below.index
          ? below.share + ((target - below.index) / (above.index - below.index)) * (above.share - below.share)
          : share * (target / index) ** 0.8;
    },
  };
}

/**
 * Calibrates the phone: the main group's and the workers' quotas are searched apart (each a share of one core, scaled by the
 * ratio of target to reached index, then interpolated between the nearest shares below and above) until the main thread's
 * and a worker's index are both within 10% (at most 10 steps, each a median of 7 runs per thread after 5 to warm up). `forcedQuotaUs`
 * (BENCH_PHONE_QUOTA_US: "main" or "main,worker" µs per 10 ms) skips the search, still measuring and checking what it
 * reaches. Throws PhoneUnavailable when the machine cannot do it, with what it reached.
 */
export async function honestPhone(
  preset: DevicePreset,
  { log = (l: string) => console.error(l), forcedQuotaUs = process.env.BENCH_PHONE_QUOTA_US ?? "" } = {},
): Promise<Phone> {
  const target = DEVICE_PRESETS[preset];
  const groups = makeGroups();
  try {
    const launch = (options: LaunchOptions = {}) =>
      chromium.launch({ headless: true, ...options, args: [...CHROME_ARGS, ...(options.args ?? [])], executablePath: groups.wrapper });
    const launchPersistent = (dir: string, options: PersistentOptions = {}) =>
      chromium.launchPersistentContext(dir, {
        headless: true,
        ...options,
        args: [...CHROME_ARGS, ...(options?.args ?? [])],
        executablePath: groups.wrapper,
      });
    groups.setQuota(-1, -1, PERIOD_US);
    let browser = await launch();
    const host = await measureIndexes(browser, 3);
    await browser.close();
    if (Math.min(host.main, host.worker) < target * (1 - TOLERANCE))
      throw new PhoneUnavailable(
        `Este computador é mais lento que o telefone ${preset} (${target}): índice ${host.main} na thread principal, ${host.worker} no worker.`,
      );
    const forced = forcedQuotaUs
      .split(",")
      .map(Number)
      .filter((n) => n > 0);
    const mainSearch = quotaSearch(target, forced[0] ? forced[0] / PERIOD_US : target / host.main);
    const workerSearch = quotaSearch(target, (forced[1] ?? forced[0] ?? 0) ? (forced[1] ?? forced[0]!) / PERIOD_US : target / host.worker);
    let reached: PhoneIndexes = host;
    let quotaUs = 0;
    let workerQuotaUs = 0;
    // Quotas of at least 2 ms (the kernel's smallest is 1 ms, and the search must be free to go lower): a share below 20%
    // takes a longer period.
    const periodUs = Math.max(PERIOD_US, Math.ceil((2 * MIN_QUOTA_US) / Math.min(target / host.main, target / host.worker) / 1000) * 1000);
    const within = (i: number) => Math.abs(i - target) / target <= TOLERANCE;
    browser = await launch();
    try {
      for (let step = 0; step < (forced.length ? 1 : 10); step++) {
        quotaUs = Math.max(MIN_QUOTA_US, Math.round(mainSearch.share * periodUs));
        workerQuotaUs = Math.max(MIN_QUOTA_US, Math.round(workerSearch.share * periodUs));
        groups.setQuota(quotaUs, workerQuotaUs, periodUs);
        reached = await measureIndexes(browser);
        log(
          `phone ${preset} (${target}): main ${quotaUs} µs, each worker ${workerQuotaUs} µs per ${periodUs} µs -> ` +
            `main ${reached.main}, worker ${reached.worker}`,
        );
        if (within(reached.main) && within(reached.worker)) break;
        mainSearch.next(reached.main);
        workerSearch.next(reached.worker);
      }
    } finally {
      await browser.close();
    }
    if (!within(reached.main) || !within(reached.worker))
      throw new PhoneUnavailable(
        `Calibração do telefone ${preset} (${target}) não chegou a ±10%: thread principal ${reached.main}, worker ${reached.worker} ` +
          `(cotas ${quotaUs} e ${workerQuotaUs} µs a cada ${periodUs} µs; índice do computador ${host.main}/${host.worker}). O computador está ocupado?`,
      );
    const pct = (us: number) => `${((us / periodUs) * 100).toFixed(1)}%`;
    const label =
      `${preset} phone (BenchmarkIndex ${target}): reached main thread ${reached.main}, worker ${reached.worker} ` +
      `(host ${host.main}/${host.worker}; CPU cgroups, a core each: main thread ${pct(quotaUs)}, each worker ${pct(workerQuotaUs)}, each renderer's helpers ${HELPER_CORES} x and Chromium's other processes ${REST_CORES} x ${pct(quotaUs)})`;
    return {
      preset,
      target,
      host,
      reached,
      quotaUs,
      workerQuotaUs,
      periodUs,
      launch,
      launchPersistent,
      throttle: (on) => groups.setQuota(on ? quotaUs : -1, on ? workerQuotaUs : -1, periodUs),
      label,
      dispose: groups.dispose,
    };
  } catch (err) {
    groups.dispose();
    throw err;
  }
}
