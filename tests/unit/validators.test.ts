// isEmail: same meaning as the spec's /^\S+@\S+\.\S+$/ and linear time on adversarial input (node, unit project).
import { describe, expect, it } from "vitest";
import { isEmail } from "../../src/domain/validators";

const SPEC = /^\S+@\S+\.\S+$/;
const CASES = [
  "a@b.co",
  "a b@c.d",
  "semarroba.com",
  "@b.co",
  "a@.co",
  "a@b.",
  "a@b",
  "a@@b.c",
  "a@b@c.d",
  "a.b@c",
  "a@b..c",
  "a@b.c.",
  "a.@b.c",
  "ab@c.d\n",
  "\ta@b.c",
  "a@b.c ",
  "a@b\u00a0.c",
  "ç@ã.é",
  "a@b.c.d",
  "..@..",
  "a@.",
  "@.@.",
  "a@b.c@",
  "x@y.z",
  "",
  "@",
  ".",
  "a@.b",
  "a@b.\u2028",
  "a@bc.",
  "😀@😀.😀",
];

describe("isEmail", () => {
  it.each(CASES)("agrees with the spec's pattern on %j", (value) => {
    expect(isEmail(value)).toBe(SPEC.test(value));
  });

  it("answers in linear time on a 100 000-character adversarial string", () => {
    // Each of these makes the backtracking pattern try O(n²) or O(n³) splits.
    const evil: [string, boolean][] = [
      ["@".repeat(100_000), false],
      ["a@".repeat(50_000), false],
      [`${"@.".repeat(50_000)} `, false],
      ["@.".repeat(50_000), true],
    ];
    for (const [value, expected] of evil) {
      const started = performance.now();
      expect(isEmail(value)).toBe(expected);
      expect(performance.now() - started).toBeLessThan(50);
    }
  });
});
