// Renders the PWA icons in public/ from src/assets/logo.svg with the system Chromium (playwright-core, already a dev
// dependency): any-purpose 192/512 (the rounded logo), a maskable 512 (full-bleed background, car inside the 80% safe zone) and
// the 180 px apple-touch-icon. Run once after changing the logo: `node scripts/make-icons.mjs` (Node, build time).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const logo = fs.readFileSync(path.join(root, "src/assets/logo.svg"), "utf8");
// The logo's drawing without its rounded background, to place on a full-bleed square.
const inner = logo
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect[^>]*\/>/, "");
const fullBleed = (scale) => {
  const offset = (64 - 64 * scale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b5cad"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`
  );
};

const icons = [
  { file: "pwa-192.png", size: 192, svg: logo },
  { file: "pwa-512.png", size: 512, svg: logo },
  // Maskable: launchers crop to a circle of 80% of the side; the car (about 70% wide) is scaled into it.
  { file: "pwa-maskable-512.png", size: 512, svg: fullBleed(0.8) },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator("svg").screenshot({ path: path.join(root, "public", file), omitBackground: true });
    console.log(`public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
