import type { Assessment, TrendPoint } from '@rondin/contracts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { type BreachWorld, useBreachWorld } from '../../../test/breaches.js';
import { nothingFound, putFinding } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import { makeTechnicalManager, programmeInput, saveProgramme } from '../../../test/programmes.js';
import { DEFAULT_SITE_ID } from '../../../test/test-app.js';
import { localDate } from '../../lib/time-zone.js';
import { quarterStart } from './assessment-due.js';

/** A quarterly review opens holding its quarter's figures, counted from what was found. */
const { world, device, visit } = useBreachWorld();

/** One inspection of the trap a year ago: an order created then, its finding recorded then. */
async function inspectAYearAgo(w: BreachWorld, trap: { id: number; qrSlug: string }, captures: number) {
  const order = await createOrder(w.t, w.admin, w.tech.id, [trap.id]);
  await w.t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '1 year 2 hours'` })
    .where(eq(sessions.id, order.id));
  expect((await scan(w.t, w.tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const recordedAt = new Date(Date.now() - 365 * 86_400_000 - 3_600_000).toISOString();
  const response = await putFinding(
    w.t,
    w.tech,
    order.id,
    order.items[0]!.id,
    nothingFound({ recordedAt, captures: [{ pestId: w.pest['Ratón doméstico']!, count: captures }] }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('a quarterly review', () => {
  it('opens with the quarter’s trends by zone and pest group, a year before, breaches, actions and coverage', async () => {
    const { t, admin, tech, pest } = world;
    const inside = await device({ type: 'CAPTURA', zone: 'INTERIOR' });
    const outside = await device({ type: 'CAPTURA', zone: 'EXTERIOR' });
    // The programme contracts the capture traps monthly, approved by a technical manager.
    await makeTechnicalManager(t, admin);
    const saved = await saveProgramme(
      t,
      admin,
      DEFAULT_SITE_ID,
      programmeInput({ frequencies: [{ type: 'CAPTURA', zone: null, frequency: 'MENSUAL' }] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/programme/versions/1/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // A year ago: one mouse inside (over the action limit: it opens the device's action).
    await inspectAYearAgo(world, inside, 1);
    // This quarter: three mice inside (the open action's next occurrence), nothing outside.
    const { order, item } = await visit([inside, outside]);
    for (const [trap, finding] of [
      [inside, nothingFound({ captures: [{ pestId: pest['Ratón doméstico']!, count: 3 }] })],
      [outside, nothingFound()],
    ] as const) {
      const response = await putFinding(t, tech, order.id, item(trap.id), finding);
      expect(response.statusCode, response.body).toBe(200);
    }

    const periodFrom = quarterStart(localDate(new Date(), t.config.TIME_ZONE));
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/sites/${DEFAULT_SITE_ID}/assessments`,
      headers: tech.headers,
      payload: { kind: 'REVISION_TRIMESTRAL', periodFrom },
    });
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json<Assessment>();
    expect(review.periodFrom).toBe(periodFrom);
    const figures = review.figures!;
    const sum = (points: TrendPoint[], key: string, field: 'inspectedDevices' | 'devicesWithActivity') =>
      points.filter((point) => point.key === key).reduce((total, point) => total + point[field], 0);
    const caught = (points: TrendPoint[], key: string) =>
      points
        .filter((point) => point.key === key)
        .reduce((total, point) => total + Object.values(point.captures).reduce((a, b) => a + b, 0), 0);
    // By zone: each device inspected once this quarter, the one inside with its three mice.
    expect(sum(figures.byZone.points, 'INTERIOR', 'inspectedDevices')).toBe(1);
    expect(sum(figures.byZone.points, 'INTERIOR', 'devicesWithActivity')).toBe(1);
    expect(caught(figures.byZone.points, 'INTERIOR')).toBe(3);
    expect(sum(figures.byZone.points, 'EXTERIOR', 'inspectedDevices')).toBe(1);
    expect(caught(figures.byZone.points, 'EXTERIOR')).toBe(0);
    // The same quarter a year before: the one mouse inside.
    expect(caught(figures.byZone.previousYear!, 'INTERIOR')).toBe(1);
    // By pest group: rodents.
    expect(caught(figures.byPestGroup.points, 'ROEDORES')).toBe(3);
    expect(caught(figures.byPestGroup.previousYear!, 'ROEDORES')).toBe(1);
    // Read against the limits in force.
    expect(figures.byZone.thresholds.length).toBeGreaterThan(0);
    // The quarter's breach (the one a year ago is not the quarter's), and the action it joined.
    expect(figures.breaches.filter((breach) => breach.level === 'ACCION')).toEqual([
      { zone: 'INTERIOR', level: 'ACCION', metric: 'CAPTURAS', count: 1 },
    ]);
    expect(figures.actions).toMatchObject([
      { origin: 'UMBRAL', trapCode: inside.code, status: 'ABIERTA', occurrences: 1 },
    ]);
    // Coverage against the programme's contracted frequency.
    expect(figures.coverage).toMatchObject({
      siteId: DEFAULT_SITE_ID,
      from: periodFrom,
      versions: [{ version: 1 }],
      rows: [{ type: 'CAPTURA', zone: null, frequency: 'MENSUAL' }],
    });
    // The report prints them.
    const report = await t.app.inject({ url: `/api/assessments/${review.id}/report.pdf`, headers: tech.headers });
    expect(report.statusCode).toBe(200);
    const text = pdfText(report.rawPayload);
    for (const expected of [
      'Revisión trimestral',
      'Cifras del trimestre',
      'Tendencia por zona',
      'Interior',
      'Exterior',
      'Tendencia por grupo de plagas',
      'Roedores',
      'Límites en vigor al cierre del trimestre',
      'Umbrales superados',
      'Acciones correctivas por umbral',
      inside.code,
      'Cobertura frente a la frecuencia contratada',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    if (process.env.ASSESSMENT_PDF_OUT) fs.writeFileSync(process.env.ASSESSMENT_PDF_OUT, report.rawPayload);
    // Kept as counted: later findings do not change the draft's figures.
    await putFinding(
      t,
      tech,
      order.id,
      item(outside.id),
      nothingFound({ captures: [{ pestId: pest['Ratón doméstico']!, count: 5 }] }),
    );
    const again = await t.app.inject({ url: `/api/assessments/${review.id}`, headers: tech.headers });
    expect(again.json<Assessment>().figures).toEqual(figures);
  });
});

/** The text poppler reads from a PDF, lines as laid out. */
function pdfText(pdf: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'revision-'));
  const file = path.join(folder, 'informe.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
