// Shared Chromium launcher and login helper for e2e tests (system Chromium from CHROME_PATH, never a downloaded browser).
import { chromium, devices, type Browser, type BrowserContextOptions, type Page } from "playwright-core";

export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
export const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 850 }, locale: "pt-BR" };
export const MOBILE: BrowserContextOptions = { ...devices["Pixel 7"], locale: "pt-BR" };
export const DEMO = { email: "demo@credenciado.com.br", password: "demo1234" };

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}
