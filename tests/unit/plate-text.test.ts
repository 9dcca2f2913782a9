// The plate in a general OCR engine's text line: separators, look-alikes by position, the city line, and the ambiguous or
// plate-less lines that must give null.
import { describe, expect, it } from "vitest";
import { fitWindow, plateFromText } from "../../src/domain/plate-text";

describe("plateFromText", () => {
  it("reads old and Mercosul plates written with or without separators, in any case", () => {
    expect(plateFromText("ABC-1234")).toBe("ABC1234");
    expect(plateFromText("abc 1234")).toBe("ABC1234");
    expect(plateFromText("ABC·1234")).toBe("ABC1234");
    expect(plateFromText("ABC.1234")).toBe("ABC1234");
    expect(plateFromText("BRA2E19")).toBe("BRA2E19");
    expect(plateFromText(" bra 2e19 ")).toBe("BRA2E19");
  });

  it("takes a Chinese-trained recogniser's hyphen look-alikes and full-width characters", () => {
    expect(plateFromText("ABC一1234")).toBe("ABC1234");
    expect(plateFromText("ABC－1234")).toBe("ABC1234");
    expect(plateFromText("ＡＢＣ１２３４")).toBe("ABC1234");
  });

  it("maps look-alikes by position", () => {
    expect(plateFromText("A8C-1234")).toBe("ABC1234");
    expect(plateFromText("ABC-I234")).toBe("ABC1234");
    expect(plateFromText("0PA-9012")).toBe("OPA9012");
    expect(plateFromText("5G2-Q1DZ")).toBe("SGZ0102");
    expect(plateFromText("8RA2E19")).toBe("BRA2E19");
    expect(plateFromText("BRAZE1S")).toBe("BRA2E15");
    expect(plateFromText("GHJ3C2G")).toBe("GHJ3C26");
  });

  it("reads the 5th character as written: a letter is Mercosul, a digit old", () => {
    expect(plateFromText("ABC1B34")).toBe("ABC1B34");
    expect(plateFromText("ABC1834")).toBe("ABC1834");
    expect(plateFromText("ABC1I34")).toBe("ABC1I34");
    expect(plateFromText("ABC1134")).toBe("ABC1134");
    expect(fitWindow("ABC1D34")).toEqual({ plate: "ABC1D34", mapped: 0 });
  });

  // Issue 48: a Mercosul plate's 5th is any letter A-Z (new plates are issued with any letter; A-J are the converted old plates).
  it("reads a Mercosul plate whose 5th letter is K-Z as written (the demo member's QWE5R67)", () => {
    expect(plateFromText("QWE5R67")).toBe("QWE5R67");
    expect(plateFromText("qwe 5r67")).toBe("QWE5R67");
    expect(plateFromText("BRASIL QWE5R67")).toBe("QWE5R67");
    expect(fitWindow("QWE5R67")).toEqual({ plate: "QWE5R67", mapped: 0 });
    for (const c of "KLMNOPQRSTUVWXYZ") expect(fitWindow(`ABC1${c}34`)).toEqual({ plate: `ABC1${c}34`, mapped: 0 });
    // Look-alikes elsewhere are still mapped by position around a K-Z 5th.
    expect(plateFromText("0WE5R6Z")).toBe("OWE5R62");
    expect(fitWindow("QWESR67")).toEqual({ plate: "QWE5R67", mapped: 1 });
  });

  it("a digit's look-alike at the 5th is a Mercosul plate as written, a digit there an old plate as written", () => {
    // A letter read where an old plate has a digit (O/Q/D/I/L/Z/S/B/G for 0/0/0/1/1/2/5/8/6) now fits a Mercosul plate as
    // written, and a window read as written ranks before one that needs a mapping: the letter stays (before issue 48, O, Q,
    // L, Z and S, outside A-J, were mapped to an old plate's digit).
    for (const [letter] of [["O"], ["Q"], ["D"], ["I"], ["L"], ["Z"], ["S"], ["B"], ["G"]])
      expect(fitWindow(`ABC1${letter}34`)).toEqual({ plate: `ABC1${letter}34`, mapped: 0 });
    expect(plateFromText("ABC1O34")).toBe("ABC1O34");
    expect(plateFromText("ABC-1S34")).toBe("ABC1S34");
    expect(plateFromText("0PA-9O12")).toBe("OPA9O12");
    expect(plateFromText("5G2-QLDZ")).toBe("SGZ0L02");
    // The other direction: a digit read where a Mercosul plate has a letter is an old plate as written (never mapped to a letter).
    expect(plateFromText("QWE5067")).toBe("QWE5067");
    expect(fitWindow("BRA2819")).toEqual({ plate: "BRA2819", mapped: 0 });
    // As written ranks first: in "ABC1O345" the window ABC1O34 needs no mapping, BC1O345 two (1 as I, O as 0).
    expect(plateFromText("ABC1O345")).toBe("ABC1O34");
  });

  it("finds the plate under an old plate's city line and beside the Mercosul band's words", () => {
    expect(plateFromText("SAO PAULO SP ABC-1234")).toBe("ABC1234");
    expect(plateFromText("SAO PAULO SP ABC-I234")).toBe("ABC1234");
    expect(plateFromText("CURITIBA PR\nKLM 5678")).toBe("KLM5678");
    expect(plateFromText("BRASIL BRA2E19")).toBe("BRA2E19");
    expect(plateFromText("|ABC-1234|")).toBe("ABC1234");
  });

  it("prefers a window read as written over one that needs a mapping", () => {
    expect(plateFromText("ABCD1234")).toBe("BCD1234");
    // "BC12345" would be a plate with 1 read as I; the 8 characters hold ABC1234 as written.
    expect(plateFromText("ABC12345")).toBe("ABC1234");
    expect(plateFromText("XABC1234")).toBe("ABC1234");
  });

  it("returns null without a plate", () => {
    expect(plateFromText("")).toBeNull();
    expect(plateFromText("SAO PAULO")).toBeNull();
    expect(plateFromText("BRASIL")).toBeNull();
    expect(plateFromText("ABC123")).toBeNull();
    expect(plateFromText("ABCX234")).toBeNull();
    expect(plateFromText("AB1234")).toBeNull();
    expect(plateFromText("ABC 12 3")).toBeNull();
    expect(plateFromText("中国汽车")).toBeNull();
    // A symbol other than a separator splits the line: no window crosses it.
    expect(plateFromText("ABC|1234")).toBeNull();
  });

  it("returns null when two different plates fit equally well", () => {
    expect(plateFromText("ABC-1234 DEF-5678")).toBeNull();
    expect(plateFromText("A8C-1234 DEF-567B")).toBeNull();
    expect(plateFromText("ABC1234DEF5678")).toBeNull();
  });
});
