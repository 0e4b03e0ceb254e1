import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'platform/**/*.test.ts',
      'services/**/*.test.ts',
      'projections/**/*.test.ts',
      'machines/**/*.test.ts',
      'tests/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/build/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/quiet-logs.ts', 'tests/support/answer-contract-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser polls wait on a shared, busy 2-core machine: one second (the default) is too tight.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: more parallel files only queue on the same PostgreSQL.
    maxWorkers: 2,
  },
});
