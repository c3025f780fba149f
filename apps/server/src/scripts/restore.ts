/**
 * npm run restore -- file: loads a backup into the configured database, which must be empty (a new
 * DATA_DIR, or a new PostgreSQL database). All or nothing.
 */
import fs from 'node:fs';
import { installSpanishErrors } from '@rondin/contracts';
import { loadConfig } from '../config.js';
import { BackupError, restoreBackup } from '../db/backup.js';
import { openDatabase } from '../db/database.js';

installSpanishErrors();
const file = process.argv[2];
if (!file) {
  process.stderr.write('Uso: npm run restore -- <archivo .ndjson.gz>\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  const counts = await restoreBackup(database.db, fs.createReadStream(file));
  process.stdout.write(`Respaldo restaurado: ${Object.entries(counts).map(([table, count]) => `${table} ${count}`).join(', ')}.\n`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
