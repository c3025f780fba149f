import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages are tested from their TypeScript sources, not their builds. Without Vite's `module`
  // condition, which Node itself ignores: a package's bundler build is not what the server runs, and
  // @opentelemetry/api's (through prom-client) cannot even load in Node (extensionless imports).
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')] },
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
