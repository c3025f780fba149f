import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface HandleBase {
  db: Database;
  close(): Promise<void>;
}
export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  | (HandleBase & { kind: 'postgres'; pool: pg.Pool });

/**
 * One parameterised statement straight on the driver (a node-postgres pool or PGlite), outside any
 * transaction: for the hot path only. Measured on PGlite, Drizzle's execute() added 0.15–0.3 ms to the
 * scan's 0.6 ms (it copies its type parsers into every call); both drivers answer `{ rows }` of objects and
 * parse json columns themselves.
 */
export async function queryRows<Row>(db: Database, text: string, params: unknown[]): Promise<Row[]> {
  return (await driverOf(db).query(text, params)).rows as Row[];
}

/** The PostgreSQL pool's connections by state; undefined on the embedded database. */
export function poolStats(db: Database): { total: number; idle: number; waiting: number } | undefined {
  const driver = driverOf(db);
  if (!(driver instanceof pg.Pool)) return undefined;
  return { total: driver.totalCount, idle: driver.idleCount, waiting: driver.waitingCount };
}

/** Whether this is the embedded database (PGlite): one connection, serving one statement at a time. */
export function isEmbedded(db: Database): boolean {
  return driverOf(db) instanceof PGlite;
}

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock on `key`, waiting for it, taken on a
 * connection of its own for the whole run (the work itself uses the pool as usual), so one process at a time
 * does it. On the embedded database there is one process: the work just runs.
 */
export async function withAdvisoryLock<T>(db: Database, key: number, work: () => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!(driver instanceof pg.Pool)) return work();
  const connection = await driver.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    connection.release();
  }
}

/** The driver under Drizzle, a PGlite or a node-postgres pool (Drizzle's common database type does not name it). */
interface Driver {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}
const driverOf = (db: Database) => (db as unknown as { $client: Driver }).$client;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any number works: it only has to be the same in every Rondín process sharing a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 74_201_101;

export interface PgliteOptions {
  /** Folder holding the database files; `undefined` keeps the database in memory. */
  dataDir?: string;
  /** A dump from `PGlite.dumpDataDir()` to start from instead of an empty cluster. */
  loadDataDir?: Blob;
}

/**
 * The embedded database lives in this process's memory, so its settings are this process's footprint.
 * PostgreSQL's default 128 MB of shared buffers is all touched at start-up inside WebAssembly; one site's
 * data (thousands of traps, a few years of orders) fits in 32 MB, and the server starts ~100 MB smaller.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
      loadDataDir: options.loadDataDir,
      // The trap search's trigram indexes (migration 0009); PostgreSQL ships the extension itself.
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      client,
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * No request holds a transaction while it waits for anything but the database, so a connection idle inside
 * one for this long belongs to a bug: PostgreSQL ends it (and its locks) instead of letting it starve the
 * pool for ever.
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // An idle connection PostgreSQL ended (a restart, a timeout) must not crash the process: the pool replaces it.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL cerró una conexión inactiva: ${error.message}`));
  try {
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    // Several server processes may start at once against one database: only one migrates at a time.
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      connection.release();
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : openPglite({ dataDir: config.DATA_DIR });
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
