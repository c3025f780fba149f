import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installSpanishErrors } from '@rondin/contracts';
import { buildApp } from './app.js';
import { sweepStaleUploads } from './files/spool.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { useServerZone } from './modules/reports/trends.repository.js';
import { createTokenService, resolveJwtSecret } from './modules/auth/tokens.js';
import { ensureAdmin } from './modules/technicians/ensure-admin.js';
import { killAfter } from './lib/exit-watchdog.js';
import { logDestination } from './lib/log-destination.js';
import { TechniciansRepository } from './modules/technicians/technicians.repository.js';

/** In-flight requests get this long to finish once the server is told to stop; then every connection is closed. */
const SHUTDOWN_GRACE_MS = 3_000;
/** The graceful close's last moment: past it, the process exits without waiting. */
const SHUTDOWN_DEADLINE_MS = 6_000;
/** However stuck the process is, it is gone this long after the signal (lib/exit-watchdog.ts). */
const SHUTDOWN_KILL_MS = 8_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  installSpanishErrors();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }

  // The trends count the sites without a zone of their own in the server's: counted again if it changed.
  const recounted = await useServerZone(database.db, config.TIME_ZONE);
  const admin = await ensureAdmin(new TechniciansRepository(database.db), {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.generatedPassword) {
    process.stdout.write(
      [
        '',
        '  ┌───────────────────────────────────────────────────────────────┐',
        '  │ Rondín creó la cuenta de administrador inicial.               │',
        `  │   Correo:     ${admin.email.padEnd(48)}│`,
        `  │   Contraseña: ${admin.generatedPassword.padEnd(48)}│`,
        '  │ Guárdala ahora: no se volverá a mostrar. Cámbiala al ingresar.│',
        '  └───────────────────────────────────────────────────────────────┘',
        '',
        '',
      ].join('\n'),
    );
  }

  const tokens = createTokenService(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR), config.TOKEN_TTL);
  const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const webBuilt = fs.existsSync(path.join(webRoot, 'index.html'));
  const log = logDestination();
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      db: database.db,
      tokens,
      logger: log.destination,
      webRoot: webBuilt ? webRoot : undefined,
      scheduleJobs: true,
    });
  } catch (error) {
    // The S3 store that S3_BUCKET names could not be reached: say so in one sentence, as for a bad variable.
    if (error instanceof ConfigError) {
      await database.close();
      fail(error.message);
    }
    throw error;
  }
  if (recounted) {
    app.log.info(`Tendencias: los sitios sin zona horaria propia se cuentan en la del servidor (${config.TIME_ZONE}).`);
  }
  if (!webBuilt) app.log.warn('La aplicación web no está compilada (npm run build): solo se sirve la API.');
  app.addHook('onClose', () => database.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // First, before anything that could block this thread (even the log line below): another process ends this
    // one if it is still here when the time is up. The timer after it cannot fire while this thread is blocked.
    killAfter(SHUTDOWN_KILL_MS);
    // Nor does a log nobody reads hold the stop: a full pipe drops what is left instead of being waited for.
    log.stopping();
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get time to finish. A connection that never sends a whole request (an idle socket, a
    // client that stopped half-way through its headers) would hold the close until the HTTP server's own
    // timeouts, a minute: once the grace is over every connection still open is closed, so the database
    // closes cleanly after them.
    setTimeout(() => {
      app.log.warn('closing the connections still open');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    // A process that cannot close must still stop when told to.
    setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting without waiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Rondín escuchando en http://localhost:${config.PORT} (base de datos: ${database.kind})`);
  sweepStaleUploads().then(
    (swept) => swept > 0 && app.log.info(`${swept} carpetas temporales de subidas interrumpidas borradas`),
    (error: unknown) => app.log.warn({ err: error }, 'stale upload folders not swept'),
  );
}

await main();
