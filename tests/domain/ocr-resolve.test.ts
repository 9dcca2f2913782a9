// Per-position plate resolution (workers/ocr/resolve.ts): tesseract's symbols blended with the plate-font classifier's glyph
// probabilities, and the classifier alone when tesseract splits or merges characters.
import { describe, expect, it } from "vitest";
import { CHAR_CLASSES } from "../../workers/ocr/char-classifier";
import { candidatesFromScores, positionScores } from "../../workers/ocr/resolve";
import type { OcrSymbol } from "../../workers/ocr/engine";

const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
const symbols = (text: string, conf = 90): OcrSymbol[] => [...text].map((c) => ({ text: c, conf, box, choices: [{ text: c, conf }] }));
/** Probabilities with `p` on each plate character (the rest spread evenly). */
function glyphs(text: string, p = 0.9) {
  return [...text].map((c) => {
    const probs = new Float32Array(CHAR_CLASSES.length).fill((1 - p) / (CHAR_CLASSES.length - 1));
    probs[CHAR_CLASSES.indexOf(c)] = p;
    return probs;
  });
}

describe("plate resolution with the character classifier", () => {
  it("keeps tesseract's reading when no glyphs are given", () => {
    const pos = positionScores(symbols("GHI3K27"), null)!;
    expect(candidatesFromScores(pos)[0].plate).toBe("GHI3K27");
  });

  it("lets a sure classifier overrule a less sure tesseract on one position (the J read as I)", () => {
    const read = symbols("GHI3K27");
    read[2] = { text: "I", conf: 60, box, choices: [{ text: "I", conf: 60 }, { text: "J", conf: 35 }] };
    const pos = positionScores(read, null, glyphs("GHJ3K27", 0.95), CHAR_CLASSES)!;
    expect(candidatesFromScores(pos)[0].plate).toBe("GHJ3K27");
  });

  it("keeps tesseract's sure reading against a doubtful classifier", () => {
    const doubt = glyphs("GHJ3K27", 0.4);
    const pos = positionScores(symbols("GHI3K27", 95), null, doubt, CHAR_CLASSES)!;
    expect(candidatesFromScores(pos)[0].plate).toBe("GHI3K27");
  });

  it("reads from the glyphs alone when tesseract does not give 7 symbols, and never from a glyph without ink", () => {
    const pos = positionScores(symbols("ABC12"), null, glyphs("ABC1D23"), CHAR_CLASSES)!;
    expect(candidatesFromScores(pos)[0].plate).toBe("ABC1D23");
    const holed: (Float32Array | null)[] = glyphs("ABC1D23");
    holed[3] = null;
    expect(positionScores(symbols("ABC12"), null, holed, CHAR_CLASSES)).toBeNull();
  });

  it("applies the position classes to the classifier too: a digit never becomes a letter in positions 1-3", () => {
    const pos = positionScores(symbols("ABC12"), null, glyphs("0BC1234"), CHAR_CLASSES)!;
    const first = candidatesFromScores(pos)[0].plate;
    expect(first[0]).toMatch(/[A-Z]/);
  });
});
