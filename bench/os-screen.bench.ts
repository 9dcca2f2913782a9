/// <reference lib="dom" />
// Time from navigation to every card of the OS screen rendered with its data, on the seeded in-progress order: the built
// app served by the real server, real Chromium, cold (no HTTP cache) and warm, unthrottled and on the honest phone (bench/phone.ts:
// every Chromium process, workers included, in a CPU cgroup calibrated to the device's BenchmarkIndex on the main thread and in
// a worker; Pixel 7 profile, slow 4G) (Node runner).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../tests/support/build-app.ts";
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { startServer } from "../tests/support/start-server.ts";
import { apiCall, apiToken } from "../tests/e2e/browser.ts";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";
import type { BenchRow } from "./types.ts";
import { DEVICE_PRESETS, type DevicePreset } from "./calibrate.ts";
import { honestPhone, type Phone } from "./phone.ts";

/**
 * BENCH_OS_RUNS: cold and warm loads per device (default 7); BENCH_OS_PRESETS=low-tier,mid-tier: the phones (default
 * low-tier); BENCH_PHONE_QUOTA_US forces the phone's CPU quota (bench/phone.ts).
 */
const RUNS = Number(process.env.BENCH_OS_RUNS ?? 7);
const PRESETS = (process.env.BENCH_OS_PRESETS?.split(",").map((p) => p.trim()) ?? ["low-tier"]).filter(
  (p): p is DevicePreset => p in DEVICE_PRESETS,
);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Ms since navigation start until the header and the five cards (Cliente, Execução, Serviços, Fotos e Vídeos, Anotações
 * Gerais) are on screen and none of them still shows a loading or error state.
 */
async function timeToCards(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  const handle = await page.waitForFunction(
    () => {
      const grid = document.querySelector(".order-grid");
      if (!grid || !document.querySelector("h1")?.textContent?.startsWith("OS #")) return false;
      if (grid.querySelectorAll("section.card").length < 5) return false;
      if (grid.querySelector("[role=status], [role=alert]")) return false;
      return performance.now();
    },
    undefined,
    { timeout: 60_000, polling: "raf" },
  );
  return (await handle.jsonValue()) as number;
}

export default async function osScreenBench(): Promise<BenchRow[]> {
  if (PRESETS.length === 0) throw new Error("BENCH_OS_PRESETS names no known device (low-tier, mid-tier)");
  // The phone: DevTools' preset reached on this host by the honest phone (bench/phone.ts), calibrated first on the idle
  // machine, not a fixed multiplier of the host nor a throttle of the main thread alone.
  const phones: Phone[] = [];
  const rows: BenchRow[] = [];
  try {
    for (const p of PRESETS) {
      const phone = await honestPhone(p);
      phones.push(phone);
      console.error(`os-screen: ${phone.label}`);
    }
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-os-"));
    await buildApp(outDir);
    const server = await startServer({ STATIC_DIR: outDir });
    try {
      const token = await apiToken(server.url);
      const call = <T>(p: string) => apiCall<T>(server.url, token, p);
      const user = (await call<{ data: Record<string, unknown> & { IdPontoAtendimento: string } }>("/credenciado/get")).data;
      type Row = {
        StatusAgendamento: string;
        IdSocioVeiculoAgendaExecucao: string | null;
        IdSocioVeiculoAgenda: string;
        QtdePendencias: number;
      };
      const rowsList = (await call<{ data: Row[] }>(`/agendamentos/lista/${user.IdPontoAtendimento}`)).data;
      const order = rowsList.find((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao && r.QtdePendencias > 0)!;
      const url = `${server.url}/execucao-os/${order.IdSocioVeiculoAgenda}`;

      // The desktop at the host's speed in a plain Chromium; each phone in its own, inside the phone's cgroup.
      const runs: [string, BrowserContextOptions, Phone | null][] = [
        ["desktop", { viewport: { width: 1366, height: 850 } }, null],
        ...phones.map((phone): [string, BrowserContextOptions, Phone] => [`Pixel 7, ${phone.label}, slow 4G`, devices["Pixel 7"], phone]),
      ];
      for (const [label, options, phone] of runs) {
        if (phone) console.error(`os-screen: ${label}`);
        phone?.throttle(true);
        const browser: Browser = phone
          ? await phone.launch()
          : await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
        try {
          const ctx = await browser.newContext({ ...options, locale: "pt-BR" });
          // A signed-in attendant: the stored session, as after a login on this phone.
          await ctx.addInitScript(
            `localStorage.setItem("authToken", ${JSON.stringify(token)}); localStorage.setItem("userData", ${JSON.stringify(JSON.stringify(user))});`,
          );
          const page = await ctx.newPage();
          const cdp = await ctx.newCDPSession(page);
          await cdp.send("Network.enable");
          if (phone) {
            await cdp.send("Network.emulateNetworkConditions", {
              offline: false,
              latency: 150,
              downloadThroughput: 200_000,
              uploadThroughput: 90_000,
            });
          }
          await timeToCards(page, url); // unmeasured: the first visit compiles the code and starts the upload worker
          const cold: number[] = [];
          const warm: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            await cdp.send("Network.clearBrowserCache");
            cold.push(await timeToCards(page, url));
            warm.push(await timeToCards(page, url));
          }
          rows.push({
            bench: "os-screen",
            case: `${label}, cold cache`,
            metric: `navigation -> all cards, median of ${RUNS}`,
            value: median(cold),
            unit: "ms",
          });
          rows.push({
            bench: "os-screen",
            case: `${label}, warm cache`,
            metric: `navigation -> all cards, median of ${RUNS}`,
            value: median(warm),
            unit: "ms",
          });
          await ctx.close();
        } finally {
          await browser.close();
        }
      }
    } finally {
      await server.stop();
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  } finally {
    for (const phone of phones) phone.dispose();
  }
  return rows;
}
