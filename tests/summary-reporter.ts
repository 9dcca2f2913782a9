// Vitest reporter that closes the run with one plain line: "Total: N passed, N failed, N skipped".
// A suite or file that fails outside any test (a failing beforeAll, an import error) counts as one failure.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0,
      failed = 0,
      skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      const failedTestsIn = (tests: Iterable<{ result(): { state: string } }>) => [...tests].some((t) => t.result().state === "failed");
      for (const suite of m.children.allSuites()) {
        if (suite.state() === "failed" && !failedTestsIn(suite.children.allTests())) failed++;
      }
      if (
        m.state() === "failed" &&
        !failedTestsIn(m.children.allTests()) &&
        ![...m.children.allSuites()].some((s) => s.state() === "failed")
      )
        failed++;
    }
    failed += errors.length;
    process.stdout.write(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
