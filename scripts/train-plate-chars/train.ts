// `npm run train:plate-chars`: trains the plate character classifier in real Chromium (page.ts) and writes
// workers/ocr/char-model.json (Node runner). PLATES_TRAIN_COUNT (plates rendered), PLATES_TRAIN_HIDDEN, PLATES_TRAIN_EPOCHS.
import fs from "node:fs";
import path from "node:path";
import { createServer } from "vite";
import { chromium } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH } from "../../tests/e2e/browser.ts";

type Page = { trainChars?: (o: { plates: number; hidden: number; epochs: number; heldOut: string[] }) => Promise<{ model: unknown; log: string[] }> };

const root = path.resolve(import.meta.dirname, "../..");
const vite = await createServer({ root, logLevel: "silent", server: { port: 0, host: "localhost" } });
await vite.listen();
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
try {
  const page = await browser.newPage();
  page.on("console", (m) => console.error(m.text()));
  const port = (vite.httpServer!.address() as { port: number }).port;
  await page.goto(`http://localhost:${port}/scripts/train-plate-chars/page.html`);
  await page.waitForFunction(() => typeof (globalThis as Page).trainChars === "function", undefined, { timeout: 120_000 });
  const opts = {
    plates: Number(process.env.PLATES_TRAIN_COUNT ?? 3000), hidden: Number(process.env.PLATES_TRAIN_HIDDEN ?? 64),
    epochs: Number(process.env.PLATES_TRAIN_EPOCHS ?? 12), heldOut: ["Train Oswald", "Train Fira Sans Condensed"],
  };
  const { model, log } = await page.evaluate((o) => (globalThis as Page).trainChars!(o), opts);
  for (const l of log) console.log(l);
  const out = path.join(root, "workers", "ocr", "char-model.json");
  fs.writeFileSync(out, JSON.stringify(model) + "\n");
  console.log(`written ${path.relative(root, out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
} finally {
  await browser.close();
  await vite.close();
}
