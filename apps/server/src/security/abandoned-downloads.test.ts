import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { hashPassword } from '../lib/password.js';
import { call, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { testDatabaseUrl } from '../../test/test-database.js';

/**
 * A client that goes away mid-download must not hurt anyone else. Streaming a backup straight from the
 * database held its snapshot until the client had read everything: once a client left, on the embedded
 * database every later request (health checks included) waited for ever and SIGTERM was ignored, and on
 * PostgreSQL each abandoned download left a connection idle in transaction for good. A real server process,
 * several MB of data, and three downloads (backup, Excel, PDF) abandoned half-way. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
const { DATABASE_URL } = process.env;
const kind = DATABASE_URL ? 'postgres' : 'pglite';
const TRAPS = 15_000;
const ORDERS = 20_000;
const DATABASE = DATABASE_URL ? testDatabaseUrl(DATABASE_URL, 'abandoned') : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-abandoned-'));
let databaseUrl: string | undefined;
let server: ServerProcess;
let token: string;

const env = () => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JWT_SECRET: 'abandoned-test-secret-0123456789-0123456789',
});

/** Several MB that do not compress away: each trap carries 512 random hex characters. */
async function seed(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await db.execute(sql`insert into technicians (email, full_name, role, password_hash) values
    ('admin@abandoned.test', 'Administración', 'ADMIN', ${await hashPassword('admin-abandoned-1')}),
    ('tecnico@abandoned.test', 'Técnico', 'TECH', 'x')`);
  await db.execute(sql`insert into traps (site_id, code, area, description, qr_slug)
    select (select min(id) from sites), 'AB-' || g, 'Área ' || (g % 20),
      (select string_agg(md5(random()::text || g || s), '') from generate_series(1, 16) s), 'slug-' || g
    from generate_series(1, ${TRAPS}) g`);
  await db.execute(sql`insert into sessions (site_id, technician_id, scheduled_at, item_count)
    select (select min(id) from sites), (select id from technicians where email = 'tecnico@abandoned.test'), now() - g * interval '1 hour', 0
    from generate_series(1, ${ORDERS}) g`);
}

/**
 * Settles as `pending` does, or fails as soon as the server stops answering health checks meanwhile: what the
 * server did before the fix. A slow answer (a backup is written whole before its first byte, and CI runs this file
 * at the lowest priority beside other work) is waited for; a server that answers nothing fails with that, not
 * with the test's timeout.
 */
async function whileAlive<T>(pending: Promise<T>, what: string): Promise<T> {
  let settled = false;
  const watch = async (): Promise<never> => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (settled) return new Promise<never>(() => {});
      const health = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(15_000) }).catch(
        () => undefined,
      );
      if (!settled && health?.status !== 200)
        throw new Error(`${what}: no answer, and the server stopped answering health checks meanwhile`);
    }
  };
  try {
    return await Promise.race([pending, watch()]);
  } finally {
    settled = true;
  }
}

/** Reads `bytes` of a download, then drops the connection. */
function abandon(urlPath: string, bytes: number): Promise<number> {
  return whileAlive(download(urlPath, bytes), urlPath);
}

function download(urlPath: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.base}${urlPath}`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${urlPath}: ${response.statusCode}`));
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= bytes) {
            request.destroy();
            resolve(read);
          }
        });
        response.on('end', () =>
          reject(new Error(`${urlPath} ended after ${read} bytes: too small to abandon half-way`)),
        );
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** An answer within a second, or a failure. */
async function within(ms: number, urlPath: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.base}${urlPath}`, { ...init, signal: AbortSignal.timeout(ms) });
}

async function idleInTransaction(): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_stat_activity where datname = $1 and state like 'idle in transaction%'`,
      [DATABASE!.name],
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

describe(`downloads abandoned half-way on ${kind}`, () => {
  beforeAll(async () => {
    if (DATABASE_URL) {
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${DATABASE!.name} with (force)`);
      await admin.query(`create database ${DATABASE!.name}`);
      await admin.end();
      databaseUrl = DATABASE!.url;
    }
    await migratedDataDir(dataDir);
    const database = databaseUrl ? await openPostgres(databaseUrl, 2) : await openPglite({ dataDir });
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    server = await startServerProcess(env());
    token = (
      await call(server.base, 'POST', '/auth/login', undefined, {
        email: 'admin@abandoned.test',
        password: 'admin-abandoned-1',
      })
    ).accessToken;
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering health checks and scans at once, leaves no transaction open, and stops on SIGTERM', async () => {
    const tech = await call(server.base, 'POST', '/technicians', token, {
      email: 'escaneo@abandoned.test',
      fullName: 'Escaneo',
      password: 'escaneo-abandoned-1',
    });
    const trap = await call(server.base, 'POST', '/traps', token, { code: 'ESCANEO-1' });
    const order = await call(server.base, 'POST', '/sessions', token, { technicianId: tech.id, trapIds: [trap.id] });

    for (const download of ['/api/backup', '/api/reports/export?format=excel', '/api/reports/export?format=pdf']) {
      for (let attempt = 0; attempt < 3; attempt++)
        expect(await abandon(download, 200 * 1024)).toBeGreaterThanOrEqual(200 * 1024);
    }
    // No head start for the server to see these clients go: nothing outside it says when it has (it logs an
    // aborted stream below the level it runs at), and nothing needs it to. A download holds no database connection
    // while it is read (the backup comes from a file written first, the exports from separate queries, giving other
    // requests a turn between batches), so the second below runs from the moment they were abandoned; a server
    // held by an abandoned download answers nothing, however long one waits.
    const health = await within(1000, '/api/health');
    expect(health.status).toBe(200);
    const scan = await within(1000, `/api/sessions/${order.id}/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ qrSlug: trap.qrSlug }),
    });
    expect(scan.status).toBe(200);
    if (DATABASE_URL) expect(await idleInTransaction()).toBe(0);

    // A whole backup still downloads after the abandoned ones.
    const whole = async () => {
      const backup = await fetch(`${server.base}/api/backup`, { headers: { authorization: `Bearer ${token}` } });
      return { status: backup.status, bytes: (await backup.arrayBuffer()).byteLength };
    };
    const backup = await whileAlive(whole(), 'the whole backup');
    expect(backup.status).toBe(200);
    expect(backup.bytes).toBeGreaterThan(1024 * 1024);

    const started = Date.now();
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 180_000);
});
