// The OCR worker's asset (the plate net's weights): fetched from our origin once and kept
// in the Cache API under their hashed URLs, so /scan works offline after its first use (worker logic).
export const OCR_CACHE = "ocr-assets-v1";

/** Fetches an asset of ours once; kept in the Cache API under its hashed URL so later visits work offline. */
export async function cachedBytes(url: string): Promise<Uint8Array> {
  const abs = new URL(url, self.location.href).href;
  let cache: Cache | undefined;
  try {
    cache = await caches.open(OCR_CACHE);
    const hit = await cache.match(abs);
    if (hit) return new Uint8Array(await hit.arrayBuffer());
  } catch {
    /* no Cache API (opaque origin): network only */
  }
  const res = await fetch(abs);
  if (!res.ok) throw new Error(`OCR asset ${abs}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  try {
    await cache?.put(abs, new Response(bytes.slice()));
    // Older hashed copies of the same asset are dropped so the cache holds one version.
    const base = abs.replace(/-[A-Za-z0-9_-]{8}(\.[a-z.]+)$/, "");
    for (const req of (await cache?.keys()) ?? []) if (req.url !== abs && req.url.startsWith(base)) await cache?.delete(req);
  } catch {
    /* quota: still usable this session */
  }
  return bytes;
}
