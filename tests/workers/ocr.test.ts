// OCR worker in real Chromium: rendered plates of both formats (clean, blurred, low contrast, rotated, inverted) read through the
// bridge, the worker's frame budget, and the multi-frame lock on an agreeing and a disagreeing series.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OcrBusyError, readPlateFrame, stopOcr, warmOcr } from "../../src/lib/workers/ocr-bridge";
import { createPlateLock } from "../../src/domain/plate-lock";
import { aimCrop, renderPlateScene, type PlateScene } from "../../bench/browser/plate-render";

beforeAll(async () => {
  await warmOcr();
}, 60_000);
afterAll(() => stopOcr());

async function read(scene: PlateScene) {
  const { canvas, box } = renderPlateScene(scene);
  const bitmap = await createImageBitmap(canvas);
  return readPlateFrame(bitmap, aimCrop(box, canvas.width, canvas.height));
}

const cases: [string, PlateScene][] = [
  ["old, clean", { plate: "ABC1234" }],
  ["Mercosul, clean", { plate: "BRA2E19" }],
  ["old, blurred", { plate: "KLM5678", blurPx: 1.5, seed: 3 }],
  ["Mercosul, blurred", { plate: "RIO4F52", blurPx: 1.5, seed: 4 }],
  ["old, low contrast", { plate: "PQR9081", contrast: 0.35, light: 0.7, seed: 5 }],
  ["Mercosul, low contrast", { plate: "GHJ3K27", contrast: 0.35, seed: 6 }],
  ["old, rotated 4°", { plate: "XYZ6409", rotateDeg: 4, seed: 8 }],
  ["Mercosul, rotated -4°", { plate: "QWE7T31", rotateDeg: -4, seed: 9 }],
  ["old, inverted", { plate: "MNB2468", inverted: true, seed: 10 }],
  ["Mercosul, inverted", { plate: "LKJ1A35", inverted: true, seed: 11 }],
];

describe("OCR worker", () => {
  it.each(cases)("reads a rendered plate: %s", async (_label, scene) => {
    const result = await read(scene);
    expect(result.candidates[0]?.plate).toBe(scene.plate);
    expect(result.candidates[0]?.format).toBe(/^[A-Z]{3}[0-9]{4}$/.test(scene.plate) ? "antiga" : "mercosul");
    expect(result.ms).toBeGreaterThan(0);
  });

  it("reads nothing on a frame without a plate", async () => {
    const canvas = new OffscreenCanvas(640, 480);
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#556";
    ctx.fillRect(0, 0, 640, 480);
    const result = await readPlateFrame(await createImageBitmap(canvas), { x: 100, y: 150, width: 440, height: 170 });
    expect(result.candidates).toEqual([]);
  });

  it("drops a frame sent while one is being read, and transfers the bitmap", async () => {
    const { canvas, box } = renderPlateScene({ plate: "ABC1234" });
    const first = await createImageBitmap(canvas), second = await createImageBitmap(canvas);
    const crop = aimCrop(box, canvas.width, canvas.height);
    const pending = readPlateFrame(first, crop);
    await expect(readPlateFrame(second, crop)).rejects.toBeInstanceOf(OcrBusyError);
    expect(first.width).toBe(0);
    expect(second.width).toBe(0);
    expect((await pending).candidates[0]?.plate).toBe("ABC1234");
  });
});

describe("plate lock over real reads", () => {
  it("accepts an agreeing series of frames", async () => {
    const lock = createPlateLock();
    let accepted = null;
    for (const seed of [21, 22, 23]) {
      accepted = lock.push((await read({ plate: "BRA2E19", blurPx: 1.2, noise: 12, seed })).candidates);
      if (accepted) break;
    }
    expect(accepted?.plate).toBe("BRA2E19");
  });

  it("rejects a series whose frames disagree", async () => {
    const lock = createPlateLock({ confident: 1.01 });
    const results = [];
    for (const plate of ["ABC1234", "DEF5678", "GHI9012"]) results.push(lock.push((await read({ plate })).candidates));
    expect(results).toEqual([null, null, null]);
  });
});
