import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    exclude: ['**/node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/quiet-logs.ts', 'tests/support/answer-contract-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser polls wait on a shared, busy 2-core machine: one second (the default) is too tight.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: more parallel files only queue on the same PostgreSQL.
    maxWorkers: 2,
    projects: [
      {
        // The deciders' tests are pure (time, ids and rates passed in): they share one module graph per
        // worker instead of a fresh one per file (decision 0056: 8.2-9.4 s → 2.7-2.9 s for the 46 files).
        // Their own settings, not the root's: no database, no app, no browser.
        extends: false,
        test: {
          name: 'machines',
          include: ['machines/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          isolate: false,
          // As the root's: the machine is shared and busy (same workers, same time per test).
          maxWorkers: 2,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'suite',
          include: [
            'platform/**/*.test.ts',
            'services/**/*.test.ts',
            'projections/**/*.test.ts',
            'tests/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/build/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
