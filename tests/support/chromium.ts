// The system Chromium every browser test, e2e test and bench drives (Node): its path and flags, one definition for the vitest
// config, the e2e helpers and the benches. Never a downloaded browser.
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/** The flags this machine needs (no sandbox as root; background networking off, or the closed network refuses it many times). */
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Chromium's fake camera and microphone, granted without a prompt, for capture tests. */
export const FAKE_MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
