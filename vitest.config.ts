import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const clientSource = fileURLToPath(new URL('./packages/client/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@liftcloud/client': clientSource } },
  test: {
    include: ['tests/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a page or a store to settle; on two cores shared by the suites, 1 s (the default)
    // is sometimes not enough for a request and a re-render, so a poll gets 15 s before it fails
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
