import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../test/orders.js';
import { createAdmin, createTestApp, createTrap, createUser, openTestDatabase, type TestApp } from '../../test/test-app.js';
import { BackupError, restoreBackup } from './backup.js';
import type { Database, DatabaseHandle } from './database.js';
import { traps } from './schema.js';

const TABLES = ['technicians', 'traps', 'sessions', 'session_items', 'scan_events'];

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

const emptyTarget = () =>
  target.db.execute(sql`truncate scan_events, session_items, sessions, traps, technicians restart identity cascade`);

describe('backup and restore', () => {
  it('round-trips every table exactly, and new rows continue after the restored ids', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    const tech = await createUser(t, { fullName: 'Ñandú Pérez' });
    const plant = [await createTrap(t, { area: 'Cámara de frío' }), await createTrap(t, { area: null }), await createTrap(t)];
    const done = await createOrder(t, admin, tech.id, plant.map((trap) => trap.id), new Date().toISOString());
    for (const trap of plant) await scan(t, tech, done.id, trap.qrSlug);
    await close(t, tech, done.id);
    const open = await createOrder(t, admin, tech.id, [plant[0]!.id]);
    await scan(t, tech, open.id, 'desconocido');

    const response = await t.app.inject({ url: '/api/backup', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="rondin-respaldo-\d{8}-\d{4}\.ndjson\.gz"/);

    const counts = await restoreBackup(target.db, Readable.from(response.rawPayload));
    expect(counts).toEqual({ technicians: 2, traps: 3, sessions: 2, session_items: 4, scan_events: 4 });
    expect(await contents(target.db)).toEqual(await contents(t.database.db));

    const [next] = await target.db.insert(traps).values({ code: 'NUEVA', qrSlug: 'nuevo-slug-0000000000' }).returning();
    expect(next!.id).toBe(Math.max(...plant.map((trap) => trap.id)) + 1);
  });

  it('refuses a database that is not empty, and a file that is not a complete backup, writing nothing', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    await createTrap(t);
    const backup = (await t.app.inject({ url: '/api/backup', headers: admin.headers })).rawPayload;

    await expect(restoreBackup(t.database.db, Readable.from(backup))).rejects.toThrow(BackupError);

    const lines = (await new Response(Readable.toWeb(Readable.from(backup).pipe((await import('node:zlib')).createGunzip())) as ReadableStream).text()).trim().split('\n');
    const truncated = gzipSync(lines.slice(0, -1).join('\n'));
    await expect(restoreBackup(target.db, Readable.from(truncated))).rejects.toThrow(/incompleto/);
    await expect(restoreBackup(target.db, Readable.from(gzipSync('{"hola":1}\n')))).rejects.toThrow(/no es un respaldo/);
    expect(Object.values(await contents(target.db)).flat()).toEqual([]);
  });
});
