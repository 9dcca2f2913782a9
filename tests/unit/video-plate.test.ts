// The initial video's plate check, its pure part (issue 39): which instants are read, when the frames' readings make a plate
// (the scanner's lock rules, net alone), the order's plate winning a one-character close call, and the comparison.
import { describe, expect, it } from "vitest";
import type { PlateCandidate } from "../../src/domain/plate";
import { compareVideoPlate, createVideoPlateReader, plateInstants, readVideoPlate, unaskedOutcome } from "../../src/domain/video-plate";

const c = (plate: string, probability: number): PlateCandidate => ({
  plate,
  format: /^[A-Z]{3}\d{4}$/.test(plate) ? "antiga" : "mercosul",
  probability,
  score: 0.9 * probability,
  rule: "continuous",
});

describe("plateInstants", () => {
  it("spreads six instants over 0.3-3 s", () => {
    expect(plateInstants(20)).toEqual([0.3, 0.84, 1.38, 1.92, 2.46, 3]);
  });
  it("stays inside a short video", () => {
    const at = plateInstants(1);
    expect(at).toHaveLength(6);
    expect(at[0]).toBe(0.3);
    expect(Math.max(...at)).toBeLessThan(1);
  });
  it("takes a recording without a duration as long enough", () => {
    expect(plateInstants(Infinity)).toEqual(plateInstants(20));
    expect(plateInstants(Number.NaN)).toEqual(plateInstants(20));
  });
});

describe("readVideoPlate", () => {
  it("reads a plate three frames agree on with the net's confidence", () => {
    const frames = [[], [c("ABC1D23", 0.97)], [c("ABC1D23", 0.98)], [c("ABC1D23", 0.96)], []];
    expect(readVideoPlate(frames, "XYZ-9876")?.plate).toBe("ABC1D23");
  });
  it("reads a plate three frames agree on below the scanner's lock, when it stands well above its runner-up", () => {
    // As the fake camera's recorded plate was read: 0.78 in every frame, its twin 0.20 (the lock asks 0.95 of a plate alone).
    const seen = () => [c("RIO2A18", 0.78), c("RTO2A18", 0.2)];
    expect(readVideoPlate([seen(), seen(), seen(), seen(), seen(), seen()], "QWE-5R67")?.plate).toBe("RIO2A18");
    expect(readVideoPlate([[c("ABC1D23", 0.8)], [c("ABC1D23", 0.85)], [c("ABC1D23", 0.8)]], "XYZ9876")?.plate).toBe("ABC1D23");
  });
  it("reads nothing from a plate seen twice, seen with too little confidence, or not standing above its runner-up", () => {
    expect(readVideoPlate([[c("ABC1D23", 0.99)], [], [], [], [], []], "XYZ9876")).toBeNull();
    expect(readVideoPlate([[c("ABC1D23", 0.9)], [c("ABC1D23", 0.9)], [], [], [], []], "XYZ9876")).toBeNull();
    expect(readVideoPlate([[c("ABC1D23", 0.6)], [c("ABC1D23", 0.65)], [c("ABC1D23", 0.6)]], "XYZ9876")).toBeNull();
    const close = () => [c("ABC1D23", 0.5), c("ABC1D28", 0.45)];
    expect(readVideoPlate([close(), close(), close(), close()], "XYZ9876")).toBeNull();
    expect(readVideoPlate([[], [], [], [], [], []], "XYZ9876")).toBeNull();
  });
  it("lets the order's plate win a close call with its one-character twin", () => {
    // The net hesitates between O and Q at the 2nd letter; the order's plate has support in every frame.
    const frame = () => [c("AOC1234", 0.6), c("AQC1234", 0.39)];
    expect(readVideoPlate([frame(), frame(), frame()], "AQC-1234")?.plate).toBe("AQC1234");
    expect(readVideoPlate([frame(), frame(), frame()], "XYZ-9876")).toBeNull();
  });
  it("prefers the order's plate over another locked plate, and stops once it is locked", () => {
    const other = [c("DEF4G56", 0.99)];
    const own = [c("ABC1234", 0.96)];
    const reader = createVideoPlateReader("ABC-1234");
    expect([other, other, other].map((f) => reader.push(f))).toEqual([false, false, false]);
    expect(reader.result()?.plate).toBe("DEF4G56");
    // The order's plate is the lock's booking: two frames at 0.96 take it (the usual rule, not the net alone's three).
    expect([own, own].map((f) => reader.push(f))).toEqual([false, true]);
    expect(reader.result()?.plate).toBe("ABC1234");
  });
});

describe("compareVideoPlate", () => {
  it("confere however the plates are written, nao-confere for another, nao-lida for none", () => {
    expect(compareVideoPlate("ABC1234", "abc-1234")).toBe("confere");
    expect(compareVideoPlate("ABC1D23", "XYZ-9876")).toBe("nao-confere");
    expect(compareVideoPlate(null, "XYZ-9876")).toBe("nao-lida");
  });
  it("hands the outbox the plate as shown", () => {
    expect(unaskedOutcome("ABC1234")).toEqual({ read: "ABC-1234", confirmed: false });
    expect(unaskedOutcome(null)).toEqual({ read: null, confirmed: false });
  });
});
