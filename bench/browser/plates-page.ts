// Plate-reading benchmark page (browser, served by Vite dev): generates the labelled set (plate-render.ts generatePlateSet), and
// reads a set through the real OCR worker (single frame and the shipped multi-frame lock).
import { wrap, transfer } from "comlink";
import type { OcrApi } from "../../workers/ocr/ocr.worker";
import { ALONE_MIN_PROBABILITY, createPlateLock } from "../../src/domain/plate-lock";
import { aimCrop, generatePlateSet, rng } from "./plate-render";

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

// generatePlates: the scan and device benches' generated scenes, the plates bench's own generator (one for every bench).
Object.assign(globalThis, { generatePlates: generatePlateSet, readPlates: read });
document.getElementById("status")!.textContent = "Pronto";
