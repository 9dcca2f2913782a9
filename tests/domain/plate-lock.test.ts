// The multi-frame plate lock: one very confident frame with no doubtful position locks, doubtful frames wait for agreement,
// disagreement never locks.
import { describe, expect, it } from "vitest";
import { createPlateLock } from "../../src/domain/plate-lock";
import type { PlateCandidate } from "../../src/domain/plate";

const c = (plate: string, score: number, positionMargin?: number): PlateCandidate => ({
  plate, score, rule: "continuous", format: /^[A-Z]{3}[0-9]{4}$/.test(plate) ? "antiga" : "mercosul", positionMargin,
});

describe("plate lock", () => {
  it("accepts one very confident frame whose runner-up is far behind and whose every position is clear", () => {
    const lock = createPlateLock();
    expect(lock.push([c("BRA2E19", 0.88, 0.7), c("BRA2E18", 0.4, 0.1)])?.plate).toBe("BRA2E19");
  });

  it("a very confident frame with one doubtful position waits for a second agreeing frame", () => {
    const lock = createPlateLock();
    expect(lock.push([c("DPL0V37", 0.88, 0.3), c("DPL9V37", 0.5, -0.3)])).toBeNull();
    expect(lock.push([c("DPL9V37", 0.86, 0.2)])).toBeNull();
    expect(lock.push([c("DPL9V37", 0.84, 0.45)])?.plate).toBe("DPL9V37");
  });

  it("a confident frame just under the single-frame threshold waits", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.82, 0.8)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.83, 0.8)])?.plate).toBe("ABC1234");
  });

  it("a candidate without position margins (text rules) never locks alone", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.9)])).toBeNull();
  });

  it("makes a doubtful frame wait, then accepts when a second frame agrees", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.6), c("ABC1284", 0.55)])).toBeNull();
    expect(lock.push([])).toBeNull();
    const accepted = lock.push([c("ABC1234", 0.5)]);
    expect(accepted).toMatchObject({ plate: "ABC1234", format: "antiga" });
    expect(accepted!.score).toBeCloseTo(0.55);
  });

  it("a confident frame with a close runner-up is doubtful too", () => {
    const lock = createPlateLock();
    expect(lock.push([c("BRA2E19", 0.88, 0.7), c("BRA2E18", 0.8, 0.1)])).toBeNull();
  });

  it("rejects a series whose frames disagree", () => {
    const lock = createPlateLock();
    for (const p of ["ABC1234", "DEF5678", "GHI9012", "JKL3456", "MNO7890"]) expect(lock.push([c(p, 0.6)])).toBeNull();
  });

  it("locks the plate that tops most frames of the window, not the first one seen", () => {
    const lock = createPlateLock();
    expect(lock.push([c("ABC1234", 0.6)])).toBeNull();
    expect(lock.push([c("ABC1284", 0.6)])).toBeNull();
    expect(lock.push([c("ABC1284", 0.62)])?.plate).toBe("ABC1284");
  });

  it("needs a clear majority when the window is wider: two plates topping two frames each never lock", () => {
    const lock = createPlateLock({ window: 4, agree: 3 });
    for (const p of ["ABC1234", "ABC1284", "ABC1234", "ABC1284"]) expect(lock.push([c(p, 0.6)])).toBeNull();
  });

  it("forgets old frames outside the window and after reset", () => {
    const lock = createPlateLock({ window: 2 });
    expect(lock.push([c("ABC1234", 0.6)])).toBeNull();
    expect(lock.push([c("XYZ9876", 0.6)])).toBeNull();
    expect(lock.push([c("QWE4567", 0.6)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.6)])).toBeNull();
    lock.reset();
    expect(lock.push([c("ABC1234", 0.6)])).toBeNull();
    expect(lock.push([c("ABC1234", 0.6)])?.plate).toBe("ABC1234");
  });
});
