import { ReportMessages, type Inspection, type InspectionPage } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests } from '../../db/schema.js';
import { InspectionsRepository, type InspectionCursor } from './inspections.repository.js';
import { capturesText } from '@rondin/contracts/finding-text';
import { download, expectNoInternalNames, parseCsv, readXlsx, spanishDay } from '../../../test/exports.js';
import { putFinding } from '../../../test/findings.js';
import { visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let ana: TestUser;
let luis: TestUser;
let southSiteId: number;
let pest: Record<string, number>;
/** Item ids by device code and visit. */
const items: Record<string, number> = {};
let photoId: number;
let southOrderId: number;

const DAY = 24 * 60 * 60_000;
/** The visits' starts, fixed to whole minutes so the period bounds below are exact. */
const march = new Date(Math.floor((Date.now() - 40 * DAY) / 60_000) * 60_000);
const south = new Date(Math.floor((Date.now() - 10 * DAY) / 60_000) * 60_000);
const today = new Date(Math.floor((Date.now() - 3 * 60 * 60_000) / 60_000) * 60_000);
const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();

/**
 * Two plants of one client. At Planta Norte, Ana's visit forty days ago found a bait station gnawed, German
 * cockroaches on the production glue board (with a photo), flies in the packaging UV lamp, and could not reach
 * the snap trap in the raw-material store; three hours ago Luis found a station tampered with and left another
 * pending. Ten days ago at Almacén Sur, Luis scanned a station without recording anything and caught a mouse.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  ana = await createUser(t, { fullName: 'Ana Torres' });
  luis = await createUser(t, { fullName: 'Luis Méndez' });
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  pest = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  await t.app.inject({
    method: 'PATCH',
    url: `/api/sites/${DEFAULT_SITE_ID}`,
    headers: admin.headers,
    payload: { name: 'Planta Norte' },
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: admin.headers,
    payload: { name: 'Almacén Sur', client: 'Conservas del Norte' },
  });
  southSiteId = created.json().id;

  const north = {
    ceb1: await createTrap(t, { code: 'CEB-01', type: 'CEBADERO', area: 'Muelle de carga' }),
    ceb2: await createTrap(t, { code: 'CEB-02', type: 'CEBADERO', area: 'Muelle de carga' }),
    lam1: await createTrap(t, { code: 'LAM-01', type: 'LAMINA', area: 'Producción' }),
    uv1: await createTrap(t, { code: 'UV-01', type: 'LUZ_UV', area: 'Envasado' }),
    cap1: await createTrap(t, { code: 'CAP-01', type: 'CAPTURA', area: 'Almacén de materia prima' }),
  };
  const southTraps = {
    ceb: await createTrap(t, { code: 'CEB-S1', type: 'CEBADERO', area: 'Exterior', siteId: southSiteId }),
    lam: await createTrap(t, { code: 'LAM-S1', type: 'LAMINA', area: 'Expedición', siteId: southSiteId }),
  };
  const photo = await planImage(64, 48, 'jpeg');

  const first = await visit(t, admin, ana, march, [
    { trap: north.ceb1, scanned: true, finding: { baitConsumption: 0 } },
    {
      trap: north.ceb2,
      scanned: true,
      finding: {
        baitConsumption: 50,
        evidence: ['ROEDURAS', 'EXCREMENTOS'],
        actions: ['CEBO_REPUESTO'],
        notes: 'Bloque mordido por un lado.',
      },
    },
    {
      trap: north.lam1,
      scanned: true,
      finding: {
        captures: [
          { pestId: pest['Cucaracha alemana']!, count: 3 },
          { pestId: pest['Pececillo de plata']!, count: 0 },
        ],
        actions: ['LAMINA_CAMBIADA'],
      },
      photo,
    },
    { trap: north.uv1, scanned: true, finding: { captures: [{ pestId: pest.Moscas!, band: '11-50' }] } },
    { trap: north.cap1, exception: 'INACCESIBLE', note: 'Palés apilados delante de la trampa.' },
  ]);
  for (const [index, code] of ['CEB-01', 'CEB-02', 'LAM-01', 'UV-01', 'CAP-01'].entries()) {
    items[`${code} marzo`] = first.itemIds[index]!;
  }
  const second = await visit(t, admin, luis, today, [
    { trap: north.ceb1, scanned: true, finding: { deviceStatus: 'MANIPULADA', actions: ['DISPOSITIVO_REEMPLAZADO'] } },
    { trap: north.ceb2, pending: true },
  ]);
  items['CEB-01 hoy'] = second.itemIds[0]!;
  const third = await visit(t, admin, luis, south, [
    { trap: southTraps.ceb, scanned: true },
    { trap: southTraps.lam, scanned: true, finding: { captures: [{ pestId: pest['Ratón doméstico']!, count: 1 }] } },
  ]);
  items['CEB-S1'] = third.itemIds[0]!;
  items['LAM-S1'] = third.itemIds[1]!;
  southOrderId = third.order.id;
  photoId = (await listed({})).items.find((row) => row.itemId === items['LAM-01 marzo'])!.photoIds[0]!;
});
afterAll(() => t.close());

async function listed(query: Record<string, string | number>, user: TestUser = admin) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ url: `/api/inspections?${search}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InspectionPage>();
}

/** The devices a filter keeps, newest first, as "code when". */
const codes = async (query: Record<string, string | number>) =>
  (await listed(query)).items.map((row) => Object.entries(items).find(([, id]) => id === row.itemId)![0]);

describe('GET /api/inspections', () => {
  it('lists every inspected device newest first; pending devices are not inspections', async () => {
    const page = await listed({});
    expect(page.total).toBe(8);
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(await codes({})).toEqual([
      'CEB-01 hoy',
      'LAM-S1',
      'CEB-S1',
      'CAP-01 marzo',
      'UV-01 marzo',
      'LAM-01 marzo',
      'CEB-02 marzo',
      'CEB-01 marzo',
    ]);
  });

  it('says for each where, when, which device, who, how it ended and what was found, with its photos', async () => {
    const rows = (await listed({})).items;
    const row = (key: string) => rows.find((entry) => entry.itemId === items[key])!;
    expect(row('LAM-01 marzo')).toMatchObject({
      inspectedAt: at(march, 4),
      site: { id: DEFAULT_SITE_ID, name: 'Planta Norte' },
      trap: { code: 'LAM-01', type: 'LAMINA', area: 'Producción', zone: null },
      inspectedBy: { id: ana.id, fullName: 'Ana Torres' },
      outcome: 'SCANNED',
      exception: null,
      photoIds: [photoId],
      finding: {
        recordedAt: at(march, 5),
        activity: 'BAJA',
        captures: [
          { pestId: pest['Cucaracha alemana'], name: 'Cucaracha alemana', group: 'RASTREROS', count: 3, band: null },
          { pestId: pest['Pececillo de plata'], name: 'Pececillo de plata', group: 'RASTREROS', count: 0, band: null },
        ],
        actions: ['LAMINA_CAMBIADA'],
        // Delivered forty days after it was recorded: the office is told.
        flags: ['ENVIO_TARDIO'],
      },
    });
    expect(row('CEB-02 marzo').finding).toMatchObject({
      baitConsumption: 50,
      activity: 'MEDIA',
      evidence: ['ROEDURAS', 'EXCREMENTOS'],
      actions: ['CEBO_REPUESTO'],
      notes: 'Bloque mordido por un lado.',
    });
    // Not scanned: accounted for, never proof of presence, and nothing found.
    expect(row('CAP-01 marzo')).toMatchObject({
      outcome: 'EXCEPTION',
      exception: { reason: 'INACCESIBLE', note: 'Palés apilados delante de la trampa.' },
      finding: null,
      photoIds: [],
      inspectedAt: at(march, 8),
    });
    // Scanned with nothing recorded.
    expect(row('CEB-S1')).toMatchObject({
      outcome: 'SCANNED',
      finding: null,
      sessionId: southOrderId,
      site: { id: southSiteId, name: 'Almacén Sur' },
      inspectedBy: { fullName: 'Luis Méndez' },
    });
    // A tampered station without its photo yet, recorded on time.
    expect(row('CEB-01 hoy').finding).toMatchObject({ deviceStatus: 'MANIPULADA', flags: ['FOTO_PENDIENTE'] });
  });

  it('filters by site, device type, technician and how the visit ended', async () => {
    expect(await codes({ siteId: southSiteId })).toEqual(['LAM-S1', 'CEB-S1']);
    // Planta Norte's pending station is not counted.
    expect((await listed({ siteId: DEFAULT_SITE_ID })).total).toBe(6);
    expect(await codes({ siteId: DEFAULT_SITE_ID, type: 'CEBADERO' })).toEqual([
      'CEB-01 hoy',
      'CEB-02 marzo',
      'CEB-01 marzo',
    ]);
    expect(await codes({ technicianId: luis.id })).toEqual(['CEB-01 hoy', 'LAM-S1', 'CEB-S1']);
    expect(await codes({ outcome: 'EXCEPTION' })).toEqual(['CAP-01 marzo']);
    expect((await listed({ outcome: 'SCANNED' })).total).toBe(7);
  });

  it('keeps the devices at or above an activity level, and those where a pest was actually caught', async () => {
    expect(await codes({ activityMin: 'MEDIA' })).toEqual(['LAM-S1', 'UV-01 marzo', 'CEB-02 marzo']);
    expect(await codes({ activityMin: 'BAJA' })).toEqual(['LAM-S1', 'UV-01 marzo', 'LAM-01 marzo', 'CEB-02 marzo']);
    // NINGUNA: every device with a finding, however little was found; none without one.
    expect((await listed({ activityMin: 'NINGUNA' })).total).toBe(6);
    expect(await codes({ pestId: pest['Cucaracha alemana']! })).toEqual(['LAM-01 marzo']);
    // Looked for and none there (count 0) is not a catch.
    expect(await codes({ pestId: pest['Pececillo de plata']! })).toEqual([]);
    expect(await codes({ pestId: pest.Moscas!, activityMin: 'MEDIA', siteId: DEFAULT_SITE_ID })).toEqual([
      'UV-01 marzo',
    ]);
  });

  it('takes the period as [from, to) of the inspection times', async () => {
    // The glue board was scanned at march + 4 minutes: `from` includes that instant, `to` leaves it out.
    expect(await codes({ from: at(march, 4), to: at(march, 8) })).toEqual(['UV-01 marzo', 'LAM-01 marzo']);
    expect(await codes({ from: at(march, 4), to: at(march, 8.001) })).toEqual([
      'CAP-01 marzo',
      'UV-01 marzo',
      'LAM-01 marzo',
    ]);
    expect(await codes({ from: at(south, -60) })).toEqual(['CEB-01 hoy', 'LAM-S1', 'CEB-S1']);
    expect((await listed({ to: at(march, 0) })).total).toBe(0);
  });

  it('pages like the other lists', async () => {
    const second = await listed({ pageSize: 3, page: 2 });
    expect(second).toMatchObject({ total: 8, page: 2, pageSize: 3 });
    expect(second.items.map((row) => row.itemId)).toEqual([
      items['CAP-01 marzo'],
      items['UV-01 marzo'],
      items['LAM-01 marzo'],
    ]);
    expect(await listed({ pageSize: 3, page: 4 })).toMatchObject({ items: [], total: 8 });
  });

  it('keeps a visit in its period when an administrator corrects its finding after the order closed', async () => {
    const orderId = (await listed({ siteId: southSiteId })).items[0]!.sessionId;
    expect((await close(t, luis, orderId)).statusCode).toBe(200);
    const corrected = await putFinding(t, admin, orderId, items['LAM-S1']!, {
      clientFindingId: randomUUID(),
      recordedAt: new Date().toISOString(),
      deviceStatus: 'OK',
      captures: [{ pestId: pest['Ratón doméstico']!, count: 2 }],
      reason: 'El técnico contó un ratón; la lámina tenía dos.',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const [row] = (await listed({ from: at(south, -60), to: at(south, 60) })).items.filter(
      (entry) => entry.itemId === items['LAM-S1'],
    ) as [Inspection];
    expect(row.inspectedAt).toBe(at(south, 2));
    expect(row.finding).toMatchObject({
      isCorrection: true,
      activity: 'ALTA',
      versionCount: 2,
      captures: [{ name: 'Ratón doméstico', count: 2 }],
    });
  });

  it('refuses filters it cannot read, in Spanish', async () => {
    const refused = async (query: string) => {
      const response = await t.app.inject({ url: `/api/inspections?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(400);
      return [response.json().message].flat().join(' ');
    };
    expect(await refused(`from=${at(today, 0)}&to=${at(march, 0)}`)).toBe(ReportMessages.periodReversed);
    expect(await refused('activityMin=MUCHA')).toBe('activityMin debe ser uno de: NINGUNA, BAJA, MEDIA, ALTA.');
    expect(await refused('outcome=PENDING')).toBe('outcome debe ser uno de: SCANNED, MANUAL, EXCEPTION.');
    expect(await refused('type=TRAMPA')).toMatch(/^El tipo debe ser uno de/);
    expect(await refused('pestId=0')).toMatch(/identificador/);
    expect(await refused('from=ayer')).toMatch(/ISO 8601/);
    expect(await refused('pageSize=500')).toMatch(/pageSize debe estar entre 1 y 200/);
    expect(await refused('q=rata')).toMatch(/q/);
  });

  it('is for administrators only', async () => {
    const response = await t.app.inject({ url: '/api/inspections', headers: ana.headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/inspections/export', () => {
  const HEADERS = [
    'Fecha',
    'Hora',
    'Sitio',
    'Orden',
    'Código',
    'Tipo',
    'Zona',
    'Área',
    'Técnico',
    'Resultado',
    'Estado del dispositivo',
    'Actividad',
    'Capturas',
    'Consumo de cebo (%)',
    'Indicios',
    'Acciones realizadas',
    'Fotos',
    'Nota',
  ];
  const column = (name: string) => HEADERS.indexOf(name);

  it('writes as CSV every inspection the filters keep, in the list order, in Spanish words and days', async () => {
    const csv = await download(t, admin, `/api/inspections/export?format=csv&siteId=${DEFAULT_SITE_ID}`, 'csv');
    const [header, ...rows] = parseCsv(csv.toString('utf8'));
    expect(header).toEqual(HEADERS);
    const list = await listed({ siteId: DEFAULT_SITE_ID });
    expect(rows).toHaveLength(list.total);
    expect(rows.map((row) => row[column('Código')])).toEqual(list.items.map((item) => item.trap.code));
    const zone = t.config.TIME_ZONE;
    const lam = rows.find((row) => row[column('Código')] === 'LAM-01')!;
    const inspected = new Date(at(march, 4));
    expect(lam).toEqual([
      spanishDay(inspected, zone),
      new Intl.DateTimeFormat('es-ES', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        inspected,
      ),
      'Planta Norte',
      String(list.items.find((item) => item.trap.code === 'LAM-01')!.sessionId),
      'LAM-01',
      'Lámina adhesiva o monitor de insectos',
      '',
      'Producción',
      'Ana Torres',
      'Escaneada',
      'Dispositivo OK',
      'Actividad baja',
      'Cucaracha alemana 3',
      '',
      '',
      'lámina cambiada',
      '1',
      '',
    ]);
    const unreachable = rows.find((row) => row[column('Código')] === 'CAP-01')!;
    expect([unreachable[column('Resultado')], unreachable[column('Nota')]]).toEqual([
      'Inaccesible',
      'Palés apilados delante de la trampa.',
    ]);
    const gnawed = rows.find((row) => row[column('Código')] === 'CEB-02')!;
    expect([gnawed[column('Consumo de cebo (%)')], gnawed[column('Indicios')], gnawed[column('Nota')]]).toEqual([
      '50',
      'roeduras, excrementos',
      'Bloque mordido por un lado.',
    ]);
    expectNoInternalNames(rows);
  });

  it('writes the same rows as an Excel workbook, read back with exceljs, days as date cells', async () => {
    const xlsx = await download(t, admin, '/api/inspections/export?format=xlsx&type=LAMINA', 'xlsx');
    const { sheet, rows } = await readXlsx(xlsx);
    expect(sheet.name).toBe('Inspecciones');
    expect(rows[0]).toEqual(HEADERS);
    expect(rows.slice(1).map((row) => row[column('Código')])).toEqual(['LAM-S1', 'LAM-01']);
    const day = sheet.getRow(2).getCell(1);
    expect(day.value).toBeInstanceOf(Date);
    expect(day.numFmt).toBe('dd/mm/yyyy');
    expect((day.value as Date).toISOString().slice(0, 10).split('-').reverse().join('/')).toBe(
      spanishDay(at(south, 0), t.config.TIME_ZONE),
    );
    const listedSouth = (await listed({ type: 'LAMINA' })).items[0]!;
    expect(rows[1]![column('Capturas')]).toBe(capturesText(listedSouth.finding!.captures));
    expect(rows[1]![column('Orden')]).toBe(southOrderId);
    expectNoInternalNames(rows);
    // A filter that keeps nothing: the headers alone.
    const empty = await readXlsx(
      await download(t, admin, `/api/inspections/export?format=xlsx&technicianId=${admin.id}`, 'xlsx'),
    );
    expect(empty.rows).toEqual([HEADERS]);
  });

  it('reads batch after batch from where the last ended: every inspection once, in the list order', async () => {
    const repository = new InspectionsRepository(t.database.db, t.config.TIME_ZONE);
    const seen: number[] = [];
    let after: InspectionCursor | null = null;
    for (let batches = 0; batches < 10; batches++) {
      const rows = await repository.batch({}, 3, after);
      seen.push(...rows.map((row) => row.itemId));
      if (rows.length < 3) break;
      after = { completedAt: rows.at(-1)!.completedAt, itemId: rows.at(-1)!.itemId };
    }
    expect(seen).toEqual((await listed({})).items.map((row) => row.itemId));
  });

  it('refuses a format or filter it cannot read, in Spanish, and is for administrators only', async () => {
    const bad = await t.app.inject({ url: '/api/inspections/export?format=pdf', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().message)).toContain('format debe ser csv o xlsx.');
    const paged = await t.app.inject({ url: '/api/inspections/export?format=csv&page=2', headers: admin.headers });
    expect(paged.statusCode).toBe(400);
    const tech = await t.app.inject({ url: '/api/inspections/export?format=csv', headers: ana.headers });
    expect(tech.statusCode).toBe(403);
  });
});
