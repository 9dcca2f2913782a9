// Shared Chromium launcher and login helper for e2e tests (system Chromium from CHROME_PATH, never a downloaded browser).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, inject } from "vitest";
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Route,
} from "playwright-core";
import { CHROME_ARGS, CHROME_PATH, FAKE_MEDIA_ARGS } from "../support/chromium";
import type {} from "./global-setup"; // its ProvidedContext (inject("staticDir"))

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 850 }, locale: "pt-BR" };
export const MOBILE: BrowserContextOptions = { ...devices["Pixel 7"], locale: "pt-BR" };
export const DEMO = { email: "demo@credenciado.com.br", password: "demo1234" };

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...FAKE_MEDIA_ARGS], headless: true });

/** Signs in through the API and returns the token and an order of the demo point that is in progress (EM ANDAMENTO). */
export async function inProgressOrder(base: string): Promise<{ token: string; orderId: string }> {
  const call = async <T>(p: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${p}`, {
      method: body ? "POST" : "GET",
      body: body ? JSON.stringify(body) : undefined,
      headers: { "content-type": "application/json", ...(token ? { authToken: token } : {}) },
    });
    return (await res.json()) as T;
  };
  const { token } = await call<{ token: string }>("/credenciado/login", undefined, DEMO);
  const user = (await call<{ data: { IdPontoAtendimento: string } }>("/credenciado/get", token)).data;
  type Row = {
    StatusAgendamento: string;
    IdSocioVeiculoAgendaExecucao: string | null;
    IdSocioVeiculoAgenda: string;
    QtdePendencias: number;
  };
  const rows = (await call<{ data: Row[] }>(`/agendamentos/lista/${user.IdPontoAtendimento}`, token)).data;
  // One with a service awaiting approval: it can never be finished by another test, so it stays in progress.
  const row = rows.find((r) => r.StatusAgendamento === "A" && r.IdSocioVeiculoAgendaExecucao && r.QtdePendencias > 0)!;
  return { token, orderId: row.IdSocioVeiculoAgenda };
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** One API call as the given token (JSON in, JSON out); a body makes it a POST. */
export async function apiCall<T>(base: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: body ? "POST" : "GET",
    headers: { authToken: token, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

/** The demo attendant's token and service point id, signed in through the API. */
export async function demoPoint(base: string): Promise<{ token: string; pointId: string }> {
  const token = await apiToken(base);
  const me = await apiCall<{ data: { IdPontoAtendimento: string } }>(base, token, "/credenciado/get");
  return { token, pointId: me.data.IdPontoAtendimento };
}

/** Signs in through the API and returns the token. */
export async function apiToken(base: string, credentials = DEMO): Promise<string> {
  const res = await fetch(`${base}/api/credenciado/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  return ((await res.json()) as { token: string }).token;
}

export const brasiliaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
export const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * page.goto from a page a previous test left: first lets a closed modal take back its history entry (src/components/ui/modal.tsx
 * calls history.back() on close), and retries once if the old document's pending navigation aborted ours (net::ERR_ABORTED,
 * seen once in CI on the Pixel 7 after a modal closed). The second attempt must load, or the test fails.
 */
async function gotoSettled(page: Page, url: string) {
  if (page.url().startsWith("http")) {
    await page.waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 }).catch(() => {});
  }
  try {
    await page.goto(url);
  } catch (e) {
    if (!/ERR_ABORTED/.test(String(e))) throw e;
    await page.goto(url);
  }
}

/**
 * page.reload once the page is settled: closing the app's modal steps the history back, and a reload in that moment is
 * aborted (ERR_ABORTED, seen on the Pixel 7 right after 'Fechar', in central-points and os-documents); as gotoSettled, it waits
 * for that step, and tries once more if it was aborted anyway.
 */
export async function reloadSettled(page: Page) {
  await page.waitForFunction(() => !(history.state as { modal?: unknown } | null)?.modal, undefined, { timeout: 5_000 }).catch(() => {});
  await page.reload().catch(async (e: unknown) => {
    if (!/ERR_ABORTED/.test(String(e))) throw e;
    await page.reload();
  });
}

/** Opens `url` in the context's page, signing in first if the app asks; resolves once `ready` is visible. */
export async function openSignedIn(ctx: BrowserContext, url: string, ready: (page: Page) => Locator): Promise<Page> {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await gotoSettled(page, url);
  const target = ready(page);
  const login = page.getByLabel("E-mail");
  await target.or(login).first().waitFor({ timeout: 15_000 });
  if (await login.isVisible()) await signIn(page);
  await target.waitFor({ timeout: 15_000 });
  return page;
}

/** A ResponsiveList's rows as the viewport shows them, by the list's name: cards on a phone, table body rows on desktop. */
export const listRows = (page: Page, mobile: boolean, name: string): Locator =>
  mobile
    ? page.getByRole("list", { name, exact: true }).getByRole("listitem")
    : page.getByRole("table", { name, exact: true }).locator("tbody").getByRole("row");

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The point's menu the way the viewport offers it: the sidebar on desktop, the 'Menu Principal' drawer (opened) on a phone. */
export async function openMenu(page: Page, mobile: boolean): Promise<Locator> {
  if (!mobile) return page.getByRole("navigation", { name: "Menu lateral" });
  await page.getByRole("navigation", { name: "Menu inferior" }).getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu Principal" });
  await drawer.waitFor();
  return drawer;
}

/** axe-core's violations on the page as it is now, one readable line each (an empty list passes). */
export async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    return (await axe.run()).violations.map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${(v.nodes as { html: string }[])
          .map((n) => n.html)
          .join(" | ")
          .slice(0, 300)}`,
    );
  });
}

/** Runs one action the way the viewport offers it: a button on desktop, an item of the 'Ações' menu on a phone. */
export async function orderAction(page: Page, mobile: boolean, name: string) {
  if (mobile) {
    await page.getByRole("button", { name: "Ações", exact: true }).click();
    await page.getByRole("menuitem", { name }).click();
  } else {
    await page
      .getByRole("group", { name: /^Ações da OS/ })
      .getByRole("button", { name })
      .click();
  }
}

/**
 * Holds the context's first upload request open (as on a slow network) and lets every later one through: the page can be
 * reloaded or left while that upload is in flight, then the held request is aborted or let go.
 */
export async function holdFirstUpload(ctx: BrowserContext) {
  let held: Route | null = null;
  await ctx.route("**/api/uploads/tus**", (route) => {
    if (held === null) held = route;
    else void route.continue();
  });
  return {
    /** Resolves once the first upload has gone out and is held. */
    arrived: () => expect.poll(() => held !== null, { timeout: 15_000 }).toBe(true),
    abort: async () => (held as Route | null)?.abort().catch(() => {}),
    release: async () => (held as Route | null)?.continue(),
  };
}

/** Books `plate`'s vehicle at the point on `data` (yyyy-MM-dd) at `hora` through the API; a refused booking throws. */
export async function bookByApi(base: string, token: string, pointId: string, plate: string, data: string, hora: string) {
  const api = <T>(path: string, body?: unknown) => apiCall<T>(base, token, path, body);
  const v = await api<{ IdSocio: string; IdSocioVeiculo: string }>(
    `/scanner/get-agendamento-pontoatendimento-by-placa/${pointId}/${plate}`,
  );
  const b = await api<{ idSocioVeiculoAgenda: string; NumeroOS: number }>("/agendamentos/agendar", {
    idPontoAtendimento: pointId,
    idSocio: v.IdSocio,
    idSocioVeiculo: v.IdSocioVeiculo,
    data,
    hora,
    motivo: 1,
    pecaPorContaDoSocio: "N",
  });
  if (!b.idSocioVeiculoAgenda) throw new Error(`booking refused: ${JSON.stringify(b)}`);
  return { ...b, idSocio: v.IdSocio };
}

/**
 * Books `plate` on the first weekday from `offset` days ahead with `hour` free (through the API); answers the order, its day
 * (yyyy-MM-dd) and its member.
 */
export async function bookFirstFree(base: string, token: string, pointId: string, plate: string, offset: number, hour: string) {
  for (let d = offset; d < offset + 40; d++) {
    const day = addDays(brasiliaToday(), d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const free = await apiCall<string[]>(base, token, "/agendamentos/lista-horarios-disponiveis", {
      idPontoAtendimento: pointId,
      dataAgendamento: day,
    });
    if (!free.includes(hour)) continue;
    const b = await bookByApi(base, token, pointId, plate, day, hour);
    return { id: b.idSocioVeiculoAgenda, os: b.NumeroOS, day, idSocio: b.idSocio };
  }
  throw new Error("no free day");
}

/** A minimal WebM header: enough for the server's type sniffing (an order started through the API needs an initial video). */
export const tinyWebm = () =>
  new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...Buffer.from("webm"), ...new Array(200).fill(0)])], {
    type: "video/webm",
  });

/**
 * Books the Onix (PEX-7788) at `hour` on the first weekday from `offset` days ahead with that slot free, uploads an initial
 * video and starts the order through the API, as the attendant `userId` of `pointId` (each file picks its own far offset and
 * hour, so files never share an order).
 */
export async function startedOrderByApi(
  base: string,
  token: string,
  at: { pointId: string; userId: string; offset: number; hour: string },
): Promise<{ id: string; os: number; vehicle: string }> {
  const api = <T>(path: string, body?: unknown) => apiCall<T>(base, token, path, body);
  const v = await api<{ IdSocio: string; IdSocioVeiculo: string }>(
    `/scanner/get-agendamento-pontoatendimento-by-placa/${at.pointId}/PEX7788`,
  );
  for (let d = at.offset; d < at.offset + 40; d++) {
    const day = addDays(brasiliaToday(), d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const free = await api<string[]>("/agendamentos/lista-horarios-disponiveis", { idPontoAtendimento: at.pointId, dataAgendamento: day });
    if (!free.includes(at.hour)) continue;
    const b = await api<{ idSocioVeiculoAgenda: string; NumeroOS: number }>("/agendamentos/agendar", {
      idPontoAtendimento: at.pointId,
      idSocio: v.IdSocio,
      idSocioVeiculo: v.IdSocioVeiculo,
      data: day,
      hora: at.hour,
      motivo: 1,
      pecaPorContaDoSocio: "N",
    });
    const form = new FormData();
    form.append("file", tinyWebm(), "inicial.webm");
    const up = (await (
      await fetch(`${base}/api/uploads/upload`, { method: "POST", headers: { authToken: token }, body: form })
    ).json()) as {
      file: string;
    };
    await api("/agendamentos/atualizar-video-inicial", { idSocioVeiculoAgenda: b.idSocioVeiculoAgenda, videoInicial: up.file });
    await api("/agendamentos/iniciar", {
      idSocioVeiculoAgenda: b.idSocioVeiculoAgenda,
      idPontoAtendimentoUsuario: at.userId,
      idSocio: v.IdSocio,
      data: day.split("-").reverse().join("/"),
      hora: at.hour,
    });
    return { id: b.idSocioVeiculoAgenda, os: b.NumeroOS, vehicle: v.IdSocioVeiculo };
  }
  throw new Error("no free day");
}

/**
 * The URL path of a module's chunk in the build the e2e server serves (`src/...` as the router imports it), read from the
 * build's Vite manifest: chunk files are bare hashes (vite.config.ts), so a test finds one by its module, not by its name.
 */
export function builtChunk(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(inject("staticDir"), ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`no chunk for ${source} in the build`);
  return `/${chunk.file}`;
}
