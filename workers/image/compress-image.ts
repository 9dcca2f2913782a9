// Image compression by the spec's tiers with createImageBitmap + OffscreenCanvas (worker logic, no Comlink; testable directly).
import { compressedName, fitContain, imageTier, type ImageTier } from "../../src/domain/compression.ts";

export interface ImageResult {
  blob: Blob;
  name: string;
  compressed: boolean;
  width?: number;
  height?: number;
}

/** Decodes with the EXIF orientation applied, scales to fit the tier's box and encodes JPEG at the tier's quality. */
export async function compressWithTier(file: Blob, name: string, tier: ImageTier, onProgress?: (p: number) => void): Promise<ImageResult> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  onProgress?.(40);
  const { width, height } = fitContain(bitmap.width, bitmap.height, tier.maxWidth, tier.maxHeight);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("2d context unavailable");
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  onProgress?.(70);
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: tier.quality });
  onProgress?.(100);
  return { blob, name: compressedName(name, "jpeg"), compressed: true, width, height };
}

/** Files at or under 2 MB are returned as they are; a result larger than the input is discarded in favour of the input. */
export async function compressImage(file: Blob, name: string, onProgress?: (p: number) => void): Promise<ImageResult> {
  const tier = imageTier(file.size);
  if (!tier) {
    onProgress?.(100);
    return { blob: file, name, compressed: false };
  }
  const out = await compressWithTier(file, name, tier, onProgress);
  return out.blob.size < file.size ? out : { blob: file, name, compressed: false };
}
