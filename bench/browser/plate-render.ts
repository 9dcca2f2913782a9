// Synthetic Brazilian plates in a camera-like scene (browser canvas): old grey plates with the city strip and Mercosul plates with
// the blue BRASIL band, with perspective, rotation, blur, noise, glare, dirt, low light and inverted colours. Used by the OCR tests
// and the `plates` bench generator (generatePlateSet: the labelled set of both formats).

export interface PlateScene {
  plate: string;
  /** Plate width in the scene, px. */
  plateWidth?: number;
  sceneWidth?: number;
  sceneHeight?: number;
  font?: string;
  rotateDeg?: number;
  /** Horizontal perspective: the far side's height relative to the near side (1 = none). */
  perspective?: number;
  blurPx?: number;
  noise?: number;
  /** 0-1: a bright specular spot. */
  glare?: number;
  /** Number of dirt blotches. */
  dirt?: number;
  /** 0-1 brightness multiplier (1 = daylight). */
  light?: number;
  /** 0-1 contrast multiplier of the plate's ink against its background. */
  contrast?: number;
  inverted?: boolean;
  /** A motorcycle plate: 200 x 170 mm, letters above the digits. */
  moto?: boolean;
  /** Deterministic randomness for noise and dirt. */
  seed?: number;
}

export const PLATE_FONTS = ["DejaVu Sans Condensed", "Liberation Sans Narrow", "DejaVu Sans Mono", "Liberation Sans"];

/** Deterministic xorshift randomness in [0, 1) for a seed (renders, sets and jitter repeat run to run). */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const isMercosul = (p: string) => /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/.test(p);

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  DIGITS = "0123456789";
/**
 * A Mercosul plate's 5th character is any letter: A-J on the converted old plates (their 5th digit 0-9 became a letter), any
 * letter on plates issued new (issue 48). The converted plates are most of the fleet: this share of the generated Mercosul
 * plates gets one of A-J, the rest one of K-Z (the trainer draws the same, scripts/train-plates/plate.py).
 */
export const MERCOSUL_CONVERTED_SHARE = 0.6;

/** The 5th letter of a Mercosul plate from one draw in [0, 1): A-J below MERCOSUL_CONVERTED_SHARE, K-Z above. */
export function mercosulFifth(u: number): string {
  const converted = u < MERCOSUL_CONVERTED_SHARE;
  const t = converted ? u / MERCOSUL_CONVERTED_SHARE : (u - MERCOSUL_CONVERTED_SHARE) / (1 - MERCOSUL_CONVERTED_SHARE);
  const set = converted ? LETTERS.slice(0, 10) : LETTERS.slice(10);
  return set[Math.min(set.length - 1, Math.floor(t * set.length))];
}

/** A random plate of the format: letters, a digit, the 5th (a digit; a Mercosul plate's letter), two digits; 7 draws. */
export function randomPlate(rand: () => number, mercosul: boolean): string {
  const pick = (s: string) => s[Math.floor(rand() * s.length)];
  return (
    pick(LETTERS) +
    pick(LETTERS) +
    pick(LETTERS) +
    pick(DIGITS) +
    (mercosul ? mercosulFifth(rand()) : pick(DIGITS)) +
    pick(DIGITS) +
    pick(DIGITS)
  );
}

/** The flat plate (400:130, or 200:170 for a motorcycle), characters filling most of it, in its format's colours. */
function flatPlate(
  plate: string,
  width: number,
  font: string,
  contrast: number,
  inverted: boolean,
  rand: () => number,
  moto = false,
): OffscreenCanvas {
  const height = Math.round(width * (moto ? 0.85 : 0.325));
  const c = new OffscreenCanvas(width, height);
  const ctx = c.getContext("2d")!;
  const merc = isMercosul(plate);
  const mix = (a: number, b: number) => Math.round(b + (a - b) * contrast);
  let bg = merc ? 245 : 200,
    ink = 20;
  if (inverted) [bg, ink] = [30, 235];
  const inkC = mix(ink, bg);
  ctx.fillStyle = `rgb(${bg},${bg},${bg})`;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = `rgb(${inkC},${inkC},${inkC})`;
  ctx.lineWidth = Math.max(2, width * 0.012);
  ctx.strokeRect(ctx.lineWidth, ctx.lineWidth, width - ctx.lineWidth * 2, height - ctx.lineWidth * 2);
  const top = height * (merc ? 0.24 : 0.22);
  if (merc) {
    ctx.fillStyle = "rgb(30,60,160)";
    ctx.fillRect(ctx.lineWidth * 1.5, ctx.lineWidth * 1.5, width - ctx.lineWidth * 3, top - ctx.lineWidth);
    ctx.fillStyle = "white";
    ctx.font = `bold ${Math.round(top * 0.6)}px ${font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("BRASIL", width / 2, top / 2 + ctx.lineWidth / 2);
  } else {
    ctx.fillStyle = `rgb(${inkC},${inkC},${inkC})`;
    ctx.font = `bold ${Math.round(top * 0.55)}px ${font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(
      ["SAO PAULO - SP", "RECIFE - PE", "CURITIBA - PR", "BELO HORIZONTE - MG"][Math.floor(rand() * 4)],
      width / 2,
      top / 2 + ctx.lineWidth,
    );
  }
  if (moto) {
    // Two lines: the letters, then the digits (with the Mercosul letter), each centred.
    const lineH = (height - top) * 0.42;
    ctx.fillStyle = `rgb(${inkC},${inkC},${inkC})`;
    ctx.font = `bold ${Math.round(lineH * 1.3)}px ${font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(plate.slice(0, 3), width / 2, top + (height - top) * 0.08 + lineH, width * 0.7);
    ctx.fillText(plate.slice(3), width / 2, top + (height - top) * 0.16 + 2 * lineH, width * 0.86);
    return c;
  }
  const text = merc ? plate : `${plate.slice(0, 3)}-${plate.slice(3)}`;
  const charH = height * 0.5;
  ctx.font = `bold ${Math.round(charH * 1.35)}px ${font}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  const measured = ctx.measureText(text).width;
  const target = width * 0.88;
  ctx.save();
  // Baseline a little above centre so descending glyphs of these fonts (Q's tail) clear the border, as on real plates.
  ctx.translate((width - target) / 2, top + (height - top) / 2 + charH * 0.4);
  ctx.scale(target / measured, 1);
  ctx.fillStyle = `rgb(${inkC},${inkC},${inkC})`;
  ctx.fillText(text, 0, 0);
  ctx.restore();
  return c;
}

/** Renders the scene; returns it with the plate's bounding box in scene pixels. */
export function renderPlateScene(s: PlateScene): { canvas: OffscreenCanvas; box: { x: number; y: number; w: number; h: number } } {
  const rand = rng(s.seed ?? 7);
  const W = s.sceneWidth ?? 640,
    H = s.sceneHeight ?? 480;
  const pw = s.plateWidth ?? 300;
  const flat = flatPlate(s.plate, pw, s.font ?? PLATE_FONTS[0], s.contrast ?? 1, s.inverted ?? false, rand, s.moto);
  const ph = flat.height;
  const canvas = new OffscreenCanvas(W, H);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  // Car body: a vertical gradient of a random colour.
  const base = [40 + rand() * 160, 40 + rand() * 160, 40 + rand() * 160].map(Math.round);
  const grad = ctx.createLinearGradient(0, 0, 0, H);
  grad.addColorStop(0, `rgb(${base.join(",")})`);
  grad.addColorStop(1, `rgb(${base.map((v) => Math.round(v * 0.5)).join(",")})`);
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, W, H);
  const cx = W / 2 + (rand() - 0.5) * W * 0.1,
    cy = H / 2 + (rand() - 0.5) * H * 0.1;
  ctx.save();
  if (s.blurPx) ctx.filter = `blur(${s.blurPx}px)`;
  ctx.translate(cx, cy);
  ctx.rotate(((s.rotateDeg ?? 0) * Math.PI) / 180);
  // Perspective as vertical strips whose height shrinks toward the far side.
  const far = s.perspective ?? 1;
  const strips = far === 1 ? 1 : 40;
  const sw = pw / strips;
  for (let i = 0; i < strips; i++) {
    const t = strips === 1 ? 0.5 : (i + 0.5) / strips;
    const k = 1 + (far - 1) * t;
    ctx.drawImage(flat, i * sw, 0, sw, ph, -pw / 2 + i * sw * (1 - (1 - far) * 0.25), (-ph / 2) * k, sw + 0.6, ph * k);
  }
  ctx.restore();
  ctx.filter = "none";
  const rad = ((s.rotateDeg ?? 0) * Math.PI) / 180;
  const bw = Math.abs(pw * Math.cos(rad)) + Math.abs(ph * Math.sin(rad)),
    bh = Math.abs(pw * Math.sin(rad)) + Math.abs(ph * Math.cos(rad));
  const box = { x: Math.round(cx - bw / 2), y: Math.round(cy - bh / 2), w: Math.round(bw), h: Math.round(bh) };
  // Dirt: brownish translucent blotches over the plate.
  for (let i = 0; i < (s.dirt ?? 0); i++) {
    ctx.fillStyle = `rgba(${90 + rand() * 40},${70 + rand() * 30},${40 + rand() * 20},${0.25 + rand() * 0.35})`;
    ctx.beginPath();
    ctx.ellipse(box.x + rand() * box.w, box.y + rand() * box.h, 3 + rand() * pw * 0.04, 2 + rand() * pw * 0.03, rand() * 3, 0, Math.PI * 2);
    ctx.fill();
  }
  if (s.glare) {
    const gx = box.x + box.w * (0.2 + rand() * 0.6),
      gy = box.y + box.h * (0.2 + rand() * 0.6);
    const g = ctx.createRadialGradient(gx, gy, 0, gx, gy, pw * 0.25);
    g.addColorStop(0, `rgba(255,255,255,${s.glare})`);
    g.addColorStop(1, "rgba(255,255,255,0)");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, W, H);
  }
  const light = s.light ?? 1,
    noise = s.noise ?? 0;
  if (light !== 1 || noise) {
    const img = ctx.getImageData(0, 0, W, H);
    const d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      const n = noise ? (rand() + rand() + rand() - 1.5) * noise * 2 : 0;
      for (let k = 0; k < 3; k++) d[i + k] = Math.max(0, Math.min(255, d[i + k] * light + n));
    }
    ctx.putImageData(img, 0, 0);
  }
  return { canvas, box };
}

/**
 * The crop an attendant's aim gives: the plate box widened (and shifted a little) the way the guide frame is wider than the
 * plate. A tall box (a motorcycle plate) fills the guide's height instead, the guide staying ~3:1.
 */
export function aimCrop(
  box: { x: number; y: number; w: number; h: number },
  sceneW: number,
  sceneH: number,
  jitter = 0,
  rand = Math.random,
) {
  const tall = box.w / box.h < 2;
  const w = tall ? Math.max(box.w * 1.3, box.h * 1.3 * 2.8) : box.w * 1.3;
  const h = tall ? box.h * 1.3 : Math.max(box.h * 1.5, w / 2.6);
  const x = box.x + box.w / 2 - w / 2 + (rand() - 0.5) * 2 * jitter * box.w;
  const y = box.y + box.h / 2 - h / 2 + (rand() - 0.5) * 2 * jitter * box.h;
  const cx = Math.max(0, Math.round(x)),
    cy = Math.max(0, Math.round(y));
  return { x: cx, y: cy, width: Math.min(sceneW - cx, Math.round(w)), height: Math.min(sceneH - cy, Math.round(h)) };
}

/** One image of a generated set: its file name, plate, the plate's box and the JPEG (base64). */
export interface GeneratedPlate {
  file: string;
  plate: string;
  box: { x: number; y: number; w: number; h: number };
  jpeg: string;
}

/**
 * A labelled set of both formats (alternating, Mercosul first) with realistic damage, cars or motorcycles; deterministic per
 * seed. The same draws, one by one, as the set bench/browser/plates-page.ts generated before issue 48, except a Mercosul
 * plate's 5th (one draw either way, mercosulFifth), so the old plates and every scene's damage are those of the earlier set.
 */
export async function generatePlateSet(count: number, seed: number, moto = false): Promise<GeneratedPlate[]> {
  const rand = rng(seed);
  const out: GeneratedPlate[] = [];
  for (let i = 0; i < count; i++) {
    const plate = randomPlate(rand, i % 2 === 0);
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
