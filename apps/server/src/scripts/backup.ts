/**
 * npm run backup [-- file or folder]: writes a consistent backup of the configured database (PGlite in DATA_DIR or
 * DATABASE_URL). The embedded database must not be open in a running server; use GET /api/backup then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installSpanishErrors } from '@rondin/contracts';
import { loadConfig } from '../config.js';
import { writeBackup } from '../db/backup.js';
import { openDatabase } from '../db/database.js';

installSpanishErrors();
const config = loadConfig();
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
const named = `rondin-respaldo-${stamp}.ndjson.gz`;
const target = path.resolve(process.argv[2] ?? 'backups');
// A path ending in .gz is the file; any other is a folder (a scheduled backup's) that gets one named by time.
const file = target.endsWith('.gz') ? target : path.join(target, named);
fs.mkdirSync(path.dirname(file), { recursive: true });
const database = await openDatabase(config);
try {
  await writeBackup(database.db, file);
  process.stdout.write(`Respaldo escrito en ${file} (${fs.statSync(file).size} bytes).\n`);
} finally {
  await database.close();
}
