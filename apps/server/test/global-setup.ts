import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.js';
import { testDatabasePrefix } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Creating and migrating a PGlite cluster takes seconds; doing it once and letting each test file load the
 * dump keeps the suite fast. Under DATABASE_URL the files use PostgreSQL instead and ignore the dump.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-test-'));
  const file = path.join(dir, 'migrated.tar.gz');
  if (process.env.DATABASE_URL) {
    await dropWorkerDatabases(process.env.DATABASE_URL);
  } else {
    const database = await openPglite();
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    // A copy of a running database is recovered on opening, and recovery moves each sequence it had used past
    // the values it had logged ahead (a second site would be 34): written out first, nothing is left to recover.
    await database.client.exec('checkpoint');
    const dump = await database.client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteDump', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** Worker databases from an earlier run may hold an older schema: start every run from empty ones. */
async function dropWorkerDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A prefix compared as text: in LIKE its underscores would match any character, and other runs' databases.
    const prefix = testDatabasePrefix(url);
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where left(datname, length($1)) = $1',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
