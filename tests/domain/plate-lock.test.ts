// The multi-frame plate lock: never one frame alone; agreeing frames with enough probability lock; a close competitor, a
// disagreement or low probability never lock; the plates seen most are offered as choices.
import { describe, expect, it } from "vitest";
import { createPlateLock } from "../../src/domain/plate-lock";
import type { PlateCandidate } from "../../src/domain/plate";

const c = (plate: string, probability: number): PlateCandidate => ({
  plate,
  score: 0.9 * probability,
  probability,
  rule: "continuous",
  format: /^[A-Z]{3}[0-9]{4}$/.test(plate) ? "antiga" : "mercosul",
});

describe("plate lock", () => {
  it("never locks on one frame, however confident", () => {
    const lock = createPlateLock();
    expect(lock.push([c("BRA2E19", 0.999)])).toBeNull();
    expect(lock.push([c("BRA2E19", 0.98)])).toMatchObject({ plate: "BRA2E19", format: "mercosul" });
  });

  it("locks with the mean probability of the window", () => {
    const lock = createPlateLock();
    lock.push([c("ABC1234", 0.95)]);
    expect(lock.push([c("ABC1234", 0.75)])?.probability).toBeCloseTo(0.85);
  });

  it("waits while the agreeing frames are not probable enough", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.5)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.55)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.6)])).toBeNull(); // mean 0.55
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull(); // the window's mean: (0.55 + 0.6 + 0.9) / 3 = 0.68
    expect(lock.push([c("ABC1234", 0.95)])?.plate).toBe("ABC1234"); // (0.6 + 0.9 + 0.95) / 3 = 0.82
  });

  it("never locks a plate read at 0.6-0.8, where the net's confident misreads sit", () => {
    const lock = createPlateLock();
    for (let i = 0; i < 5; i++) expect(lock.push([c("VCF9028", 0.75)])).toBeNull();
    expect(lock.suggestions().map((s) => s.plate)).toEqual(["VCF9028"]);
  });

  it("never locks while a competitor keeps a third of the evidence", () => {
    const lock = createPlateLock();
    for (let i = 0; i < 5; i++) expect(lock.push([c("DPL0B37", 0.7), c("DPL9B37", 0.25)])).toBeNull();
  });

  it("a frame without the plate counts zero for it", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull();
    expect(lock.push([])).toBeNull();
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull(); // 1.8 / 3 = 0.6 < 0.8
    const lock2 = createPlateLock({ minProbability: 0.5 });
    lock2.push([c("ABC1234", 0.9)]);
    lock2.push([]);
    expect(lock2.push([c("ABC1234", 0.9)])?.plate).toBe("ABC1234");
  });

  it("rejects a series whose frames disagree", () => {
    const lock = createPlateLock();
    for (const p of ["ABC1234", "DEF5678", "GHI9012", "JKL3456", "MNO7890"]) expect(lock.push([c(p, 0.95)])).toBeNull();
  });

  it("locks the plate that tops most frames of the window once the others leave it", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1284", 0.9)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull(); // ABC1284 still holds a third of the window
    expect(lock.push([c("ABC1234", 0.9)])?.plate).toBe("ABC1234");
  });

  it("reports each plate's summed probability and top places, and forgets everything after a lock or reset", () => {
    const lock = createPlateLock();
    lock.push([c("ABC1234", 0.9), c("ABC1284", 0.05)]);
    expect(lock.evidence().map((e) => [e.plate, e.total, e.tops])).toEqual([
      ["ABC1234", 0.9, 1],
      ["ABC1284", 0.05, 0],
    ]);
    expect(lock.push([c("ABC1234", 0.9), c("ABC1284", 0.1)])?.plate).toBe("ABC1234");
    expect(lock.evidence()).toEqual([]);
    expect(lock.frames()).toBe(0);
    lock.push([c("XYZ9876", 0.9)]);
    expect(lock.frames()).toBe(1);
    lock.reset();
    expect(lock.evidence()).toEqual([]);
    expect(lock.frames()).toBe(0);
  });

  it("a booked twin wins the close call on the two plates' joint evidence", () => {
    const booked = new Set(["ABC1234"]);
    const lock = createPlateLock({ booked: () => booked });
    expect(lock.push([c("ABC1284", 0.55), c("ABC1234", 0.4)])).toBeNull();
    const won = lock.push([c("ABC1284", 0.5), c("ABC1234", 0.45)]);
    expect(won?.plate).toBe("ABC1234");
    expect(won?.probability).toBeCloseTo(0.95);
  });

  it("a plate shown clearly locks even with its twin booked; without the booking the close call never locks", () => {
    const lock = createPlateLock({ booked: () => new Set(["ABC1234"]) });
    lock.push([c("ABC1284", 0.9), c("ABC1234", 0.05)]);
    expect(lock.push([c("ABC1284", 0.92), c("ABC1234", 0.04)])?.plate).toBe("ABC1284");
    const unbooked = createPlateLock({ booked: () => new Set() });
    for (let i = 0; i < 4; i++) expect(unbooked.push([c("ABC1284", 0.55), c("ABC1234", 0.4)])).toBeNull();
  });

  it("suggests the plates seen most, at most three, each with a real share of the window", () => {
    const lock = createPlateLock();
    lock.push([c("DPL0B37", 0.55), c("DPL9B37", 0.4), c("DPL6B37", 0.05)]);
    lock.push([c("DPL9B37", 0.5), c("DPL0B37", 0.4), c("OPL9B37", 0.02)]);
    expect(lock.frames()).toBe(2);
    expect(lock.suggestions().map((s) => s.plate)).toEqual(["DPL0B37", "DPL9B37"]);
  });
});
