// yieldToMain (src/lib/yield-to-main.ts): the entry's stages (src/app/boot/) resume in a new task, after the tasks already queued.
import { afterEach, describe, expect, it, vi } from "vitest";
import { yieldToMain } from "../../src/lib/yield-to-main";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("yieldToMain", () => {
  it("resumes after a task queued before it, not in the same task (MessageChannel, where the browser has no scheduler.yield)", async () => {
    const order: string[] = [];
    const other = new MessageChannel();
    other.port1.onmessage = () => {
      order.push("queued task");
      other.port1.close();
    };
    other.port2.postMessage(null);
    queueMicrotask(() => order.push("microtask"));
    await yieldToMain();
    order.push("after the yield");
    expect(order).toEqual(["microtask", "queued task", "after the yield"]);
  });

  it("uses scheduler.yield() where the browser has it", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldFn });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });
});
