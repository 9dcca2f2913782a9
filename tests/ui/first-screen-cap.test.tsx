// The shell's extras on a screen that never shows data through QueryState (the scanner's camera, the login form), in real
// Chromium: they go after FIRST_SCREEN_MAX_WAIT_MS from the app's start, not never (issue 52; see first-screen.test.tsx).
import { describe, expect, it } from "vitest";
import { afterFirstScreen, FIRST_SCREEN_MAX_WAIT_MS } from "../../src/lib/first-screen";
import { settledWithin } from "./settled";

describe("the shell's extras without a first screen's signal", () => {
  it("go after FIRST_SCREEN_MAX_WAIT_MS", async () => {
    const started = performance.now();
    const extras = afterFirstScreen().then(() => performance.now() - started);
    expect(await settledWithin(extras, FIRST_SCREEN_MAX_WAIT_MS / 2)).toBe(false);
    const waited = await extras;
    // The module's clock started when it was imported, a moment before this test.
    expect(waited).toBeGreaterThanOrEqual(FIRST_SCREEN_MAX_WAIT_MS - 500);
    expect(waited).toBeLessThan(FIRST_SCREEN_MAX_WAIT_MS + 1_000);
  });
});
