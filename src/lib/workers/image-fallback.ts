// Image compression on the main thread with browser-image-compression, only for browsers whose workers lack OffscreenCanvas (main thread).
import { compressedName, fitContain, imageTier } from "../../domain/compression";

/** Workers can encode images only where OffscreenCanvas can produce a Blob (Safari before 16.4 cannot). */
export const workersCanEncodeImages = () =>
  typeof OffscreenCanvas !== "undefined" && typeof OffscreenCanvas.prototype.convertToBlob === "function";

async function dimensions(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const out = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return out;
}

/** The same tiers as the image worker; the library (a separate chunk) is loaded only when this path runs. */
export async function compressOnMainThread(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ file: File; compressed: boolean }> {
  const tier = imageTier(file.size);
  if (!tier) return { file, compressed: false };
  const { default: imageCompression } = await import("browser-image-compression");
  const { width, height } = await dimensions(file);
  const box = fitContain(width, height, tier.maxWidth, tier.maxHeight);
  const out = await imageCompression(file, {
    maxWidthOrHeight: Math.max(box.width, box.height),
    initialQuality: tier.quality,
    fileType: "image/jpeg",
    // Its own worker would need OffscreenCanvas too, and would fetch the library from a CDN: neither is wanted here.
    useWebWorker: false,
    maxIteration: 1,
    onProgress,
  });
  if (out.size >= file.size) return { file, compressed: false };
  return { file: new File([out], compressedName(file.name, "jpeg"), { type: "image/jpeg", lastModified: Date.now() }), compressed: true };
}
