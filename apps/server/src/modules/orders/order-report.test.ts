import { OUTCOME_NOTE } from '@rondin/contracts/finding-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests } from '../../db/schema.js';
import { visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import { overlaps, readTextItems } from '../../../test/pdf-layout.js';
import { planImage } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let report: Buffer;

const DAY = 24 * 60 * 60_000;

/**
 * One visit to a food plant: a quiet station, a gnawed one, a glue board with cockroaches (and a photo), a UV
 * lamp full of flies, a snap trap behind pallets, and one station left pending when the order was force-closed.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  const pest = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number>;
  const trap = (code: string, type: 'CEBADERO' | 'LAMINA' | 'LUZ_UV' | 'CAPTURA', area: string) =>
    createTrap(t, { code, type, area });
  const { order } = await visit(t, admin, tech, new Date(Date.now() - 2 * DAY), [
    { trap: await trap('CEB-01', 'CEBADERO', 'Muelle de carga'), scanned: true, finding: { baitConsumption: 0 } },
    {
      trap: await trap('CEB-02', 'CEBADERO', 'Muelle de carga'),
      scanned: true,
      finding: {
        baitConsumption: 50,
        evidence: ['ROEDURAS', 'EXCREMENTOS'],
        actions: ['CEBO_REPUESTO'],
        notes: 'Bloque mordido por un lado.',
      },
    },
    {
      trap: await trap('LAM-01', 'LAMINA', 'Producción'),
      scanned: true,
      finding: {
        captures: [
          { pestId: pest['Cucaracha alemana']!, count: 3 },
          { pestId: pest['Pececillo de plata']!, count: 0 },
        ],
        actions: ['LAMINA_CAMBIADA'],
      },
      photo: await planImage(64, 48, 'jpeg'),
    },
    {
      trap: await trap('UV-01', 'LUZ_UV', 'Envasado'),
      scanned: true,
      finding: {
        captures: [
          { pestId: pest.Moscas!, band: '11-50' },
          { pestId: pest['Mosca doméstica']!, count: 4 },
        ],
        actions: ['TUBO_CAMBIADO'],
      },
    },
    {
      trap: await trap('CAP-01', 'CAPTURA', 'Almacén de materia prima'),
      exception: 'INACCESIBLE',
      reasonDetail: 'BLOQUEADO_MERCADERIA',
      note: 'Palés apilados delante de la trampa.',
    },
    { trap: await trap('CEB-03', 'CEBADERO', 'Exterior'), scanned: true },
    { trap: await trap('CEB-04', 'CEBADERO', 'Exterior'), pending: true },
  ]);
  expect((await close(t, admin, order.id, { force: true })).statusCode).toBe(200);
  const response = await t.app.inject({ url: `/api/sessions/${order.id}/report`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  report = response.rawPayload;
});
afterAll(() => t.close());

/** The report's text with the table's line breaks undone, so a wrapped cell reads as one phrase. */
const reportText = async () =>
  (await readPdf(report))
    .map((page) => page.text)
    .join(' ')
    .replace(/\s+/g, ' ');

describe('service report with findings', () => {
  it('says how each device ended: scanned, not reachable, pending', async () => {
    const text = await reportText();
    for (const expected of ['Resultado', 'Hallazgo', 'Escaneada', 'Inaccesible', 'Pendiente']) {
      expect(text).toContain(expected);
    }
    // Why it could not be reached: the preset detail's name, then the note.
    expect(text).toContain('Bloqueado por mercadería · Palés apilados delante de la trampa.');
    // The device scanned without anything recorded got the close's «Sin novedad» (defaultNoActivity).
    expect(text).toMatch(/CEB-03 Exterior Escaneada \d{2}-\d{2}-\d{4} \d{2}:\d{2} Sin actividad · Consumo de cebo 0 %/);
    expect(text).toContain(OUTCOME_NOTE);
    // Every time whole (day, month, year, hour), never cut.
    expect(text.match(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/g)!.length).toBeGreaterThanOrEqual(6 + 2);
    expect(text).not.toContain('…');
  });

  it('prints what was found at each device: activity, bait, captures by species, evidence, actions and notes', async () => {
    const text = await reportText();
    expect(text).toContain('Sin actividad · Consumo de cebo 0 %');
    expect(text).toContain(
      'Actividad media · Consumo de cebo 50 % · Indicios: roeduras, excrementos · Acciones: cebo o atrayente repuesto · Nota: Bloque mordido por un lado.',
    );
    // Looked for and none there (the silverfish's 0) is not listed as a catch.
    expect(text).toContain('Actividad baja · Capturas: Cucaracha alemana 3 · Acciones: lámina cambiada');
    expect(text).not.toContain('Pececillo de plata');
    expect(text).toContain('Capturas: Mosca doméstica 4, Moscas 11–50');
  });

  it('sums up the visit: scanned, exceptions, pending, devices with activity and catches per species', async () => {
    const text = await reportText();
    expect(text).toContain('Trampas inspeccionadas: 6 de 7 (86 %)');
    expect(text).toContain('Escaneadas: 5 · No encontradas o inaccesibles: 1 · Trampas pendientes: 1');
    expect(text).toContain('Con actividad: 3 dispositivos');
    expect(text).toContain(
      'Capturas por especie: Moscas al menos 11 (1 dispositivo), Mosca doméstica 4 (1 dispositivo), Cucaracha alemana 3 (1 dispositivo)',
    );
  });

  it('keeps every piece of text clear of the others', async () => {
    expect(overlaps(await readTextItems(report))).toEqual([]);
  });
});
