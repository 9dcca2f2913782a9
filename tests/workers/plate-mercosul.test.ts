// OCR worker in real Chromium, issue 48: Mercosul plates whose 5th letter is K-Z (plates issued new; A-J are the converted old
// plates) are read as written, as Mercosul plates, and locked: the demo member's QWE5R67 and one more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPlateFrame, stopOcr, warmOcr } from "../../src/lib/workers/ocr-bridge";
import { createPlateLock } from "../../src/domain/plate-lock";
import type { PlateCandidate } from "../../src/domain/plate";
import { aimCrop, renderPlateScene, type PlateScene } from "../../bench/browser/plate-render";

beforeAll(async () => {
  await warmOcr();
}, 60_000);
afterAll(() => stopOcr());

async function read(scene: PlateScene) {
  const { canvas, box } = renderPlateScene(scene);
  const bitmap = await createImageBitmap(canvas);
  return readPlateFrame(bitmap, { guide: aimCrop(box, canvas.width, canvas.height), find: false });
}

describe("OCR worker, Mercosul plates with a 5th letter K-Z", () => {
  // Five renders of each plate, hand-held: fonts, placement and sensor noise change. The reader is statistical: most of them
  // read exactly, and the lock accepts the plate as written (before issue 48 the grammar allowed only A-J there: never read).
  it.each(["QWE5R67", "FTN4X92"])(
    "reads %s on most frames and locks it as a Mercosul plate",
    async (plate) => {
      const lock = createPlateLock();
      let accepted: PlateCandidate | null = null;
      const firsts: (string | undefined)[] = [];
      for (const [i, seed] of [51, 52, 53, 54, 55].entries()) {
        const font = i % 2 ? "Liberation Sans" : "DejaVu Sans Condensed";
        const { candidates } = await read({ plate, seed, font, noise: 6, rotateDeg: (i - 2) * 1.5 });
        firsts.push(candidates[0]?.plate);
        for (const c of candidates) expect(c.plate).toMatch(c.format === "antiga" ? /^[A-Z]{3}[0-9]{4}$/ : /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/);
        accepted ??= lock.push(candidates);
      }
      expect(firsts.filter((p) => p === plate).length, firsts.join(", ")).toBeGreaterThanOrEqual(3);
      expect(accepted?.plate, firsts.join(", ")).toBe(plate);
      expect(accepted?.format).toBe("mercosul");
    },
    60_000,
  );
});
