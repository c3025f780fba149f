import type { Assessment } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOwnSignature } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import { makeTechnicalManager } from '../../../test/programmes.js';
import {
  createAdmin,
  createPortalUser,
  createTestApp,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { correctiveActions } from '../../db/schema.js';
import { localDate } from '../../lib/time-zone.js';
import { PACK_SECTIONS } from './pdf/pack-pages.js';

/**
 * Issue [W]: «Unacknowledged after 7 days: a mark in the pack». Each recommendation the client answers for says
 * in the PDF (the assessment's table and the actions section) and in the Excel annex whether and when the plant
 * acknowledged it in the portal, or how many days it has waited, marked once they pass the reminder's 7.
 */
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const day = (at: Date) => at.toISOString().slice(0, 10);
const printed = (value: string) => value.split('-').reverse().join('-');

let t: TestApp;
let admin: TestUser;
let quality: TestUser;
let diagnosis: Assessment;
/** The diagnosis's two recommendations, made 10 days ago: one acknowledged, one not. */
let acknowledged: number;
let waiting: number;
/** A recommendation made 3 days ago; one made 12 days ago and closed with nobody acknowledging it; the company's. */
let recent: number;
let closedUnacknowledged: number;
let company: number;
let text: string;
let sectionText: (id: string) => string;
let acknowledgedOn: string;

async function send(method: 'POST' | 'PATCH', url: string, payload: object, user: TestUser = admin) {
  const response = await t.app.inject({ method, url, headers: user.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: number }>();
}

async function madeDaysAgo(actionId: number, days: number) {
  await t.database.db
    .update(correctiveActions)
    .set({ createdAt: daysAgo(days) })
    .where(eq(correctiveActions.id, actionId));
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t, { fullName: 'Olga Oficina' });
  const manager = await createUser(t, { fullName: 'Raúl Responsable' });
  await makeTechnicalManager(t, manager);
  await storeOwnSignature(t, manager);
  quality = await createPortalUser(t, { fullName: 'Laura Quintana' });

  const created = await send(
    'POST',
    `/api/sites/${DEFAULT_SITE_ID}/assessments`,
    {
      kind: 'DIAGNOSTICO',
      performedAt: daysAgo(10).toISOString(),
      areas: [{ area: 'Muelle', pressure: 'MEDIA', conditions: ['ESTRUCTURA'] }],
      conclusions: 'Presión media de roedores en el muelle.',
      recommendations: [
        { text: 'Sellar la puerta del muelle 2.', dueDate: day(daysAgo(-20)) },
        { text: 'Retirar los palés pegados a la pared.', dueDate: day(daysAgo(-20)) },
      ],
    },
    manager,
  );
  diagnosis = await t.app
    .inject({ method: 'POST', url: `/api/assessments/${created.id}/sign`, headers: manager.headers })
    .then((response) => response.json<Assessment>());
  [acknowledged, waiting] = diagnosis.recommendations.map((each) => each.actionId!) as [number, number];
  const manual = (description: string, responsible: 'CLIENTE' | 'EMPRESA') =>
    send('POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      origin: responsible === 'CLIENTE' ? 'RECOMENDACION' : 'MANUAL',
      area: 'Almacén',
      description,
      responsible,
      dueDate: day(daysAgo(-20)),
    });
  recent = (await manual('Reparar la rejilla del desagüe.', 'CLIENTE')).id;
  closedUnacknowledged = (await manual('Cerrar el hueco bajo la puerta norte.', 'CLIENTE')).id;
  company = (await manual('Revisar los cebaderos del muelle.', 'EMPRESA')).id;
  for (const [id, days] of [
    [acknowledged, 10],
    [waiting, 10],
    [recent, 3],
    [closedUnacknowledged, 12],
    [company, 20],
  ] as const) {
    await madeDaysAgo(id, days);
  }
  await send('POST', `/api/portal/actions/${acknowledged}/acknowledge`, { note: 'Lo vemos.' }, quality);
  acknowledgedOn = printed(localDate(new Date(), 'UTC'));
  await send('PATCH', `/api/actions/${closedUnacknowledged}`, {
    status: 'CERRADA',
    immediateCorrection: 'Burlete colocado',
    rootCause: 'Puerta sin burlete',
    preventiveAction: 'Revisión mensual de burletes',
    verificationResult: 'Sin rastros en la visita siguiente',
    verifiedBy: 'Olga Oficina',
    verifiedOn: day(new Date()),
  });

  const pack = await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack`, headers: admin.headers });
  expect(pack.statusCode, pack.body.slice(0, 300)).toBe(200);
  const pages = (await readPdf(pack.rawPayload)).map((page) => page.text.replace(/\s+/g, ' '));
  text = pages.join(' ');
  const indexPage = pages.findIndex((each) => each.includes('Índice 1. Alcance'));
  const startOf = (title: string, number: number) =>
    pages.findIndex((each, index) => index > indexPage && each.includes(`${number}. ${title}`)) + 1;
  sectionText = (id: string) => {
    const at = PACK_SECTIONS.findIndex((section) => section.id === id);
    const first = startOf(PACK_SECTIONS[at]!.title, at + 1);
    const next = startOf(PACK_SECTIONS[at + 1]!.title, at + 2);
    return pages.slice(first - 1, next - 1).join(' ');
  };
}, 120_000);
afterAll(() => t.close());

/** One action's block in the actions section: from its heading to the next one's. */
function actionBlock(actions: string, id: number): string {
  const start = actions.indexOf(`N.º ${id} ·`);
  expect(start, `action ${id}`).toBeGreaterThanOrEqual(0);
  const next = actions.slice(start + 1).search(/N\.º \d+ ·/);
  return next < 0 ? actions.slice(start) : actions.slice(start, start + 1 + next);
}

describe("the audit pack marks the client's acknowledgement of each recommendation", () => {
  it("prints it in the assessment's recommendations: who and when, or the days waited past the 7", () => {
    const risk = sectionText('assessments');
    expect(risk).toContain('Recomendación Plazo Acción Estado Reconocimiento');
    expect(risk).toMatch(
      new RegExp(
        `Sellar la puerta del muelle 2\\..*N\\.º ${acknowledged} Abierta Reconocida el ${acknowledgedOn} por Laura Quintana`,
      ),
    );
    expect(risk).toMatch(
      new RegExp(
        `Retirar los palés pegados a la pared\\..*N\\.º ${waiting} Abierta Sin reconocer: 10 días esperando, pasado el plazo de 7`,
      ),
    );
  });

  it('prints it in each action the client answers for, with a tally, and not in the company’s', () => {
    const actions = sectionText('actions');
    expect(actions).toContain(
      'A cargo del cliente: 4; la planta reconoce cada una en el portal. Sin reconocer: 3, de ellas 2 pasado el plazo de 7 días',
    );
    expect(actionBlock(actions, acknowledged)).toContain(
      `Reconocimiento Reconocida el ${acknowledgedOn} por Laura Quintana`,
    );
    expect(actionBlock(actions, waiting)).toContain(
      'Reconocimiento Sin reconocer: 10 días esperando, pasado el plazo de 7',
    );
    expect(actionBlock(actions, recent)).toContain('Reconocimiento Sin reconocer: 3 días esperando');
    expect(actionBlock(actions, recent)).not.toContain('pasado el plazo');
    expect(actionBlock(actions, closedUnacknowledged)).toContain(
      'Reconocimiento Sin reconocer; se cerró a los 12 días, pasado el plazo de 7',
    );
    expect(actionBlock(actions, company)).not.toContain('Reconocimiento');
    expect(text).not.toContain('Reconocida el undefined');
  });

  it('gives the Excel annex a sheet of them with the same facts, and the count in its summary', async () => {
    const response = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack?format=excel`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Recomendaciones')!;
    expect(sheet, 'sheet Recomendaciones').toBeDefined();
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers).toEqual([
      'N.º',
      'Origen',
      'Descripción',
      'Hecha el',
      'Fecha límite',
      'Estado',
      'Reconocida el',
      'Reconocida por',
      'Días sin reconocer',
      'Pasado el plazo de 7 días',
      'Reconocimiento',
      'Cerrada el',
    ]);
    const rows = new Map<number, Record<string, unknown>>();
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.set(
        values[0] as number,
        Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null])),
      );
    });
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual(
      [acknowledged, waiting, recent, closedUnacknowledged].sort((a, b) => a - b),
    );
    const first = rows.get(acknowledged)!;
    expect(first['Reconocida por']).toBe('Laura Quintana');
    expect(first['Reconocida el']).toBeInstanceOf(Date);
    expect(first['Días sin reconocer']).toBeNull();
    expect(first['Pasado el plazo de 7 días']).toBeNull();
    expect(rows.get(waiting)).toMatchObject({
      'Reconocida el': null,
      'Días sin reconocer': 10,
      'Pasado el plazo de 7 días': 'Sí',
      Reconocimiento: 'Sin reconocer: 10 días esperando, pasado el plazo de 7',
    });
    expect(rows.get(recent)).toMatchObject({ 'Días sin reconocer': 3, 'Pasado el plazo de 7 días': 'No' });
    expect(rows.get(closedUnacknowledged)).toMatchObject({
      'Días sin reconocer': 12,
      'Pasado el plazo de 7 días': 'Sí',
    });
    // The marked rows stand out in red.
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const marked = row.getCell(10).value === 'Sí';
      expect(row.getCell(1).font?.color?.argb === 'FFB3261E').toBe(marked);
    });
    const summary: Record<string, unknown> = {};
    workbook.getWorksheet('Resumen')!.eachRow((row) => {
      summary[String(row.getCell(1).value)] = row.getCell(2).value;
    });
    expect(summary['A cargo del cliente (hoja Recomendaciones)']).toBe(4);
    expect(summary['De ellas, sin reconocer pasado el plazo de 7 días']).toBe(2);
  });
});
