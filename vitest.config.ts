import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time is what a 2-core machine runs well; set once for every project.
    maxWorkers: 2,
    projects: ['apps/*/vitest.config.ts', 'apps/web/vitest.mocked.config.ts', 'packages/*/vitest.config.ts'],
  },
});
