import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverDir, '../..');

/**
 * What a migrated embedded database kept between test runs is made from: the migrations, the lockfile (PGlite,
 * Drizzle's migrator) and `databaseModule`, the code that opens and migrates it. A change to any makes a new key.
 */
export function migrationsKey(databaseModule: string): string {
  const key = createHash('sha256');
  const migrations = path.join(serverDir, 'drizzle');
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    if (path.extname(file)) key.update(file).update(fs.readFileSync(path.join(migrations, file)));
  }
  for (const file of [databaseModule, path.join(repoRoot, 'package-lock.json')]) key.update(fs.readFileSync(file));
  return key.digest('hex').slice(0, 16);
}
