import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain line CI reads: 'tests: N passed, N failed', and how many files failed outside
 * any test (a beforeAll that threw), which would otherwise read as nothing failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    let broken = 0;
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failed += failedHere;
      if (m.state() === 'failed' && failedHere === 0) broken++;
    }
    const more = `${skipped ? `, ${skipped} skipped` : ''}${broken ? `, ${broken} files failed outside a test` : ''}`;
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${more}\n`);
  }
}
