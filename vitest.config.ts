import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests beside the code, HTTP integration tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), and browser tests against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The tests at the bounds (million-vertex rings against a test of every edge) take seconds
          // alone and several times that beside the integration tests on a shared machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
