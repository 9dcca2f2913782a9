// Plate-reading benchmark page (browser, served by Vite dev): generates the labelled set, and reads a set through the real OCR
// worker (single frame and the shipped multi-frame lock).
import { wrap, transfer } from "comlink";
import type { OcrApi } from "../../workers/ocr/ocr.worker";
import { ALONE_MIN_PROBABILITY, createPlateLock } from "../../src/domain/plate-lock";
import { aimCrop, PLATE_FONTS, renderPlateScene, rng, type PlateScene } from "./plate-render";

export interface LabelRow {
  file: string;
  plate: string;
  box?: { x: number; y: number; w: number; h: number };
}
export interface PlateResult {
  file: string;
  plate: string;
  single: string | null;
  locked: string | null;
  framesToLock: number | null;
  ms: number[];
  /** The single frame's best candidate's probability (0 when the reader gives none). */
  singleProbability: number;
  /** No lock in 5 frames: the plates the scanner then offers under 'Confirme a placa'. */
  choices: string[];
  /** The whole photo, no box given (the scanner's search with a centred guide): the best plate of one frame, and its time. */
  whole: string | null;
  wholeMs: number[];
  /** The plate the lock accepted over the whole photo's hand-held frames, and the second reader's plates on them. */
  wholeLocked: string | null;
  wholeProbability: number;
  wholeSeconds: (string | null)[];
  /** The second reader's plate on the first crop frame (undefined when it was not asked). */
  second?: string | null;
  secondMs?: number;
}

const L = "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  D = "0123456789",
  MERCOSUL_FIFTH = "ABCDEFGHIJ";

/** A labelled set of both formats (alternating) with realistic damage, cars or motorcycles; deterministic per seed. */
async function generate(
  count: number,
  seed: number,
  moto = false,
): Promise<{ file: string; plate: string; box: LabelRow["box"]; jpeg: string }[]> {
  const rand = rng(seed);
  const pick = (s: string) => s[Math.floor(rand() * s.length)];
  const out = [];
  for (let i = 0; i < count; i++) {
    const merc = i % 2 === 0;
    // Mercosul's 5th character is A-J: the old plate's 5th digit 0-9 became a letter on conversion.
    const plate = pick(L) + pick(L) + pick(L) + pick(D) + (merc ? pick(MERCOSUL_FIFTH) : pick(D)) + pick(D) + pick(D);
    const scene: PlateScene = {
      plate,
      seed: Math.floor(rand() * 1e9),
      font: PLATE_FONTS[Math.floor(rand() * PLATE_FONTS.length)],
      sceneWidth: 1280,
      sceneHeight: 720,
      plateWidth: 220 + rand() * 320,
      rotateDeg: (rand() - 0.5) * 10,
      perspective: rand() < 0.5 ? 1 : 0.8 + rand() * 0.2,
      blurPx: rand() < 0.5 ? 0 : rand() * 2.5,
      noise: rand() * 22,
      glare: rand() < 0.3 ? 0.3 + rand() * 0.5 : 0,
      dirt: rand() < 0.4 ? Math.floor(rand() * 8) : 0,
      light: rand() < 0.3 ? 0.3 + rand() * 0.4 : 0.8 + rand() * 0.2,
      contrast: 0.45 + rand() * 0.55,
      inverted: rand() < 0.08,
      moto,
    };
    if (moto) scene.plateWidth = 110 + rand() * 120;
    const { canvas, box } = renderPlateScene(scene);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let bin = "";
    for (let j = 0; j < bytes.length; j += 0x8000) bin += String.fromCharCode(...bytes.subarray(j, j + 0x8000));
    out.push({ file: `${String(i).padStart(4, "0")}.jpg`, plate, box, jpeg: btoa(bin) });
  }
  return out;
}

const FRAMES = 5;

/** Reads every image: frame 1 is the centred aim (single-frame figure); up to 5 frames with the aim's jitter feed the lock. */
async function read(rows: LabelRow[], withSecond = false): Promise<PlateResult[]> {
  const worker = new Worker(new URL("../../workers/ocr/ocr.worker.ts", import.meta.url), { type: "module", name: "ocr-bench" });
  const api = wrap<OcrApi>(worker);
  await api.warm();
  if (withSecond) await api.warmSecond();
  const results: PlateResult[] = [];
  for (const [index, row] of rows.entries()) {
    // Jitter per image: the same frames whatever the lock did on earlier images (comparable runs of two readers).
    const rand = rng(99 + index);
    const blob = await (await fetch(`/plates-data/${encodeURIComponent(row.file)}`)).blob();
    const lock = createPlateLock();
    const res: PlateResult = {
      file: row.file,
      plate: row.plate,
      single: null,
      locked: null,
      framesToLock: null,
      ms: [],
      singleProbability: 0,
      choices: [],
      whole: null,
      wholeMs: [],
      wholeLocked: null,
      wholeProbability: 0,
      wholeSeconds: [],
    };
    for (let f = 0; f < FRAMES; f++) {
      const bitmap = await createImageBitmap(blob);
      const crop = row.box
        ? aimCrop(row.box, bitmap.width, bitmap.height, f === 0 ? 0 : 0.06, rand)
        : { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
      const r = await api.read(transfer(bitmap, [bitmap]), { guide: crop, find: false });
      res.ms.push(r.ms);
      if (f === 0) {
        res.single = r.candidates[0]?.plate ?? null;
        res.singleProbability = r.candidates[0]?.probability ?? 0;
        res.second = r.second;
        res.secondMs = r.secondMs;
      }
      const accepted = lock.push(r.candidates, r.second);
      if (accepted) {
        res.locked = accepted.plate;
        res.framesToLock = f + 1;
        break;
      }
    }
    if (!res.locked) res.choices = lock.suggestions().map((c) => c.plate);
    // The same photo as the scanner meets it: the whole frame, no box given, the guide centred (76% of a 4:3 view of it), over
    // hand-held frames (each shifted up to 1.5% and scaled up to 2%), through the shipped lock.
    const photo = await createImageBitmap(blob);
    const gw = photo.height * (4 / 3) * 0.76;
    const guide = {
      x: Math.round((photo.width - gw) / 2),
      y: Math.round((photo.height - gw / 3) / 2),
      width: Math.round(gw),
      height: Math.round(gw / 3),
    };
    const wholeLock = createPlateLock({ aloneMinProbability: ALONE_MIN_PROBABILITY });
    for (let f = 0; f < FRAMES; f++) {
      const canvas = new OffscreenCanvas(photo.width, photo.height);
      const ctx = canvas.getContext("2d")!;
      const k = f === 0 ? 1 : 1 + (rand() - 0.5) * 0.04;
      const dx = f === 0 ? 0 : (rand() - 0.5) * 0.03 * photo.width,
        dy = f === 0 ? 0 : (rand() - 0.5) * 0.03 * photo.width;
      ctx.fillStyle = "#777";
      ctx.fillRect(0, 0, photo.width, photo.height);
      ctx.setTransform(k, 0, 0, k, dx + (photo.width * (1 - k)) / 2, dy + (photo.height * (1 - k)) / 2);
      ctx.drawImage(photo, 0, 0);
      const frame = await createImageBitmap(canvas);
      const w = await api.read(transfer(frame, [frame]), { guide, find: true });
      res.wholeMs.push(w.ms);
      if (f === 0) res.whole = w.candidates[0]?.plate ?? null;
      if (w.second !== undefined) res.wholeSeconds.push(w.second);
      const got = wholeLock.push(w.candidates, w.second);
      if (got) {
        res.wholeLocked = got.plate;
        res.wholeProbability = got.probability ?? 0;
        break;
      }
    }
    photo.close();
    results.push(res);
  }
  worker.terminate();
  return results;
}

Object.assign(globalThis, { generatePlates: generate, readPlates: read });
document.getElementById("status")!.textContent = "Pronto";
