import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * The test files that replace a module with vi.mock. A module graph shared between files would carry their
 * stand-ins into the next file, so they run in a project of their own, each file with its own modules.
 */
export const mockingTests = fs
  .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('));

export const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['src/testing/setup-tests.ts'],
  restoreMocks: true,
};

export default defineConfig({
  plugins: [react()],
  // Workspace packages are tested from their TypeScript sources, as the dev server and build use them.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    ...webTest,
    name: 'web',
    include: [TESTS],
    exclude: mockingTests,
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing React, the router
    // and the features again for each file was most of the web tests' time. setup-tests.ts empties what the
    // files share (the DOM, storage, the signed-in account) after each test.
    isolate: false,
  },
});
