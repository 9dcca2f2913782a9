// The multi-frame plate lock: never one frame alone; agreeing frames with enough probability lock; a close competitor, a
// disagreement or low probability never lock; the second reader vetoes what it disagrees with and its agreement is taken on
// one frame; the plates seen most are offered as choices; the advice when no lock comes; the choices' order.
import { describe, expect, it } from "vitest";
import { ALONE_MIN_PROBABILITY, BLURRED_SHARPNESS, createPlateLock, scanAdvice, type FrameHint } from "../../src/domain/plate-lock";
import { plateChoices } from "../../src/features/scanner/choices";
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

  it("a second reader's different plate vetoes a lock the net alone would take, and is offered as a choice", () => {
    const lock = createPlateLock();
    lock.push([c("ODJ1599", 0.97)], "OOJ1599");
    expect(lock.push([c("ODJ1599", 0.98)], "OOJ1599")).toBeNull();
    expect(lock.push([c("ODJ1599", 0.98)])).toBeNull(); // the window still holds its disagreement
    expect(lock.suggestions().map((s) => s.plate)).toEqual(["ODJ1599", "OOJ1599"]);
    // Once the disagreement leaves the window (3 frames), the net's own frames lock again.
    expect(lock.push([c("ODJ1599", 0.98)])).toBeNull();
    expect(lock.push([c("ODJ1599", 0.98)])?.plate).toBe("ODJ1599");
  });

  it("a second reader that read no plate (null) or was not asked (undefined) vetoes nothing", () => {
    const lock = createPlateLock();
    lock.push([c("ABC1234", 0.95)], null);
    expect(lock.push([c("ABC1234", 0.95)], undefined)?.plate).toBe("ABC1234");
  });

  it("the second reader agreeing with the net's best plate is taken on one frame, above the floor only", () => {
    const lock = createPlateLock();
    expect(lock.push([c("PJB2414", 0.1)], "PJB2414")).toBeNull();
    expect(lock.push([c("PJB2414", 0.55), c("PJB2474", 0.3)], "PJB2414")).toMatchObject({ plate: "PJB2414" });
    // Agreement on the runner-up is no agreement: the net's best plate is what the two must share.
    const other = createPlateLock();
    expect(other.push([c("PJB2474", 0.5), c("PJB2414", 0.4)], "PJB2414")).toBeNull();
    // An earlier frame of the window that read another plate still vetoes it.
    const split = createPlateLock();
    split.push([c("PJB2414", 0.6)], "PJB2474");
    expect(split.push([c("PJB2414", 0.6)], "PJB2414")).toBeNull();
  });
});

describe("second opinion and the net alone (the scanner's options)", () => {
  const scanner = () => createPlateLock({ aloneMinProbability: ALONE_MIN_PROBABILITY });
  it("the second reader's one plate over two frames is taken when the net proposes it too, not first", () => {
    const lock = scanner();
    expect(lock.push([c("AYD9034", 0.6), c("AYO9034", 0.3)], "AYO9034")).toBeNull();
    expect(lock.push([c("AYD9034", 0.62), c("AYO9034", 0.28)], "AYO9034")?.plate).toBe("AYO9034");
    // The net not proposing it (below 0.05), or the second reader changing its mind: nothing.
    const unsupported = scanner();
    unsupported.push([c("AYD9034", 0.9)], "AYO9034");
    expect(unsupported.push([c("AYD9034", 0.9), c("AYO9034", 0.03)], "AYO9034")).toBeNull();
    const fickle = scanner();
    fickle.push([c("AYD9034", 0.6), c("AYO9034", 0.3)], "AYO9034");
    fickle.push([c("AYD9034", 0.6), c("AYO9034", 0.3)], "AYQ9034");
    expect(fickle.push([c("AYD9034", 0.6), c("AYO9034", 0.3)], "AYO9034")).toBeNull();
  });

  it("the net alone locks only with three agreeing frames at 0.95: the whole-frame misreads at 0.80-0.90 never lock", () => {
    const lock = scanner();
    for (let i = 0; i < 5; i++) expect(lock.push([c("DKV8004", 0.9)])).toBeNull();
    const clear = scanner();
    expect(clear.push([c("OKV8004", 0.99)])).toBeNull();
    expect(clear.push([c("OKV8004", 0.98)])).toBeNull();
    expect(clear.push([c("OKV8004", 0.99)])?.plate).toBe("OKV8004");
    // Once the second reader answers, the usual rule (2 of 3 frames at 0.8) holds again.
    const helped = scanner();
    helped.push([c("OKV8004", 0.85)], null);
    expect(helped.push([c("OKV8004", 0.85)], null)?.plate).toBe("OKV8004");
  });

  it("the net alone locks a plate booked at the point on the usual rule (2 frames at 0.8), never a misread of no one's", () => {
    const booked = new Set(["OKV8004"]);
    const agenda = () => createPlateLock({ aloneMinProbability: ALONE_MIN_PROBABILITY, booked: () => booked });
    const lock = agenda();
    expect(lock.push([c("OKV8004", 0.85)])).toBeNull();
    expect(lock.push([c("OKV8004", 0.85)])?.plate).toBe("OKV8004");
    // The misread of the dev photo (DKV8004 at 0.80-0.90) is booked by no one: three frames at 0.95 still.
    const misread = agenda();
    for (let i = 0; i < 5; i++) expect(misread.push([c("DKV8004", 0.9)])).toBeNull();
    // Below the usual minimum, or without dominance over a rival, a booked plate is not taken either.
    const unsure = agenda();
    unsure.push([c("OKV8004", 0.7)]);
    expect(unsure.push([c("OKV8004", 0.7)])).toBeNull();
    const rivalled = agenda();
    rivalled.push([c("OKV8004", 0.8), c("OKV8094", 0.5)]);
    expect(rivalled.push([c("OKV8004", 0.8), c("OKV8094", 0.5)])).toBeNull();
    // A close call the booking decides (its twin first) keeps the strict rule while the net is alone.
    const twin = agenda();
    for (let i = 0; i < 2; i++) expect(twin.push([c("DKV8004", 0.5), c("OKV8004", 0.45)])).toBeNull();
  });
});

describe("advice when no lock comes", () => {
  const h = (found: number, plateShare: number, brightness = 120, sharpness?: number): FrameHint => ({
    found,
    plateShare,
    brightness,
    sharpness,
  });
  const blurred = BLURRED_SHARPNESS / 2,
    sharp = BLURRED_SHARPNESS * 2;
  it("dark frames with no plate ask for light; no plate found asks to aim; a far plate asks to come closer; a blurred one to hold still", () => {
    expect(scanAdvice([])).toBeNull();
    expect(scanAdvice([h(0, 0, 30), h(0, 0, 40)])).toBe("light");
    // A dark car close up: dark on average, its plate seen: not a matter of light.
    expect(scanAdvice([h(1, 0.3, 30, sharp), h(1, 0.3, 40, sharp)])).toBeNull();
    expect(scanAdvice([h(0, 0), h(0, 0), h(1, 0.2)])).toBe("notFound");
    expect(scanAdvice([h(1, 0.06), h(1, 0.07), h(0, 0)])).toBe("closer");
    expect(scanAdvice([h(1, 0.25, 120, blurred), h(1, 0.3, 120, blurred), h(1, 0.28, 120, sharp)])).toBe("steady");
  });

  it("names no cause for a sharp plate the reader is unsure of (issue 48: it said 'segure o celular firme' to a sharp plate)", () => {
    expect(scanAdvice([h(1, 0.25, 120, sharp), h(1, 0.3, 120, sharp), h(1, 0.28, 120, sharp)])).toBeNull();
    // Blur in one frame of three is not the cause; nor a sharpness the worker could not measure.
    expect(scanAdvice([h(1, 0.25, 120, blurred), h(1, 0.3, 120, sharp), h(1, 0.28, 120, sharp)])).toBeNull();
    expect(scanAdvice([h(1, 0.25), h(1, 0.3), h(1, 0.28)])).toBeNull();
  });
});

describe("plate choices", () => {
  const expected = [
    { plate: "ABC1234", name: "Maria Souza", date: "2026-11-27" },
    { plate: "KLM5E67", name: "José Reis", date: "2026-11-28" },
  ];
  it("a booked plate equal to or one character from a reading comes first with its member; then the readings; at most 3", () => {
    const seen = [c("ABC1284", 0.5), c("XYZ9876", 0.3), c("KLM5E67", 0.2), c("QQQ1111", 0.1)];
    expect(plateChoices(seen, expected)).toEqual([
      { plate: "ABC1234", expected: expected[0] },
      { plate: "KLM5E67", expected: expected[1] },
      { plate: "ABC1284", expected: undefined },
    ]);
    expect(plateChoices([c("DEF1111", 0.4)], expected)).toEqual([{ plate: "DEF1111", expected: undefined }]);
  });
});
