// Shared Chromium launcher and login helper for e2e tests (system Chromium from CHROME_PATH, never a downloaded browser).
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 850 }, locale: "pt-BR" };
export const MOBILE: BrowserContextOptions = { ...devices["Pixel 7"], locale: "pt-BR" };
export const DEMO = { email: "demo@credenciado.com.br", password: "demo1234" };

/** Chromium's fake camera and microphone, granted without a prompt, for capture on the OS page. */
export const FAKE_MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROME_PATH, args: [...CHROME_ARGS, ...FAKE_MEDIA_ARGS], headless: true });

/** Signs in through the API and returns the token and an order of the demo point that is in progress (EM ANDAMENTO). */
export async function inProgressOrder(base: string): Promise<{ token: string; orderId: string }> {
  const call = async <T>(p: string, token?: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${p}`, {
      method: body ? "POST" : "GET", body: body ? JSON.stringify(body) : undefined,
      headers: { "content-type": "application/json", ...(token ? { authToken: token } : {}) },
    });
    return (await res.json()) as T;
  };
  const { token } = await call<{ token: string }>("/credenciado/login", undefined, DEMO);
  const user = (await call<{ data: { IdPontoAtendimento: string } }>("/credenciado/get", token)).data;
  type Row = { StatusAgendamento: string; IdSocioVeiculoAgendaExecucao: string | null; IdSocioVeiculoAgenda: string; QtdePendencias: number };
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
