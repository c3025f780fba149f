/**
 * npm run backup [-- file]: writes a consistent backup of the configured database (PGlite in DATA_DIR or
 * DATABASE_URL). The embedded database must not be open in a running server; use GET /api/backup then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { installSpanishErrors } from '@rondin/contracts';
import { loadConfig } from '../config.js';
import { createBackup } from '../db/backup.js';
import { openDatabase } from '../db/database.js';

installSpanishErrors();
const config = loadConfig();
const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
const file = path.resolve(process.argv[2] ?? `backups/rondin-respaldo-${stamp}.ndjson.gz`);
fs.mkdirSync(path.dirname(file), { recursive: true });
const database = await openDatabase(config);
try {
  await pipeline(createBackup(database.db), fs.createWriteStream(file, { flags: 'wx' }));
  process.stdout.write(`Respaldo escrito en ${file} (${fs.statSync(file).size} bytes).\n`);
} finally {
  await database.close();
}
