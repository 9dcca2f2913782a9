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
    expect(plateFromText("0PA-9O12")).toBe("OPA9012");
    expect(plateFromText("5G2-QLDZ")).toBe("SGZ0102");
    expect(plateFromText("8RA2E19")).toBe("BRA2E19");
    expect(plateFromText("BRAZE1S")).toBe("BRA2E15");
    expect(plateFromText("GHJ3C2G")).toBe("GHJ3C26");
  });

  it("reads the 5th character as written where a format allows it: a letter A-J is Mercosul, a digit old", () => {
    expect(plateFromText("ABC1B34")).toBe("ABC1B34");
    expect(plateFromText("ABC1834")).toBe("ABC1834");
    expect(plateFromText("ABC1I34")).toBe("ABC1I34");
    expect(plateFromText("ABC1134")).toBe("ABC1134");
    // Letters outside A-J there can only be an old plate's digit.
    expect(plateFromText("ABC1O34")).toBe("ABC1034");
    expect(plateFromText("ABC1S34")).toBe("ABC1534");
    expect(fitWindow("ABC1L34")).toEqual({ plate: "ABC1134", mapped: 1 });
    expect(fitWindow("ABC1D34")).toEqual({ plate: "ABC1D34", mapped: 0 });
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
    expect(plateFromText("ABC1K34")).toBeNull();
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
