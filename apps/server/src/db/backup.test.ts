import { Readable } from 'node:stream';
import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { close, createOrder, scan } from '../../test/orders.js';
import { createPlan, placeTrap } from '../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  openTestDatabase,
  type TestApp,
} from '../../test/test-app.js';
import { BackupError, restoreBackup } from './backup.js';
import type { Database, DatabaseHandle } from './database.js';
import { traps } from './schema.js';

const TABLES = [
  'sites',
  'technicians',
  'pests',
  'traps',
  'sessions',
  'session_items',
  'scan_events',
  'files',
  'file_chunks',
  'plans',
  'placement_events',
];

async function contents(db: Database): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by t.id`,
    )) as unknown as { rows: { row: string }[] };
    result[table] = rows.map((row) => JSON.parse(row.row));
  }
  return result;
}

let t: TestApp;
let target: DatabaseHandle;
beforeAll(async () => {
  t = await createTestApp();
  target = await openTestDatabase('restore');
});
afterAll(async () => {
  await target.close();
  await t.close();
});

/** The restore target as a freshly migrated database is: no data but the first site and the pest catalogue. */
const emptyTarget = async () => {
  await target.db.execute(
    sql`truncate placement_events, trap_placements, plans, file_chunks, files, scan_events, session_items, sessions, traps, technicians, sites restart identity cascade`,
  );
  await target.db.execute(sql`insert into sites (name) values ('Sitio principal')`);
};

describe('backup and restore', () => {
  it('round-trips every table exactly, and new rows continue after the restored ids', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    const tech = await createUser(t, { fullName: 'Ñandú Pérez' });
    const plant = [
      await createTrap(t, { area: 'Cámara de frío' }),
      await createTrap(t, { area: null }),
      await createTrap(t),
    ];
    const done = await createOrder(
      t,
      admin,
      tech.id,
      plant.map((trap) => trap.id),
      new Date().toISOString(),
    );
    for (const trap of plant) await scan(t, tech, done.id, trap.qrSlug);
    await close(t, tech, done.id);
    const open = await createOrder(t, admin, tech.id, [plant[0]!.id]);
    await scan(t, tech, open.id, 'desconocido');
    // A plan whose image spans several 256 KiB chunks, with a device placed on it and the move recorded.
    const noise = await sharp({
      create: {
        width: 600,
        height: 600,
        channels: 3,
        background: '#fff',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const plan = await createPlan(t, admin, 1, 'Planta baja', noise);
    await placeTrap(t, admin, plant[1]!.id, { planId: plan.id, x: 0.25, y: 0.75 });
    // A service plan whose visits start far ahead (no orders), narrowed by area and type.
    const servicePlan = await t.app.inject({
      method: 'POST',
      url: '/api/service-plans',
      headers: admin.headers,
      payload: {
        siteId: 1,
        name: 'Quincenal bodega',
        technicianId: tech.id,
        frequency: 'QUINCENAL',
        startDate: '2040-01-01',
        time: '07:30',
        areas: ['Cámara de frío'],
        types: ['OTRO'],
      },
    });
    expect(servicePlan.statusCode).toBe(201);

    const response = await t.app.inject({ url: '/api/backup', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="rondin-respaldo-\d{8}-\d{4}\.ndjson\.gz"/,
    );

    const counts = await restoreBackup(target.db, Readable.from(response.rawPayload));
    expect(counts).toEqual({
      sites: 1,
      technicians: 2,
      pests: 23,
      traps: 3,
      service_plans: 1,
      sessions: 2,
      session_items: 4,
      scan_events: 4,
      files: 1,
      file_chunks: Math.ceil(noise.length / (256 * 1024)),
      plans: 1,
      trap_placements: 1,
      placement_events: 1,
    });
    expect(await contents(target.db)).toEqual(await contents(t.database.db));
    const restored = (await target.db.execute(
      sql`select string_agg(data, ''::bytea order by seq) as image from file_chunks`,
    )) as unknown as { rows: { image: Buffer }[] };
    expect(Buffer.from(restored.rows[0]!.image).equals(noise)).toBe(true);

    const [next] = await target.db
      .insert(traps)
      .values({ siteId: 1, code: 'NUEVA', qrSlug: 'nuevo-slug-0000000000' })
      .returning();
    expect(next!.id).toBe(Math.max(...plant.map((trap) => trap.id)) + 1);
  });

  it('refuses a database that is not empty, and a file that is not a complete backup, writing nothing', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    await createTrap(t);
    const backup = (await t.app.inject({ url: '/api/backup', headers: admin.headers })).rawPayload;

    await expect(restoreBackup(t.database.db, Readable.from(backup))).rejects.toThrow(BackupError);
    const untouched = await contents(target.db);

    const lines = (
      await new Response(
        Readable.toWeb(Readable.from(backup).pipe((await import('node:zlib')).createGunzip())) as ReadableStream,
      ).text()
    )
      .trim()
      .split('\n');
    const truncated = gzipSync(lines.slice(0, -1).join('\n'));
    await expect(restoreBackup(target.db, Readable.from(truncated))).rejects.toThrow(/incompleto/);
    await expect(restoreBackup(target.db, Readable.from(gzipSync('{"hola":1}\n')))).rejects.toThrow(
      /no es un respaldo/,
    );
    expect(await contents(target.db)).toEqual(untouched);
  });

  it('says in Spanish what is wrong with a cut, foreign, corrupt or missing file, writing nothing', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    await createTrap(t);
    const backup = (await t.app.inject({ url: '/api/backup', headers: admin.headers })).rawPayload;
    const cases: [string, () => Readable, RegExp][] = [
      [
        'cut in the middle of the gzip stream',
        () => Readable.from(backup.subarray(0, Math.floor(backup.length / 2))),
        /está cortado/,
      ],
      [
        'not gzip at all',
        () => Readable.from(Buffer.from('%PDF-1.7 no es un respaldo')),
        /no es un respaldo de Rondín/,
      ],
      [
        'gzip of something else',
        () => Readable.from(gzipSync('<html>hola</html>\n')),
        /no es un respaldo de Rondín compatible/,
      ],
      [
        'a corrupt line after the header',
        () => Readable.from(gzipSync(`${firstLine(backup)}\n{roto\n`)),
        /línea 2 no es JSON/,
      ],
      [
        'a file that does not exist',
        () => fs.createReadStream('/no/existe/respaldo.ndjson.gz'),
        /No existe el archivo/,
      ],
    ];
    const untouched = await contents(target.db);
    for (const [what, input, message] of cases) {
      await expect(restoreBackup(target.db, input()), what).rejects.toThrow(message);
    }
    expect(await contents(target.db)).toEqual(untouched);
  });
});

function firstLine(gzipped: Buffer): string {
  return gunzipSync(gzipped).toString('utf8').split('\n')[0]!;
}

describe('a backup written by the first release', () => {
  it('restores into "Sitio principal", keeping the seeded pest catalogue', async () => {
    await emptyTarget();
    const version1 = [
      {
        format: 'rondin-backup',
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        counts: { technicians: 1, traps: 1, sessions: 1, session_items: 1, scan_events: 0 },
      },
      {
        table: 'technicians',
        row: {
          id: 4,
          email: 'ana@planta.test',
          full_name: 'Ana',
          role: 'TECH',
          password_hash: 'x',
          is_active: true,
          token_version: 0,
          created_at: '2026-01-01T00:00:00+00:00',
        },
      },
      {
        table: 'traps',
        row: {
          id: 9,
          code: 'TRP-009',
          area: 'Bodega',
          description: null,
          is_active: true,
          qr_slug: 'abcd1234efgh5678jkmn',
          created_at: '2026-01-01T00:00:00+00:00',
        },
      },
      {
        table: 'sessions',
        row: {
          id: 3,
          technician_id: 4,
          status: 'PENDING',
          scheduled_at: null,
          created_by_id: null,
          created_at: '2026-01-01T00:00:00+00:00',
          started_at: null,
          closed_at: null,
          closed_by_id: null,
          force_closed: false,
          item_count: 1,
          completed_count: 0,
        },
      },
      {
        table: 'session_items',
        row: {
          id: 7,
          session_id: 3,
          trap_id: 9,
          status: 'PENDING',
          completed_at: null,
          received_at: null,
          completed_by_id: null,
          client_scan_id: null,
        },
      },
    ];
    const counts = await restoreBackup(
      target.db,
      Readable.from(gzipSync(version1.map((line) => JSON.stringify(line)).join('\n'))),
    );
    expect(counts).toEqual({ technicians: 1, traps: 1, sessions: 1, session_items: 1, scan_events: 0 });
    const restored = await contents(target.db);
    expect(restored.sites).toHaveLength(1);
    const site = restored.sites![0] as { id: number; name: string };
    expect(site.name).toBe('Sitio principal');
    expect(restored.traps).toMatchObject([{ id: 9, site_id: site.id, code: 'TRP-009', type: 'OTRO', zone: null }]);
    expect(restored.sessions).toMatchObject([{ id: 3, site_id: site.id }]);
    expect(restored.pests!.length).toBeGreaterThan(10);
  });
});
