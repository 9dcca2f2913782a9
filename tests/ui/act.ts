// React's act() for browser tests, as @testing-library/react wraps it: the act environment is on only while act runs. The
// tests click and type through real browser events (vitest/browser), which React handles like a user's, outside act; with the
// flag always on, React would warn about each of them.
import { act as reactAct } from "react";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export async function act(work: () => unknown): Promise<void> {
  const previous = globalThis.IS_REACT_ACT_ENVIRONMENT;
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await reactAct(async () => {
      await work();
    });
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}
