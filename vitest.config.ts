import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.ts',
      'tests/**/*.test.ts',
      'app/**/*.test.ts',
      'renderer/**/*.test.ts',
      // The benchmark harness's own logic (parsing, tables): no tool or target needed.
      'bench/harness/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: process.env.CI_JSON ? ['default', ['json', { outputFile: process.env.CI_JSON }]] : ['default'],
  },
});
