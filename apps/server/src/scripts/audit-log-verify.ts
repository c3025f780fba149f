/**
 * npm run audit-log:verify: walks the change log's hash chain in the configured database (PGlite in DATA_DIR, or
 * DATABASE_URL) and says in Spanish how many rows hold and, when it is broken, the first row that does not and
 * why. Exits with 0 when every row holds, 1 otherwise (or when the database cannot be read). The embedded database
 * must not be open in a running server; on PostgreSQL it runs beside the servers, in one read-only snapshot.
 */
import { installSpanishErrors } from '@rondin/contracts';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { AuditLogRepository } from '../modules/audit-log/audit-log.repository.js';
import { AuditLogService, describeCheck } from '../modules/audit-log/audit-log.service.js';

function fail(message: string): never {
  process.stderr.write(`No se comprobó el registro de cambios. ${message}\n`);
  process.exit(1);
}

installSpanishErrors();
let config: ReturnType<typeof loadConfig>;
let database: DatabaseHandle;
try {
  config = loadConfig();
  database = await openDatabase(config);
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  fail(`No se pudo abrir la base de datos: ${(error as Error).message}`);
}

try {
  const check = await new AuditLogService(new AuditLogRepository(database.db)).check();
  process.stdout.write(`${describeCheck(check, config.TIME_ZONE)}\n`);
  process.exitCode = check.broken ? 1 : 0;
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`No se pudo comprobar el registro de cambios: ${(error as Error).message}\n`);
} finally {
  await database.close();
}
