import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.js';
import { migrationsKey, repoRoot } from './migrations-key.js';
import { testDatabasePrefix } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

const databaseModule = fileURLToPath(new URL('../src/db/database.ts', import.meta.url));

/**
 * Creating and migrating a PGlite cluster takes seconds (25 s on a slow day of this 2-core machine); doing it once
 * and letting each test file load the dump keeps the suite fast. The dump is kept under node_modules/.cache for
 * these migrations, this database module and these packages, so the next run, of the suite or of one file, starts
 * at once. Under DATABASE_URL the files use PostgreSQL instead and ignore the dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    await dropWorkerDatabases(process.env.DATABASE_URL);
    project.provide('pgliteDump', '');
    return;
  }
  project.provide('pgliteDump', await migratedDump());
}

/** The path of a dump of the migrated database, made now if no run made it for the same migrations. */
async function migratedDump(): Promise<string> {
  const cache = path.join(repoRoot, 'node_modules/.cache/rondin-test');
  const file = path.join(cache, `migrated-${migrationsKey(databaseModule)}.tar.gz`);
  if (fs.existsSync(file)) return file;

  const database = await openPglite();
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  // A copy of a running database is recovered on opening, and recovery moves each sequence it had used past
  // the values it had logged ahead (a second site would be 34): written out first, nothing is left to recover.
  await database.client.exec('checkpoint');
  const dump = Buffer.from(await (await database.client.dumpDataDir('gzip')).arrayBuffer());
  await database.close();
  fs.mkdirSync(cache, { recursive: true });
  // Dumps of earlier migrations are of no further use.
  for (const old of fs.readdirSync(cache).filter((name) => name.endsWith('.tar.gz'))) {
    fs.rmSync(path.join(cache, old), { force: true });
  }
  // Written whole or not at all: a run starting meanwhile never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  return file;
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
