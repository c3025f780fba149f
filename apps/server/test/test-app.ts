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
import { testDatabaseUrl } from './test-database.js';

export const TEST_PASSWORD = 'contraseña-segura';
/** The site a reset database holds, as a migrated one does ("Sitio principal"). */
export const DEFAULT_SITE_ID = 1;
/** Migration 0010's own insert of the pest catalogue, so a reset catalogue is exactly a migrated one. */
const PEST_SEED = (() => {
  const migration = fs.readFileSync(new URL('../drizzle/0010_sites_devices_plans.sql', import.meta.url), 'utf8');
  const start = migration.indexOf('INSERT INTO "pests"');
  return migration.slice(start, migration.indexOf(';', start));
})();
/** Migration 0017's own insert of the shipped thresholds, so reset thresholds are exactly migrated ones. */
const THRESHOLD_SEED = (() => {
  const migration = fs.readFileSync(new URL('../drizzle/0017_thresholds_actions.sql', import.meta.url), 'utf8');
  const start = migration.indexOf('INSERT INTO "thresholds"');
  return migration.slice(start, migration.indexOf(';', start));
})();
/** Migration 0020's second version of them (UV and pheromone traps per device-week), run after that insert. */
const THRESHOLD_SEED_V2 = (() => {
  const migration = fs.readFileSync(
    new URL('../drizzle/0020_thresholds_week_repetition_area.sql', import.meta.url),
    'utf8',
  );
  const start = migration.indexOf('WITH "shipped_v2"');
  return migration.slice(start, migration.indexOf(';', start));
})();
const testPasswordHash = hashPassword(TEST_PASSWORD);

/**
 * One database per test worker: PGlite from the migrated dump, or a PostgreSQL database of its own.
 * `purpose` gives a worker a second, separate database (a restore target, say).
 */
export async function openTestDatabase(purpose = 'main'): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(inject('pgliteDump'));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const { name, url: workerUrl } = testDatabaseUrl(
    url,
    `${purpose === 'main' ? '' : `${purpose}_`}${process.env.VITEST_POOL_ID ?? '0'}`,
  );
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return openPostgres(workerUrl, 5);
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
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const tokens = createTokenService(config.JWT_SECRET!, config.TOKEN_TTL);
  await useServerZone(database.db, config.TIME_ZONE);
  const app = await buildApp({
    config,
    db: database.db,
    tokens,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const responses = checkResponsesAgainstOpenapi(app);
  await app.ready();
  const reset = async () => {
    // As a migrated database starts: no data but the one site every plant has until it adds another, and the
    // pest catalogue and the thresholds as the migrations seed them (a file before may have replaced them).
    await database.db.execute(
      sql`truncate certificate_counters, placement_events, trap_placements, plans, file_chunks, files, file_object_deletions, scan_events, session_items, sessions, traps, technicians, sites, pests, thresholds restart identity cascade`,
    );
    await database.db.execute(sql`insert into sites (name) values ('Sitio principal')`);
    await database.db.execute(sql.raw(PEST_SEED));
    await database.db.execute(sql.raw(THRESHOLD_SEED));
    await database.db.execute(sql.raw(THRESHOLD_SEED_V2));
    await emptyAuditLog(database.db);
  };
  // A PostgreSQL test database outlives a test file; the next file on the worker starts from nothing.
  await reset();
  return {
    app,
    database,
    config,
    tokens,
    reset,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
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
  overrides: Partial<{ role: Role; isActive: boolean; email: string; fullName: string; password: string }> = {},
): Promise<TestUser> {
  sequence++;
  const role = overrides.role ?? 'TECH';
  const [row] = await context.database.db
    .insert(technicians)
    .values({
      email: overrides.email ?? `${role.toLowerCase()}${sequence}@planta.test`,
      fullName: overrides.fullName ?? `${role === 'ADMIN' ? 'Admin' : 'Técnico'} ${sequence}`,
      role,
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
