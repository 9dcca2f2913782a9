// The scanner names blur only when the plate's crop is blurred (issue 48: a sharp plate the reader was unsure of was met with
// "segure o celular firme"): rendered plates at whole-car to close sizes score above BLURRED_SHARPNESS, the same frames shaken
// (a 6-px horizontal motion) or out of focus (a 2.5-px gaussian) below it; through the OCR worker, a sharp frame's FrameRead
// carries a sharpness above it and the blurred one below (real Chromium).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { plateSharpness } from "../../workers/ocr/sharpness";
import { areaResize, grabGray } from "../../workers/ocr/net-input";
import { plateCrop } from "../../workers/ocr/frame-read";
import { BLURRED_SHARPNESS } from "../../src/domain/plate-lock";
import { readPlateFrame, stopOcr, warmOcr } from "../../src/lib/workers/ocr-bridge";
import { renderPlateScene } from "../../bench/browser/plate-render";

const W = 1280,
  H = 720;
const PLATES = ["ABC1234", "BRA2E19", "KLM5678", "RIO4F52", "PQR9081", "GHJ3C27", "XYZ6409", "QWE7D31"];

/** A 1280x720 frame: a plain car-coloured background with the rendered plate scene in its middle, the plate `share` of its width. */
function frame(plate: string, share: number, seed: number, blur: "none" | "motion" | "focus") {
  const pw = Math.round(share * W);
  const scene = renderPlateScene({ plate, plateWidth: pw, sceneWidth: Math.round(pw * 1.5), sceneHeight: Math.round(pw * 0.8), seed });
  const canvas = new OffscreenCanvas(W, H);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#5a6470";
  ctx.fillRect(0, 0, W, H);
  const ox = Math.round(W / 2 - scene.box.x - scene.box.w / 2),
    oy = Math.round(H / 2 - scene.box.y - scene.box.h / 2);
  if (blur === "motion") {
    // The frame shaken sideways during the exposure: the same image at 9 offsets over 5% of the plate's width, averaged.
    const span = pw * 0.05;
    for (let i = 0; i < 9; i++) {
      ctx.globalAlpha = 1 / (i + 1);
      ctx.drawImage(scene.canvas, ox + (i / 8 - 0.5) * span, oy);
    }
    ctx.globalAlpha = 1;
  } else {
    if (blur === "focus") ctx.filter = `blur(${(pw * 0.015).toFixed(1)}px)`;
    ctx.drawImage(scene.canvas, ox, oy);
    ctx.filter = "none";
  }
  return { canvas, box: { x: ox + scene.box.x, y: oy + scene.box.y, w: scene.box.w, h: scene.box.h } };
}

/** The sharpness of the plate's crop as the reader computes it (the net's 192 x 64 input). */
function sharpnessAt(canvas: OffscreenCanvas, box: { x: number; y: number; w: number; h: number }): number {
  const gray = grabGray(canvas, plateCrop(box, W, H));
  return plateSharpness(areaResize(gray, 192, 64), 192, 64);
}

beforeAll(async () => {
  await warmOcr();
}, 60_000);
afterAll(() => stopOcr());

describe("plate sharpness", () => {
  it("separates sharp rendered plates from shaken and out-of-focus ones at whole-car to close sizes", () => {
    const scores: Record<string, number[]> = { none: [], motion: [], focus: [] };
    PLATES.forEach((plate, i) => {
      for (const share of [0.14, 0.25, 0.45])
        for (const blur of ["none", "motion", "focus"] as const) {
          const { canvas, box } = frame(plate, share, 300 + i, blur);
          scores[blur].push(sharpnessAt(canvas, box));
        }
    });
    const r = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)} [${xs.map((x) => x.toFixed(2)).join(" ")}]`;
    console.log(`sharp ${r(scores.none)}, motion ${r(scores.motion)}, focus ${r(scores.focus)}`);
    expect(Math.min(...scores.none)).toBeGreaterThan(BLURRED_SHARPNESS);
    expect(Math.max(...scores.motion, ...scores.focus)).toBeLessThan(BLURRED_SHARPNESS);
  });

  const dev = inject("devPlates");
  it.skipIf(dev.length === 0)("scores the real photos' plates as sharp (../shared/data/plates-br-dev, read in place)", async () => {
    const scores: number[] = [];
    for (const p of dev) {
      const bytes = Uint8Array.from(atob(p.jpeg), (ch) => ch.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext("2d")!.drawImage(bitmap, 0, 0);
      bitmap.close();
      const gray = grabGray(canvas, plateCrop(p.box, canvas.width, canvas.height));
      scores.push(plateSharpness(areaResize(gray, 192, 64), 192, 64));
    }
    console.log(`dev photos: ${scores.map((x) => x.toFixed(2)).join(" ")}`);
    expect(Math.min(...scores)).toBeGreaterThan(BLURRED_SHARPNESS);
  });

  it("comes with the worker's reading of a found plate", async () => {
    const sharp = frame("PQR9081", 0.25, 7, "none");
    const read = await readPlateFrame(await createImageBitmap(sharp.canvas), { guide: null, find: true });
    expect(read.found).toBeGreaterThan(0);
    expect(read.sharpness!).toBeGreaterThan(BLURRED_SHARPNESS);
    const shaken = frame("PQR9081", 0.25, 7, "motion");
    const blurred = await readPlateFrame(await createImageBitmap(shaken.canvas), { guide: null, find: true });
    if (blurred.found > 0) expect(blurred.sharpness!).toBeLessThan(BLURRED_SHARPNESS);
  });
});
