// Plate formats, display and the spec's candidate ranking (0.9/0.8/0.7/0.6) with position fixes and voting.
import { describe, expect, it } from "vitest";
import { displayPlate, extractCandidates, fixByPosition, formatLabel, plateFormat } from "../../src/domain/plate";

describe("plate formats", () => {
  it("recognises old and Mercosul plates, ignoring case and hyphen", () => {
    expect(plateFormat("abc-1234")).toBe("antiga");
    expect(plateFormat("BRA2E19")).toBe("mercosul");
    expect(plateFormat("AB12345")).toBeNull();
    expect(plateFormat("ABCD123")).toBeNull();
  });
  it("a Mercosul plate's 5th is any letter: converted (A-J) and new (K-Z) plates alike", () => {
    expect(plateFormat("QWE5R67")).toBe("mercosul");
    expect(plateFormat("bra2z19")).toBe("mercosul");
    expect(displayPlate("qwe5r67")).toBe("QWE5R67");
    expect(extractCandidates("BRASIL QWE5R67")[0]).toMatchObject({ plate: "QWE5R67", format: "mercosul", rule: "continuous" });
  });
  it("shows old plates with a hyphen after three characters and Mercosul without", () => {
    expect(displayPlate("abc1234")).toBe("ABC-1234");
    expect(displayPlate("bra-2e19")).toBe("BRA2E19");
    expect(formatLabel("mercosul")).toBe("Mercosul");
  });
});

describe("candidate extraction", () => {
  it("scores a continuous match 0.9 and drops country and state words", () => {
    const c = extractCandidates("BRASIL\nABC-1234\nRECIFE PE");
    expect(c[0]).toMatchObject({ plate: "ABC1234", rule: "continuous", format: "antiga" });
    expect(c[0].score).toBeCloseTo(0.9);
    expect(c.map((x) => x.plate)).not.toContain("BRASIL");
  });
  it("finds a plate inside a noisy word by pattern (0.8)", () => {
    const [c] = extractCandidates("XBRA2E19X");
    expect(c).toMatchObject({ plate: "BRA2E19", rule: "pattern" });
    expect(c.score).toBeCloseTo(0.8);
  });
  it("joins split words (0.7) and fixes O/0, I/1, B/8 by position (0.6)", () => {
    expect(extractCandidates("|ABC| |1234|").find((x) => x.plate === "ABC1234")?.rule).toBe("joined");
    const joined = extractCandidates("PEX7 788");
    expect(joined[0]).toMatchObject({ plate: "PEX7788", rule: "joined" });
    expect(joined[0].score).toBeCloseTo(0.7);
    expect(fixByPosition("8RA2E19")).toBe("BRA2E19");
    expect(fixByPosition("ABCI2O4")).toBe("ABC1204");
    const single = extractCandidates("0PA9012");
    expect(single[0]).toMatchObject({ plate: "OPA9012", rule: "single" });
    expect(single[0].score).toBeCloseTo(0.6);
  });
  it("weights by OCR confidence and de-duplicates", () => {
    const c = extractCandidates("ABC1234 ABC-1234", 50);
    expect(c).toHaveLength(1);
    expect(c[0].score).toBeCloseTo(0.45);
  });
  it("returns nothing for text without a plate", () => {
    expect(extractCandidates("MERCOSUL BRASIL SP")).toEqual([]);
  });
});
