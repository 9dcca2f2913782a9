// The OCR worker's second reader (PaddleOCR's recogniser on onnxruntime-web's wasm) in a real Chromium worker: a rendered old
// and Mercosul plate line read as plates, a blank and a noise image read as no plate.
import { afterAll, describe, expect, it } from "vitest";
import { wrap, transfer } from "comlink";
import type { SecondReaderTestApi } from "./fixtures/second-reader.worker";

const worker = new Worker(new URL("./fixtures/second-reader.worker.ts", import.meta.url), { type: "module" });
const reader = wrap<SecondReaderTestApi>(worker);
afterAll(() => worker.terminate());

/** A plate's text line as a camera crop would show it: black bold sans on light grey, 300 x 80. */
function line(text: string) {
  const canvas = new OffscreenCanvas(300, 80);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#d8d8d8";
  ctx.fillRect(0, 0, 300, 80);
  ctx.fillStyle = "#000";
  ctx.font = "bold 52px sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, 150, 42, 280);
  return ctx.getImageData(0, 0, 300, 80);
}

const read = (img: ImageData) => reader.read(transfer({ data: img.data, width: img.width, height: img.height }, [img.data.buffer]));

describe("second reader in a worker", () => {
  it("loads and reads an old plate's line", { timeout: 120_000 }, async () => {
    const r = await read(line("ABC-1234"));
    expect(r.plate, r.text).toBe("ABC1234");
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.ms).toBeGreaterThan(0);
  });

  it("reads a Mercosul plate's line", async () => {
    const r = await read(line("BRA2E19"));
    expect(r.plate, r.text).toBe("BRA2E19");
  });

  it("finds no plate on a blank or a noise image", async () => {
    const blank = line("");
    expect((await read(blank)).plate).toBeNull();
    const noise = new ImageData(300, 80);
    let seed = 7;
    for (let i = 0; i < noise.data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise.data[i] = i % 4 === 3 ? 255 : seed >>> 24;
    }
    const r = await read(noise);
    expect(r.plate, r.text).toBeNull();
  });
});
