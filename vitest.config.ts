import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const clientSource = fileURLToPath(new URL('./packages/client/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@liftcloud/client': clientSource } },
  test: {
    include: ['tests/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
