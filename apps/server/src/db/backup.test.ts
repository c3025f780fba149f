import { Readable } from 'node:stream';
import fs from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { notFoundException, nothingFound, postPhoto, putFinding, recordException } from '../../test/findings.js';
import { multipartForm } from '../../test/multipart.js';
import { close, createOrder, scan } from '../../test/orders.js';
import { createPlan, placeTrap } from '../../test/plans.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../test/programmes.js';
import { testPkcs12 } from '../../test/signing.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  emptyAuditLog,
  openTestDatabase,
  type TestApp,
} from '../../test/test-app.js';
import { BackupError, restoreBackup } from './backup.js';
import type { Database, DatabaseHandle } from './database.js';
import { BACKED_UP_TABLES, NOT_BACKED_UP_TABLES } from './backup.js';
import {
  auditLog,
  auditPacks,
  clients,
  labelReprints,
  notificationEvents,
  pests,
  technicians,
  thresholds,
  traps,
} from './schema.js';
import { AuditLogRepository } from '../modules/audit-log/audit-log.repository.js';
import { AuditLogService } from '../modules/audit-log/audit-log.service.js';

/** Every table a backup holds, each with the columns its rows are in order of. */
const TABLES: [string, string][] = [
  ['sites', 'id'],
  ['technicians', 'id'],
  ['pests', 'id'],
  ['traps', 'id'],
  ['service_plans', 'id'],
  ['service_plan_technicians', 'service_plan_id, position'],
  ['sessions', 'id'],
  ['session_items', 'id'],
  ['scan_events', 'id'],
  ['files', 'id'],
  ['file_chunks', 'id'],
  ['company_settings', 'id'],
  ['signing_certificate', 'id'],
  ['audit_packs', 'id'],
  ['products', 'id'],
  ['plans', 'id'],
  ['trap_placements', 'trap_id'],
  ['placement_events', 'id'],
  ['findings', 'id'],
  ['finding_captures', 'finding_id, pest_id'],
  ['photos', 'id'],
  ['applications', 'id'],
  ['thresholds', 'id'],
  ['assessments', 'id'],
  ['assessment_photos', 'id'],
  ['corrective_actions', 'id'],
  ['corrective_action_events', 'id'],
  ['threshold_breaches', 'id'],
  ['audit_log', 'id'],
];

async function contents(db: Database): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const [table, order] of TABLES) {
    const { rows } = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t order by ${sql.raw(order)}`,
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
    sql`truncate applications, products, certificates, certificate_counters, threshold_breaches, corrective_action_events, corrective_actions, photos, finding_captures, findings, placement_events, trap_placements, plans, company_settings, signing_certificate, file_chunks, files, scan_events, session_items, sessions, service_plan_technicians, service_plans, control_programmes, traps, technicians, sites, contacts, clients, notification_events restart identity cascade`,
  );
  await target.db.execute(sql`insert into sites (name) values ('Sitio principal')`);
  await emptyAuditLog(target.db);
};

describe('backup and restore', () => {
  it('holds every table of the schema but the ones it leaves out on purpose', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.map((row) => row.name).sort()).toEqual([...BACKED_UP_TABLES, ...NOT_BACKED_UP_TABLES].sort());
  });

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
    // Another system's token, and a hook told of every finding and action from here on (modules/integrations).
    for (const [url, payload] of [
      ['/api/api-tokens', { name: 'ERP', scope: 'read' }],
      ['/api/webhooks', { url: 'http://127.0.0.1:9/rondin', events: ['finding.recorded', 'action.opened'] }],
    ] as const) {
      const created = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
      expect(created.statusCode, created.body).toBe(201);
    }
    // An electronic device's low battery (a remote event without a finding).
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/remote-events',
      headers: admin.headers,
      payload: {
        eventId: 'bateria-1',
        deviceCode: plant[1]!.code,
        type: 'BATERIA_BAJA',
        occurredAt: new Date().toISOString(),
      },
    });
    expect(remote.statusCode, remote.body).toBe(201);
    const done = await createOrder(
      t,
      admin,
      tech.id,
      plant.map((trap) => trap.id),
      new Date().toISOString(),
    );
    await t.database.db.update(traps).set({ zone: 'INTERIOR' }).where(eq(traps.id, plant[2]!.id));
    for (const trap of plant.slice(0, 2)) await scan(t, tech, done.id, trap.qrSlug);
    // What was found: a finding with a catch and a photo, and a device not found, which opens an action.
    const itemOf = (trapId: number) => done.items.find((item) => item.trapId === trapId)!.id;
    const [mouse] = await t.database.db.select({ id: pests.id }).from(pests).where(eq(pests.name, 'Ratón doméstico'));
    const finding = await putFinding(t, tech, done.id, itemOf(plant[0]!.id), {
      ...nothingFound(),
      captures: [{ pestId: mouse!.id, count: 2 }],
      notes: 'Dos ratones en la trampa.',
    });
    expect(finding.statusCode, finding.body).toBe(200);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#840' } })
      .jpeg()
      .toBuffer();
    const photo = await postPhoto(t, tech, done.id, itemOf(plant[0]!.id), { clientPhotoId: randomUUID(), file: jpeg });
    expect(photo.statusCode, photo.body).toBe(201);
    const lost = await recordException(t, tech, done.id, itemOf(plant[2]!.id), notFoundException());
    expect(lost.statusCode, lost.body).toBe(200);
    await close(t, tech, done.id);
    // A label waiting to be printed again, and one already printed.
    await t.database.db.insert(labelReprints).values([
      { trapId: plant[0]!.id, reason: 'ETIQUETA_DANADA', sessionId: done.id, requestedById: tech.id },
      {
        trapId: plant[1]!.id,
        reason: 'ETIQUETA_AUSENTE',
        sessionId: done.id,
        requestedById: tech.id,
        printedAt: new Date(),
        printedById: admin.id,
      },
    ]);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/actions',
      headers: admin.headers,
      payload: { siteId: 1, description: 'Sellar la puerta del muelle.', dueDate: '2030-01-31' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    // Its due date moved later, with the reason that takes (corrective_action_changes).
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/actions/${manual.json().id}`,
      headers: admin.headers,
      payload: { dueDate: '2030-03-31', reason: 'El proveedor entrega la puerta en marzo.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const override = await t.app.inject({
      method: 'PUT',
      url: '/api/sites/1/thresholds',
      headers: admin.headers,
      payload: {
        thresholds: [
          {
            trapType: 'CEBADERO',
            zone: 'EXTERIOR',
            riskLevel: null,
            metric: 'CONSUMO_CEBO',
            pestGroup: null,
            level: 'ACCION',
            value: 25,
          },
        ],
      },
    });
    expect(override.statusCode, override.body).toBe(200);
    const seededThresholds = await t.database.db.$count(thresholds);
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
    // The company that heads every document, with its logo (a file of its own).
    const company = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: admin.headers,
      payload: { name: 'Plagas Levante S.L.', taxId: 'B12345678', registryNumber: 'ROESB 0123-CVA' },
    });
    expect(company.statusCode, company.body).toBe(200);
    const logoForm = multipartForm([{ name: 'file', filename: 'logo.jpg', data: jpeg }]);
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company/logo',
      headers: { ...admin.headers, ...logoForm.headers },
      payload: logoForm.payload(),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    // The company's signing certificate, sealed under the server's secret.
    const signing = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/signing-certificate',
      headers: admin.headers,
      payload: { pkcs12: testPkcs12().toString('base64'), password: 'clave-de-prueba' },
    });
    expect(signing.statusCode, signing.body).toBe(200);
    // An audit pack issued, for its verification.
    await t.database.db.insert(auditPacks).values({
      code: 'dossier-de-prueba',
      siteId: 1,
      fromDay: '2025-01-01',
      toDay: '2025-12-31',
      timeZone: 'Europe/Madrid',
      issuedAt: new Date(),
      issuedById: admin.id,
      fingerprint: 'a'.repeat(64),
    });
    // The site's client, renamed, with a contact of that site who is sent the certificates.
    const client = await t.app.inject({
      method: 'PATCH',
      url: '/api/clients/1',
      headers: admin.headers,
      payload: { name: 'Conservas Ribera S.A.', taxId: 'A46000001' },
    });
    expect(client.statusCode, client.body).toBe(200);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/clients/1/contacts',
      headers: admin.headers,
      payload: {
        name: 'Lucía Ferrer',
        role: 'Jefa de calidad',
        email: 'lucia@ribera.test',
        siteIds: [1],
        notifyCertificates: true,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    // The site's control programme, approved by the administrator as technical manager and accepted by the contact.
    await makeTechnicalManager(t, admin);
    expect((await saveProgramme(t, admin, 1, programmeInput({ effectiveFrom: '2025-01-01' }))).statusCode).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/sites/1/programme/versions/1/approve',
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/sites/1/programme/versions/1/accept',
      headers: admin.headers,
      payload: {
        contactId: contact.json<{ id: number }>().id,
        date: new Intl.DateTimeFormat('en-CA', { timeZone: t.config.TIME_ZONE }).format(new Date()),
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A diagnosis with a photo, signed by the technician as technical manager (its report, a copy of the
    // signature, its recommendation a client action), and its revision in draft.
    await t.database.db
      .update(technicians)
      .set({ qualification: 'RESPONSABLE_TECNICO' })
      .where(eq(technicians.id, tech.id));
    const photoId = randomUUID();
    const assessment = await t.app.inject({
      method: 'POST',
      url: '/api/sites/1/assessments',
      headers: tech.headers,
      payload: {
        kind: 'DIAGNOSTICO',
        areas: [{ area: 'Muelle', pressure: 'BAJA', conditions: ['ENTORNO'], photoIds: [photoId] }],
        conclusions: 'Presión baja.',
        recommendations: [{ text: 'Cerrar el muelle de noche.', dueDate: '2030-06-30' }],
      },
    });
    expect(assessment.statusCode, assessment.body).toBe(201);
    const assessmentPhoto = multipartForm([
      { name: 'clientPhotoId', value: photoId },
      { name: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.json().id}/photos`,
      headers: { ...tech.headers, ...assessmentPhoto.headers },
      payload: assessmentPhoto.payload(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const assessmentSigned = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${assessment.json().id}/sign`,
      headers: tech.headers,
    });
    expect(assessmentSigned.statusCode, assessmentSigned.body).toBe(200);
    const revision = await t.app.inject({
      method: 'POST',
      url: '/api/sites/1/assessments',
      headers: tech.headers,
      payload: { kind: 'DIAGNOSTICO', revisionOf: assessment.json().id },
    });
    expect(revision.statusCode, revision.body).toBe(201);

    const response = await t.app.inject({ url: '/api/backup', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="rondin-respaldo-\d{8}-\d{4}\.ndjson\.gz"/,
    );

    // The target as a server in the same zone left it (the zone it counts the sites without one in).
    await target.db.execute(sql`insert into trend_settings (id, server_time_zone) values (1, ${t.config.TIME_ZONE})
      on conflict (id) do update set server_time_zone = excluded.server_time_zone`);
    const counts = await restoreBackup(target.db, Readable.from(response.rawPayload));
    expect(counts).toEqual({
      clients: 1,
      sites: 1,
      contacts: 1,
      technicians: 2,
      portal_invitations: 0,
      api_tokens: 1,
      webhooks: 1,
      pests: 23,
      traps: 3,
      service_plans: 1,
      service_plan_technicians: 1,
      sessions: 2,
      session_items: 4,
      scan_events: 3,
      // The plan's image, the photo and its thumbnail, the logo, the closed order's certificate and its closer's
      // signature; the assessment's photo and its thumbnail, its report and the copy of its signer's signature.
      files: 10,
      file_chunks: Math.ceil(noise.length / (256 * 1024)) + 9,
      company_settings: 1,
      signing_certificate: 1,
      audit_packs: 1,
      products: 0,
      control_programmes: 1,
      plans: 1,
      trap_placements: 1,
      placement_events: 1,
      // The mice indoors, and the close's «Sin novedad» for the other device scanned.
      findings: 2,
      finding_captures: 1,
      photos: 1,
      applications: 0,
      thresholds: seededThresholds,
      // Opened by the mice indoors and by the device not found (both over a threshold), by hand, and by the signed
      // assessment's recommendation.
      corrective_actions: 4,
      corrective_action_events: 4,
      corrective_action_changes: 1,
      action_responses: 0,
      action_photos: 0,
      sightings: 0,
      sighting_photos: 0,
      sighting_links: 0,
      assessments: 2,
      assessment_photos: 1,
      threshold_breaches: 2,
      remote_events: 1,
      certificate_counters: 1,
      certificates: 1,
      label_reprints: 2,
      // Every change above of an audited record: traps, accounts, actions, thresholds, plans, settings.
      audit_log: await t.database.db.$count(auditLog),
    });
    expect(counts.audit_log).toBeGreaterThan(10);
    // The actions the thresholds opened were told of on the install that wrote the backup, not again here.
    expect(await t.database.db.$count(notificationEvents)).toBeGreaterThan(0);
    expect(await target.db.$count(notificationEvents)).toBe(0);
    // So were the hooks, of the findings and actions: the restored records queue nothing for them again.
    const deliveries = async (db: DatabaseHandle['db']) =>
      (
        (await db.execute(sql`select count(*)::int as n from webhook_deliveries`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await deliveries(t.database.db)).toBeGreaterThan(0);
    expect(await deliveries(target.db)).toBe(0);
    expect(await contents(target.db)).toEqual(await contents(t.database.db));
    // The change log came back as it was written: its chain holds, and a change made after the restore extends it.
    const chain = () => new AuditLogService(new AuditLogRepository(target.db)).check();
    expect(await chain()).toMatchObject({ rows: counts.audit_log, broken: undefined });
    // What the trends count, as the findings' own commits counted it at the source.
    const periods = async (db: DatabaseHandle['db']) =>
      (
        (await db.execute(
          sql`select * from trend_periods order by site_id, interval, dimension, period, key`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    expect((await periods(target.db)).length).toBeGreaterThan(0);
    expect(await periods(target.db)).toEqual(await periods(t.database.db));
    // And the inspections they count, written whole at the restore's end (fillTrendInspections).
    const inspections = async (db: DatabaseHandle['db']) =>
      ((await db.execute(sql`select * from trend_inspections order by item_id`)) as unknown as { rows: unknown[] })
        .rows;
    expect((await inspections(target.db)).length).toBeGreaterThan(0);
    expect(await inspections(target.db)).toEqual(await inspections(t.database.db));
    const restored = (await target.db.execute(
      sql`select string_agg(data, ''::bytea order by seq) as image from file_chunks
          where file_id = (select file_id from plans)`,
    )) as unknown as { rows: { image: Buffer }[] };
    expect(Buffer.from(restored.rows[0]!.image).equals(noise)).toBe(true);

    const [next] = await target.db
      .insert(traps)
      .values({ siteId: 1, code: 'NUEVA', qrSlug: 'nuevo-slug-0000000000' })
      .returning();
    expect(next!.id).toBe(Math.max(...plant.map((trap) => trap.id)) + 1);
    expect(await chain()).toMatchObject({ rows: counts.audit_log! + 1, broken: undefined });
    // Every kind of row the app makes, a plan image across chunks included: seconds on a busy machine.
  }, 60_000);

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

  it('restores a backup of the release before findings and actions, keeping the seeded thresholds', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    await createTrap(t, { code: 'ANTES-1' });
    const backup = (await t.app.inject({ url: '/api/backup', headers: admin.headers })).rawPayload;
    // That release's backup: the same format without the tables it did not have.
    const newer = ['findings', 'finding_captures', 'photos', 'thresholds', 'corrective_actions'];
    newer.push('corrective_action_events', 'threshold_breaches', 'certificate_counters', 'certificates');
    newer.push('products', 'applications');
    const [headerLine, ...rowLines] = gunzipSync(backup).toString('utf8').trim().split('\n');
    const header = JSON.parse(headerLine!) as { counts: Record<string, number> };
    for (const table of newer) delete header.counts[table];
    const older = [JSON.stringify(header), ...rowLines.filter((line) => !newer.includes(JSON.parse(line).table))];
    const seeded = await target.db.$count(thresholds);
    expect(seeded).toBeGreaterThan(0);

    const counts = await restoreBackup(target.db, Readable.from(gzipSync(`${older.join('\n')}\n`)));
    expect(counts).toMatchObject({ traps: 1, findings: 0, thresholds: 0 });
    expect(await target.db.$count(thresholds)).toBe(seeded);
    expect((await target.db.select({ code: traps.code }).from(traps)).map((row) => row.code)).toEqual(['ANTES-1']);
  });

  it('restores a backup of the release before clients, giving each site the client its text names', async () => {
    await t.reset();
    await emptyTarget();
    const admin = await createAdmin(t);
    await t.database.db.execute(sql`update sites set client = ' conservas ribera ' where id = 1`);
    await t.database.db.execute(
      sql`insert into sites (name, client) values ('Planta Norte', 'Conservas Ribera'), ('Almacén Sur', null)`,
    );
    const backup = (await t.app.inject({ url: '/api/backup', headers: admin.headers })).rawPayload;
    // That release's backup: no clients nor contacts, its sites with their free text and no client_id, written
    // as the release before wrote it (' conservas ribera ', 'Conservas Ribera', null).
    const [headerLine, ...rowLines] = gunzipSync(backup).toString('utf8').trim().split('\n');
    const header = JSON.parse(headerLine!) as { counts: Record<string, number> };
    delete header.counts.clients;
    delete header.counts.contacts;
    const texts: Record<string, string | null> = {
      'Sitio principal': ' conservas ribera ',
      'Planta Norte': 'Conservas Ribera',
      'Almacén Sur': null,
    };
    const older = [JSON.stringify(header)];
    for (const text of rowLines) {
      const line = JSON.parse(text) as { table: string; row: Record<string, unknown> };
      if (line.table === 'clients' || line.table === 'contacts') continue;
      if (line.table === 'sites') {
        delete line.row.client_id;
        line.row.client = texts[line.row.name as string];
      }
      older.push(JSON.stringify(line));
    }

    const counts = await restoreBackup(target.db, Readable.from(gzipSync(`${older.join('\n')}\n`)));
    expect(counts).toMatchObject({ sites: 3, clients: 0, contacts: 0 });
    const restored = (await target.db.execute(
      sql`select s.name as site, s.client, c.name as "clientName" from sites s join clients c on c.id = s.client_id order by s.id`,
    )) as unknown as { rows: { site: string; client: string; clientName: string }[] };
    // The trimmed text, found ignoring case: one client for the first two, spelled as the first wrote it.
    expect(restored.rows).toEqual([
      { site: 'Sitio principal', client: 'conservas ribera', clientName: 'conservas ribera' },
      { site: 'Planta Norte', client: 'conservas ribera', clientName: 'conservas ribera' },
      { site: 'Almacén Sur', client: 'Almacén Sur', clientName: 'Almacén Sur' },
    ]);
    expect(await target.db.$count(clients)).toBe(2);
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
