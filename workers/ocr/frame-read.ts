// One camera frame's reading (worker logic): plates found anywhere in the frame (plate-finder.ts) are read at the frame's full
// resolution by the plate net, the guide's rectangle only when none is found; the second reader, once loaded, reads the chosen
// plate's line of characters as a second opinion. Also says what the attendant could change (light, distance).
import type { CropRect } from "../../src/domain/capture.ts";
import type { FrameHint } from "../../src/domain/plate-lock.ts";
import { areaResize, grabGray, grabGrayScaled, type GrayImage } from "./net-input.ts";
import { mergeReadings, type NetReading } from "./net-candidates.ts";
import { FINDER_WIDTHS, findPlates, type FoundBox } from "./plate-finder.ts";
import { NET_VARIANTS, readWithNet } from "./read-net.ts";
import type { PlateNet } from "./plate-net.ts";
import { plateSharpness } from "./sharpness.ts";

export interface ReadOptions {
  /** The guide frame's rectangle: a found plate inside it is read first, and it is read itself when no plate is found. */
  guide: CropRect | null;
  /** Look for plates in the whole frame (the scanner); false reads the guide rectangle only (the reader bench's crops). */
  find: boolean;
}

export interface FrameRead extends NetReading, FrameHint {
  /** Where the candidates were read, in frame pixels (null: nothing to read). */
  region: CropRect | null;
  /** The second reader's plate for that region: a plate, null (read, no plate in it), undefined (not loaded or not asked). */
  second?: string | null;
  /** Worker time for the frame (finding and the net), ms; the second reader's own time apart. */
  ms: number;
  secondMs?: number;
}

/** Reads a line of text in an RGBA image (the second reader, loaded on demand). */
export type LineReader = (image: ImageData) => Promise<{ plate: string | null }>;

/**
 * Plates read per frame at most (each about 27 ms of this machine's worker with one view; the best gets a second view). The
 * finder's first two boxes held the plate as often as its first four on the dev photos, at every framing.
 */
export const MAX_REGIONS = 2;
/** The second reader is asked only when the net saw a plate with at least this probability (nothing to confirm otherwise). */
export const SECOND_MIN_PROBABILITY = 0.15;

/**
 * The crop the net was trained on around a plate (scripts/train-plates/scene.py: 1.06-1.7 x its width, 2.5-3.2:1), the
 * middle of that range, as the reader bench aims at a labelled box (bench/browser/plate-render.ts aimCrop).
 */
export function plateCrop(box: { x: number; y: number; w: number; h: number }, width: number, height: number): CropRect {
  const w = box.w * 1.3;
  const h = Math.max(box.h * 1.5, w / 2.6);
  return clampRect(box.x + box.w / 2 - w / 2, box.y + box.h / 2 - h / 2, w, h, width, height);
}

/** The line of characters with a margin, as the second reader was measured (labelled box + 10%). */
function lineCrop(box: FoundBox, width: number, height: number): CropRect {
  const { x, y, w, h } = box.row;
  return clampRect(x - w * 0.08, y - h * 0.3, w * 1.16, h * 1.6, width, height);
}

function clampRect(x: number, y: number, w: number, h: number, width: number, height: number): CropRect {
  const x0 = Math.max(0, Math.round(x)),
    y0 = Math.max(0, Math.round(y));
  return { x: x0, y: y0, width: Math.min(width - x0, Math.round(w)), height: Math.min(height - y0, Math.round(h)) };
}

const overlap = (a: CropRect, b: { x: number; y: number; w: number; h: number }) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.h) - Math.max(a.y, b.y));

/** Mean brightness (0-255) over a sparse grid of the frame. */
function brightnessOf(g: GrayImage): number {
  let s = 0,
    n = 0;
  for (let i = 0; i < g.data.length; i += 97) {
    s += g.data[i];
    n++;
  }
  return n ? s / n : 0;
}

const best = (r: NetReading) => r.candidates[0]?.probability ?? 0;

/** A finder's box (in the reduced frame's pixels) in the frame's own, `k` times larger. */
function scaleBox(b: FoundBox, k: number): FoundBox {
  return {
    ...b,
    x: b.x * k,
    y: b.y * k,
    w: b.w * k,
    h: b.h * k,
    row: { x: b.row.x * k, y: b.row.y * k, w: b.row.w * k, h: b.row.h * k },
  };
}

/** The sharpness of a plate's crop at the net's input size (sharpness.ts). */
function sharpnessOf(crop: GrayImage, net: PlateNet): number {
  const [, h, w] = net.input;
  return plateSharpness(areaResize(crop, w, h), w, h);
}

export async function readFrame(net: PlateNet, frame: ImageBitmap, opts: ReadOptions, second?: LineReader): Promise<FrameRead> {
  const t0 = performance.now();
  const W = frame.width,
    H = frame.height;
  if (!opts.find) {
    const region = opts.guide ?? { x: 0, y: 0, width: W, height: H };
    const gray = grabGray(frame, region);
    const out: FrameRead = { ...readWithNet(net, gray), region, found: 0, plateShare: 0, brightness: brightnessOf(gray), ms: 0 };
    out.ms = performance.now() - t0;
    if (second && best(out) >= SECOND_MIN_PROBABILITY) Object.assign(out, await askSecond(frame, region, second));
    return out;
  }
  // The finder looks at the frame drawn down to its finest width; boxes come back in the frame's own pixels.
  const small = grabGrayScaled(frame, FINDER_WIDTHS[0]);
  const k = W / small.width;
  const boxes = findPlates(small, MAX_REGIONS).map((b) => scaleBox(b, k));
  // The guide is a hint: a plate the attendant aimed at is read first.
  const guide = opts.guide;
  if (guide) boxes.sort((a, b) => Number(overlap(guide, b) > 0.5 * b.w * b.h) - Number(overlap(guide, a) > 0.5 * a.w * a.h));
  const regions = boxes.map((b) => plateCrop(b, W, H));
  if (!regions.length && guide) regions.push(guide);
  // The second reader (a worker of its own: a core of its own on a phone) reads the first box's row while the net reads the
  // crops, so a frame takes the longer of the two rather than their sum (low-tier phone: net ~1.45 s, second ~1.0 s). Not while
  // it is still on an earlier frame's row: asks would pile up behind a slow reader.
  const early = second && boxes[0] && !secondReads ? askSecond(frame, lineCrop(boxes[0], W, H), second) : undefined;
  let chosen = -1;
  let reading: NetReading = { candidates: [], noPlate: 1 };
  // Each region at the frame's full resolution.
  const crops = regions.map((region) => grabGray(frame, region));
  crops.forEach((crop, i) => {
    const r = readWithNet(net, crop, [NET_VARIANTS[0]]);
    if (chosen < 0 || best(r) > best(reading)) {
      chosen = i;
      reading = r;
    }
  });
  // The chosen plate gets the second view (a shifted inset) that the lock's probabilities were tuned with.
  if (chosen >= 0 && best(reading) > 0) reading = mergeReadings([reading, readWithNet(net, crops[chosen], [NET_VARIANTS[1]])]);
  const box = boxes[chosen] as FoundBox | undefined;
  const out: FrameRead = {
    ...reading,
    region: chosen >= 0 ? regions[chosen] : null,
    found: boxes.length,
    plateShare: boxes.length ? Math.max(...boxes.map((b) => b.w)) / W : 0,
    brightness: brightnessOf(small),
    sharpness: box ? sharpnessOf(crops[chosen], net) : undefined,
    ms: performance.now() - t0,
  };
  // Only a found plate's row goes to the second reader: on the looser guide rectangle it read 16 points fewer and agreed with
  // the net on wrong plates (the reader bench's crops: 3.5% wrong locks with it), so a guide read stays the net's alone.
  // An early answer is for the first box: used when the net chose it, else that row is asked now.
  if (second && box && best(reading) >= SECOND_MIN_PROBABILITY)
    Object.assign(out, await (chosen === 0 && early ? early : askSecond(frame, lineCrop(box, W, H), second)));
  return out;
}

/** The second reader's reads running (this worker's frames): no early ask is started while one is. */
let secondReads = 0;

/**
 * The second reader's plate for a rectangle of the frame, with its time, as FrameRead's fields (undefined when it could not
 * answer: its worker stopped or failed, and the frame is the net's alone). The pixels are copied before the first await, so
 * the frame may close meanwhile.
 */
function askSecond(frame: ImageBitmap, line: CropRect, second: LineReader): Promise<Pick<FrameRead, "second" | "secondMs"> | undefined> {
  const t1 = performance.now();
  const canvas = new OffscreenCanvas(line.width, line.height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.drawImage(frame, line.x, line.y, line.width, line.height, 0, 0, line.width, line.height);
  const image = ctx.getImageData(0, 0, line.width, line.height);
  secondReads++;
  return second(image)
    .then(
      (r) => ({ second: r.plate, secondMs: performance.now() - t1 }),
      () => undefined,
    )
    .finally(() => {
      secondReads--;
    });
}
