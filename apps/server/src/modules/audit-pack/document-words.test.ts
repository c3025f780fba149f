import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  ACTION_ORIGINS,
  ACTION_RESPONSIBLES,
  ACTION_STATUSES,
  ACTIVITY_LEVELS,
  BAIT_STATES,
  DEVICE_STATUSES,
  FINDING_ACTIONS,
  EXCEPTION_REASONS,
  PEST_GROUPS,
  QUALIFICATIONS,
  RISK_LEVELS,
  type Session,
  THRESHOLD_METRICS,
  TRAP_TYPES,
  ZONES,
} from '@rondin/contracts';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests, sites, technicians, traps } from '../../db/schema.js';
import { type DeviceVisit, visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { createPlan, placeTrap } from '../../../test/plans.js';
import { applicationInput, createProduct, putApplication } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { renderOrderReport } from '../orders/order-report.js';

/**
 * The guard over every PDF the product makes: none may show the client a word of ours (an enum's name, a
 * snake_case column, a decision's number, a phrase meant for the office) or a word cut with an ellipsis.
 */

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
const documents = new Map<string, string>();

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const day = (at: Date) => at.toISOString().slice(0, 10);
/** Why nobody of the client signed the last visit: as long as the close form takes (200 characters). */
const ABSENT_REASON =
  'La responsable de calidad estaba en una auditoría de clientes en la otra nave y el jefe de turno no tiene delegada la firma; se dejó copia del certificado en recepción para la firma del día siguiente.';

/** Every value of the contracts' enums that has no Spanish meaning of its own, as an uppercase word. */
const ENUM_VALUES = new Set<string>(
  [
    ACTION_ORIGINS,
    ACTION_RESPONSIBLES,
    ACTION_STATUSES,
    EXCEPTION_REASONS,
    PEST_GROUPS,
    QUALIFICATIONS,
    RISK_LEVELS,
    THRESHOLD_METRICS,
    TRAP_TYPES,
    ZONES,
    ACTIVITY_LEVELS,
    BAIT_STATES,
    DEVICE_STATUSES,
    FINDING_ACTIONS,
  ].flat(),
);

/** Phrases for the office that once reached a client's document (issue 30). */
const INTERNAL_PHRASES = [
  /\bdecisi[oó]n \d{4}\b/i,
  /como en Tendencias/i,
  /cuenta por su m[ií]nimo/i,
  /(?<!insectos\s)\brastreros\b/i,
  /\bproducto_almacenado\b/i,
];

/** What is wrong in a document's text: each offending word with a little of what surrounds it. */
function offences(content: string): string[] {
  const found: string[] = [];
  const around = (index: number, length: number) => content.slice(Math.max(0, index - 30), index + length + 30);
  for (const match of content.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) {
    found.push(`enum name «${match[0]}»: …${around(match.index, match[0].length)}…`);
  }
  for (const match of content.matchAll(/\b[A-Z]{3,}\b/g)) {
    if (ENUM_VALUES.has(match[0])) found.push(`enum value «${match[0]}»: …${around(match.index, match[0].length)}…`);
  }
  for (const match of content.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) {
    found.push(`snake_case «${match[0]}»: …${around(match.index, match[0].length)}…`);
  }
  for (const match of content.matchAll(/[\p{L}\p{N}(,.·-]+…/gu)) {
    found.push(`cut «${match[0]}»: …${around(match.index, match[0].length)}…`);
  }
  for (const phrase of INTERNAL_PHRASES) {
    for (const match of content.matchAll(new RegExp(phrase.source, `${phrase.flags}g`))) {
      found.push(`internal «${match[0]}»: …${around(match.index, match[0].length)}…`);
    }
  }
  return found;
}

/** The document's text as pdftotext reads it, in reading order. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-words-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    if (process.env.DOCUMENT_WORDS_DIR)
      fs.copyFileSync(file, path.join(process.env.DOCUMENT_WORDS_DIR, `${documents.size}.pdf`));
    // Lines joined: a phrase wrapped in a cell reads whole.
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function fetchPdf(name: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  const response = await t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${name}: ${response.body.slice(0, 300)}`).toBe(200);
  expect(response.headers['content-type'], name).toContain('application/pdf');
  documents.set(name, pdfText(response.rawPayload));
}

/**
 * A plant with something in every corner of every document: long area names, every device type, catches
 * counted and in bands, stored-product pests, a bait limit crossed and its action closed with root cause and
 * verification, an open one overdue, a recommendation, an exception, a force-closed order, a treatment over a
 * span of time and one at an instant, over two years.
 */
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' });
  admin = await createAdmin(t, { fullName: 'Marta Vidal' });
  tech = await createUser(t, { fullName: 'Ana Torres Casademunt' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/company',
    headers: admin.headers,
    payload: {
      name: 'Plagas del Norte S.L.',
      taxId: 'B12345678',
      registryNumber: 'ROESB 0457-CAT',
      technicalManager: 'Marta Vidal',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.database.db
    .update(technicians)
    .set({ licenceNumber: 'CARNE-778', licenceExpiresAt: '2031-06-30', qualification: 'APLICADOR' })
    .where(eq(technicians.id, tech.id));
  await t.database.db
    .update(sites)
    .set({
      // As long as the demo's: the page header once cut it («Planta de elaboración El Prat · 30-11-2025…»).
      name: 'Planta de elaboración y envasado El Prat de Llobregat',
      client: 'Conservas Ribera S.A.',
      address: 'Polígono Industrial Norte, nave 14, Tudela (Navarra)',
    })
    .where(eq(sites.id, DEFAULT_SITE_ID));
  const rows = await t.database.db.select({ id: pests.id, name: pests.name }).from(pests);
  const pest = Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number>;

  const device = async (
    code: string,
    type: (typeof TRAP_TYPES)[number],
    area: string,
    zone: (typeof ZONES)[number],
    risk: (typeof RISK_LEVELS)[number],
  ) => {
    const trap = await createTrap(t, { code, type, area });
    await t.database.db.update(traps).set({ zone, riskLevel: risk }).where(eq(traps.id, trap.id));
    return trap;
  };
  const bait = await device('CEB-001', 'CEBADERO', 'Perímetro exterior muelle norte', 'EXTERIOR', 'MEDIO');
  const bait2 = await device(
    'CEB-002',
    'CEBADERO',
    'Almacenamiento de producto terminado',
    'PERIMETRO_INTERIOR',
    'ALTO',
  );
  const snap = await device('CAP-001', 'CAPTURA', 'Almacenamiento de materias primas', 'INTERIOR', 'ALTO');
  const board = await device('LAM-001', 'LAMINA', 'Zona de envasado y etiquetado', 'INTERIOR', 'ALTO');
  const lamp = await device('UV-001', 'LUZ_UV', 'Zona de envasado y etiquetado', 'INTERIOR', 'ALTO');
  const lure = await device('FER-001', 'FEROMONA', 'Almacenamiento de materias primas', 'INTERIOR', 'ALTO');
  const other = await device('OTR-001', 'OTRO', 'Oficinas', 'INTERIOR', 'BAJO');
  const all = [bait, bait2, snap, board, lamp, lure, other];
  const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja y muelles de carga');
  for (const [index, trap] of all.entries()) {
    const placed = await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.1 + 0.12 * index, y: 0.5 });
    expect(placed.statusCode).toBe(200);
  }

  const rodenticide = await createProduct(t, admin, { registrationNumber: 'ES/RM-2021-14-00777' });
  const gel = await createProduct(t, admin, {
    name: 'Gel cucarachicida Imidacloprid',
    activeIngredients: 'Imidacloprid 2,15 %',
    registrationNumber: 'ES/APP(NA)-2019-18-00551',
    type: 'TP18',
    anticoagulant: false,
    safetyIntervalHours: 0,
  });

  // Monthly visits over twenty months, every device seen, but for what each visit says otherwise.
  const quiet = (trap: { id: number; qrSlug: string }) => ({ trap, scanned: true as const, finding: {} });
  for (let month = 20; month >= 2; month--) {
    const at = daysAgo(month * 30);
    const devices: DeviceVisit[] =
      month === 12
        ? [
            { trap: bait, scanned: true as const, finding: { baitConsumption: 75, evidence: ['ROEDURAS' as const] } },
            { trap: bait2, exception: 'INACCESIBLE' as const, reasonDetail: 'BLOQUEADO_MERCADERIA' as const },
            {
              trap: board,
              scanned: true as const,
              finding: {
                captures: [
                  { pestId: pest['Cucaracha alemana']!, band: '11-50' as const },
                  { pestId: pest['Pececillo de plata']!, count: 2 },
                ],
                actions: ['LAMINA_CAMBIADA' as const],
              },
            },
            {
              trap: lure,
              scanned: true as const,
              finding: { captures: [{ pestId: pest['Polilla india de la harina']!, count: 14 }] },
            },
            {
              trap: lamp,
              scanned: true as const,
              finding: {
                captures: [{ pestId: pest.Moscas!, band: '>50' as const }],
                actions: ['TUBO_CAMBIADO' as const],
              },
            },
            quiet(snap),
            quiet(other),
          ]
        : month === 6
          ? [...[bait, bait2, board, lamp, lure].map(quiet), { trap: snap, pending: true as const }, quiet(other)]
          : all.map(quiet);
    const { order } = await visit(t, admin, tech, at, devices);
    if (month === 6) expect((await close(t, admin, order.id, { force: true })).statusCode).toBe(200);
  }

  // The last visit, with its treatments: bait renewed over twenty minutes, gel at one instant.
  const visitAt = daysAgo(1);
  const { order } = await visit(t, admin, tech, visitAt, all.map(quiet));
  const at = (minutes: number) => new Date(visitAt.getTime() + minutes * 60_000).toISOString();
  const applied = [
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(rodenticide.id, { batch: 'LOTE-5521', trapId: bait.id, startedAt: at(0), endedAt: at(20) }),
    ),
    await putApplication(
      t,
      tech,
      order.id,
      applicationInput(gel.id, {
        batch: 'GEL-0091',
        quantity: 5,
        method: 'Gel en puntos, en grietas y hendiduras',
        dose: '0,1 g por punto',
        area: 'Zona de envasado y etiquetado',
        startedAt: at(30),
        endedAt: at(30),
      }),
    ),
  ];
  for (const response of applied) expect(response.statusCode, response.body).toBe(201);
  // Nobody of the client could sign, for a reason as long as the form takes: printed whole under its box.
  expect(
    (await close(t, tech, order.id, { clientSignature: { absent: true, reason: ABSENT_REASON } })).statusCode,
  ).toBe(200);

  // The bait limit crossed a year ago opened an action: closed with its root cause and verification.
  const list = await t.app.inject({ url: '/api/actions?siteId=1', headers: admin.headers });
  const [thresholdAction] = list.json<{ items: { id: number; origin: string }[] }>().items;
  expect(thresholdAction?.origin).toBe('UMBRAL');
  const closed = await t.app.inject({
    method: 'PATCH',
    url: `/api/actions/${thresholdAction!.id}`,
    headers: admin.headers,
    payload: {
      status: 'CERRADA',
      immediateCorrection: 'Cebo repuesto y estación limpiada el mismo día.',
      rootCause: 'Hueco de 2 cm bajo la puerta del muelle norte que deja entrar roedores.',
      preventiveAction: 'Burlete en la puerta del muelle norte y revisión mensual de cierres.',
      verificationResult: 'Dos visitas seguidas sin consumo de cebo.',
      verifiedBy: 'Marta Vidal',
      verifiedOn: day(daysAgo(300)),
      closingNote: 'Cerrada con la conformidad del cliente.',
    },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  for (const payload of [
    {
      origin: 'RECOMENDACION',
      area: 'Almacenamiento de materias primas',
      description: 'Separar los palés de la pared al menos 50 cm para poder inspeccionar detrás.',
      responsible: 'CLIENTE',
      responsibleName: 'Jefe de almacén',
      dueDate: day(daysAgo(20)),
    },
    {
      origin: 'MANUAL',
      trapId: lure.id,
      severity: 'ALTA',
      description: 'Polilla india de la harina en la trampa de feromona del almacén de materias primas.',
      immediateCorrection: 'Revisión de los lotes de harina del pasillo 3.',
      productImpactKind: 'EN_EVALUACION',
      productImpact: 'Dos palés de harina retenidos hasta su revisión.',
      dueDate: '2999-12-31',
      verificationPlan: 'Capturas de la trampa en las tres visitas siguientes.',
    },
  ]) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/actions',
      headers: admin.headers,
      payload: { siteId: DEFAULT_SITE_ID, ...payload },
    });
    expect(created.statusCode, created.body).toBe(201);
  }

  const from = day(daysAgo(700));
  const to = day(new Date());
  await fetchPdf('dossier de 12 meses', `/api/sites/${DEFAULT_SITE_ID}/audit-pack`);
  await fetchPdf('dossier de 24 meses', `/api/sites/${DEFAULT_SITE_ID}/audit-pack?from=${from}&to=${to}`);
  await fetchPdf(
    'dossier de un período vacío',
    `/api/sites/${DEFAULT_SITE_ID}/audit-pack?from=2001-01-01&to=2001-12-31`,
  );
  await fetchPdf('certificado de servicio', `/api/sessions/${order.id}/report`);
  const session = await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers });
  expect(session.statusCode).toBe(200);
  const report = await buffer(
    renderOrderReport(session.json<Session>(), { timeZone: 'Europe/Madrid', client: 'Conservas Ribera S.A.' }),
  );
  documents.set('reporte de servicio', pdfText(report));
  const since = `from=${daysAgo(700).toISOString()}&to=${new Date().toISOString()}`;
  await fetchPdf('reporte operativo', `/api/reports/export?format=pdf&${since}`);
  await fetchPdf('etiquetas', '/api/traps/labels');
  await fetchPdf('etiqueta', `/api/traps/${board.id}/label`);
  await fetchPdf('mapa de dispositivos', `/api/plans/${plan.id}/map.pdf`);
  await fetchPdf('mapa de calor', `/api/plans/${plan.id}/map.pdf?${since}`);
}, 240_000);
afterAll(() => t.close());

describe('every PDF the product makes', () => {
  it('was generated from the fixture', () => {
    expect([...documents.keys()]).toHaveLength(10);
    for (const [name, content] of documents) expect(content.length, name).toBeGreaterThan(50);
  });

  it('shows no enum or column names, decision numbers, office phrases or cut words', () => {
    const found = [...documents].flatMap(([name, content]) =>
      offences(content).map((offence) => `${name}: ${offence}`),
    );
    expect(found).toEqual([]);
  });

  it("prints an absent client's reason whole on the certificate", () => {
    expect(ABSENT_REASON).toHaveLength(200);
    expect(documents.get('certificado de servicio')).toContain(ABSENT_REASON);
  });
});
