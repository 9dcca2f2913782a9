// How sharp a plate's crop is (worker logic, pure): the mean magnitude of the second difference across rows and across columns
// of the crop reduced to the net's input, the weaker of the two, over its contrast (the 5th to 95th percentile of its grays),
// so a dim or a bright plate of the same focus scores alike. Characters in focus have strong second differences at their
// strokes both ways; out of focus they fade both ways, shaken they fade along the motion (the weaker direction shows it). The
// scanner's advice names blur only when the crops say so (src/domain/plate-lock.ts BLURRED_SHARPNESS).

/** Sharpness of a gray image (one byte per pixel, row by row); 0 for a flat one. */
export function plateSharpness(data: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3) return 0;
  const hist = new Uint32Array(256);
  for (const v of data) hist[v]++;
  const at = (q: number) => {
    let n = 0;
    const want = q * data.length;
    for (let v = 0; v < 256; v++) if ((n += hist[v]) >= want) return v;
    return 255;
  };
  const range = at(0.95) - at(0.05);
  if (range < 8) return 0;
  let across = 0,
    down = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      across += Math.abs(2 * data[i] - data[i - 1] - data[i + 1]);
      down += Math.abs(2 * data[i] - data[i - width] - data[i + width]);
    }
  return ((Math.min(across, down) / ((width - 2) * (height - 2))) * 10) / range;
}
