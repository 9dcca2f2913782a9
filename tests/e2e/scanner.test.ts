// Scanner de Placas end to end (built app, real server, real Chromium with its fake camera, desktop and Pixel 7): manual
// entry of a plate with an open appointment -> its OS screen; a member's plate without one -> vehicle data -> Novo
// Agendamento with the vehicle chosen; a plate that is no member's -> invite checked on the server's answer, camera closed
// meanwhile and restarted after; camera denied -> 'Problema com a Câmera' and a working retry; axe on the screen and modals;
// clips played by the fake camera: a close-up read to its OS screen, a booked plate's twin, and hand-held whole-car clips
// with the plate outside the guide (booked -> its order, a stranger's -> the invite, a smudged sharp one -> 'Confirme a placa
// abaixo' with the booked plate as the primary choice and no false advice, nothing opened without a tap).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { addDays, apiCall, apiToken, brasiliaToday, DESKTOP, MOBILE, launch, openSignedIn, violations } from "./browser";
import { CHROME_ARGS, CHROME_PATH } from "../support/chromium";
import { cameraShowing, HAND_SHAKE, plateBox, type PlateScene } from "./plate-clip";
import { traceMainThread } from "../support/main-thread-trace";

const base = inject("baseUrl");
let browser: Browser;
let token = "";
let pointId = "";

const api = <T>(p: string) => apiCall<T>(base, token, p);
type Lookup =
  | {
      IdSocioVeiculoAgenda: string | null;
      NumeroOS: number | null;
      DataAgendamento: string | null;
      NomeSocio: string;
      PlacaVeiculo: string;
    }
  | false;
const lookup = (plate: string) => api<Lookup>(`/scanner/get-agendamento-pontoatendimento-by-placa/${pointId}/${plate}`);
const SEEDED = ["ABC1234", "BRA2E19", "RFT4G56", "PEX7788", "HMG3C21", "QWE5R67"];

type AgendaRows = { data: { IdSocioVeiculoAgenda: string; Placa: string; StatusAgendamento: string }[] };
/**
 * Makes a seeded plate's newest open booking at the point today's one, as the whole-car clips need: the lookup names the
 * newest open booking (spec), and other files book the same plates on later days through this shared server (agenda,
 * offline, os-finish). Their later bookings of one plate booked today are cancelled here, so the result does not depend on
 * the order the files run in.
 */
async function newestOpenBookingToday() {
  const today = brasiliaToday();
  const compact = (plate: string) => plate.replace(/[^A-Z0-9]/gi, "").toUpperCase();
  const list = async (query: string) =>
    (await api<AgendaRows>(`/agendamentos/lista/${pointId}?${query}`)).data.filter((r) => r.StatusAgendamento === "A");
  const todays = (await list(`dataInicio=${today}&dataFim=${today}`)).filter((r) => SEEDED.includes(compact(r.Placa)));
  const plate = todays[0] && compact(todays[0].Placa);
  if (!plate) return;
  const later = (await list(`dataInicio=${addDays(today, 1)}`)).filter((r) => compact(r.Placa) === plate);
  for (const r of later) {
    await apiCall(base, token, "/agendamentos/cancelar", {
      idSocioVeiculoAgenda: r.IdSocioVeiculoAgenda,
      motivo: "Teste do scanner: só o agendamento de hoje",
    });
  }
}
const shown = (plate: string) => (/^[A-Z]{3}\d{4}$/.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate);

const openScanner = (ctx: BrowserContext): Promise<Page> =>
  openSignedIn(ctx, `${base}/scan`, (page) => page.getByRole("heading", { name: "Scanner de Placas", level: 1 }));

/** True while the preview shows the camera's frames; false once the camera is closed. */
const cameraLive = (page: Page) =>
  page.locator("video").evaluate((v: HTMLVideoElement) => {
    const stream = v.srcObject as MediaStream | null;
    return Boolean(stream && stream.getVideoTracks().some((t) => t.readyState === "live") && v.videoWidth > 0);
  });

async function typePlate(page: Page, plate: string) {
  const field = page.getByLabel("Placa", { exact: true });
  await field.fill("");
  await field.pressSequentially(plate.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(base);
  pointId = (await api<{ data: { IdPontoAtendimento: string } }>("/credenciado/get")).data.IdPontoAtendimento;
});
afterAll(() => browser?.close());

for (const [name, options] of [
  ["desktop", DESKTOP],
  ["Pixel 7", MOBILE],
] as const) {
  describe(`scanner on ${name}`, () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await browser.newContext({ ...options, bypassCSP: true });
    });
    afterAll(() => ctx?.close());

    it("starts the rear camera under a guide frame, closes it while the tab is hidden, refuses an incomplete plate, no axe violations", async () => {
      const page = await openScanner(ctx);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      // Tab hidden (headless Chromium never hides a tab: the page's visibility is overridden, the event is the browser's own):
      // the camera closes, and opens again on return.
      const setHidden = (hidden: boolean) =>
        page.evaluate((h) => {
          Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (h ? "hidden" : "visible") });
          document.dispatchEvent(new Event("visibilitychange"));
        }, hidden);
      await setHidden(true);
      await expect.poll(() => cameraLive(page)).toBe(false);
      await setHidden(false);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      await typePlate(page, "ABC12");
      await page.getByText("Informe uma placa válida: ABC-1234 ou ABC1D23.").waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it("typed plate with an open appointment: 'Agendamento encontrado! Redirecionando...' then its OS screen", async () => {
      let target: { plate: string; id: string; os: number } | null = null;
      for (const plate of SEEDED) {
        const found = await lookup(plate);
        if (found && found.IdSocioVeiculoAgenda) {
          target = { plate, id: found.IdSocioVeiculoAgenda, os: found.NumeroOS! };
          break;
        }
      }
      expect(target, "a seeded plate with an open appointment at this point").not.toBeNull();
      const page = await openScanner(ctx);
      await typePlate(page, target!.plate);
      await page.getByText("Agendamento encontrado! Redirecionando...").waitFor();
      await page.getByText(/^Placa encontrada: [A-Z0-9-]{7,8} \((Antiga|Mercosul)\)$/).waitFor();
      expect(page.url()).toMatch(/\/scan$/);
      await page.getByRole("heading", { name: `OS #${target!.os}`, level: 1 }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe(`/execucao-os/${target!.id}`);
    });

    it("member's plate without an appointment: vehicle data, then Novo Agendamento with that vehicle chosen", async () => {
      let plate = "";
      for (const p of SEEDED) {
        const found = await lookup(p);
        if (found && !found.IdSocioVeiculoAgenda) {
          plate = p;
          break;
        }
      }
      expect(plate, "a member vehicle without an open appointment at the point").not.toBe("");
      const page = await openScanner(ctx);
      await typePlate(page, plate);
      const vehicle = page.getByRole("dialog", { name: "Dados do Veículo" });
      await vehicle.waitFor();
      await vehicle.getByText(shown(plate)).waitFor();
      await vehicle.getByText("Este veículo não tem agendamento aberto neste ponto.").waitFor();
      expect(await violations(page)).toEqual([]);
      await vehicle.getByRole("button", { name: "Novo Agendamento" }).click();
      const booking = page.getByRole("dialog", { name: "Novo Agendamento" });
      await booking.waitFor();
      await booking.getByText(shown(plate)).waitFor();
      // The vehicle comes chosen: no plate to type.
      expect(await booking.getByLabel("Placa do veículo").count()).toBe(0);
      await booking.getByLabel("Data do agendamento").waitFor();
      expect(await violations(page)).toEqual([]);
      await booking.getByRole("button", { name: "Voltar" }).click();
      await booking.waitFor({ state: "detached" });
      await page.getByText(new RegExp(`^Placa encontrada: ${shown(plate)} \\((Antiga|Mercosul)\\)$`)).waitFor();
      await page.getByRole("button", { name: "Tentar Novamente" }).click();
      expect(await page.getByText(/^Placa encontrada: /).count()).toBe(0);
    });

    it("plate of no member: camera closed, invite with the phone mask, enviar-convite answered by the server, camera back", async () => {
      const plate = name === "desktop" ? "XYZ9A87" : "KLM4321";
      expect(await lookup(plate)).toBe(false);
      const page = await openScanner(ctx);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      await typePlate(page, plate);
      const invite = page.getByRole("dialog", { name: "Convidar para ser Sócio" });
      await invite.waitFor();
      await invite.getByText("Veículo encontrado mas não é sócio. Envie um convite.").waitFor();
      await invite.getByText(shown(plate), { exact: true }).waitFor();
      expect(await cameraLive(page)).toBe(false);
      const phone = invite.getByLabel("WhatsApp");
      expect(await phone.inputValue()).toBe("(__) _____-____");
      const send = invite.getByRole("button", { name: "Enviar Convite" });
      expect(await send.isDisabled()).toBe(true);
      expect(await violations(page)).toEqual([]);

      // A number too short: the server refuses it and the modal shows why.
      await phone.click();
      await phone.pressSequentially("8199");
      expect(await send.isEnabled()).toBe(true);
      const refused = page.waitForResponse((r) => r.url().endsWith("/scanner/enviar-convite"));
      await send.click();
      expect((await refused).status()).toBe(400);
      await invite
        .getByRole("alert")
        .getByText(/telefone inválido/i)
        .waitFor();

      await phone.press("End");
      for (let i = 0; i < 15; i++) await phone.press("Backspace");
      expect(await phone.inputValue()).toBe("(__) _____-____");
      expect(await send.isDisabled()).toBe(true);
      await phone.press("Home");
      await phone.pressSequentially("81987654321");
      expect(await phone.inputValue()).toBe("(81) 98765-4321");
      const answered = page.waitForResponse((r) => r.url().endsWith("/scanner/enviar-convite"));
      await send.click();
      const res = await answered;
      expect(res.status()).toBe(200);
      expect(await res.json()).toEqual({ message: "Convite enviado com sucesso!" });
      expect(res.request().postDataJSON()).toEqual({ telefone: "(81) 98765-4321", placa: shown(plate) });
      await page.getByText("Convite enviado com sucesso!").waitFor();
      await invite.waitFor({ state: "detached" });
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);

      // Cancelar also closes the invite and brings the camera back.
      await typePlate(page, plate);
      await invite.waitFor();
      await expect.poll(() => cameraLive(page)).toBe(false);
      await invite.getByRole("button", { name: "Cancelar" }).click();
      await invite.waitFor({ state: "detached" });
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
    });
  });
}

describe("scanner with the camera denied", () => {
  let denied: Browser;
  beforeAll(async () => {
    // The fake camera without the flag that accepts every prompt: a context without the camera permission is refused.
    denied = await chromium.launch({
      executablePath: CHROME_PATH,
      args: [...CHROME_ARGS, "--use-fake-device-for-media-stream"],
      headless: true,
    });
  });
  afterAll(() => denied?.close());

  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as const) {
    it(`shows 'Problema com a Câmera' with a retry that works once allowed (${name})`, async () => {
      const ctx = await denied.newContext({ ...options, bypassCSP: true });
      try {
        const page = await openScanner(ctx);
        const problem = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Problema com a Câmera" }) });
        await problem.waitFor({ timeout: 15_000 });
        await problem.getByText("Erro ao acessar a câmera. Verifique as permissões.").waitFor();
        expect(await violations(page)).toEqual([]);
        // Manual entry still works without a camera.
        await page.getByLabel("Placa", { exact: true }).waitFor();
        await ctx.grantPermissions(["camera"], { origin: base });
        await problem.getByRole("button", { name: "Tentar Novamente" }).click();
        await problem.waitFor({ state: "detached" });
        await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      } finally {
        await ctx.close();
      }
    });
  }
});

/** A Chromium whose fake camera shows `plate` close up, centred on a 640x480 bumper, still (plate-clip.ts). */
const fakeCameraShowing = (plate: string) => cameraShowing(browser, { plate, width: 640, height: 480 });

describe("scanner reading a plate from the fake camera (Y4M)", () => {
  let camBrowser: Browser;
  let closeCamera: (() => Promise<void>) | undefined;
  let target: { plate: string; id: string; os: number };

  beforeAll(async () => {
    let found: typeof target | null = null;
    for (const plate of SEEDED) {
      const f = await lookup(plate);
      if (f && f.IdSocioVeiculoAgenda) {
        found = { plate, id: f.IdSocioVeiculoAgenda, os: f.NumeroOS! };
        break;
      }
    }
    if (!found) throw new Error("no seeded plate with an open appointment at this point");
    target = found;
    ({ browser: camBrowser, close: closeCamera } = await fakeCameraShowing(target.plate));
  });
  afterAll(async () => {
    await closeCamera?.();
  });

  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as const) {
    it(`reads the plate, shows it with its format and ends on its OS screen, with no long task while scanning (${name})`, async () => {
      const ctx = await camBrowser.newContext({ ...options, bypassCSP: true });
      try {
        // The moment the plate appears, marked by the page itself (a user-timing mark lands in the trace).
        await ctx.addInitScript(() => {
          let shown = false;
          new MutationObserver(() => {
            if (!shown && document.body?.textContent?.includes("Placa encontrada:")) {
              shown = true;
              performance.mark("e2e-plate-shown");
            }
          }).observe(document, { subtree: true, childList: true, characterData: true });
        });
        const page = await openScanner(ctx);
        await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
        // The main thread's tasks from now on, each with the CPU time it used (tests/support/main-thread-trace.ts).
        const tracing = await traceMainThread(camBrowser, page);
        const liveAt = await page.evaluate(() => {
          performance.mark("e2e-camera-live");
          return performance.now();
        });
        const display = shown(target.plate);
        const format = /^[A-Z]{3}\d{4}$/.test(target.plate) ? "Antiga" : "Mercosul";
        await page
          .getByText(`Placa encontrada: ${display} (${format})`)
          .waitFor({ timeout: 30_000 })
          .catch(async (err: Error) => {
            await tracing.stop().catch(() => undefined);
            throw new Error(`${err.message}\nscreen said: ${await page.locator(".scanner-result, .scanner-view").allTextContents()}`);
          });
        await page.getByText("Agendamento encontrado! Redirecionando...").waitFor();
        const plateAt = await page.evaluate(() => performance.getEntriesByName("e2e-plate-shown")[0]!.startTime);
        console.log(`${name}: plate shown ${Math.round(plateAt - liveAt)} ms after the camera was live`);
        await page.getByRole("heading", { name: `OS #${target.os}`, level: 1 }).waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).pathname).toBe(`/execucao-os/${target.id}`);
        // Control: a task that keeps the main thread busy for 600 ms of wall time uses well over 50 ms of its CPU even on a
        // loaded machine, and the trace reports it.
        await page.evaluate(() => {
          performance.mark("e2e-control");
          setTimeout(() => {
            const end = performance.now() + 600;
            while (performance.now() < end) {
              /* a deliberate busy task */
            }
          }, 0);
        });
        await page.waitForTimeout(1_000);
        const trace = await tracing.stop();
        const at = (mark: string) => {
          const ts = trace.marks.get(mark);
          if (ts === undefined) throw new Error(`mark ${mark} missing from the trace`);
          return ts;
        };
        // Scanning: from the first read (1 s after the camera is live) until the task that shows the accepted plate, no task
        // used 50 ms of the main thread's CPU.
        const scanning = trace.between(at("e2e-camera-live") + 1_000_000, at("e2e-plate-shown"));
        expect(scanning.length).toBeGreaterThan(0);
        expect(scanning.filter((t) => !(t.tdur < 50_000))).toEqual([]);
        expect(trace.between(at("e2e-control"), Number.POSITIVE_INFINITY).some((t) => t.tdur >= 50_000)).toBe(true);
      } finally {
        await ctx.close();
      }
    });
  }
});

/** The plate with its last digit of 3, 5, 6, 8 or 9 changed to the one the plate fonts confuse it with (3 <-> 8, 5 <-> 6, 9 -> 8). */
function twinOf(plate: string): string {
  const swap: Record<string, string> = { 3: "8", 8: "3", 5: "6", 6: "5", 9: "8" };
  for (let i = 6; i >= 3; i--) if (swap[plate[i]]) return plate.slice(0, i) + swap[plate[i]] + plate.slice(i + 1);
  return "";
}

describe("scanner with a booked plate's twin in front of the fake camera (Y4M)", () => {
  let camBrowser: Browser;
  let closeCamera: (() => Promise<void>) | undefined;
  let booked: { plate: string; id: string };
  let twin = "";

  beforeAll(async () => {
    for (const plate of SEEDED) {
      const f = await lookup(plate);
      if (f && f.IdSocioVeiculoAgenda && twinOf(plate)) {
        booked = { plate, id: f.IdSocioVeiculoAgenda };
        break;
      }
    }
    if (!booked) throw new Error("no seeded plate with an open appointment at this point");
    twin = twinOf(booked.plate);
    // The twin is nobody's vehicle: a swap to the booked plate would open its order instead of the invite.
    expect(await lookup(twin)).toBe(false);
    ({ browser: camBrowser, close: closeCamera } = await fakeCameraShowing(twin));
  });
  afterAll(async () => {
    await closeCamera?.();
  });

  it("reads the plate shown and invites its owner; the booked twin's order is never opened", async () => {
    const ctx = await camBrowser.newContext({ ...DESKTOP, bypassCSP: true });
    try {
      const page = await openScanner(ctx);
      const display = shown(twin);
      await page.getByRole("dialog", { name: "Convidar para ser Sócio" }).waitFor({ timeout: 20_000 });
      await page.getByText(display).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/scan");
      // Neither the result nor the invite speaks of the booked plate (the form's hint happens to use ABC-1234 as its example).
      const said = (await page.locator(".scanner-result, [role=dialog]").allInnerTexts()).join("\n");
      expect(said).toContain(display);
      expect(said).not.toContain(shown(booked.plate));
    } finally {
      await ctx.close();
    }
  });
});

/** The status line's advice when no plate locks (SCANNER_MSG.scanner.advice), as users read it. */
const ADVICE = [
  "Pouca luz: acenda a lanterna ou procure um lugar mais claro.",
  "Nenhuma placa encontrada: aponte a câmera para a placa do veículo.",
  "Placa distante: aproxime o celular da placa.",
  "Imagem tremida: segure o celular firme para ler a placa.",
];

/** What the page recorded of a scan (recordScan). */
interface ScanLog {
  /** performance.now() when each first happened: the preview playing the camera, the engine ready (the status leaves
   * 'Preparando a leitura de placas…'), an advice, a one-tap choice, 'Confirme a placa abaixo', a locked plate ('Placa
   * encontrada:'), an 'OS #n' heading. */
  at: Partial<Record<"live" | "scanning" | "advice" | "choices" | "confirm" | "plate" | "os", number>>;
  /** Every distinct text of the status line, the plate line and the choices, in the order they appeared. */
  said: string[];
  /** Every path the page was on. */
  paths: string[];
}

/** Init script: records, from the page's start, when the camera went live and what the scanner showed when (ScanLog). */
function recordScan(advice: string[]) {
  const log: ScanLog = { at: {}, said: [], paths: [] };
  (window as unknown as { __scan: ScanLog }).__scan = log;
  document.addEventListener(
    "playing",
    (e) => {
      const v = e.target;
      if (log.at.live === undefined && v instanceof HTMLVideoElement && v.srcObject && v.videoWidth > 0) log.at.live = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    const now = performance.now();
    const text = document.body?.textContent ?? "";
    const seen: [keyof ScanLog["at"], boolean][] = [
      ["scanning", ["Procurando placa...", "Lendo a placa…", "Confirme a placa abaixo"].some((t) => text.includes(t))],
      ["advice", advice.some((a) => text.includes(a))],
      ["choices", document.querySelector(".scanner-choice") !== null],
      ["confirm", text.includes("Confirme a placa abaixo")],
      ["plate", text.includes("Placa encontrada:")],
      ["os", /^OS #\d+$/.test(document.querySelector("h1")?.textContent?.trim() ?? "")],
    ];
    for (const [k, yes] of seen) if (yes && log.at[k] === undefined) log.at[k] = now;
    for (const el of document.querySelectorAll(".scanner-status, .scanner-plate, .scanner-choice")) {
      const t = el.children.length ? Array.from(el.children, (c) => c.textContent?.trim()).join(" ") : (el.textContent?.trim() ?? "");
      if (t && !log.said.includes(t)) log.said.push(t);
    }
    if (!log.paths.includes(location.pathname)) log.paths.push(location.pathname);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}
const scanLog = (page: Page) => page.evaluate(() => (window as unknown as { __scan: ScanLog }).__scan);

/** The guide's rectangle in the camera frame's pixels: the scanner's own mapping (guide-crop.ts, video object-fit: cover). */
const guideInFrame = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>(".scanner-video")!;
    const view = v.getBoundingClientRect();
    const box = document.querySelector(".scanner-guide")!.getBoundingClientRect();
    const scale = Math.max(view.width / v.videoWidth, view.height / v.videoHeight);
    const ox = view.left + (view.width - v.videoWidth * scale) / 2,
      oy = view.top + (view.height - v.videoHeight * scale) / 2;
    return {
      frame: [v.videoWidth, v.videoHeight],
      x0: (box.left - ox) / scale,
      y0: (box.top - oy) / scale,
      x1: (box.right - ox) / scale,
      y1: (box.bottom - oy) / scale,
    };
  });

describe("scanner finding the plate anywhere in a hand-held whole-car clip (Y4M 1280x720, 15 fps, shaken, noisy)", () => {
  let booked: { plate: string; id: string; os: number; name: string };
  // No member's vehicle, and a plate the reader can spell: a Mercosul plate's fifth character is A-J (the old plate's second
  // digit converted), and the plate net's grammar allows nothing else there (QZX8T41 is never read, by design).
  const stranger = "QZX8E41";

  /** A car seen whole, its plate 15% of the frame's width, centred at (cx, cy) of the frame. */
  const wholeCar = (plate: string, cx: number, cy: number, more: Partial<PlateScene> = {}): PlateScene => ({
    plate,
    width: 1280,
    height: 720,
    share: 0.15,
    cx,
    cy,
    scene: "car",
    ...more,
  });

  /**
   * The scanner in a new Chromium whose camera plays `scene` hand-held (the clip is a launch flag); the browser and the clip
   * are gone after `run`. Checks first that the frames come at the clip's size and that the plate lies wholly outside the guide.
   */
  async function scanClip(scene: PlateScene, options: BrowserContextOptions, run: (page: Page) => Promise<void>) {
    const cam = await cameraShowing(browser, scene, { fps: 15, shake: HAND_SHAKE, noise: 2 });
    try {
      const ctx = await cam.browser.newContext({ ...options, bypassCSP: true });
      await ctx.addInitScript(recordScan, ADVICE);
      const page = await openScanner(ctx);
      await expect.poll(() => cameraLive(page), { timeout: 15_000 }).toBe(true);
      // Outside the guide (shake included): a scanner reading the guide's rectangle only cannot read this plate.
      const guide = await guideInFrame(page);
      expect(guide.frame).toEqual([scene.width, scene.height]);
      const p = plateBox(scene);
      const apart = p.x + p.w + 2 < guide.x0 || p.x - 2 > guide.x1 || p.y + p.h + 2 < guide.y0 || p.y - 2 > guide.y1;
      expect(apart, `plate ${JSON.stringify(p)} outside the guide ${JSON.stringify(guide)}`).toBe(true);
      await run(page);
    } finally {
      await cam.close();
    }
  }

  /** A wait that failed, with what the scanner said meanwhile. */
  const explained = (page: Page) => async (err: Error) => {
    throw new Error(`${err.message}\nscanner: ${JSON.stringify(await scanLog(page))}`);
  };

  beforeAll(async () => {
    await newestOpenBookingToday();
    const today = brasiliaToday().split("-").reverse().join("/");
    for (const plate of SEEDED) {
      const f = await lookup(plate);
      if (f && f.IdSocioVeiculoAgenda && f.DataAgendamento === today) {
        booked = { plate, id: f.IdSocioVeiculoAgenda, os: f.NumeroOS!, name: f.NomeSocio };
        break;
      }
    }
    if (!booked) throw new Error("no seeded plate with an appointment open today at this point");
    expect(await lookup(stranger)).toBe(false);
  });

  for (const [name, options] of [
    ["desktop", DESKTOP],
    ["Pixel 7", MOBILE],
  ] as const) {
    it(`a whole-car clip opens the booked order without aiming (${name})`, async () => {
      await scanClip(wholeCar(booked.plate, 0.25, 0.2), options, async (page) => {
        await page
          .getByRole("heading", { name: `OS #${booked.os}`, level: 1 })
          .waitFor({ timeout: 30_000 })
          .catch(explained(page));
        expect(new URL(page.url()).pathname).toBe(`/execucao-os/${booked.id}`);
        const log = await scanLog(page);
        console.log(`${name}: whole car off the guide, OS screen ${Math.round(log.at.os! - log.at.live!)} ms after the camera was live`);
        const format = /^[A-Z]{3}\d{4}$/.test(booked.plate) ? "Antiga" : "Mercosul";
        expect(log.said).toContain(`Placa encontrada: ${shown(booked.plate)} (${format})`);
        expect(log.said).toContain("Agendamento encontrado! Redirecionando...");
      });
    });
  }

  it("a plate not in the agenda opens the vehicle/invite path: no member's plate -> the invite, never an order", async () => {
    await scanClip(wholeCar(stranger, 0.72, 0.8), MOBILE, async (page) => {
      const invite = page.getByRole("dialog", { name: "Convidar para ser Sócio" });
      await invite.waitFor({ timeout: 15_000 }).catch(explained(page));
      await invite.getByText("Veículo encontrado mas não é sócio. Envie um convite.").waitFor();
      await invite.getByText(shown(stranger), { exact: true }).waitFor();
      const log = await scanLog(page);
      expect(log.said).toContain(`Placa encontrada: ${shown(stranger)} (Mercosul)`);
      expect(log.paths.filter((p) => p.startsWith("/execucao-os"))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe("/scan");
    });
  });

  // The clip: the booked plate, whole-car size (found: 15% of the frame is above the 'too far' share), one character hidden
  // under a blotch of mud, the frame sharp. Measured (9 runs): the net proposes the six clear characters with guesses for the
  // hidden one (ABC-1934, ABC-1434, ABC-1834), none sure enough to lock; the booked plate, one character away from them, is
  // offered first with its member as the primary button; the status asks to confirm it (issue 48: it used to say "segure o
  // celular firme" to this sharp plate, a cause that was not there). How soon is a figure of `npm run bench scan`, not of this
  // test (a bound here would test the machine's load).
  it("an unreadable sharp clip asks to confirm the booked plate, names no false cause, and never opens a wrong order", async () => {
    await scanClip(wholeCar(booked.plate, 0.7, 0.22, { smudge: 4 }), MOBILE, async (page) => {
      const status = page.locator(".scanner-status").getByText("Confirme a placa abaixo", { exact: true });
      await status.waitFor({ timeout: 20_000 }).catch(explained(page));
      const confirm = page.getByRole("region", { name: "Confirme a placa" });
      await confirm.waitFor();
      const choice = confirm.getByRole("button", { name: new RegExp(`^${shown(booked.plate)}`) });
      await choice.waitFor();
      let log = await scanLog(page);
      const after = (t?: number) => Math.round(t! - log.at.live!);
      console.log(
        `smudged: engine ready ${after(log.at.scanning)} ms, choices ${after(log.at.choices)} ms, confirm ${after(log.at.confirm)} ms after the camera was live`,
      );
      // The booked plate is offered as that member's car, booked today, as the obvious action; no advice names a cause.
      expect(await choice.innerText()).toMatch(new RegExp(`^${shown(booked.plate)}\\s*${booked.name} · agendado hoje$`));
      expect(await choice.getAttribute("class")).toContain("btn-primary");
      expect(log.at.advice).toBeUndefined();

      // Nothing opens without a tap: 8 s after the camera went live the page is still the scanner, with no plate taken.
      const left = 8_000 - ((await page.evaluate(() => performance.now())) - log.at.live!);
      const moved = await page
        .waitForURL((u) => u.pathname !== "/scan", { timeout: Math.max(1, left) })
        .then(
          () => true,
          () => false,
        );
      log = await scanLog(page);
      expect(moved, JSON.stringify(log)).toBe(false);
      expect(log.paths.filter((p) => p.startsWith("/execucao-os"))).toEqual([]);
      expect(log.said.filter((t) => t.startsWith("Placa encontrada:"))).toEqual([]);
      expect(log.said).not.toContain("Agendamento encontrado! Redirecionando...");

      // The attendant taps the booked plate: its order opens.
      await choice.click();
      await page.getByRole("heading", { name: `OS #${booked.os}`, level: 1 }).waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe(`/execucao-os/${booked.id}`);
    });
  });
});
