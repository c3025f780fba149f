import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { GONE_WITHIN_MS, startWorkAndStop } from '../../test/stopping.js';
import { testDatabaseUrl } from '../../test/test-database.js';

/**
 * The server stops when it is told to, every time: started as a terminal or a service manager starts it (a
 * shell in a process group of its own, its output a pipe nobody reads any more), given a mixed workload (bad
 * signatures and images, text with control characters, a PDF download abandoned half-way, idle and half-sent
 * connections, a flood of logged requests), then SIGTERM or SIGINT to the whole group: every process of the
 * group must be gone within 10 s, and the next start on the same database must serve what was acknowledged.
 * SHUTDOWN_RUNS stops (default 4, half of each signal) on PGlite, and on PostgreSQL when DATABASE_URL is set.
 *
 * This one runs the sources (tsx), so `npm ci && npm test` needs no build. The same stops of the built server,
 * through `npm start` and `node apps/server/dist/main.js`, are e2e/shutdown.spec.ts (PGlite) and
 * e2e/https/shutdown.spec.ts (PostgreSQL): those tiers run after `npm run build`.
 */
const { DATABASE_URL } = process.env;
const kind = DATABASE_URL ? 'postgres' : 'pglite';
const RUNS = Number(process.env.SHUTDOWN_RUNS ?? 4);
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-shutdown-'));
let databaseUrl: string | undefined;

describe(`stopping the server on ${kind}`, () => {
  beforeAll(async () => {
    if (DATABASE_URL) {
      const database = testDatabaseUrl(DATABASE_URL, 'shutdown');
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database.name} with (force)`);
      await admin.query(`create database ${database.name}`);
      await admin.end();
      databaseUrl = database.url;
    }
    await migratedDataDir(dataDir);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`is gone within 10 s of SIGTERM or SIGINT to its process group, ${RUNS} times, keeping what it acknowledged`, {
    timeout: RUNS * 60_000,
  }, async () => {
    for (let run = 1; run <= RUNS; run++) {
      const took = await startWorkAndStop(
        'node --import tsx --conditions=source src/main.ts',
        serverDir,
        { dataDir, databaseUrl },
        run,
        run % 2 ? 'SIGTERM' : 'SIGINT',
      );
      console.info(`stop ${run} (${run % 2 ? 'SIGTERM' : 'SIGINT'}): gone in ${took} ms`);
      expect(took, `run ${run}: the group was still there`).toBeLessThanOrEqual(GONE_WITHIN_MS);
    }
  });
});
