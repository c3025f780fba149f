/**
 * npm run restore -- file: loads a backup into the configured database, which must be empty (a new
 * DATA_DIR, or a new PostgreSQL database). All or nothing. Whoever runs it reads Spanish and needs to know
 * what to fix, not where in the code it failed: every failure ends in one sentence, never a stack trace.
 */
import fs from 'node:fs';
import { installSpanishErrors } from '@rondin/contracts';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { BackupError, checkBackupHeader, restoreBackup } from '../db/backup.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';

function fail(message: string): never {
  process.stderr.write(`No se restauró nada. ${message}\n`);
  process.exit(1);
}

installSpanishErrors();
const file = process.argv[2];
if (!file) {
  process.stderr.write('Uso: npm run restore -- <archivo .ndjson.gz>\n');
  process.exit(2);
}

try {
  // Before opening the database: a mistyped path is told at once.
  fs.accessSync(file, fs.constants.R_OK);
  if (fs.statSync(file).isDirectory()) fail('La ruta indicada es una carpeta, no un archivo de respaldo.');
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  fail(
    code === 'ENOENT'
      ? `No existe el archivo de respaldo ${file}.`
      : `No se puede leer el archivo de respaldo ${file} (${code}).`,
  );
}

try {
  // Before opening (and perhaps creating) the database: a file that is no backup is told at once.
  await checkBackupHeader(file);
} catch (error) {
  fail(error instanceof BackupError ? error.message : (error as Error).message);
}

let database: DatabaseHandle;
try {
  database = await openDatabase(loadConfig());
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  fail(`No se pudo abrir la base de datos: ${(error as Error).message}`);
}

try {
  const counts = await restoreBackup(database.db, fs.createReadStream(file));
  process.stdout.write(
    `Respaldo restaurado: ${Object.entries(counts)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ')}.\n`,
  );
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(
    `No se restauró nada. ${
      error instanceof BackupError
        ? error.message
        : `El respaldo no coincide con esta versión de Rondín o está dañado: ${(error as Error).message}`
    }\n`,
  );
} finally {
  await database.close();
}
