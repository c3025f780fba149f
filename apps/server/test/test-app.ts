import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { useServerZone } from '../src/modules/reports/trends.repository.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/database.js';
import { technicians, traps } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { newQrSlug } from '../src/lib/qr-slug.js';
import { createTokenService, type TokenService } from '../src/modules/auth/tokens.js';
import { checkResponsesAgainstOpenapi } from './openapi-responses.js';
import { startingState } from './starting-state.js';
import { testDatabaseUrl } from './test-database.js';

export const TEST_PASSWORD = 'contraseña-segura';
/** The site a reset database holds, as a migrated one does ("Sitio principal"). */
export const DEFAULT_SITE_ID = 1;
const testPasswordHash = hashPassword(TEST_PASSWORD);

/**
 * The worker's main database, opened once and kept for every test file the worker runs (files share a worker's
 * modules: vitest.config.ts, isolate false), with the statement that brings it back to its migrated state
 * (starting-state.ts). Its close() leaves it open for the next file; the worker's exit ends it.
 */
let mainDatabase: Promise<{ database: DatabaseHandle; migrated: string }> | undefined;

async function openMainDatabase(): Promise<{ database: DatabaseHandle; migrated: string }> {
  const url = process.env.DATABASE_URL;
  let database: DatabaseHandle;
  if (url) {
    // A database left by an earlier run may hold an older schema or data: each run starts from a new one.
    database = await openPostgres((await createWorkerDatabase(url, 'main', { fresh: true })).url, 5);
  } else {
    const dump = fs.readFileSync(inject('pgliteDump'));
    database = await openPglite({ loadDataDir: new Blob([dump]) });
  }
  const migrated = await startingState(database.db);
  return { database: { ...database, close: async () => {} } as DatabaseHandle, migrated };
}

/** A database of the worker's own, for `purpose`, created empty (and migrated on opening) if missing. */
async function createWorkerDatabase(
  url: string,
  purpose: string,
  { fresh = false } = {},
): Promise<{ name: string; url: string }> {
  const worker = testDatabaseUrl(url, `${purpose === 'main' ? '' : `${purpose}_`}${process.env.VITEST_POOL_ID ?? '0'}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${worker.name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [worker.name]);
    if (!rowCount) await admin.query(`create database ${worker.name}`);
  } finally {
    await admin.end();
  }
  return worker;
}

/** The worker's main database brought back to its migrated state, and the server's zone set as `timeZone`. */
async function resetMainDatabase(timeZone?: string): Promise<DatabaseHandle> {
  mainDatabase ??= openMainDatabase();
  const { database, migrated } = await mainDatabase;
  await database.db.execute(sql.raw(migrated));
  if (timeZone) await useServerZone(database.db, timeZone);
  return database;
}

/**
 * A test database: the worker's main one (`purpose` main) as just migrated, or a second, separate one of its
 * own for a purpose (a restore target, say). PGlite is loaded from the migrated dump; PostgreSQL's are the
 * worker's databases.
 */
export async function openTestDatabase(purpose = 'main'): Promise<DatabaseHandle> {
  if (purpose === 'main') return resetMainDatabase();
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(inject('pgliteDump'));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  return openPostgres((await createWorkerDatabase(url, purpose)).url, 5);
}

/**
 * Connections of their own to the worker's main database as it is now, with nothing reset: a second server
 * process on PostgreSQL. Closed by the caller.
 */
export async function connectToMainDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('PGlite has one connection: a second process shares it');
  return openPostgres((await createWorkerDatabase(url, 'main')).url, 5);
}

/**
 * Empties the change log, which its guard trigger (audit_log_no_truncate) otherwise refuses: each test file starts
 * with none, as a new install does, and the seeding above leaves none.
 */
export async function emptyAuditLog(db: DatabaseHandle['db']): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
    await tx.execute(sql`truncate audit_log`);
    await tx.execute(sql`alter table audit_log enable always trigger audit_log_no_truncate`);
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  tokens: TokenService;
  /** Empties every table (done once on opening); call it before each test. */
  reset(): Promise<void>;
  /**
   * What the database and the data folder hold now, kept: the function returned brings both back to it, ids and
   * sequences included, in one statement and a copy. A fixture built through the API once can so be had fresh
   * again for a fraction of building it.
   */
  snapshot(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: { write(line: string): void }; clock?: () => Date } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const tokens = createTokenService(config.JWT_SECRET!, config.TOKEN_TTL);
  const reset = async () => {
    await resetMainDatabase(config.TIME_ZONE);
  };
  const database = await resetMainDatabase(config.TIME_ZONE);
  const app = await buildApp({
    config,
    db: database.db,
    tokens,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const responses = checkResponsesAgainstOpenapi(app, {
    code: buildApp,
    configuration: JSON.stringify({ ...config, DATA_DIR: undefined }),
  });
  await app.ready();
  const snapshots: string[] = [];
  return {
    app,
    database,
    config,
    tokens,
    reset,
    async snapshot() {
      const statement = await startingState(database.db);
      const files = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-snapshot-'));
      fs.cpSync(config.DATA_DIR, files, { recursive: true });
      snapshots.push(files);
      return async () => {
        await database.db.execute(sql.raw(statement));
        for (const entry of fs.readdirSync(config.DATA_DIR)) {
          fs.rmSync(path.join(config.DATA_DIR, entry), { recursive: true, force: true });
        }
        fs.cpSync(files, config.DATA_DIR, { recursive: true });
      };
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
      for (const files of snapshots) fs.rmSync(files, { recursive: true, force: true });
      if (responses.outsideTests.length) {
        throw new Error(`Answers outside any test unlike the OpenAPI document:\n${responses.outsideTests.join('\n')}`);
      }
    },
  };
}

let sequence = 0;

export interface TestUser {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

export async function createUser(
  context: TestApp,
  overrides: Partial<{
    role: Role;
    isActive: boolean;
    email: string;
    fullName: string;
    password: string;
    /** A CLIENTE's client (default: the default site's, 1) and chosen sites (default: all of them). */
    clientId: number;
    siteIds: number[];
  }> = {},
): Promise<TestUser> {
  sequence++;
  const role = overrides.role ?? 'TECH';
  const fullNames: Record<Role, string> = { ADMIN: 'Admin', TECH: 'Técnico', CLIENTE: 'Cliente' };
  const [row] = await context.database.db
    .insert(technicians)
    .values({
      email: overrides.email ?? `${role.toLowerCase()}${sequence}@planta.test`,
      fullName: overrides.fullName ?? `${fullNames[role]} ${sequence}`,
      role,
      ...(role === 'CLIENTE' ? { clientId: overrides.clientId ?? 1, portalSiteIds: overrides.siteIds ?? [] } : {}),
      isActive: overrides.isActive ?? true,
      passwordHash: overrides.password ? await hashPassword(overrides.password) : await testPasswordHash,
    })
    .returning();
  const token = await context.tokens.sign({ technicianId: row!.id, role, tokenVersion: row!.tokenVersion });
  return {
    id: row!.id,
    email: row!.email,
    fullName: row!.fullName,
    role,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export const createAdmin = (context: TestApp, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(context, { ...overrides, role: 'ADMIN' });

/** A client's person with a portal account, signed in: of the default site's client unless told. */
export const createPortalUser = (context: TestApp, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(context, { ...overrides, role: 'CLIENTE' });

export async function createTrap(
  context: TestApp,
  overrides: Partial<{
    code: string;
    area: string | null;
    isActive: boolean;
    siteId: number;
    type: (typeof traps.$inferInsert)['type'];
  }> = {},
) {
  sequence++;
  const [row] = await context.database.db
    .insert(traps)
    .values({
      siteId: overrides.siteId ?? DEFAULT_SITE_ID,
      code: overrides.code ?? `TRP-${String(sequence).padStart(4, '0')}`,
      area: overrides.area === undefined ? 'Bodega' : overrides.area,
      isActive: overrides.isActive ?? true,
      ...(overrides.type ? { type: overrides.type } : {}),
      qrSlug: newQrSlug(),
    })
    .returning();
  return row!;
}
