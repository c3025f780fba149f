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
    // One module graph per worker, not per file: Fastify, Drizzle, pdfkit and the contracts are imported once
    // and each file only builds its app. Files share no state but the database, which each opens and resets.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
