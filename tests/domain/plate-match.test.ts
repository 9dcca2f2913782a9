// The point's expected plates as a prior for a scanned read: one doubtful character away proposes the expected plate first.
import { describe, expect, it } from "vitest";
import { confusable, proposePlates, singleDifference } from "../../src/domain/plate-match";

describe("singleDifference", () => {
  it("finds the one differing position, -1 for equal plates and null for two or more differences", () => {
    expect(singleDifference("ABC1234", "ABC1284")).toBe(5);
    expect(singleDifference("ABC1234", "ABC1234")).toBe(-1);
    expect(singleDifference("ABC1234", "ABD1284")).toBeNull();
    expect(singleDifference("ABC1234", "ABC123")).toBeNull();
  });
});

describe("confusable", () => {
  it("knows the plate fonts' confusions in both directions and nothing else", () => {
    expect(confusable("8", "9")).toBe(true);
    expect(confusable("9", "8")).toBe(true);
    expect(confusable("O", "D")).toBe(true);
    expect(confusable("N", "M")).toBe(true);
    expect(confusable("1", "8")).toBe(false);
    expect(confusable("A", "Z")).toBe(false);
  });
});

describe("proposePlates", () => {
  const expected = ["ABC-1234", "BRA2E19", "PEX7788", "rft4g56"];

  it("proposes the expected plate first when the read differs by one confusable character", () => {
    expect(proposePlates("PEX7789", expected)).toEqual(["PEX7788", "PEX7789"]);
    expect(proposePlates("BRA2E18", expected)).toEqual(["BRA2E19", "BRA2E18"]);
    expect(proposePlates("abc1z34", expected)).toEqual(["ABC1234", "ABC1Z34"]);
  });

  it("keeps the read alone when it is itself expected, far from every expected plate, or invalid", () => {
    expect(proposePlates("ABC1234", expected)).toEqual(["ABC1234"]);
    expect(proposePlates("XYZ9A87", expected)).toEqual(["XYZ9A87"]);
    expect(proposePlates("PEX7711", expected)).toEqual(["PEX7711"]);
    expect(proposePlates("NOT A PLATE", expected)).toEqual([]);
  });

  it("does not propose a plate differing by a character pair the fonts do not confuse", () => {
    expect(proposePlates("PEX7781", expected)).toEqual(["PEX7781"]);
  });

  it("with the reader's doubtful positions, proposes only when the difference lies at one of them", () => {
    expect(proposePlates("PEX7781", expected, { doubtful: [6] })).toEqual(["PEX7788", "PEX7781"]);
    expect(proposePlates("PEX7789", expected, { doubtful: [3] })).toEqual(["PEX7789"]);
    expect(proposePlates("PEX7789", expected, { doubtful: [] })).toEqual(["PEX7789"]);
  });

  it("proposes nothing when two expected plates are equally near", () => {
    expect(proposePlates("ABC1238", ["ABC1236", "ABC1239"])).toEqual(["ABC1238"]);
    expect(proposePlates("ABC1238", ["ABC1236", "ABC1239"], { doubtful: [6] })).toEqual(["ABC1238"]);
  });
});
