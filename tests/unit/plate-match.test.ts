// The point's booked plates as a prior: a booked one-character twin wins a close call only with visual support; a plate shown
// clearly is never swapped for its booked twin.
import { describe, expect, it } from "vitest";
import { agendaTwin, plateSet, singleDifference, VISUAL_SUPPORT } from "../../src/domain/plate-match";

describe("singleDifference", () => {
  it("finds the one differing position, -1 for equal plates and null for two or more differences", () => {
    expect(singleDifference("ABC1234", "ABC1284")).toBe(5);
    expect(singleDifference("ABC1234", "ABC1234")).toBe(-1);
    expect(singleDifference("ABC1234", "ABD1284")).toBeNull();
    expect(singleDifference("ABC1234", "ABC123")).toBeNull();
  });
});

describe("agendaTwin", () => {
  const booked = plateSet(["ABC-1234", "BRA2E19", "PEX7788", "rft4g56", "not a plate"]);

  it("normalises the booked plates and drops invalid ones", () => {
    expect([...booked]).toEqual(["ABC1234", "BRA2E19", "PEX7788", "RFT4G56"]);
  });

  it("the booked twin wins when the frames also saw it", () => {
    expect(agendaTwin({ plate: "PEX7789", total: 1.2 }, { plate: "PEX7788", total: 0.9 }, booked)).toBe("PEX7788");
    expect(agendaTwin({ plate: "ABC1284", total: 1 }, { plate: "ABC1234", total: VISUAL_SUPPORT }, booked)).toBe("ABC1234");
  });

  it("a plate shown clearly is not swapped for its booked twin", () => {
    expect(agendaTwin({ plate: "ABC1284", total: 2.7 }, { plate: "ABC1234", total: 0.2 }, booked)).toBeNull();
    expect(agendaTwin({ plate: "BRA2E18", total: 1.9 }, undefined, booked)).toBeNull();
  });

  it("no tie-break when the leader is booked itself, the runner-up is not booked, or they differ in two places", () => {
    expect(agendaTwin({ plate: "ABC1234", total: 1 }, { plate: "ABC1284", total: 0.9 }, plateSet(["ABC1234", "ABC1284"]))).toBeNull();
    expect(agendaTwin({ plate: "XYZ9A87", total: 1 }, { plate: "XYZ9A88", total: 0.9 }, booked)).toBeNull();
    expect(agendaTwin({ plate: "PEX7711", total: 1 }, { plate: "PEX7788", total: 0.9 }, booked)).toBeNull();
  });
});
