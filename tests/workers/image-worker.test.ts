// Image compression in real Chromium: tiers, contain-fitting, EXIF orientation, untouched small files, fallback on corrupt input.
import { afterAll, describe, expect, it } from "vitest";
import { compressImageFile, stopImageWorker } from "../../src/lib/workers/image-bridge";
import { compressWithTier } from "../../workers/image/compress-image";
import { MB } from "../../src/domain/compression";
import { runCompression } from "../../src/lib/workers/compression";
import { workerHandle } from "../../src/lib/workers/worker-lifecycle";
import { compressOnMainThread, workersCanEncodeImages } from "../../src/lib/workers/image-fallback";
import type { ImageApi } from "../../workers/image/image.worker";
import { noisePng } from "../support/media-fixtures";

afterAll(() => stopImageWorker());

async function size(blob: Blob) {
  const bmp = await createImageBitmap(blob);
  const out = { width: bmp.width, height: bmp.height };
  bmp.close();
  return out;
}

describe("image compression", () => {
  it("compresses files over 5 MB to JPEG within 1920x1080, keeping the aspect ratio", async () => {
    const input = await noisePng(2400, 1600);
    expect(input.size).toBeGreaterThan(5 * MB);
    const progress: number[] = [];
    const out = await compressImageFile(input, (p) => progress.push(p));
    expect(out.compressed).toBe(true);
    expect(out.file.name).toBe("compressed_foto.jpeg");
    expect(out.file.type).toBe("image/jpeg");
    expect(out.file.size).toBeLessThan(input.size);
    expect(await size(out.file)).toEqual({ width: 1620, height: 1080 });
    expect(progress.at(-1)).toBe(100);
  });

  it("compresses files over 2 MB within 2560x1440 without upscaling", async () => {
    const input = await noisePng(1200, 900);
    expect(input.size).toBeGreaterThan(2 * MB);
    expect(input.size).toBeLessThanOrEqual(5 * MB);
    const out = await compressImageFile(input);
    expect(out.compressed).toBe(true);
    expect(await size(out.file)).toEqual({ width: 1200, height: 900 });
  });

  it("leaves files of 2 MB or less untouched", async () => {
    const input = await noisePng(300, 200);
    const out = await compressImageFile(input);
    expect(out).toEqual({ file: input, compressed: false });
  });

  it("respects the EXIF orientation of camera photos", async () => {
    const canvas = new OffscreenCanvas(300, 100);
    canvas.getContext("2d")!.fillRect(0, 0, 300, 100);
    const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg" })).arrayBuffer());
    // APP1 Exif segment with Orientation = 6 (rotate 90° clockwise), inserted right after SOI.
    const exif = new Uint8Array([
      0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12,
      0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    const rotated = new Blob([jpeg.slice(0, 2), exif, jpeg.slice(2)], { type: "image/jpeg" });
    const out = await compressWithTier(rotated, "camera.jpg", { quality: 0.8, maxWidth: 2560, maxHeight: 1440 });
    expect(await size(out.blob)).toEqual({ width: 100, height: 300 });
  });

  it("falls back to the original file with the spec's warning when the image is corrupt", async () => {
    const junk = new Uint8Array(3 * MB).map((_, i) => (i * 31) & 0xff);
    const input = new File([junk], "quebrada.jpg", { type: "image/jpeg" });
    const out = await compressImageFile(input);
    expect(out).toEqual({ file: input, compressed: false, warning: "Erro na compressão, usando arquivo original" });
  });

  it("falls back to the original instead of waiting forever when the worker cannot be loaded (offline, new deploy)", async () => {
    const broken = workerHandle<ImageApi>(() => new Worker(new URL("/sem-worker-aqui.js", location.href), { type: "module" }));
    const input = new File([new Uint8Array(3 * MB)], "grande.jpg", { type: "image/jpeg" });
    const out = await runCompression(broken, "image", input);
    expect(out).toEqual({ file: input, compressed: false, warning: "Erro na compressão, usando arquivo original" });
    broken.stop();
  });
});

describe("image compression without OffscreenCanvas in workers (browser-image-compression on the main thread)", () => {
  it("applies the same tiers: JPEG within the tier's box, aspect kept, compressed_ name", async () => {
    const big = await noisePng(2400, 1800, "retrovisor.png");
    expect(big.size).toBeGreaterThan(5 * MB);
    const out = await compressOnMainThread(big);
    expect(out.compressed).toBe(true);
    expect(out.file.name).toBe("compressed_retrovisor.jpeg");
    expect(out.file.type).toBe("image/jpeg");
    expect(await size(out.file)).toEqual({ width: 1440, height: 1080 });
    expect(out.file.size).toBeLessThan(big.size);
  });

  it("leaves small files alone", async () => {
    const small = new File([new Uint8Array(1000)], "pequena.jpg", { type: "image/jpeg" });
    expect(await compressOnMainThread(small)).toEqual({ file: small, compressed: false });
  });

  it("is used only where workers cannot encode images", () => {
    expect(workersCanEncodeImages()).toBe(true);
  });
});
