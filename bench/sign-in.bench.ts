/// <reference lib="dom" />
// A new attendant's first minutes and an installed app's every morning, on the honest phone (bench/phone.ts: every Chromium
// process, workers included, in CPU cgroups calibrated to the device's BenchmarkIndex on the main thread and in a worker;
// Pixel 7 profile, slow 4G): the login form usable after its URL is opened, 'Entrar' to today's agenda on screen, and the
// installed app (a profile that signed in before: service worker, precache, the offline cache) started cold to the agenda
// (Node runner).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { devices, type Page } from "playwright-core";
import { buildApp } from "../tests/support/build-app.ts";
import { startServer } from "../tests/support/start-server.ts";
import { DEMO } from "../tests/e2e/browser.ts";
import type { BenchRow } from "./types.ts";
import { DEVICE_PRESETS, type DevicePreset } from "./calibrate.ts";
import { honestPhone, type Phone } from "./phone.ts";

/** BENCH_SIGNIN_RUNS: runs of each figure (default 3); BENCH_SIGNIN_PRESETS=low-tier,mid-tier: the phones (default low-tier). */
const RUNS = Math.max(1, Number(process.env.BENCH_SIGNIN_RUNS) || 3);
const PRESETS = (process.env.BENCH_SIGNIN_PRESETS?.split(",").map((p) => p.trim()) ?? ["low-tier"]).filter(
  (p): p is DevicePreset => p in DEVICE_PRESETS,
);
/** Lighthouse's and DevTools' slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function slow4g(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
}

/** performance.now() (ms since the page's navigation started) once the agenda shows its rows, today's by default. */
async function agendaRowsAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () =>
      document.querySelector(".agenda-page .agenda-card, .agenda-page .agenda-table tbody tr") &&
      !document.querySelector(".agenda-page .page-state[role=status]")
        ? performance.now()
        : false,
    undefined,
    { timeout: 120_000, polling: "raf" },
  );
  return (await handle.jsonValue()) as number;
}

export default async function signInBench(): Promise<BenchRow[]> {
  if (PRESETS.length === 0) throw new Error("BENCH_SIGNIN_PRESETS names no known device (low-tier, mid-tier)");
  const phones: Phone[] = [];
  const rows: BenchRow[] = [];
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-signin-"));
  try {
    // Calibrated first, on the idle machine.
    for (const p of PRESETS) phones.push(await honestPhone(p));
    await buildApp(outDir);
    const server = await startServer({ STATIC_DIR: outDir });
    try {
      for (const phone of phones) {
        const label = `Pixel 7, ${phone.label}, slow 4G`;
        console.error(`sign-in: ${label}`);
        const form: number[] = [];
        const signIn: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A phone that never opened the portal: no cache, no service worker, no session.
          phone.throttle(true);
          const browser = await phone.launch();
          try {
            const ctx = await browser.newContext({ ...devices["Pixel 7"], locale: "pt-BR" });
            const page = await ctx.newPage();
            await slow4g(page);
            await page.goto(`${server.url}/login`, { waitUntil: "commit" });
            const ready = await page.waitForFunction(
              () => {
                const button = [...document.querySelectorAll("button[type=submit]")].find((b) => b.textContent?.trim() === "Entrar");
                return button && document.querySelector("input[type=email]") ? performance.now() : false;
              },
              undefined,
              { timeout: 120_000, polling: "raf" },
            );
            form.push((await ready.jsonValue()) as number);
            await page.getByLabel("E-mail").fill(DEMO.email);
            await page.getByLabel("Senha", { exact: true }).fill(DEMO.password);
            const start = await page.evaluate(() => performance.now());
            await page.getByRole("button", { name: "Entrar" }).click();
            // The agenda is a client-side navigation from the login: the same document's clock.
            signIn.push((await agendaRowsAt(page)) - start);
            console.error(
              `sign-in: run ${i + 1}/${RUNS}: form ${Math.round(form.at(-1)!)} ms, Entrar -> agenda ${Math.round(signIn.at(-1)!)} ms`,
            );
          } finally {
            await browser.close();
          }
        }

        // The installed app: one profile signs in (unmeasured: the service worker installs, the precache fills, the agenda is
        // kept in the offline cache), then each run starts the browser cold on it and opens the agenda.
        const profile = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-signin-profile-"));
        const cold: number[] = [];
        try {
          phone.throttle(false);
          const first = await phone.launchPersistent(profile, { ...devices["Pixel 7"], locale: "pt-BR" });
          try {
            const page = first.pages()[0] ?? (await first.newPage());
            await page.goto(`${server.url}/login`);
            await page.getByLabel("E-mail").fill(DEMO.email);
            await page.getByLabel("Senha", { exact: true }).fill(DEMO.password);
            await page.getByRole("button", { name: "Entrar" }).click();
            await agendaRowsAt(page);
            // Installed: the worker controls the page (it activates once the precache is complete), and the agenda's data
            // had time to reach the offline cache.
            await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
            await page.waitForTimeout(3_000);
          } finally {
            await first.close();
          }
          phone.throttle(true);
          for (let i = 0; i < RUNS; i++) {
            const ctx = await phone.launchPersistent(profile, { ...devices["Pixel 7"], locale: "pt-BR" });
            try {
              const page = ctx.pages()[0] ?? (await ctx.newPage());
              await slow4g(page);
              await page.goto(`${server.url}/`, { waitUntil: "commit" });
              cold.push(await agendaRowsAt(page));
              console.error(`sign-in: installed app, cold start ${i + 1}/${RUNS}: agenda ${Math.round(cold.at(-1)!)} ms`);
            } finally {
              await ctx.close();
            }
          }
        } finally {
          fs.rmSync(profile, { recursive: true, force: true });
        }

        const stat = (what: string, metric: string, values: number[]) => {
          rows.push({
            bench: "sign-in",
            case: `${what}, ${label}`,
            metric: `${metric}, median of ${values.length}`,
            value: median(values),
            unit: "ms",
          });
          rows.push({
            bench: "sign-in",
            case: `${what}, ${label}`,
            metric: `${metric}, spread`,
            value: Math.max(...values) - Math.min(...values),
            unit: "ms",
          });
        };
        stat("first visit", "/login opened -> form usable", form);
        stat("first visit", "'Entrar' -> today's agenda on screen (target 3 000)", signIn);
        stat("installed app", "cold start, / opened -> agenda on screen (target 2 500)", cold);
      }
    } finally {
      await server.stop();
    }
  } finally {
    for (const phone of phones) phone.dispose();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}
