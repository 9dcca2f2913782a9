// The plate net in Node: the forward pass of workers/ocr/plate-net.ts against the trainer's own outputs for the committed
// weights, the area reduction of the net's input, and the CTC search under the plate grammar with the format decision
// (net-candidates.ts): one class per position, an old plate's 5th a digit, a Mercosul plate's any letter A-Z.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePlateNet, runPlateNet, type NetOutput } from "../../workers/ocr/plate-net";
import { allowedAt, beamPlates, mergeReadings, netCandidates } from "../../workers/ocr/net-candidates";
import { areaResize } from "../../workers/ocr/net-input";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const root = path.resolve(import.meta.dirname, "../..");

/** The two fixed images of scripts/train-plates/export.py check_inputs(). */
function checkInputs(): Uint8Array[] {
  const a = new Uint8Array(64 * 192),
    b = new Uint8Array(64 * 192);
  for (let y = 0; y < 64; y++)
    for (let x = 0; x < 192; x++) {
      a[y * 192 + x] = (x * 7 + y * 13) % 256;
      if (y >= 20 && y < 44 && x >= 30 && x < 160 && (x - 30) % 12 === 0) a[y * 192 + x] = 20;
      b[y * 192 + x] = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0 ? 200 : 60;
      if (y >= 10 && y < 54 && x >= 50 && x < 140) b[y * 192 + x] = 230;
    }
  return [a, b];
}

describe("plate net forward pass", () => {
  const file = fs.readFileSync(path.join(root, "workers/ocr/plate-net.bin"));
  const net = parsePlateNet(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const check = JSON.parse(fs.readFileSync(path.join(root, "tests/fixtures/plate-net-check.json"), "utf8")) as {
    columns: number[][][];
    kinds: number[][];
  };

  it("reads the committed weights: 64 x 192 gray in, 48 columns of 36 characters and a blank, 3 kinds out", () => {
    expect(net.input).toEqual([1, 64, 192]);
    expect(net.alphabet).toBe(ALPHABET);
    expect(net.blank).toBe(36);
    const out = runPlateNet(net, checkInputs()[0]);
    expect(out.columns).toHaveLength(48);
    expect(out.columns[0]).toHaveLength(37);
    expect(out.kinds).toHaveLength(3);
    expect(() => parsePlateNet(new ArrayBuffer(16))).toThrow("not a plate-net file");
    expect(() => runPlateNet(net, new Uint8Array(10))).toThrow("192x64");
  });

  it("gives the trainer's outputs for the same weights and images (to 1e-4)", () => {
    checkInputs().forEach((img, n) => {
      const out = runPlateNet(net, img);
      out.columns.forEach((probs, t) => probs.forEach((p, c) => expect(Math.abs(p - check.columns[n][t][c])).toBeLessThan(1e-4)));
      out.kinds.forEach((p, k) => expect(Math.abs(p - check.kinds[n][k])).toBeLessThan(1e-4));
    });
  });
});

describe("net input", () => {
  it("averages areas like the trainer's reduction, and upscales by repeating", () => {
    const src = { data: new Uint8Array([0, 100, 200, 50, 10, 110, 210, 60]), width: 4, height: 2 };
    expect([...areaResize(src, 2, 1)]).toEqual([55, 130]);
    expect([...areaResize(src, 4, 2, { x: 0.5, y: 0, w: 0.5, h: 1 })]).toEqual([200, 200, 50, 50, 210, 210, 60, 60]);
  });
});

/**
 * Columns that spell `text`: a blank column, then each character over 3 columns (`p` of each column's mass on it, the rest on
 * the blank), a blank column after each. `alt` puts a confusion at a position: `[char, share]` moves `share` of that position's
 * columns to another character, leaving 0.001 on the blank.
 */
function columnsFor(text: string, p = 0.97, alt: Record<number, [string, number]> = {}): Float32Array[] {
  const cols: Float32Array[] = [];
  const col = (mass: Record<number, number>) => {
    const y = new Float32Array(37);
    let left = 1;
    for (const [c, v] of Object.entries(mass)) {
      y[Number(c)] = v;
      left -= v;
    }
    y[36] += left;
    cols.push(y);
  };
  col({});
  [...text].forEach((ch, i) => {
    const a = alt[i];
    for (let k = 0; k < 3; k++)
      col(a ? { [ALPHABET.indexOf(ch)]: 0.999 - a[1], [ALPHABET.indexOf(a[0])]: a[1] } : { [ALPHABET.indexOf(ch)]: p });
    col({});
  });
  while (cols.length < 48) col({});
  return cols;
}
const output = (columns: Float32Array[], kinds: [number, number, number]): NetOutput => ({ columns, kinds: new Float32Array(kinds) });

describe("format and position classes (CTC beam under the plate grammar)", () => {
  it("spells the plate from the columns, with the probability of that exact string", () => {
    const found = beamPlates(columnsFor("ABC1234"), ALPHABET, 36, "antiga");
    expect([...found.keys()][0]).toBe("ABC1234");
    expect(found.get("ABC1234")).toBeGreaterThan(0.7);
    expect(beamPlates(columnsFor("ABC1234"), ALPHABET, 36, "mercosul").size).toBe(0);
  });

  it("an old plate never gets a letter in position 5: the 5th is the best digit the columns allow", () => {
    // The columns lean to B at the 5th (0.6) with 8 beside it (0.399); the kind head says old: ABC1834.
    const { candidates } = netCandidates(output(columnsFor("ABC1B34", 0.97, { 4: ["8", 0.399] }), [0.01, 0.95, 0.04]), ALPHABET, 36);
    expect(candidates[0]).toMatchObject({ plate: "ABC1834", format: "antiga" });
    for (const c of candidates) expect(c.plate).toMatch(c.format === "antiga" ? /^[A-Z]{3}[0-9]{4}$/ : /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/);
  });

  // Issue 48: new Mercosul plates are issued with any letter at the 5th (A-J are the converted old plates' 0-9).
  it("a Mercosul plate's 5th is any letter A-Z: the demo member's QWE5R67 is read", () => {
    for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") expect(allowedAt("mercosul", 4, c), c).toBe(true);
    for (const c of "0123456789") expect(allowedAt("mercosul", 4, c), c).toBe(false);
    expect(allowedAt("antiga", 4, "A")).toBe(false);
    expect(allowedAt("antiga", 4, "R")).toBe(false);
    expect(allowedAt("antiga", 4, "5")).toBe(true);
    expect(allowedAt("antiga", 2, "1")).toBe(false);
    expect(allowedAt("mercosul", 3, "R")).toBe(false);
    const found = beamPlates(columnsFor("QWE5R67"), ALPHABET, 36, "mercosul");
    expect([...found.keys()][0]).toBe("QWE5R67");
    expect(found.get("QWE5R67")).toBeGreaterThan(0.7);
    // As an old plate the columns spell nothing but the paths through their tiny blank mass.
    for (const p of beamPlates(columnsFor("QWE5R67"), ALPHABET, 36, "antiga").values()) expect(p).toBeLessThan(1e-3);
    const { candidates } = netCandidates(output(columnsFor("QWE5R67"), [0.01, 0.04, 0.95]), ALPHABET, 36);
    expect(candidates[0]).toMatchObject({ plate: "QWE5R67", format: "mercosul" });
    expect(candidates[0].probability).toBeGreaterThan(0.95);
    // A K-Z 5th is read as it is even when the columns give an A-J letter a share: K 0.7 beside E 0.299.
    const k = netCandidates(output(columnsFor("BRA2K19", 0.97, { 4: ["E", 0.299] }), [0.01, 0.04, 0.95]), ALPHABET, 36).candidates;
    expect(k[0]).toMatchObject({ plate: "BRA2K19", format: "mercosul" });
    expect(k.map((c) => c.plate)).toContain("BRA2E19");
  });

  it("a digit's look-alike at the 5th (O/0, S/5): the kind head decides where the columns allow both", () => {
    // The 5th column: O 0.6, 0 0.399 (an O of a new Mercosul plate, or an old plate's 0). Before issue 48 the O could never
    // be read there: every reading was the old plate's 0, whatever the plate looked like.
    const cols = columnsFor("ABC1O34", 0.97, { 4: ["0", 0.399] });
    const first = (kinds: [number, number, number]) => netCandidates(output(cols, kinds), ALPHABET, 36).candidates[0];
    expect(first([0.01, 0.95, 0.04])).toMatchObject({ plate: "ABC1034", format: "antiga" });
    expect(first([0.01, 0.04, 0.95])).toMatchObject({ plate: "ABC1O34", format: "mercosul" });
    // And the other way round: columns sure of a 5 read as an old plate even when the head leans to Mercosul; sure of an S,
    // as a Mercosul plate even when it leans to old.
    const five = netCandidates(output(columnsFor("QWE5567"), [0.01, 0.1, 0.89]), ALPHABET, 36).candidates[0];
    expect(five).toMatchObject({ plate: "QWE5567", format: "antiga" });
    const s = netCandidates(output(columnsFor("QWE5S67"), [0.01, 0.89, 0.1]), ALPHABET, 36).candidates[0];
    expect(s).toMatchObject({ plate: "QWE5S67", format: "mercosul" });
    expect(s.probability).toBeGreaterThan(0.95);
  });

  it("a repeated character needs a blank between its columns to count twice", () => {
    expect([...beamPlates(columnsFor("OUP1442", 0.999), ALPHABET, 36, "antiga").keys()][0]).toBe("OUP1442");
    // 44 spelled without a blank between the two 4s reads as one 4: OUP1442 is left with the paths through the columns' tiny
    // blank mass, far below a candidate's minimum.
    const cols = columnsFor("OUP1442", 0.999);
    const fours = cols.findIndex((y) => y[ALPHABET.indexOf("4")] > 0.5);
    cols[fours + 3] = cols[fours]; // the blank column between the two 4s becomes a 4
    expect(beamPlates(cols, ALPHABET, 36, "antiga").get("OUP1442") ?? 0).toBeLessThan(0.01);
    expect(netCandidates(output(cols, [0.01, 0.98, 0.01]), ALPHABET, 36).candidates.map((c) => c.plate)).not.toContain("OUP1442");
  });

  it("the kind head decides between the formats only where the columns allow both; 'no plate' scales everything down", () => {
    // The 5th column: B 0.6, 8 0.399. Old says the head: ABC1834; Mercosul: ABC1B34; unsure: the columns' own lean, B.
    const cols = columnsFor("ABC1B34", 0.97, { 4: ["8", 0.399] });
    const first = (kinds: [number, number, number]) => netCandidates(output(cols, kinds), ALPHABET, 36).candidates[0];
    expect(first([0.01, 0.95, 0.04])).toMatchObject({ plate: "ABC1834", format: "antiga" });
    expect(first([0.01, 0.04, 0.95])).toMatchObject({ plate: "ABC1B34", format: "mercosul" });
    expect(first([0.01, 0.5, 0.49])).toMatchObject({ plate: "ABC1B34", format: "mercosul" });
    // Each format's string over the 5th's three columns: B needs B in all three (0.6^3), 8 needs 8 in all three (0.399^3).
    expect(first([0.01, 0.5, 0.49]).probability).toBeCloseTo((0.99 * (0.49 * 0.6 ** 3)) / (0.49 * 0.6 ** 3 + 0.5 * 0.399 ** 3), 2);
    // A digit the columns are sure of reads as an old plate even when the head leans to Mercosul.
    const plain = columnsFor("ABC1234");
    const sure = netCandidates(output(plain, [0.01, 0.98, 0.01]), ALPHABET, 36).candidates[0];
    const contradicted = netCandidates(output(plain, [0.01, 0.1, 0.89]), ALPHABET, 36).candidates[0];
    expect(sure).toMatchObject({ plate: "ABC1234", format: "antiga" });
    expect(sure.probability).toBeGreaterThan(0.95);
    expect(contradicted.plate).toBe("ABC1234");
    expect(contradicted.probability).toBeCloseTo(sure.probability!, 5);
    const empty = netCandidates(output(plain, [0.99, 0.005, 0.005]), ALPHABET, 36);
    expect(empty.noPlate).toBeCloseTo(0.99);
    expect(empty.candidates).toEqual([]);
  });

  it("a plate's probability is its share among the valid plates, not the columns' raw mass", () => {
    // Soft peaks (0.6 per column, the rest blank): most of the mass spells strings of fewer than 7 characters, yet the plate
    // is the only 7-character reading.
    const soft = columnsFor("ABC1234", 0.6);
    expect(beamPlates(soft, ALPHABET, 36, "antiga").get("ABC1234")).toBeLessThan(0.3);
    const [clear] = netCandidates(output(soft, [0.01, 0.98, 0.01]), ALPHABET, 36).candidates;
    expect(clear).toMatchObject({ plate: "ABC1234", format: "antiga" });
    expect(clear.probability).toBeGreaterThan(0.9);
    // A doubtful first letter (O 0.5, D 0.499): two plates near one half each, neither sure enough to lock alone.
    const doubt = netCandidates(output(columnsFor("OZV6697", 0.97, { 0: ["D", 0.499] }), [0.01, 0.98, 0.01]), ALPHABET, 36).candidates;
    expect(doubt.map((c) => c.plate).sort()).toEqual(["DZV6697", "OZV6697"]);
    for (const c of doubt) {
      expect(c.probability).toBeGreaterThan(0.4);
      expect(c.probability).toBeLessThan(0.6);
    }
    // Columns that spell a plate with almost no mass (a frame without one) give no candidate at all.
    expect(netCandidates(output(columnsFor("ABC1234", 0.15), [0.2, 0.7, 0.1]), ALPHABET, 36).candidates).toEqual([]);
  });

  it("merges shifted readings plate by plate: a plate one reading misses keeps half its probability", () => {
    const a = netCandidates(output(columnsFor("DPL0B37"), [0, 0.01, 0.99]), ALPHABET, 36);
    const b = netCandidates(output(columnsFor("DPL9B37"), [0, 0.01, 0.99]), ALPHABET, 36);
    const merged = mergeReadings([a, b]);
    expect(merged.candidates.map((c) => c.plate).sort()).toEqual(["DPL0B37", "DPL9B37"]);
    expect(merged.candidates[0].probability).toBeCloseTo(a.candidates[0].probability! / 2, 5);
  });
});
