import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const clientSource = fileURLToPath(new URL('./packages/client/src/index.ts', import.meta.url));

/**
 * Three projects (README, "Tests"): `unit`, the packages' own tests; `api`, the server through HTTP, MQTT
 * and its store on both dialects; `browser`, the console in Chromium over a seeded server. Each file gets
 * its own forked process. The browser files run after the others, two at a time: each holds a Chromium and
 * a server, which is all two cores can carry beside the rest of the machine.
 */
export default defineConfig({
  resolve: { alias: { '@liftcloud/client': clientSource } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a page or a store to settle; on two cores shared by the suites, 1 s (the default)
    // is sometimes not enough for a request and a re-render, so a poll gets 15 s before it fails
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.{ts,tsx}'],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/monitoring/**/*.test.ts', 'tests/jobs/**/*.test.ts'],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/web/**/*.test.ts'],
          globalSetup: ['./tests/web/support/globalSetup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
