import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { GONE_WITHIN_MS, startWorkAndStop } from '../../apps/server/test/stopping';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server as its users start it: the README's `npm start`, and the built entry a service manager runs. */
const COMMANDS = { 'npm start': 'npm start', 'the built entry': 'node apps/server/dist/main.js' } as const;

/**
 * `runs` stops of the built server on one data folder (PGlite) or one database, turn by turn through each of
 * COMMANDS and each signal, each a test of its own: every process of the group is gone within 10 s, and the
 * next start serves every trap the earlier runs acknowledged. The tests of a file run in order (serial: after
 * a failed one the rest would only report its leftovers).
 */
export function stopsOfTheBuiltServer(runs: number, databaseUrl?: () => string): void {
  let dataDir = '';
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rondin-e2e-shutdown-'));
    // What `npm start` runs first builds the web app again unless its stamp says the build is current. `npm run
    // build` stamps its build, so after it this takes ~2 s and builds nothing; after a build by other means it
    // builds here, once and untimed, so no run waits ~40 s for Vite to answer.
    execFileSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: root, stdio: 'ignore' });
  });
  test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const names = Object.keys(COMMANDS) as (keyof typeof COMMANDS)[];
  for (let run = 1; run <= runs; run++) {
    const name = names[(run - 1) % names.length]!;
    // npm start: SIGTERM, SIGINT, SIGTERM…; the built entry: SIGINT, SIGTERM…: each pair of both, in turns.
    const turn = Math.floor((run - 1) / names.length) + ((run - 1) % names.length);
    const signal: NodeJS.Signals = turn % 2 ? 'SIGINT' : 'SIGTERM';
    test(`run ${run}: ${name}, ${signal} to its process group, gone within 10 s`, async () => {
      test.setTimeout(90_000);
      const data = { dataDir, databaseUrl: databaseUrl?.() };
      const took = await startWorkAndStop(COMMANDS[name], root, data, run, signal);
      console.log(`run ${run}: gone ${took} ms after ${signal}`);
      expect(took, 'the group was still there').toBeLessThanOrEqual(GONE_WITHIN_MS);
    });
  }
}
