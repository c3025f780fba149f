import fs from 'node:fs';
import { inject } from 'vitest';
import { openPglite } from '../src/db/database.js';

/**
 * The embedded database as just migrated (global-setup.ts's copy): a new one is created and migrated in 8.8 s on
 * this machine, this one loaded in 1.3 (2026-11-30). Undefined under DATABASE_URL, where no copy is made: an
 * embedded database is then created anew.
 */
export const migratedDump = (): Blob | undefined =>
  process.env.DATABASE_URL ? undefined : new Blob([fs.readFileSync(inject('pgliteDump'))]);

/**
 * Makes `dataDir` a data folder whose embedded database is already migrated, as a server's first start leaves
 * it, so that the process a test starts on it opens the database instead of creating and migrating it. Under
 * DATABASE_URL, where the processes use PostgreSQL, it does nothing.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const dump = migratedDump();
  if (!dump) return;
  const database = await openPglite({ dataDir, loadDataDir: dump });
  await database.close();
}
