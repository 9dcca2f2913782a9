// Vitest reporter that closes the run with one plain line: "Total: N passed, N failed, N skipped".
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0, failed = 0, skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (m.state() === "failed" && [...m.children.allTests()].length === 0) failed++;
    }
    failed += errors.length;
    process.stdout.write(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
