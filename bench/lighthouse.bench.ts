// Lighthouse (npm package, mobile emulation and simulated throttling) on every route of the built app served by the real server,
// the private routes signed in; per route: the category scores, LCP/TBT/CLS and the route's initial gzipped JS (Node runner).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import { startServer } from "../tests/support/start-server.ts";
import { apiCall, apiToken } from "../tests/e2e/browser.ts";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chromium.ts";
import { initialJs } from "./initial-js.ts";
import type { BenchRow } from "./types.ts";
import { PAGE_FILES } from "../src/app/page-files.ts";
import { CENTRAL_PATHS, PATHS } from "../src/config/paths.ts";

/** BENCH_LH_ROUTES=/login,/espelho runs only those routes; BENCH_LH_REPORTS=<dir> keeps each route's full JSON report. */
const ONLY = process.env.BENCH_LH_ROUTES?.split(",")
  .map((r) => r.trim())
  .filter(Boolean);
const REPORTS = process.env.BENCH_LH_REPORTS;

/** Targets of issue 14: performance >= 95, accessibility and best practices 100 everywhere, SEO 100 on the public pages. */
const TARGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof TARGET;

interface RouteCase {
  label: string;
  path: string;
  source: string;
  public: boolean;
  /** Signed in as the program's central staff (the console's sections), not as an attendant. */
  central: boolean;
}

const ROUTES = (orderId: string): RouteCase[] =>
  (
    [
      ["/login", PATHS.login, true],
      ["/privacy", PATHS.privacy, true],
      ["/terms", PATHS.terms, true],
      ["/ (agenda)", PATHS.agenda, false],
      ["/execucao-os/:id", PATHS.order(orderId), false],
      ["/scan", PATHS.scanner, false],
      ["/avaliacoes", PATHS.ratings, false],
      ["/retorno-servico", PATHS.returns, false],
      ["/dados-bancarios", PATHS.bankData, false],
      ["/dados-cadastrais", PATHS.registration, false],
      ["/espelho", PATHS.mirror, false],
      ["/contratos", PATHS.contracts, false],
      ["/equipe", PATHS.team, false],
      ["/registro-alteracoes", PATHS.audit, false],
      ["/esqueci-senha", PATHS.forgotPassword, true],
      ["/central/aprovacoes", CENTRAL_PATHS.approvals, false],
      ["/central/pagamentos", CENTRAL_PATHS.payments, false],
      ["/central/pontos", CENTRAL_PATHS.points, false],
      ["/central/registro-alteracoes", CENTRAL_PATHS.audit, false],
    ] as const
  ).map(([label, path, isPublic]) => ({
    label,
    path,
    // The page's module, from the table the build also uses (src/app/page-files.ts); the console's sections share one.
    source:
      PAGE_FILES[
        path.startsWith(`${PATHS.orderPrefix}/`) ? PATHS.orderPrefix : path.startsWith(`${PATHS.central}/`) ? PATHS.central : path
      ]!,
    public: isPublic,
    central: path.startsWith(`${PATHS.central}/`),
  }));

export default async function lighthouseBench(): Promise<BenchRow[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-lh-"));
  await build({ logLevel: "silent", build: { outDir, emptyOutDir: true, manifest: true } });
  const js = initialJs(outDir);
  const server = await startServer({ STATIC_DIR: outDir });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...CHROME_ARGS, "--headless=new"] });
  // The same Chrome driven over CDP to put the session in localStorage and to empty caches between runs.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const rows: BenchRow[] = [];
  const misses: string[] = [];
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
    const list = (await call<{ data: Row[] }>(`/agendamentos/lista/${user.IdPontoAtendimento}`)).data;
    const order = list.find((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao)!;

    const ctx = browser.contexts()[0]!;
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    // A same-origin page that is not the app, so storage can be written without the app reading it first.
    await page.goto(`${server.url}/robots.txt`);
    // The program's central staff, for the console's sections.
    const centralToken = await apiToken(server.url, { email: "central@programa.com.br", password: "demo1234" });
    const centralUser = (await apiCall<{ data: Record<string, unknown> }>(server.url, centralToken, "/central/me")).data;
    const setSession = (signedIn: boolean, central = false) =>
      page.evaluate(
        ([t, u, s]) => {
          if (s) {
            localStorage.setItem("authToken", t);
            localStorage.setItem("userData", u);
          } else localStorage.clear();
        },
        [central ? centralToken : token, JSON.stringify(central ? centralUser : user), signedIn] as const,
      );

    // Public pages as a visitor (and a search engine) sees them: signed out, since /login sends a signed-in user to the agenda.
    const routes = ROUTES(order.IdSocioVeiculoAgenda)
      .sort((a, b) => Number(b.public) - Number(a.public))
      .filter((r) => !ONLY || ONLY.includes(r.label.split(" ")[0]!));
    for (const route of routes) {
      await setSession(!route.public, route.central);
      // Cold load, but keeping localStorage: Lighthouse's own storage reset would sign the attendant out.
      await cdp.send("Network.clearBrowserCache");
      await cdp.send("Storage.clearDataForOrigin", { origin: server.url, storageTypes: "service_workers,cache_storage,indexeddb" });
      const categories: Category[] = route.public
        ? ["performance", "accessibility", "best-practices", "seo"]
        : ["performance", "accessibility", "best-practices"];
      const result = await lighthouse(`${server.url}${route.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
        disableStorageReset: true,
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${route.path}`);
      const { lhr } = result;
      if (REPORTS) {
        fs.mkdirSync(REPORTS, { recursive: true });
        fs.writeFileSync(path.join(REPORTS, `${route.label.replace(/[^a-z0-9-]+/gi, "_")}.json`), String(result.report));
      }
      if (lhr.runtimeError) throw new Error(`${route.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (!lhr.finalDisplayedUrl.endsWith(route.path)) throw new Error(`${route.path} ended on ${lhr.finalDisplayedUrl} (session lost?)`);
      const bench = "lighthouse";
      for (const c of categories) {
        const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
        rows.push({ bench, case: route.label, metric: `${c} (target ${TARGET[c]})`, value: score, unit: "score" });
        if (score < TARGET[c]) {
          const failing = lhr.categories[c]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map(
            (r) => `${r.id} ${lhr.audits[r.id]!.displayValue ?? lhr.audits[r.id]!.score}`,
          );
          misses.push(`${route.label} ${c} ${score}: ${failing.join("; ")}`);
        }
      }
      rows.push({ bench, case: route.label, metric: "LCP", value: lhr.audits["largest-contentful-paint"]!.numericValue!, unit: "ms" });
      rows.push({ bench, case: route.label, metric: "TBT", value: lhr.audits["total-blocking-time"]!.numericValue!, unit: "ms" });
      rows.push({ bench, case: route.label, metric: "CLS", value: lhr.audits["cumulative-layout-shift"]!.numericValue!, unit: "" });
      rows.push({
        bench,
        case: route.label,
        metric: "initial JS (gzip, build manifest)",
        value: js.routeKiB(route.source) ?? Number.NaN,
        unit: "KiB",
      });
      // What the page really fetched as script during the run, as served (brotli or gzip), workers included.
      const scripts =
        (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items?.find(
          (i) => i.resourceType === "script",
        )?.transferSize ?? Number.NaN;
      rows.push({ bench, case: route.label, metric: "JS transferred during the run", value: scripts / 1024, unit: "KiB" });
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await server.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  if (misses.length) console.error(`lighthouse: below target (failing audits)\n  ${misses.join("\n  ")}`);
  else console.error("lighthouse: every route meets its targets");
  return rows;
}
