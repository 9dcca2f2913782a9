// Generated test and benchmark media (browser only): camera-like MP4/AVC clips made with WebCodecs through mediabunny,
// and random-pixel PNGs.
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output } from "mediabunny";

/**
 * A detailed clip with steady motion, like camera footage walking around a car, encoded at a high bitrate. `grain`: tiles drawn
 * faintly over each frame, one picked at random per 256-px block at a random offset (a sensor's noise: bench/browser/device-media.ts).
 */
export async function makeClip(
  width: number,
  height: number,
  seconds: number,
  { bitrate = 8_000_000, grain }: { bitrate?: number; grain?: OffscreenCanvas[] } = {},
): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat(), target });
  const source = new CanvasSource(canvas, { codec: "avc", bitrate });
  output.addVideoTrack(source, { frameRate: 30 });
  await output.start();
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const shapes = Array.from({ length: 60 }, () => ({
    x: rnd() * width,
    y: rnd() * height,
    w: 20 + rnd() * 120,
    h: 20 + rnd() * 120,
    vx: (rnd() - 0.5) * 8,
    vy: (rnd() - 0.5) * 8,
    hue: rnd() * 360,
  }));
  for (let i = 0; i < seconds * 30; i++) {
    ctx.globalAlpha = 1;
    ctx.fillStyle = "hsl(210 30% 35%)";
    ctx.fillRect(0, 0, width, height);
    for (const s of shapes) {
      ctx.fillStyle = `hsl(${s.hue} 80% 50%)`;
      ctx.fillRect((s.x + s.vx * i + width) % width, (s.y + s.vy * i + height) % height, s.w, s.h);
    }
    if (grain?.length) {
      ctx.globalAlpha = 0.14;
      const ox = -Math.floor(rnd() * 256),
        oy = -Math.floor(rnd() * 256);
      for (let y = oy; y < height; y += 256)
        for (let x = ox; x < width; x += 256) ctx.drawImage(grain[Math.floor(rnd() * grain.length)]!, x, y);
    }
    await source.add(i / 30, 1 / 30);
  }
  await output.finalize();
  return new Blob([target.buffer!], { type: "video/mp4" });
}

/** A PNG of random pixels (incompressible, so its size follows its area). */
export async function noisePng(width: number, height: number, name = "foto.png"): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const img = ctx.createImageData(width, height);
  const view = new Uint32Array(img.data.buffer);
  let x = 2463534242;
  for (let i = 0; i < view.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    view[i] = (x >>> 0) | 0xff000000;
  }
  ctx.putImageData(img, 0, 0);
  return new File([await canvas.convertToBlob({ type: "image/png" })], name, { type: "image/png" });
}
