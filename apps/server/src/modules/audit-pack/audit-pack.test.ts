import fs from 'node:fs';
import { AuditPackMessages, type CertificateSummary } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites, technicians, traps } from '../../db/schema.js';
import { formatDateTime, localDate } from '../../lib/time-zone.js';
import { visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
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
import { PACK_SECTIONS } from './pdf/pack-pages.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const monthLabel = (at: Date) => {
  const day = localDate(at, 'Europe/Madrid');
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(2, 4)}`;
};
const pack = (query = '', user: TestUser = admin, siteId = DEFAULT_SITE_ID) =>
  t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/audit-pack${query}`, headers: user.headers });

/**
 * A small plant with a record in every section: the company, a licensed technician, two devices on a plan, a
 * visit that crossed a bait limit, one that left a device unvisited, a closed order with its certificate and a
 * product applied, and a corrective action.
 */
async function plantWithRecords() {
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
  await t.database.db.update(sites).set({ client: 'Conservas Ribera' }).where(eq(sites.id, DEFAULT_SITE_ID));
  const bait = await createTrap(t, { code: 'AP-001', area: 'Cocina', type: 'CEBADERO' });
  const board = await createTrap(t, { code: 'AP-002', area: 'Almacén', type: 'LAMINA' });
  await t.database.db.update(traps).set({ zone: 'INTERIOR', riskLevel: 'ALTO' }).where(eq(traps.id, bait.id));
  const plan = await createPlan(t, admin, DEFAULT_SITE_ID, 'Planta baja');
  for (const [index, trap] of [bait, board].entries()) {
    expect((await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.3 + 0.4 * index, y: 0.5 })).statusCode).toBe(
      200,
    );
  }

  const breachAt = daysAgo(100);
  await visit(t, admin, tech, breachAt, [
    { trap: bait, scanned: true, finding: { baitConsumption: 75 } },
    { trap: board, scanned: true, finding: {} },
  ]);
  const missedAt = daysAgo(40);
  await visit(t, admin, tech, missedAt, [
    { trap: bait, scanned: true, finding: {} },
    { trap: board, pending: true },
  ]);
  const { order } = await visit(t, admin, tech, daysAgo(1), [
    { trap: bait, scanned: true, finding: {} },
    { trap: board, scanned: true, finding: {} },
  ]);
  const product = await createProduct(t, admin, { registrationNumber: 'ES/RM-2021-14-00777' });
  const applied = await putApplication(
    t,
    tech,
    order.id,
    applicationInput(product.id, { batch: 'LOTE-5521', trapId: bait.id }),
  );
  expect(applied.statusCode, applied.body).toBe(201);
  expect((await close(t, tech, order.id)).statusCode).toBe(200);
  const certificate = await t.app.inject({ url: `/api/sessions/${order.id}/certificate`, headers: admin.headers });
  expect(certificate.statusCode, certificate.body).toBe(200);
  const action = await t.app.inject({
    method: 'POST',
    url: '/api/actions',
    headers: admin.headers,
    payload: {
      siteId: DEFAULT_SITE_ID,
      origin: 'RECOMENDACION',
      area: 'Almacén',
      description: 'Sellar el hueco bajo la puerta del muelle 3',
      dueDate: '2999-12-31',
    },
  });
  expect(action.statusCode, action.body).toBe(201);
  return { folio: certificate.json<CertificateSummary>().folio, missedAt, product };
}

/** Each page's text, and the page (1-based) a section's numbered heading opens, after the index. */
async function pagesOf(pdf: Buffer) {
  const pages = (await readPdf(pdf)).map((page) => page.text.replace(/\s+/g, ' '));
  const indexPage = pages.findIndex((text) => text.includes('Índice 1. Alcance'));
  const startOf = (title: string, number: number) =>
    pages.findIndex((text, index) => index > indexPage && text.includes(`${number}. ${title}`)) + 1;
  const sectionText = (id: string) => {
    const at = PACK_SECTIONS.findIndex((section) => section.id === id);
    const first = startOf(PACK_SECTIONS[at]!.title, at + 1);
    const next = at + 1 < PACK_SECTIONS.length ? startOf(PACK_SECTIONS[at + 1]!.title, at + 2) : pages.length + 1;
    return pages.slice(first - 1, next - 1).join(' ');
  };
  return { pages, indexPage, startOf, sectionText };
}

describe('GET /api/sites/{id}/audit-pack', () => {
  it('holds every section with the records behind it, and an index whose pages are where they start', async () => {
    const { folio, missedAt } = await plantWithRecords();
    const response = await pack();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const today = localDate(new Date(), 'Europe/Madrid');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="dossier-auditoria-sitio-principal-\\d{4}-\\d{2}-\\d{2}-${today}\\.pdf"$`),
    );
    const pdf = response.rawPayload;
    if (process.env.AUDIT_PACK_PDF) fs.writeFileSync(process.env.AUDIT_PACK_PDF, pdf);
    const { pages, indexPage, startOf, sectionText } = await pagesOf(pdf);

    expect(pages[0]).toContain('Dossier de auditoría');
    expect(pages[0]).toContain('Plagas del Norte S.L.');
    expect(pages[0]).toContain('ROESB 0457-CAT');
    expect(pages[0]).toContain('Conservas Ribera');
    expect(indexPage).toBe(1);
    for (const [index, section] of PACK_SECTIONS.entries()) {
      const start = startOf(section.title, index + 1);
      expect(start, section.title).toBeGreaterThan(2);
      expect(pages[indexPage]).toContain(`${index + 1}. ${section.title} página ${start}`);
    }
    pages.forEach((text, index) => expect(text).toContain(`Página ${index + 1} de ${pages.length}`));

    expect(sectionText('company')).toContain('Marta Vidal');
    expect(sectionText('company')).toMatch(/Ana Torres Aplicador.* CARNE-778 30-06-2031/);
    expect(sectionText('plans')).toContain('Plano n.º 1: Planta baja');
    expect(sectionText('devices')).toMatch(
      /AP-001 1·1 Cocina Interior Estación de cebo para roedores Alto Brodifacoum/,
    );
    const coverage = sectionText('coverage');
    expect(coverage).toContain(`AP-002 ${monthLabel(missedAt)} Sin inspección`);
    expect(coverage).not.toMatch(/AP-001 \w{3} \d{2} Sin inspección/);
    // Devices registered today: the months before are not months they went without a visit.
    expect(coverage).toMatch(/meses sin orden: \d+ \(y \d+ anteriores al alta del dispositivo\)/);
    expect(sectionText('certificates')).toContain(folio);
    expect(sectionText('certificates')).toMatch(/[0-9a-f]{20}/);
    expect(sectionText('activity')).toContain('Cocina');
    const treatments = sectionText('treatments');
    expect(treatments).toContain('ES/RM-2021-14-00777');
    // The application's row: registration number, lot and quantity, each whole.
    expect(treatments).toContain('ES/RM-2021-14-00777 LOTE-5521 120 g');
    expect(treatments).toContain('No archivada');
    expect(sectionText('thresholds')).toMatch(/AP-001 Cocina Acción Actividad: 3 ≥ 1; Consumo de cebo \(%\): 75 ≥ 25/);
    expect(sectionText('actions')).toContain('Sellar el hueco bajo la puerta del muelle 3');
    expect(sectionText('actions')).toContain('Abierta');
    expect(sectionText('trends')).toContain('Zona: Interior');
    expect(sectionText('trends')).toContain('Consumo medio de cebo (%)');
    expect(sectionText('heat')).toContain('Planta baja');
    // The file's first pack pays the fonts' and the plan image's first load: 20 s on a loaded 2-core machine.
  }, 60_000);

  it('prints each action whole: origin, correction, root cause, prevention, verification and close, and a tally', async () => {
    await plantWithRecords();
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, headers: admin.headers, payload });
    const late = await send('POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      area: 'Cocina',
      description: 'Excrementos de roedor junto a la cámara 2',
      dueDate: localDate(daysAgo(30), 'Europe/Madrid'),
    });
    expect(late.statusCode, late.body).toBe(201);
    const closed = await send('PATCH', `/api/actions/${late.json<{ id: number }>().id}`, {
      status: 'CERRADA',
      immediateCorrection: 'Limpieza y desinfección de la zona',
      rootCause: 'Rejilla del desagüe suelta',
      preventiveAction: 'Rejillas atornilladas en todos los desagües',
      verificationResult: 'Sin indicios en dos visitas seguidas',
      verifiedBy: 'Marta Vidal',
      verifiedOn: localDate(daysAgo(2), 'Europe/Madrid'),
      closingNote: 'Conforme el cliente',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const overdue = await send('POST', '/api/actions', {
      siteId: DEFAULT_SITE_ID,
      origin: 'RECOMENDACION',
      area: 'Almacén',
      description: 'Retirar los palés pegados a la pared',
      responsible: 'CLIENTE',
      responsibleName: 'Jefe de almacén',
      dueDate: localDate(daysAgo(5), 'Europe/Madrid'),
    });
    expect(overdue.statusCode, overdue.body).toBe(201);

    const response = await pack();
    expect(response.statusCode, response.body).toBe(200);
    const actions = (await pagesOf(response.rawPayload)).sectionText('actions');
    // The action the bait limit opened (overdue), the plant's recommendation (due in 2999) and the two above.
    expect(actions).toContain('4 (2 acciones y 2 recomendaciones)');
    expect(actions).toContain('Cerradas En plazo Fuera de plazo Abiertas Dentro de plazo Vencidas 1 0 1 3 1 2');
    const id = late.json<{ id: number }>().id;
    const today = localDate(new Date(), 'Europe/Madrid').split('-').reverse().join('-');
    expect(actions).toContain(`N.º ${id} · Manual · Cerrada fuera de plazo el ${today}`);
    expect(actions).toContain('Corrección inmediata Limpieza y desinfección de la zona');
    expect(actions).toContain('Causa raíz Rejilla del desagüe suelta');
    expect(actions).toContain('Acción preventiva Rejillas atornilladas en todos los desagües');
    const verifiedOn = localDate(daysAgo(2), 'Europe/Madrid').split('-').reverse().join('-');
    expect(actions).toContain(`Verificación Por Marta Vidal el ${verifiedOn}: Sin indicios en dos visitas seguidas`);
    expect(actions).toMatch(/Cierre \d{2}-\d{2}-\d{4} por Admin \d+ · Conforme el cliente/);
    expect(actions).toMatch(/N\.º \d+ · Recomendación al cliente · Abierta, vencida desde el \d{2}-\d{2}-\d{4}/);
    expect(actions).toContain('Responsable y plazo Cliente (Jefe de almacén)');
  }, 60_000);

  it('names the bait in each bait station, applied at it or in its area, and no biocide in other devices', async () => {
    const station = await createTrap(t, { code: 'CEB-01', area: 'Muelle', type: 'CEBADERO' });
    const other = await createTrap(t, { code: 'CEB-02', area: 'Oficinas', type: 'CEBADERO' });
    const board = await createTrap(t, { code: 'LAM-01', area: 'Muelle', type: 'LAMINA' });
    const { order } = await visit(t, admin, tech, daysAgo(3), [
      { trap: station, scanned: true, finding: { baitConsumption: 25 } },
      { trap: other, scanned: true, finding: { baitConsumption: 0 } },
      { trap: board, scanned: true, finding: {} },
    ]);
    const rodenticide = await createProduct(t, admin, { name: 'Bromadiolona Pasta' });
    const gel = await createProduct(t, admin, {
      name: 'Gel Imidacloprid',
      registrationNumber: 'ES/APP(NA)-2019-18-00551',
      type: 'TP18',
      anticoagulant: false,
    });
    // The rodenticide put out in the dock (no device named), the gel at the glue board.
    for (const body of [
      applicationInput(rodenticide.id, { area: 'Muelle' }),
      applicationInput(gel.id, { trapId: board.id, area: null }),
    ]) {
      const applied = await putApplication(t, tech, order.id, body);
      expect(applied.statusCode, applied.body).toBe(201);
    }
    const response = await pack();
    expect(response.statusCode, response.body).toBe(200);
    const devices = (await pagesOf(response.rawPayload)).sectionText('devices');
    expect(devices).toMatch(/CEB-01 \S+ Muelle .* Bromadiolona Pasta Activo/);
    expect(devices).toMatch(/CEB-02 \S+ Oficinas .* Sin aplicación registrada Activo/);
    expect(devices).toMatch(/LAM-01 \S+ Muelle .* No aplica Activo/);
    expect(devices).not.toContain('Gel Imidacloprid');
  });

  it('prints a treatment at one minute as that time, and a span only when it lasted', async () => {
    const trap = await createTrap(t, { code: 'CEB-01', area: 'Muelle', type: 'CEBADERO' });
    // At 10:00 UTC (midday in Madrid): run just before midnight, a span of 25 minutes would end the next day,
    // which the pack rightly prints with both dates («Del … al …»).
    const visitAt = new Date(Date.now() - 3 * DAY);
    visitAt.setUTCHours(10, 0, 0, 0);
    const { order } = await visit(t, admin, tech, visitAt, [{ trap, scanned: true, finding: {} }]);
    const product = await createProduct(t, admin);
    const at = (minutes: number) => new Date(visitAt.getTime() + minutes * 60_000);
    for (const [batch, start, end] of [
      ['LOTE-A', at(1), at(1)],
      ['LOTE-B', at(2), at(25)],
    ] as const) {
      const body = applicationInput(product.id, {
        batch,
        trapId: trap.id,
        startedAt: start.toISOString(),
        endedAt: end.toISOString(),
      });
      const applied = await putApplication(t, tech, order.id, body);
      expect(applied.statusCode, applied.body).toBe(201);
    }
    const response = await pack();
    expect(response.statusCode, response.body).toBe(200);
    const treatments = (await pagesOf(response.rawPayload)).sectionText('treatments');
    const day = localDate(visitAt, 'Europe/Madrid').split('-').reverse().join('-');
    const time = (value: Date) => formatDateTime(value, 'Europe/Madrid').split(' ')[1];
    expect(treatments).toContain(`${day} a las ${time(at(1))}`);
    expect(treatments).toContain(`${day}, de ${time(at(2))} a ${time(at(25))}`);
    expect(treatments).not.toMatch(/de (\d{2}:\d{2}) a \1/);
  });

  it('prints on its cover a SHA-256 of its records: the same while they are, another once one changes', async () => {
    const fingerprint = async () => {
      const response = await pack('?from=2025-01-01&to=2025-12-31');
      expect(response.statusCode, response.body).toBe(200);
      const cover = (await pagesOf(response.rawPayload)).pages[0]!;
      return cover.match(/Huella SHA-256 de los registros ([0-9a-f]{64})/)?.[1];
    };
    const trap = await createTrap(t, { code: 'AP-001', area: 'Cocina' });
    await visit(t, admin, tech, new Date('2025-05-06T10:00:00Z'), [{ trap, scanned: true, finding: {} }]);
    const first = await fingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await fingerprint()).toBe(first);
    await visit(t, admin, tech, new Date('2025-06-03T10:00:00Z'), [{ trap, scanned: true, finding: {} }]);
    expect(await fingerprint()).not.toBe(first);
  });

  it('says in words what a site with a device and nothing else has none of', async () => {
    await createTrap(t, { code: 'AP-001' });
    const response = await pack();
    expect(response.statusCode, response.body).toBe(200);
    const { sectionText } = await pagesOf(response.rawPayload);
    expect(sectionText('treatments')).toContain('Sin aplicaciones de biocidas en el período.');
    expect(sectionText('certificates')).toContain('Sin certificados de servicio emitidos en el período.');
    expect(sectionText('actions')).toContain('Sin acciones correctivas ni recomendaciones en el período.');
    expect(sectionText('plans')).toContain('El sitio no tiene planos cargados.');
    expect(sectionText('coverage')).toContain('Órdenes del período: 0;');
    expect(sectionText('trends')).toContain('Sin inspecciones en el período');
  });

  it('is a short pack that says so for a period before the site had devices or orders', async () => {
    await createTrap(t, { code: 'AP-001' });
    const response = await pack('?from=2024-01-01&to=2024-12-31');
    expect(response.statusCode, response.body).toBe(200);
    const { pages } = await pagesOf(response.rawPayload);
    // The cover, the index, the scope and the company: no empty grid of devices that were not there.
    expect(pages).toHaveLength(4);
    expect(pages[1]).toContain('1. Alcance y responsabilidades página 3');
    expect(pages[1]).not.toContain('Inventario');
    expect(pages[2]).toContain(
      'En este período el sitio no tenía dispositivos de control en servicio ni órdenes de servicio',
    );
    const today = localDate(new Date(), 'Europe/Madrid').split('-').reverse().join('-');
    expect(pages[2]).toContain(`su primer dispositivo, el ${today}`);
    expect(pages.join(' ')).not.toContain('Dispositivos de control en servicio');
  });

  it('covers the days asked for, both included', async () => {
    const response = await pack('?from=2025-01-01&to=2025-03-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'dossier-auditoria-sitio-principal-2025-01-01-2025-03-31.pdf',
    );
    const { pages } = await pagesOf(response.rawPayload);
    expect(pages[0]).toContain('01-01-2025 al 31-03-2025');
  });

  it('answers format=excel with the annex, named as the PDF is', async () => {
    const response = await pack('?from=2025-01-01&to=2025-03-31&format=excel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(
      'dossier-auditoria-sitio-principal-2025-01-01-2025-03-31.xlsx',
    );
    // An .xlsx is a zip: it starts with the local file header's signature.
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('is for administrators only, about a site that exists, over a period in order of at most 24 months', async () => {
    expect((await pack('', tech)).statusCode).toBe(403);
    const unknown = await pack('', admin, 999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El sitio no existe.');
    const reversed = await pack('?from=2025-03-01&to=2025-02-28');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(AuditPackMessages.fromAfterTo);
    const long = await pack('?from=2023-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(AuditPackMessages.tooLong);
    expect((await pack('?from=2023-01-01&to=2024-12-31')).statusCode).toBe(200);
    const format = await pack('?format=word');
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain(AuditPackMessages.format);
    const badDay = await pack('?from=2025-02-30');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain('La fecha no existe en el calendario.');
  });
});
