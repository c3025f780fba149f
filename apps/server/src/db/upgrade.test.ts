import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SessionItem, TrendPoint } from '@rondin/contracts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { useServerZone } from '../modules/reports/trends.repository.js';
import { openPglite } from './database.js';
import { ownSignaturePng } from '../../test/orders.js';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Migrations 0000–0009 shipped in the release before sites, device types and plans. */
const PREVIOUS_RELEASE_MIGRATIONS = 10;
/** Migrations 0000–0018 shipped in the release before certificates, products and the trends summary. */
const RELEASE_BEFORE_CERTIFICATES = 19;
/** Migrations 0000–0026 shipped in the release before the trends' per-period counts (trend_periods). */
const RELEASE_BEFORE_TREND_PERIODS = 27;
/** Migrations 0000–0027 shipped in the release before [Q] (MANUAL, exception details, walk order, reprints). */
const RELEASE_BEFORE_FIELD_RECORDS = 28;
/** Migrations 0000–0030 shipped in the release before clients as records. */
const RELEASE_BEFORE_CLIENTS = 31;
/** Migrations 0000–0036 shipped in the release before plans of several technicians. */
const RELEASE_BEFORE_PLAN_TECHNICIANS = 37;
/** Migrations 0000–0045 shipped in the release before integrations (API tokens, webhooks, remote events). */
const RELEASE_BEFORE_INTEGRATIONS = 46;

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

/** Every release a test below starts from, by its migration count. */
const RELEASES = [
  PREVIOUS_RELEASE_MIGRATIONS,
  RELEASE_BEFORE_CERTIFICATES,
  RELEASE_BEFORE_TREND_PERIODS,
  RELEASE_BEFORE_FIELD_RECORDS,
  RELEASE_BEFORE_CLIENTS,
  RELEASE_BEFORE_PLAN_TECHNICIANS,
  RELEASE_BEFORE_INTEGRATIONS,
];

/**
 * Each release's data folder just migrated, as a tarball: one database is taken through the releases in order,
 * each release's migrations applied on top of the one before (as an install upgraded release by release has
 * them), and copied after each. Migrating every test's folder from nothing instead ran the early migrations seven
 * times over: the file took 82 s, now 60 (2026-11-30, load ~4).
 */
const releaseTarballs = new Map<number, Blob>();
beforeAll(async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    for (const release of [...RELEASES].sort((a, b) => a - b)) {
      await migrate(drizzle({ client }), { migrationsFolder: migrationsOfRelease(release) });
      // A copy of a running database is recovered on opening, and recovery moves each sequence past the values
      // it had logged ahead (ids would jump by 32): written out first, nothing is left to recover.
      await client.exec('checkpoint');
      releaseTarballs.set(release, await client.dumpDataDir('none'));
    }
  } finally {
    await client.close();
  }
}, 120_000);

/** A data folder as the release of its first `migrationCount` migrations left it, with what `data` wrote. */
async function releaseDataDir(migrationCount: number, data: string): Promise<string> {
  const dataDir = tempDir('rondin-upgrade-');
  const client = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: releaseTarballs.get(migrationCount)!,
    extensions: { pg_trgm },
  });
  try {
    await client.exec(data);
  } finally {
    await client.close();
  }
  return dataDir;
}

/** The app on an upgraded data folder, with an administrator's headers (technician 1 of the data). */
async function upgradedApp(dataDir: string) {
  const handle = await openPglite({ dataDir });
  if (handle.kind !== 'pglite') throw new Error('PGlite expected');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    TIME_ZONE: 'Europe/Madrid',
  });
  const tokens = createTokenService(config.JWT_SECRET!, config.TOKEN_TTL);
  // As the server starts (main.ts): the trends count the sites without a zone in the server's.
  await useServerZone(handle.db, config.TIME_ZONE);
  const app = await buildApp({ config, db: handle.db, tokens });
  const headers = {
    authorization: `Bearer ${await tokens.sign({ technicianId: 1, role: 'ADMIN', tokenVersion: 0 })}`,
  };
  const close = async () => {
    await app.close();
    await handle.close();
  };
  return { app, handle, headers, close };
}

/** A data folder as the previous release left it: an admin, a technician, two traps and a half-done order. */
const previousReleaseDataDir = () =>
  releaseDataDir(
    PREVIOUS_RELEASE_MIGRATIONS,
    `
      insert into technicians (email, full_name, role, password_hash) values
        ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
      insert into traps (code, area, qr_slug) values ('TRP-0001', 'Bodega', 'slug-one'), ('TRP-0002', 'Patio', 'slug-two');
      insert into sessions (technician_id, status, item_count, completed_count, started_at)
        values (2, 'IN_PROGRESS', 2, 1, now());
      insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
        values (1, 1, 'COMPLETED', now(), now(), 2), (1, 2, 'PENDING', null, null, null);
    `,
  );

describe('upgrading a data folder of the previous release', () => {
  it('puts its traps and orders in "Sitio principal" and serves them as before', async () => {
    const upgraded = await upgradedApp(await previousReleaseDataDir());
    const { app, handle, headers } = upgraded;
    try {
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
      await upgraded.close();
    }
  }, 60_000);
});

/**
 * The release before certificates left a closed order with a finding (a bait station half eaten, ten days ago)
 * and an order ready to close: the trends count the old finding (migration 0025 fills their summary), the old
 * order keeps its report without a certificate, and the next close numbers the first certificate of its year.
 */
describe('upgrading a data folder of the release before certificates', () => {
  it('counts its findings in the trends, keeps its reports and numbers the next close', async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_CERTIFICATES,
      `insert into technicians (email, full_name, role, password_hash) values
         ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
       insert into traps (code, area, qr_slug, site_id, type) values
         ('CEB-01', 'Muelle', 'slug-one', 1, 'CEBADERO'), ('CEB-02', 'Patio', 'slug-two', 1, 'CEBADERO');
       insert into sessions (technician_id, site_id, status, item_count, completed_count, started_at, closed_at)
         values (2, 1, 'COMPLETED', 1, 1, now() - interval '10 days', now() - interval '10 days'),
                (2, 1, 'IN_PROGRESS', 1, 1, now(), null);
       insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
         values (1, 1, 'COMPLETED', now() - interval '10 days', now() - interval '10 days', 2),
                (2, 2, 'COMPLETED', now(), now(), 2);
       insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                             device_time, received_at, device_status, activity, derived_activity, bait_consumption)
         values (1, 1, 1, 'CEBADERO', gen_random_uuid(), 2, now() - interval '10 days', now() - interval '10 days',
                 now() - interval '10 days', 'OK', 'MEDIA', 'MEDIA', 50);
       update session_items set finding_id = 1 where id = 1;`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, headers } = upgraded;
    try {
      const trends = await app.inject({ method: 'GET', url: '/api/reports/trends?siteId=1&interval=year', headers });
      expect(trends.statusCode, trends.body).toBe(200);
      const points: TrendPoint[] = trends.json().points;
      expect(points.reduce((sum, point) => sum + point.inspectedDevices, 0)).toBe(1);
      expect(points.find((point) => point.inspectedDevices === 1)).toMatchObject({
        devicesWithActivity: 1,
        meanBaitConsumption: 50,
      });

      const oldReport = await app.inject({ method: 'GET', url: '/api/sessions/1/report', headers });
      expect(oldReport.statusCode).toBe(200);
      expect(oldReport.headers['content-type']).toBe('application/pdf');
      const oldCertificate = await app.inject({ method: 'GET', url: '/api/sessions/1/certificate', headers });
      expect(oldCertificate.statusCode).toBe(404);

      // The administrator's first close after the upgrade: their signature stored first, as the close asks, and
      // «Sin novedad» for the device the old release scanned without a finding.
      const signed = await app.inject({
        method: 'PUT',
        url: '/api/technicians/me/signature',
        headers,
        payload: { imagePng: await ownSignaturePng() },
      });
      expect(signed.statusCode, signed.body).toBe(204);
      const closed = await app.inject({
        method: 'POST',
        url: '/api/sessions/2/close',
        headers,
        payload: { defaultNoActivity: true },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const certificate = await app.inject({ method: 'GET', url: '/api/sessions/2/certificate', headers });
      expect(certificate.statusCode, certificate.body).toBe(200);
      expect(certificate.json().folio).toMatch(/^\d{4}-000001$/);

      const company = await app.inject({ method: 'GET', url: '/api/settings/company', headers });
      expect(company.statusCode, company.body).toBe(200);
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});

/**
 * The last release left findings at a site in its own zone and at one without: migration 0027 counts the first's
 * periods, the server's start the second's (in its zone), and the trends read them whole.
 */
describe('upgrading a data folder of the release before trend_periods', () => {
  it('counts the periods of the findings already recorded, at sites with and without a zone', async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_TREND_PERIODS,
      `insert into technicians (email, full_name, role, password_hash) values
         ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
       insert into sites (name, time_zone) values ('Planta Sur', 'America/Santiago');
       insert into traps (code, area, qr_slug, site_id, type) values
         ('CEB-01', 'Muelle', 'slug-one', 1, 'CEBADERO'), ('CEB-02', 'Patio', 'slug-two', 2, 'CEBADERO');
       insert into sessions (technician_id, site_id, status, item_count, completed_count, started_at)
         values (2, 1, 'IN_PROGRESS', 1, 1, now() - interval '10 days'),
                (2, 2, 'IN_PROGRESS', 1, 1, now() - interval '10 days');
       insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
         values (1, 1, 'COMPLETED', now() - interval '10 days', now() - interval '10 days', 2),
                (2, 2, 'COMPLETED', now() - interval '10 days', now() - interval '10 days', 2);
       insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                             device_time, received_at, device_status, activity, derived_activity, bait_consumption)
         values (1, 1, 1, 'CEBADERO', gen_random_uuid(), 2, now() - interval '10 days', now() - interval '10 days',
                 now() - interval '10 days', 'OK', 'MEDIA', 'MEDIA', 50),
                (2, 2, 2, 'CEBADERO', gen_random_uuid(), 2, now() - interval '10 days', now() - interval '10 days',
                 now() - interval '10 days', 'OK', 'NINGUNA', 'NINGUNA', 0);
       update session_items set finding_id = item_id from findings where findings.item_id = session_items.id;`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, handle, headers } = upgraded;
    try {
      const counted = await handle.client.query<{ site_id: number; rows: number }>(
        `select site_id, count(*)::int as rows from trend_periods where inspected > 0 group by 1 order by 1`,
      );
      // Each site: 4 intervals × 4 series (undivided, area, zone, type) for its one inspection.
      expect(counted.rows).toEqual([
        { site_id: 1, rows: 16 },
        { site_id: 2, rows: 16 },
      ]);
      for (const [site, withActivity, bait] of [
        [1, 1, 50],
        [2, 0, 0],
      ] as const) {
        const trends = await app.inject({ method: 'GET', url: `/api/reports/trends?siteId=${site}`, headers });
        expect(trends.statusCode, trends.body).toBe(200);
        const points: TrendPoint[] = trends.json().points;
        expect(
          points.map(({ inspectedDevices, devicesWithActivity, meanBaitConsumption }) => ({
            inspectedDevices,
            devicesWithActivity,
            meanBaitConsumption,
          })),
        ).toEqual([{ inspectedDevices: 1, devicesWithActivity: withActivity, meanBaitConsumption: bait }]);
      }
      // Every site's, in the server's zone: the first from trend_periods, the one in Santiago counted apart.
      const national = await app.inject({ method: 'GET', url: '/api/reports/trends?interval=year', headers });
      const all: TrendPoint[] = national.json().points;
      expect(all.reduce((sum, point) => sum + point.inspectedDevices, 0)).toBe(2);
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});

/**
 * The release before [Q] left an order with a scanned device, one not found (its note) and one pending: after
 * migration 0028 they read as before (SCANNED, EXCEPTION without a preset detail), none added on site or typed,
 * no walk order; and an exception recorded now takes a preset detail without a note.
 */
describe('upgrading a data folder of the release before [Q]', () => {
  it('keeps its scans and exceptions as they were and takes the new exception details', async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_FIELD_RECORDS,
      `insert into technicians (email, full_name, role, password_hash) values
         ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
       insert into traps (code, area, qr_slug, site_id, type) values
         ('LAM-01', 'Bodega', 'slug-one', 1, 'LAMINA'), ('LAM-02', 'Bodega', 'slug-two', 1, 'LAMINA'),
         ('LAM-03', 'Patio', 'slug-three', 1, 'LAMINA');
       insert into sessions (technician_id, site_id, status, item_count, completed_count, started_at)
         values (2, 1, 'IN_PROGRESS', 3, 2, now() - interval '1 hour');
       insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id,
                                  exception_reason, exception_note)
         values (1, 1, 'COMPLETED', now(), now(), 2, null, null),
                (1, 2, 'COMPLETED', now(), now(), 2, 'NO_ENCONTRADO', 'No estaba en su lugar'),
                (1, 3, 'PENDING', null, null, null, null, null);`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, headers } = upgraded;
    try {
      const order = (await app.inject({ method: 'GET', url: '/api/sessions/1', headers })).json();
      // Migration 0031: a site without a client has one of its own name.
      expect(order.site).toEqual({
        id: 1,
        name: 'Sitio principal',
        client: 'Sitio principal',
        address: null,
        timeZone: null,
      });
      expect(
        order.items.map(({ trap, outcome, exception, manual, addedOnSite }: SessionItem) => ({
          code: trap.code,
          routeOrder: trap.routeOrder,
          outcome,
          exception,
          manual,
          addedOnSite,
        })),
      ).toEqual([
        { code: 'LAM-01', routeOrder: null, outcome: 'SCANNED', exception: null, manual: null, addedOnSite: false },
        {
          code: 'LAM-02',
          routeOrder: null,
          outcome: 'EXCEPTION',
          exception: { reason: 'NO_ENCONTRADO', reasonDetail: null, note: 'No estaba en su lugar' },
          manual: null,
          addedOnSite: false,
        },
        { code: 'LAM-03', routeOrder: null, outcome: null, exception: null, manual: null, addedOnSite: false },
      ]);

      const exception = await app.inject({
        method: 'POST',
        url: `/api/sessions/1/items/${order.items[2].id}/exception`,
        headers,
        payload: {
          clientScanId: randomUUID(),
          reason: 'INACCESIBLE',
          reasonDetail: 'AREA_CERRADA',
          recordedAt: new Date().toISOString(),
        },
      });
      expect(exception.statusCode, exception.body).toBe(200);
      expect(exception.json().item.exception).toEqual({
        reason: 'INACCESIBLE',
        reasonDetail: 'AREA_CERRADA',
        note: null,
      });
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});

/**
 * The release before clients left sites whose free-text client is written in several ways, one with none and one
 * empty: migration 0031 makes one client per text (trimmed, ignoring case, spelled as its oldest site wrote it),
 * a client of its own name for a site without one, and every site belongs to its client, logged as no one's change.
 */
describe('upgrading a data folder of the release before clients', () => {
  it('gives every site the client its text names, or one of its own name', async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_CLIENTS,
      `insert into technicians (email, full_name, role, password_hash) values ('admin@planta.test', 'Admin', 'ADMIN', 'x');
       insert into sites (name, client) values
         ('Planta Norte', ' Alimentos del Sur '), ('Planta Sur', 'ALIMENTOS DEL SUR'), ('Molino', 'Harinas Levante'),
         ('Almacén Este', '   ');
       update sites set address = 'Calle Mayor 1' where name = 'Planta Norte';`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, handle, headers } = upgraded;
    try {
      const logged = await handle.client.query<{ entity: string; action: string }>(
        'select entity, action from audit_log order by id',
      );
      const sites = (await app.inject({ method: 'GET', url: '/api/sites', headers })).json();
      const clients = (await app.inject({ method: 'GET', url: '/api/clients', headers })).json();
      expect(clients.map(({ name, siteCount }: { name: string; siteCount: number }) => ({ name, siteCount }))).toEqual([
        { name: 'Alimentos del Sur', siteCount: 2 },
        { name: 'Almacén Este', siteCount: 1 },
        { name: 'Harinas Levante', siteCount: 1 },
        { name: 'Sitio principal', siteCount: 1 },
      ]);
      const clientOf = new Map(clients.map((client: { id: number; name: string }) => [client.id, client.name]));
      expect(
        sites.map((site: { name: string; clientId: number; client: string; address: string | null }) => ({
          site: site.name,
          client: site.client,
          record: clientOf.get(site.clientId),
          address: site.address,
        })),
      ).toEqual([
        { site: 'Almacén Este', client: 'Almacén Este', record: 'Almacén Este', address: null },
        { site: 'Molino', client: 'Harinas Levante', record: 'Harinas Levante', address: null },
        { site: 'Planta Norte', client: 'Alimentos del Sur', record: 'Alimentos del Sur', address: 'Calle Mayor 1' },
        { site: 'Planta Sur', client: 'Alimentos del Sur', record: 'Alimentos del Sur', address: null },
        { site: 'Sitio principal', client: 'Sitio principal', record: 'Sitio principal', address: null },
      ]);
      const nulls = await handle.client.query<{ count: number }>(
        'select count(*)::int as count from sites where client_id is null',
      );
      expect(nulls.rows[0]!.count).toBe(0);
      // The upgrade is nobody's change: the log holds the old release's changes only.
      expect(logged.rows).toEqual([
        { entity: 'account', action: 'create' },
        ...Array(4).fill({ entity: 'site', action: 'create' }),
        { entity: 'site', action: 'update' },
      ]);
      const created = await app.inject({
        method: 'POST',
        url: '/api/sites',
        headers,
        payload: { name: 'Planta Este', client: 'alimentos del sur' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ clientId: sites[2].clientId, client: 'Alimentos del Sur' });
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});

async function newSite(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ id: number }>("insert into sites (name) values ('Planta Norte') returning id");
  return rows[0]!.id;
}

describe('upgrading a data folder of the release before plans of several technicians', () => {
  it("makes each plan's technician the first and only of its list, its orders kept", async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_PLAN_TECHNICIANS,
      `insert into technicians (email, full_name, role, password_hash) values
         ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x'),
         ('luis@planta.test', 'Luis Técnico', 'TECH', 'x');
       insert into sites (name, client) values ('Planta Norte', 'Alimentos del Sur');
       insert into traps (code, area, qr_slug, site_id)
         values ('TRP-0001', 'Bodega', 'slug-one', (select id from sites where name = 'Planta Norte'));
       insert into service_plans (site_id, name, technician_id, frequency, start_date, time, horizon_days)
         values ((select id from sites where name = 'Planta Norte'), 'Semanal', 2, 'SEMANAL', '2040-01-02', '08:00', 14);
       insert into sessions (site_id, technician_id, item_count, service_plan_id, planned_date)
         values ((select id from sites where name = 'Planta Norte'), 2, 1, 1, '2040-01-02');
       insert into session_items (session_id, trap_id) values (1, 1);`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, handle, headers } = upgraded;
    try {
      const [plan] = (await app.inject({ method: 'GET', url: '/api/service-plans', headers })).json();
      expect(plan).toMatchObject({
        technicianId: 2,
        assignment: 'ROTATING',
        technicians: [{ id: 2, fullName: 'Ana Técnica', isActive: true, areas: null }],
        generatedUntil: '2040-01-02',
      });
      const rows = await handle.client.query(
        'select service_plan_id, position, technician_id, areas from service_plan_technicians',
      );
      expect(rows.rows).toEqual([{ service_plan_id: 1, position: 0, technician_id: 2, areas: null }]);
      // The visit it had is still the plan's one for that date.
      await expect(
        handle.client.query(
          `insert into sessions (site_id, technician_id, service_plan_id, planned_date) select site_id, 3, 1, '2040-01-02' from sessions where id = 1`,
        ),
      ).rejects.toThrow(/sessions_service_plan_visit_key/);
      const edited = await app.inject({
        method: 'PATCH',
        url: '/api/service-plans/1',
        headers,
        payload: { technicians: [{ technicianId: 2 }, { technicianId: 3 }] },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().technicians.map((technician: { id: number }) => technician.id)).toEqual([2, 3]);
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});

describe('upgrading a data folder of the release before integrations', () => {
  it("keeps its technicians' findings as inspections, and takes remote events and hooks on its devices", async () => {
    const dataDir = await releaseDataDir(
      RELEASE_BEFORE_INTEGRATIONS,
      `insert into technicians (email, full_name, role, password_hash) values
         ('admin@planta.test', 'Admin', 'ADMIN', 'x'), ('ana@planta.test', 'Ana Técnica', 'TECH', 'x');
       insert into traps (code, area, qr_slug, site_id, type, zone, risk_level)
         values ('CAP-01', 'Obrador', 'slug-one', 1, 'CAPTURA', 'INTERIOR', 'ALTO');
       insert into sessions (technician_id, site_id, status, item_count, completed_count, started_at, closed_at)
         values (2, 1, 'COMPLETED', 1, 1, now() - interval '10 days', now() - interval '10 days');
       insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
         values (1, 1, 'COMPLETED', now() - interval '10 days', now() - interval '10 days', 2);
       insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                             device_time, received_at, device_status, activity, derived_activity)
         values (1, 1, 1, 'CAPTURA', gen_random_uuid(), 2, now() - interval '10 days', now() - interval '10 days',
                 now() - interval '10 days', 'OK', 'NINGUNA', 'NINGUNA');
       update session_items set finding_id = 1 where id = 1;`,
    );
    const upgraded = await upgradedApp(dataDir);
    const { app, handle, headers } = upgraded;
    try {
      // Migration 0047: the findings already recorded are a technician's inspections.
      const old = await handle.client.query('select origin, item_id from findings');
      expect(old.rows).toEqual([{ origin: 'INSPECCION', item_id: 1 }]);
      const trap = (await app.inject({ method: 'GET', url: '/api/traps/1', headers })).json();
      expect(trap).toMatchObject({ code: 'CAP-01', externalId: null });
      const named = await app.inject({
        method: 'PATCH',
        url: '/api/traps/1',
        headers,
        payload: { externalId: 'eui-0001' },
      });
      expect(named.statusCode, named.body).toBe(200);
      // An electronic capture on the old device: a remote finding, judged by the thresholds (an indoor snap trap's
      // catch opens an action).
      const capture = await app.inject({
        method: 'POST',
        url: '/api/remote-events',
        headers,
        payload: { eventId: 'lora-1', externalId: 'eui-0001', type: 'CAPTURA', occurredAt: new Date().toISOString() },
      });
      expect(capture.statusCode, capture.body).toBe(201);
      expect(capture.json().actionIds).toHaveLength(1);
      const hook = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers,
        payload: { url: 'http://127.0.0.1:9/rondin', events: ['action.closed'] },
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const token = await app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers,
        payload: { name: 'ERP', scope: 'read' },
      });
      expect(token.statusCode, token.body).toBe(201);
    } finally {
      await upgraded.close();
    }
  }, 90_000);
});
