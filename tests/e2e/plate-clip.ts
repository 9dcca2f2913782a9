// Synthetic camera clips for the scanner's e2e tests (Node, plus one drawing function run in a page): a Brazilian plate on a
// close-up bumper or on a whole car anywhere in the frame, written as the YUV4MPEG2 file Chromium's fake camera loops, its
// frames shaken by a pixel or two and given a little sensor noise as a hand-held phone's are.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { CHROME_ARGS, CHROME_PATH, FAKE_MEDIA_ARGS } from "../support/chromium";

export interface PlateScene {
  plate: string;
  width: number;
  height: number;
  /** The plate's width over the frame's width (default 0.46: a close-up filling the guide). */
  share?: number;
  /** The plate's centre, as shares of the frame's width and height (default 0.5, 0.5). */
  cx?: number;
  cy?: number;
  /** "bumper" (default): a bumper band across the frame, the close-up; "car": a whole car around the plate. */
  scene?: "bumper" | "car";
  /** Blur of the plate, in pixels (canvas filter). */
  blur?: number;
  /** Index in the plate (normalised, no hyphen) of a character hidden by a grey blotch, as mud would. */
  smudge?: number;
  /** Pixels drawn beyond each edge of the frame: the room the hand-held shake moves in. */
  margin?: number;
}

/** The plate's rectangle in the frame's pixels (the same arithmetic as drawPlateScene). */
export function plateBox(s: PlateScene): { x: number; y: number; w: number; h: number } {
  const w = Math.round(s.width * (s.share ?? 0.46)),
    h = Math.round(w / 3.08);
  return { x: Math.round(s.width * (s.cx ?? 0.5) - w / 2), y: Math.round(s.height * (s.cy ?? 0.5) - h / 2), w, h };
}

/**
 * Draws the scene and returns its RGBA pixels, base64, (width + 2 margin) x (height + 2 margin). Runs in a page (serialised by
 * page.evaluate): self-contained, no nested named functions.
 */
export function drawPlateScene(s: PlateScene): string {
  const m = s.margin ?? 0;
  const { width, height } = s;
  const canvas = document.createElement("canvas");
  canvas.width = width + 2 * m;
  canvas.height = height + 2 * m;
  const g = canvas.getContext("2d")!;
  g.translate(m, m);
  const bg = g.createLinearGradient(0, -m, 0, height + m);
  bg.addColorStop(0, "#6b7480");
  bg.addColorStop(1, "#2f3540");
  g.fillStyle = bg;
  g.fillRect(-m, -m, width + 2 * m, height + 2 * m);
  const mercosul = /^[A-Z]{3}\d[A-Z]\d{2}$/.test(s.plate);
  const pw = Math.round(width * (s.share ?? 0.46)),
    ph = Math.round(pw / 3.08);
  const x = Math.round(width * (s.cx ?? 0.5) - pw / 2),
    y = Math.round(height * (s.cy ?? 0.5) - ph / 2);
  if (s.scene === "car") {
    // A car's rear around the plate, about as wide as four and a half plates, with the road below it.
    const cw = pw * 4.6,
      left = x + pw / 2 - cw / 2;
    g.fillStyle = "#3b3f44";
    g.fillRect(-m, y + ph + pw * 0.55, width + 2 * m, height);
    g.fillStyle = "#111";
    g.fillRect(left + pw * 0.3, y + ph + pw * 0.2, pw * 0.7, pw * 0.45);
    g.fillRect(left + cw - pw, y + ph + pw * 0.2, pw * 0.7, pw * 0.45);
    g.fillStyle = "#6e1c1c";
    g.beginPath();
    g.roundRect(left, y - pw * 1.45, cw, pw * 1.45 + ph + pw * 0.4, pw * 0.25);
    g.fill();
    g.fillStyle = "#1b232c";
    g.beginPath();
    g.moveTo(left + pw * 0.7, y - pw * 0.75);
    g.lineTo(left + cw - pw * 0.7, y - pw * 0.75);
    g.lineTo(left + cw - pw * 1.1, y - pw * 1.3);
    g.lineTo(left + pw * 1.1, y - pw * 1.3);
    g.closePath();
    g.fill();
    g.fillStyle = "#c8262a";
    g.fillRect(left + pw * 0.12, y - pw * 0.55, pw * 0.75, pw * 0.3);
    g.fillRect(left + cw - pw * 0.87, y - pw * 0.55, pw * 0.75, pw * 0.3);
    g.fillStyle = "#1d2129";
    g.fillRect(left, y - ph * 0.35, cw, ph * 1.7);
  } else {
    g.fillStyle = "#1d2129"; // bumper
    g.fillRect(-m, height * 0.36, width + 2 * m, height * 0.3);
  }
  if (s.blur) g.filter = `blur(${s.blur}px)`;
  g.fillStyle = mercosul ? "#ffffff" : "#c9ccd0";
  g.fillRect(x, y, pw, ph);
  g.lineWidth = 3;
  g.strokeStyle = "#111";
  g.strokeRect(x + 2, y + 2, pw - 4, ph - 4);
  const band = Math.round(ph * 0.2);
  g.textAlign = "center";
  g.textBaseline = "middle";
  if (mercosul) {
    g.fillStyle = "#1f3f99";
    g.fillRect(x + 4, y + 4, pw - 8, band);
    g.fillStyle = "#fff";
    g.font = `bold ${Math.round(band * 0.7)}px "DejaVu Sans", sans-serif`;
    g.fillText("BRASIL", x + pw / 2, y + 4 + band / 2);
  } else {
    g.fillStyle = "#111";
    g.font = `bold ${Math.round(band * 0.7)}px "DejaVu Sans", sans-serif`;
    g.fillText("SP - SAO PAULO", x + pw / 2, y + 4 + band / 2);
  }
  g.fillStyle = "#111";
  const text = mercosul ? s.plate : `${s.plate.slice(0, 3)}-${s.plate.slice(3)}`;
  const size = Math.round((ph - band) * 0.72);
  g.font = `bold ${size}px "DejaVu Sans Mono", "DejaVu Sans", monospace`;
  const textY = y + band + (ph - band) / 2 + 2;
  g.fillText(text, x + pw / 2, textY, pw - 16);
  if (s.smudge !== undefined) {
    // A blotch of mud over one character (monospace: every character has the same advance, squeezed like the text).
    const advance = Math.min(g.measureText(text).width, pw - 16) / text.length;
    const at = mercosul || s.smudge < 3 ? s.smudge : s.smudge + 1;
    const cxChar = x + pw / 2 - (advance * text.length) / 2 + advance * (at + 0.5);
    g.fillStyle = "#8b8f94";
    g.beginPath();
    g.ellipse(cxChar, textY - 1, advance * 0.62, size * 0.56, 0.15, 0, Math.PI * 2);
    g.fill();
  }
  g.filter = "none";
  const bytes = g.getImageData(0, 0, canvas.width, canvas.height).data;
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** A hand-held phone's shake over 20 frames: the whole picture moves by up to 2 pixels each way (margin 2). */
export const HAND_SHAKE: readonly [number, number][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [2, 1],
  [2, 2],
  [1, 2],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-2, -1],
  [-1, -1],
  [0, -1],
  [1, -1],
  [1, 0],
  [2, 0],
  [1, 1],
  [0, 2],
  [-1, 1],
  [-1, 0],
  [0, 0],
];

export interface ClipOptions {
  /** Frames per second written in the header (Chromium plays the file at that rate, looping). */
  fps: number;
  /** One offset per frame into the drawn picture (its margin must cover them); the clip has as many frames. */
  shake: readonly (readonly [number, number])[];
  /** Luma noise: every pixel of every frame moved by a random -noise..+noise levels (seeded, so every run is the same). */
  noise: number;
}

/** RGBA drawn with `margin` -> a YUV4MPEG2 4:2:0 clip of width x height frames, one per shake offset. */
export function y4m(rgba: Uint8Array, width: number, height: number, margin: number, opts: ClipOptions): Buffer {
  const stride = width + 2 * margin;
  const ySize = width * height,
    cSize = (width / 2) * (height / 2);
  let seed = 0x2f6b9a1d;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${opts.fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const [dx, dy] of opts.shake) {
    const frame = Buffer.alloc(ySize + 2 * cSize);
    const at = (x: number, y: number) => ((y + margin + dy) * stride + x + margin + dx) * 4;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = at(x, y);
        const luma = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
        const n = opts.noise ? Math.floor(random() * (2 * opts.noise + 1)) - opts.noise : 0;
        frame[y * width + x] = Math.max(0, Math.min(255, Math.round(luma + n)));
      }
    }
    for (let cy = 0; cy < height / 2; cy++) {
      for (let cx = 0; cx < width / 2; cx++) {
        let r = 0,
          g = 0,
          b = 0;
        for (const [ox, oy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ]) {
          const i = at(cx * 2 + ox, cy * 2 + oy);
          r += rgba[i] / 4;
          g += rgba[i + 1] / 4;
          b += rgba[i + 2] / 4;
        }
        const c = cy * (width / 2) + cx;
        frame[ySize + c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        frame[ySize + cSize + c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
    parts.push(Buffer.from("FRAME\n"), frame);
  }
  return Buffer.concat(parts);
}

/**
 * A Chromium whose fake camera plays `scene` as a clip (drawn in a page of `drawer`, written to a temporary folder; `close`
 * closes the browser and removes the folder). Without `clip`, 30 identical frames at 30 fps (a camera on a tripod).
 */
export async function cameraShowing(
  drawer: Browser,
  scene: PlateScene,
  clip: ClipOptions = { fps: 30, shake: Array(30).fill([0, 0]), noise: 0 },
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const margin = Math.max(0, ...clip.shake.flatMap(([dx, dy]) => [Math.abs(dx), Math.abs(dy)]));
  const page = await drawer.newPage();
  const rgba = Buffer.from(await page.evaluate(drawPlateScene, { ...scene, margin }), "base64");
  await page.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scanner-y4m-"));
  const file = path.join(dir, "plate.y4m");
  try {
    fs.writeFileSync(file, y4m(rgba, scene.width, scene.height, margin, clip));
    const cam = await chromium.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: [...CHROME_ARGS, ...FAKE_MEDIA_ARGS, `--use-file-for-fake-video-capture=${file}`],
    });
    return {
      browser: cam,
      close: async () => {
        await cam.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
