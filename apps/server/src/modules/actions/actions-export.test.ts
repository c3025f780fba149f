import type { ActionList, CorrectiveActionDetail } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { useBreachWorld } from '../../../test/breaches.js';
import { download, expectNoInternalNames, parseCsv, readXlsx, spanishDay } from '../../../test/exports.js';
import { DEFAULT_SITE_ID } from '../../../test/test-app.js';
import { ActionsRepository } from './actions.repository.js';

/** The list of corrective actions exported: every action its filters keep, all pages, in the site's words. */
const { world, get, send } = useBreachWorld();

const HEADERS = [
  'N.º',
  'Sitio',
  'Dispositivo',
  'Área',
  'Origen',
  'Detectada',
  'Detectada por',
  'Gravedad',
  'Descripción',
  'Corrección inmediata',
  'Impacto en producto',
  'Detalle del impacto',
  'Causa raíz',
  'Acción preventiva',
  'Responsable',
  'Nombre del responsable',
  'Fecha límite',
  'Estado',
  'Vencida',
  'Plan de verificación',
  'Cómo se verificó',
  'Verificada por',
  'Fecha de verificación',
  'Cerrada el',
  'Nota de cierre',
  'Ocurrencias',
];
const column = (name: string) => HEADERS.indexOf(name);

async function create(fields: object) {
  const response = await send('POST', '/api/actions', { siteId: DEFAULT_SITE_ID, dueDate: '2040-01-10', ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CorrectiveActionDetail>();
}

/** Every action the list shows with these filters, page after page. */
async function listedIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: ActionList = await get(`/api/actions?${query}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((action) => action.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('GET /api/actions/export', () => {
  // Fifty-nine actions made through the API: more time than a test's default on a loaded machine.
  it('writes as CSV every action the filters keep, past the first page, in the list order and Spanish words', async () => {
    const [other] = await world.t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
    for (let index = 0; index < 56; index++) {
      await create({
        description: `Recomendación ${index}; revisar "burletes"`,
        origin: 'RECOMENDACION',
        dueDate: `2040-0${(index % 9) + 1}-1${index % 10}`,
      });
    }
    await create({ description: 'De la empresa', responsible: 'EMPRESA' });
    await create({ siteId: other!.id, description: 'Otro sitio', origin: 'RECOMENDACION' });
    const overdue = await create({
      description: 'Vencida',
      origin: 'RECOMENDACION',
      dueDate: '2020-01-31',
      productImpactKind: 'EN_EVALUACION',
      responsibleName: 'Jefa de planta',
    });

    const query = `siteId=${DEFAULT_SITE_ID}&responsible=CLIENTE`;
    const csv = await download(world.t, world.admin, `/api/actions/export?format=csv&${query}`, 'csv');
    const [header, ...rows] = parseCsv(csv.toString('utf8'));
    expect(header).toEqual(HEADERS);
    const expected = await listedIds(query);
    expect(expected).toHaveLength(57);
    expect(rows.map((row) => Number(row[column('N.º')]))).toEqual(expected);
    // Read batch after batch with the list's cursor: every action once, in the list order.
    const repository = new ActionsRepository(world.t.database.db, world.t.config.TIME_ZONE);
    const batched: number[] = [];
    let cursor: string | undefined;
    for (let batches = 0; batches < 20; batches++) {
      const batch = await repository.batch(
        { siteId: DEFAULT_SITE_ID, responsible: 'CLIENTE', ...(cursor ? { cursor } : {}) },
        7,
      );
      batched.push(...batch.map((row) => row.action.id));
      if (batch.length < 7) break;
      cursor = batch.at(-1)!.key;
    }
    expect(batched).toEqual(expected);
    const first = rows.find((row) => Number(row[column('N.º')]) === overdue.id)!;
    expect(first).toMatchObject({
      [column('Sitio')]: 'Sitio principal',
      [column('Origen')]: 'Recomendación al cliente',
      [column('Detectada')]: spanishDay(overdue.detectedAt, world.t.config.TIME_ZONE),
      [column('Gravedad')]: 'Media',
      [column('Impacto en producto')]: 'En evaluación',
      [column('Responsable')]: 'Cliente',
      [column('Nombre del responsable')]: 'Jefa de planta',
      [column('Fecha límite')]: '31/01/2020',
      [column('Estado')]: 'Abierta',
      [column('Vencida')]: 'Sí',
      [column('Ocurrencias')]: '0',
    });
    // A separator and quotes inside a field come back as typed.
    expect(rows.map((row) => row[column('Descripción')])).toContain('Recomendación 0; revisar "burletes"');
    expectNoInternalNames(rows);
  }, 60_000);

  it('writes a closed action as Excel with its verification, days as date cells, read back with exceljs', async () => {
    const action = await create({ description: 'Burlete', productImpactKind: 'PRODUCTO_RETENIDO', rootCause: 'Uso' });
    await create({ description: 'Sigue abierta' });
    const closed = await send('PATCH', `/api/actions/${action.id}`, {
      status: 'CERRADA',
      verificationResult: 'Dos visitas sin capturas.',
      verifiedBy: 'Marta Gil',
      verifiedOn: '2026-01-02',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const xlsx = await download(world.t, world.admin, '/api/actions/export?format=xlsx&status=CERRADA', 'xlsx');
    const { sheet, rows } = await readXlsx(xlsx);
    expect(sheet.name).toBe('Acciones correctivas');
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect([
      row[column('N.º')],
      row[column('Estado')],
      row[column('Impacto en producto')],
      row[column('Causa raíz')],
      row[column('Cómo se verificó')],
      row[column('Verificada por')],
    ]).toEqual([action.id, 'Cerrada', 'Producto retenido', 'Uso', 'Dos visitas sin capturas.', 'Marta Gil']);
    const verifiedOn = sheet.getRow(2).getCell(column('Fecha de verificación') + 1);
    expect(verifiedOn.value).toEqual(new Date('2026-01-02T00:00:00.000Z'));
    expect(verifiedOn.numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(2).getCell(column('Fecha límite') + 1).value).toEqual(new Date('2040-01-10T00:00:00.000Z'));
    expectNoInternalNames(rows);
  });

  it('refuses a format or filter it cannot read, in Spanish', async () => {
    for (const [query, message] of [
      ['format=ods', 'format debe ser csv o xlsx.'],
      ['format=csv&status=PERDIDA', 'El estado debe ser uno de: ABIERTA, EN_CURSO, CERRADA.'],
      ['format=csv&cursor=1_2040-01-01_1', 'cursor'],
    ] as const) {
      const response = await world.t.app.inject({ url: `/api/actions/export?${query}`, headers: world.admin.headers });
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain(message);
    }
  });
});
