import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['engine/**/*.test.ts', 'tests/**/*.test.ts', 'app/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: process.env.CI_JSON ? ['default', ['json', { outputFile: process.env.CI_JSON }]] : ['default'],
  },
});
