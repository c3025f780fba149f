import { defineConfig, mergeConfig } from 'vitest/config';
import base, { mockingTests, webTest } from './vitest.config';

/** The web tests that mock a module (vitest.config.ts): each file with modules of its own. */
export default mergeConfig(
  { ...base, test: {} },
  defineConfig({ test: { ...webTest, name: 'web-mocked', include: mockingTests, isolate: true } }),
);
