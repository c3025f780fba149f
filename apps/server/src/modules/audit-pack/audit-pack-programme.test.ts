import type { Assessment, ProgrammeCoverage, ProgrammeVersion } from '@rondin/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from '../../../test/inspections.js';
import { storeOwnSignature } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../../test/programmes.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { traps } from '../../db/schema.js';
import { quartersEndingIn } from './audit-pack.service.js';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const day = (at: Date) => at.toISOString().slice(0, 10);
const printed = (value: string) => value.split('-').reverse().join('-');

/** Conclusions longer than a page's paragraph: the pack prints them whole, over pages if need be. */
const CONCLUSIONS = Array.from(
  { length: 14 },
  (_, index) =>
    `Punto ${index + 1}: la bodega de harinas mantiene presión media de roedores por los sacos apoyados en la pared y la rendija bajo la puerta norte, que se revisará en cada visita.`,
).join(' ');

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let text: string;
let pages: string[];
let diagnosis: Assessment;
let review: Assessment;
let quarters: { from: string; to: string }[];

/**
 * A site with a programme approved and accepted, effective 200 days ago (bait stations monthly, the warehouse's
 * boards monthly), visits that read the bait station and never the board, a signed diagnosis with an overdue
 * recommendation, and the signed review of the last quarter that ended.
 */
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t, { fullName: 'Olga Oficina' });
  const tech = await createUser(t, { fullName: 'Ana Técnica' });
  manager = await createUser(t, { fullName: 'Raúl Responsable' });
  await makeTechnicalManager(t, manager);
  await storeOwnSignature(t, manager);
  const bait = await createTrap(t, { code: 'CEB-1', type: 'CEBADERO', area: 'Bodega' });
  const board = await createTrap(t, { code: 'LAM-1', type: 'LAMINA', area: 'Bodega' });
  await t.database.db
    .update(traps)
    .set({ createdAt: daysAgo(400) })
    .where(inArray(traps.id, [bait.id, board.id]));

  const saved = await saveProgramme(
    t,
    admin,
    DEFAULT_SITE_ID,
    programmeInput({
      effectiveFrom: day(daysAgo(200)),
      frequencies: [
        { type: 'CEBADERO', zone: null, frequency: 'MENSUAL' },
        { type: 'LAMINA', zone: 'Bodega', frequency: 'MENSUAL' },
      ],
    }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const version = saved.json<ProgrammeVersion>().version;
  const url = `/api/sites/${DEFAULT_SITE_ID}/programme/versions/${version}`;
  const approved = await t.app.inject({ method: 'POST', url: `${url}/approve`, headers: manager.headers });
  expect(approved.statusCode, approved.body).toBe(200);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `${url}/accept`,
    headers: admin.headers,
    payload: { name: 'Clara Calidad', role: 'Responsable de calidad', date: day(new Date()) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);

  for (const ago of [150, 90, 30]) {
    await visit(t, admin, tech, daysAgo(ago), [{ trap: bait, scanned: true, finding: {} }]);
  }

  const signed = async (body: object) => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/assessments`,
      headers: manager.headers,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sign = await t.app.inject({
      method: 'POST',
      url: `/api/assessments/${created.json<Assessment>().id}/sign`,
      headers: manager.headers,
    });
    expect(sign.statusCode, sign.body).toBe(200);
    return sign.json<Assessment>();
  };
  diagnosis = await signed({
    kind: 'DIAGNOSTICO',
    performedAt: daysAgo(300).toISOString(),
    areas: [{ area: 'Bodega', pressure: 'MEDIA', conditions: ['ALMACENAMIENTO', 'ESTRUCTURA'], notes: 'Rendija.' }],
    conclusions: CONCLUSIONS,
    recommendations: [{ text: 'Separar los sacos 50 cm de la pared.', dueDate: day(daysAgo(100)) }],
  });
  quarters = quartersEndingIn(day(daysAgo(365)), day(new Date()));
  const last = quarters[quarters.length - 1]!;
  review = await signed({
    kind: 'REVISION_TRIMESTRAL',
    periodFrom: last.from,
    areas: [{ area: 'Bodega', pressure: 'BAJA', conditions: [] }],
    conclusions: 'Trimestre sin capturas; la lámina de la bodega no se revisó y se repasa la ruta.',
  });

  const pack = await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack`, headers: admin.headers });
  expect(pack.statusCode, pack.body.slice(0, 300)).toBe(200);
  pages = (await readPdf(pack.rawPayload)).map((page) => page.text.replace(/\s+/g, ' '));
  text = pages.join(' ');
}, 120_000);
afterAll(() => t.close());

describe('the audit pack: programme, assessments and contracted coverage', () => {
  it('lists the new sections in the auditor’s order, after the company and before the plans', () => {
    const index = pages[1]!;
    const order = [
      'Empresa y personal',
      'Programa de control',
      'Evaluación del riesgo: diagnóstico y revisión anual',
      'Revisiones trimestrales',
      'Planos numerados y fechados',
      'Cumplimiento de visitas y cobertura por dispositivo',
      'Cobertura frente a la frecuencia contratada',
      'Índice de certificados',
    ];
    const positions = order.map((title) => index.indexOf(title));
    expect(
      positions.every((position) => position >= 0),
      index,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('prints the programme in force with its approval, acceptance and contracted frequencies', () => {
    expect(text).toContain(`Versión 1, en vigor desde el ${printed(day(daysAgo(200)))}`);
    expect(text).toContain('Raúl Responsable');
    expect(text).toContain(`Clara Calidad (Responsable de calidad), ${printed(day(new Date()))}`);
    expect(text).toContain('Estación de cebo para roedores Todas las demás Mensual');
    expect(text).toContain('Lámina adhesiva o monitor de insectos Bodega Mensual');
  });

  it('prints the signed diagnosis whole, its signer, and its recommendation overdue and open', () => {
    expect(text).toContain(`Diagnóstico de situación N.º ${diagnosis.id}`);
    expect(text).toContain('Raúl Responsable (Responsable técnico)');
    expect(text).toContain(CONCLUSIONS);
    const action = diagnosis.recommendations[0]!.actionId;
    expect(text).toMatch(
      new RegExp(
        `Separar los sacos 50 cm de la pared\\. ${printed(day(daysAgo(100)))} N\\.º ${action} Abierta \\(vencida\\)`,
      ),
    );
    expect(text).toContain('Sin revisión anual firmada hasta el fin del período.');
  });

  it('says which quarters have their signed review and prints the review’s conclusions', () => {
    // A year holds the ends of four quarters, the first of which began before it.
    expect(quarters).toHaveLength(4);
    expect(quarters[0]!.from < day(daysAgo(365))).toBe(true);
    const last = quarters[quarters.length - 1]!;
    expect(text).toContain(`${printed(last.from)} a ${printed(last.to)} N.º ${review.id}, firmada el`);
    expect(text.split('Sin revisión firmada').length - 1).toBe(quarters.length - 1);
    expect(text).toContain('Trimestre sin capturas; la lámina de la bodega no se revisó y se repasa la ruta.');
  });

  it('measures coverage against the contracted frequency and names the device never inspected', async () => {
    const coverage = await t.app.inject({
      url: `/api/sites/${DEFAULT_SITE_ID}/programme/coverage?from=${day(daysAgo(365))}&to=${day(new Date())}`,
      headers: admin.headers,
    });
    expect(coverage.statusCode, coverage.body).toBe(200);
    const rows = coverage.json<ProgrammeCoverage>().rows;
    const board = rows.find((row) => row.type === 'LAMINA')!;
    expect(board.visitsOwed).toBeGreaterThan(0);
    expect(board.inspectionsDone).toBe(0);
    const section = text.slice(text.lastIndexOf('Cobertura frente a la frecuencia contratada'));
    expect(section).toContain(
      `Lámina adhesiva o monitor de insectos · Bodega · mensual ${board.visitsOwed} 0 0 de ${board.visitsOwed} 0 / ${board.visitsOwed} 0 %`,
    );
    // Each device with the windows it went without inspection: the board all of them, the bait station those
    // between its three visits.
    const missedWindows = (code: string) =>
      section.match(new RegExp(`${code} ((?:\\d{2}-\\d{2}-\\d{4}(?:, )?)+)`))?.[1]?.split(', ').length;
    const bait = rows.find((row) => row.type === 'CEBADERO')!;
    expect(missedWindows('LAM-1')).toBe(board.visitsOwed);
    expect(bait.periodsCovered).toBe(3);
    expect(missedWindows('CEB-1')).toBe(bait.visitsOwed - 3);
  });
});
