import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { openPglite } from './database.js';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Migrations 0000–0009 shipped in the release before sites, device types and plans. */
const PREVIOUS_RELEASE_MIGRATIONS = 10;

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The migrations folder as the previous release shipped it: its first `count` migrations. */
function migrationsOfRelease(count: number): string {
  const folder = tempDir('rondin-migrations-');
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** A data folder as the previous release left it: an admin, a technician, two traps and a half-done order. */
async function previousReleaseDataDir(): Promise<string> {
  const dataDir = tempDir('rondin-upgrade-');
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsOfRelease(PREVIOUS_RELEASE_MIGRATIONS) });
    await client.exec(`
      insert into technicians (email, full_name, role, password_hash) values
        ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
      insert into traps (code, area, qr_slug) values ('TRP-0001', 'Bodega', 'slug-one'), ('TRP-0002', 'Patio', 'slug-two');
      insert into sessions (technician_id, status, item_count, completed_count, started_at)
        values (2, 'IN_PROGRESS', 2, 1, now());
      insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
        values (1, 1, 'COMPLETED', now(), now(), 2), (1, 2, 'PENDING', null, null, null);
    `);
  } finally {
    await client.close();
  }
  return dataDir;
}

describe('upgrading a data folder of the previous release', () => {
  it('puts its traps and orders in "Sitio principal" and serves them as before', async () => {
    const dataDir = await previousReleaseDataDir();
    const handle = await openPglite({ dataDir });
    if (handle.kind !== 'pglite') throw new Error('PGlite expected');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
    });
    const tokens = createTokenService(config.JWT_SECRET!, config.TOKEN_TTL);
    const app = await buildApp({ config, db: handle.db, tokens });
    try {
      const headers = {
        authorization: `Bearer ${await tokens.sign({ technicianId: 1, role: 'ADMIN', tokenVersion: 0 })}`,
      };
      const traps = (await app.inject({ method: 'GET', url: '/api/traps', headers })).json();
      expect(traps).toEqual([
        expect.objectContaining({ code: 'TRP-0001', area: 'Bodega', siteId: 1, type: 'OTRO', zone: null }),
        expect.objectContaining({ code: 'TRP-0002', area: 'Patio', siteId: 1, type: 'OTRO', zone: null }),
      ]);

      const order = (await app.inject({ method: 'GET', url: '/api/sessions/1', headers })).json();
      expect(order).toMatchObject({
        status: 'IN_PROGRESS',
        siteId: 1,
        site: { id: 1, name: 'Sitio principal' },
        // Migration 0011: a trap scanned before findings existed was scanned, and has no finding.
        items: [
          {
            status: 'COMPLETED',
            outcome: 'SCANNED',
            finding: null,
            photoIds: [],
            trap: { code: 'TRP-0001', type: 'OTRO' },
          },
          { status: 'PENDING', outcome: null, finding: null, photoIds: [], trap: { code: 'TRP-0002', type: 'OTRO' } },
        ],
      });

      // The new tables work on the upgraded data: a second site may reuse a code of the first.
      const created = await app.inject({
        method: 'POST',
        url: '/api/traps',
        headers,
        payload: { code: 'TRP-0001', area: 'Muelle', type: 'CEBADERO', siteId: await newSite(handle.client) },
      });
      expect(created.statusCode).toBe(201);
      const pests = await handle.client.query<{ count: number }>('select count(*)::int as count from pests');
      expect(pests.rows[0]!.count).toBeGreaterThan(20);
    } finally {
      await app.close();
      await handle.close();
    }
    // Two databases on disk, each migrated from nothing: 18–21 s on a busy 2-core machine.
  }, 60_000);
});

async function newSite(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ id: number }>("insert into sites (name) values ('Planta Norte') returning id");
  return rows[0]!.id;
}
