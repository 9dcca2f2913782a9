// Training page for the plate character classifier (browser, served by Vite dev): renders plate scenes in condensed fonts
// installed from npm (@fontsource), runs them through the worker's own crop and line isolation, labels each isolated glyph
// with its plate character, trains the small network of workers/ocr/char-classifier.ts and quantizes it to int8.
// Fonts are split: some only train, the held-out ones and the bench's system fonts only measure (no figure is on seen fonts).
import barlow from "@fontsource/barlow-condensed/files/barlow-condensed-latin-700-normal.woff2?url";
import roboto from "@fontsource/roboto-condensed/files/roboto-condensed-latin-700-normal.woff2?url";
import saira from "@fontsource/saira-condensed/files/saira-condensed-latin-700-normal.woff2?url";
import oswald from "@fontsource/oswald/files/oswald-latin-700-normal.woff2?url";
import archivo from "@fontsource/archivo-narrow/files/archivo-narrow-latin-700-normal.woff2?url";
import encode from "@fontsource/encode-sans-condensed/files/encode-sans-condensed-latin-700-normal.woff2?url";
import ptsans from "@fontsource/pt-sans-narrow/files/pt-sans-narrow-latin-700-normal.woff2?url";
import asap from "@fontsource/asap-condensed/files/asap-condensed-latin-700-normal.woff2?url";
import fira from "@fontsource/fira-sans-condensed/files/fira-sans-condensed-latin-700-normal.woff2?url";
import plex from "@fontsource/ibm-plex-sans-condensed/files/ibm-plex-sans-condensed-latin-700-normal.woff2?url";
import { aimCrop, PLATE_FONTS, renderPlateScene, rng, type PlateScene } from "../../bench/browser/plate-render";
import { grabCrop } from "../../workers/ocr/frame";
import { plateLine } from "../../workers/ocr/preprocess";
import { GLYPH_INPUTS } from "../../workers/ocr/glyphs";
import { CHAR_CLASSES, createClassifier, type CharModel } from "../../workers/ocr/char-classifier";

const FONTS: Record<string, string> = {
  "Train Barlow Condensed": barlow, "Train Roboto Condensed": roboto, "Train Saira Condensed": saira, "Train Oswald": oswald,
  "Train Archivo Narrow": archivo, "Train Encode Sans Condensed": encode, "Train PT Sans Narrow": ptsans,
  "Train Asap Condensed": asap, "Train Fira Sans Condensed": fira, "Train IBM Plex Sans Condensed": plex,
};

async function loadFonts() {
  for (const [family, url] of Object.entries(FONTS)) {
    const face = new FontFace(family, `url(${url})`, { weight: "700" });
    await face.load();
    document.fonts.add(face);
  }
}

interface Sample { x: Float32Array; y: number }
const L = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", D = "0123456789";

/** Glyphs of `count` rendered plates in the given fonts, as the worker isolates them (two aims per plate). */
function samples(fonts: string[], count: number, seed: number): Sample[] {
  const rand = rng(seed);
  const pick = (s: string) => s[Math.floor(rand() * s.length)];
  const out: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const merc = i % 2 === 0;
    const plate = pick(L) + pick(L) + pick(L) + pick(D) + (merc ? pick(L) : pick(D)) + pick(D) + pick(D);
    const scene: PlateScene = {
      plate, seed: Math.floor(rand() * 1e9), font: `"${fonts[Math.floor(rand() * fonts.length)]}"`,
      sceneWidth: 800, sceneHeight: 450, plateWidth: 150 + rand() * 220,
      rotateDeg: (rand() - 0.5) * 10, perspective: rand() < 0.5 ? 1 : 0.8 + rand() * 0.2,
      blurPx: rand() < 0.5 ? 0 : rand() * 2.2, noise: rand() * 22, glare: rand() < 0.3 ? 0.3 + rand() * 0.5 : 0,
      dirt: rand() < 0.4 ? Math.floor(rand() * 8) : 0, light: rand() < 0.3 ? 0.3 + rand() * 0.4 : 0.8 + rand() * 0.2,
      contrast: 0.45 + rand() * 0.55, inverted: rand() < 0.08,
    };
    const { canvas, box } = renderPlateScene(scene);
    for (let aim = 0; aim < 2; aim++) {
      const { gray } = grabCrop(canvas, aimCrop(box, canvas.width, canvas.height, aim === 0 ? 0 : 0.06, rand));
      const line = plateLine(gray, 36, 0.1);
      // Only lines whose 7 characters are 7 whole components: a recovered (clipped) character may be the wrong slot, and a
      // shifted label would teach the network the wrong shapes.
      if (!line?.glyphs || !line.holes) continue;
      line.glyphs.forEach((g, k) => { if (g) out.push({ x: g, y: CHAR_CLASSES.indexOf(plate[k]) }); });
    }
  }
  return out;
}

/** Two-layer network, ReLU hidden, softmax out, Adam on mini-batches; returns float weights. */
function train(data: Sample[], hidden: number, epochs: number, seed: number) {
  const rand = rng(seed);
  const nIn = GLYPH_INPUTS, nOut = CHAR_CLASSES.length;
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const w1 = Float32Array.from({ length: hidden * nIn }, () => gauss() * Math.sqrt(2 / nIn));
  const w2 = Float32Array.from({ length: nOut * hidden }, () => gauss() * Math.sqrt(2 / hidden));
  const b1 = new Float32Array(hidden), b2 = new Float32Array(nOut);
  const params = [w1, b1, w2, b2];
  const grads = params.map((p) => new Float32Array(p.length));
  const m = params.map((p) => new Float32Array(p.length)), v = params.map((p) => new Float32Array(p.length));
  const h = new Float32Array(hidden), o = new Float32Array(nOut), dh = new Float32Array(hidden);
  const batch = 32, beta1 = 0.9, beta2 = 0.999, decay = 1e-4;
  let step = 0;
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const lr = 0.002 * (epoch < epochs - 3 ? 1 : 0.3);
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
    for (let start = 0; start < order.length; start += batch) {
      grads.forEach((g) => g.fill(0));
      const end = Math.min(order.length, start + batch);
      for (let s = start; s < end; s++) {
        const { x, y } = data[order[s]];
        for (let j = 0; j < hidden; j++) {
          let sum = b1[j];
          const row = j * nIn;
          for (let i = 0; i < nIn; i++) sum += w1[row + i] * x[i];
          h[j] = sum > 0 ? sum : 0;
        }
        let max = -Infinity;
        for (let k = 0; k < nOut; k++) {
          let sum = b2[k];
          const row = k * hidden;
          for (let j = 0; j < hidden; j++) sum += w2[row + j] * h[j];
          o[k] = sum;
          if (sum > max) max = sum;
        }
        let total = 0;
        for (let k = 0; k < nOut; k++) total += (o[k] = Math.exp(o[k] - max));
        dh.fill(0);
        for (let k = 0; k < nOut; k++) {
          const d = o[k] / total - (k === y ? 1 : 0);
          grads[3][k] += d;
          const row = k * hidden;
          for (let j = 0; j < hidden; j++) { grads[2][row + j] += d * h[j]; dh[j] += d * w2[row + j]; }
        }
        for (let j = 0; j < hidden; j++) {
          if (h[j] <= 0) continue;
          const d = dh[j];
          grads[1][j] += d;
          const row = j * nIn;
          for (let i = 0; i < nIn; i++) grads[0][row + i] += d * x[i];
        }
      }
      step++;
      const n = end - start;
      params.forEach((p, pi) => {
        const g = grads[pi], mm = m[pi], vv = v[pi];
        const c1 = 1 - beta1 ** step, c2 = 1 - beta2 ** step;
        for (let i = 0; i < p.length; i++) {
          const gi = g[i] / n + (pi % 2 === 0 ? decay * p[i] : 0);
          mm[i] = beta1 * mm[i] + (1 - beta1) * gi;
          vv[i] = beta2 * vv[i] + (1 - beta2) * gi * gi;
          p[i] -= (lr * (mm[i] / c1)) / (Math.sqrt(vv[i] / c2) + 1e-8);
        }
      });
    }
  }
  return { w1, b1, w2, b2, hidden };
}

function quantize(w: Float32Array): { b64: string; scale: number } {
  let max = 0;
  for (const x of w) max = Math.max(max, Math.abs(x));
  const scale = max / 127 || 1;
  let bin = "";
  for (const x of w) bin += String.fromCharCode(Math.round(x / scale) & 0xff);
  return { b64: btoa(bin), scale };
}

function toModel(net: ReturnType<typeof train>, meta: Record<string, unknown>): CharModel {
  const q1 = quantize(net.w1), q2 = quantize(net.w2);
  return {
    classes: CHAR_CLASSES, inputs: GLYPH_INPUTS, hidden: net.hidden,
    w1: q1.b64, s1: q1.scale, b1: [...net.b1].map((x) => +x.toFixed(5)), w2: q2.b64, s2: q2.scale, b2: [...net.b2].map((x) => +x.toFixed(5)),
    meta,
  };
}

function accuracy(model: CharModel, data: Sample[]): number {
  const c = createClassifier(model);
  let hits = 0;
  for (const s of data) {
    const p = c.classify(s.x);
    let best = 0;
    for (let k = 1; k < p.length; k++) if (p[k] > p[best]) best = k;
    if (best === s.y) hits++;
  }
  return data.length ? hits / data.length : 0;
}

export interface TrainOptions { plates: number; hidden: number; epochs: number; heldOut: string[] }

/** Trains on all but the held-out fonts and measures on them and on the bench's fonts; then trains the shipped model on all. */
async function run(opts: TrainOptions): Promise<{ model: CharModel; log: string[] }> {
  const log: string[] = [];
  const say = (s: string) => { log.push(s); document.getElementById("status")!.textContent = s; };
  await loadFonts();
  const all = Object.keys(FONTS);
  const trainFonts = all.filter((f) => !opts.heldOut.includes(f));
  const t0 = performance.now();
  const trainSet = samples(trainFonts, opts.plates, 1);
  const heldSet = samples(opts.heldOut, Math.round(opts.plates / 4), 2);
  const benchSet = samples(PLATE_FONTS, Math.round(opts.plates / 4), 3);
  say(`glyphs: ${trainSet.length} train, ${heldSet.length} held-out fonts, ${benchSet.length} bench fonts (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const t1 = performance.now();
  const probe = toModel(train(trainSet, opts.hidden, opts.epochs, 7), {});
  const figures = { train: accuracy(probe, trainSet), heldOutFonts: accuracy(probe, heldSet), benchFonts: accuracy(probe, benchSet) };
  say(`accuracy per glyph: train ${(figures.train * 100).toFixed(2)}%, held-out fonts ${(figures.heldOutFonts * 100).toFixed(2)}%, bench fonts ${(figures.benchFonts * 100).toFixed(2)}% (${((performance.now() - t1) / 1000).toFixed(0)} s)`);
  // The shipped model learns every npm font (never the bench's system fonts, so the bench stays a test on unseen fonts).
  const fullSet = trainSet.concat(samples(opts.heldOut, Math.round((opts.plates * opts.heldOut.length) / trainFonts.length), 4));
  const model = toModel(train(fullSet, opts.hidden, opts.epochs, 7), {
    trainedOn: all.map((f) => f.replace(/^Train /, "")), glyphs: fullSet.length, hidden: opts.hidden, epochs: opts.epochs,
    probe: { heldOutFonts: opts.heldOut.map((f) => f.replace(/^Train /, "")), ...figures },
  });
  say(`shipped model: ${fullSet.length} glyphs, train accuracy ${(accuracy(model, fullSet) * 100).toFixed(2)}%`);
  return { model, log };
}

Object.assign(globalThis, { trainChars: run });
document.getElementById("status")!.textContent = "Pronto";
