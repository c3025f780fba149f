/**
 * npm run files:migrate -- --to s3|database: moves every stored file to the S3-compatible store named by
 * S3_BUCKET (and S3_ENDPOINT, keys…), or from it back into the database. Each copy is checked (size and SHA-256)
 * before its source is let go; stopped at any point, running it again carries on. With the embedded database
 * (no DATABASE_URL) stop the server first: only one process may open it. With PostgreSQL it can run beside the
 * servers, which read every file from wherever it is at that moment.
 */
import { installSpanishErrors } from '@rondin/contracts';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { createFileStorage } from '../files/create-storage.js';
import { FilesRepository } from '../files/files.repository.js';
import { type BackendKind, migrateFiles } from '../files/migrate.js';

const NAMES: Record<BackendKind, string> = { database: 'la base de datos', s3: 'S3' };
/** One line of progress at most this often, and always for the last file and for each failure. */
const REPORT_EVERY_MS = 2000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function target(args: string[]): BackendKind {
  const index = args.findIndex((arg) => arg === '--to' || arg.startsWith('--to='));
  const value = index === -1 ? undefined : args[index]!.includes('=') ? args[index]!.split('=')[1] : args[index + 1];
  if (value !== 's3' && value !== 'database') {
    fail('Uso: npm run files:migrate -- --to s3|database (a dónde mover los archivos).');
  }
  return value;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('es', { maximumFractionDigits: 1 })} MB`;

installSpanishErrors();
const to = target(process.argv.slice(2));
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.S3_BUCKET === undefined) {
  fail(
    'files:migrate necesita S3_BUCKET (y S3_ENDPOINT, S3_REGION y las claves, como el servidor): sin él no hay adónde mover los archivos, ni de dónde traerlos.',
  );
}
let handle: DatabaseHandle;
try {
  handle = await openDatabase(config);
} catch (error) {
  // The embedded database is open in a running server: it says so, and to stop it first.
  if (error instanceof DataDirLockedError) fail(error.message);
  throw error;
}
const storage = createFileStorage(config, handle.db);
let refusal: string | undefined;
try {
  if (!storage.s3) throw new Error('S3_BUCKET without an S3 backend');
  await storage.s3.backend.check();
  const repository = new FilesRepository(handle.db);
  const from: BackendKind = to === 's3' ? 'database' : 's3';
  const totals = await repository.totals(from);
  process.stdout.write(
    `Moviendo ${totals.count} archivos (${megabytes(totals.bytes)}) de ${NAMES[from]} a ${NAMES[to]}.\n`,
  );
  let reported = 0;
  const result = await migrateFiles(to, {
    db: handle.db,
    repository,
    database: storage.database,
    s3: storage.s3.backend,
    deletions: storage.s3.deletions,
    onProgress(progress) {
      if (progress.failure) process.stderr.write(`  Archivo ${progress.file.id}: ${progress.failure}\n`);
      if (progress.done === progress.total || Date.now() - reported >= REPORT_EVERY_MS) {
        reported = Date.now();
        const percent = progress.totalBytes ? Math.round((progress.bytes / progress.totalBytes) * 100) : 100;
        process.stdout.write(
          `  ${progress.done} de ${progress.total} archivos, ${megabytes(progress.bytes)} (${percent} %)\n`,
        );
      }
    },
  });
  process.stdout.write(
    `Listo: ${result.moved} movidos a ${NAMES[to]}, ${result.skipped} ya borrados o movidos por otro proceso, ${result.failed.length} con errores.\n`,
  );
  if (result.failed.length) {
    process.stdout.write('Los archivos con errores siguen donde estaban: corrige la causa y vuelve a ejecutarlo.\n');
    process.exitCode = 1;
  } else if (to === 'database') {
    process.stdout.write('Ya puedes quitar S3_BUCKET de la configuración del servidor.\n');
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  refusal = error.message;
} finally {
  await storage.close();
  await handle.close();
}
if (refusal) fail(refusal);
