import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  HEAT_STYLES,
  PlanMessages,
  ReportMessages,
  type PlanHeat,
  type PlanHeatDevice,
  type PutFindingInput,
} from '@rondin/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pests, sites } from '../../db/schema.js';
import { putFinding } from '../../../test/findings.js';
import { visit, type DeviceVisit } from '../../../test/inspections.js';
import { readTextItems } from '../../../test/pdf-layout.js';
import { createPlan, placeTrap, planImage } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/**
 * The heat of a plan's devices over a period, against what was recorded here by hand: six weekly-ish visits in
 * the last months and one more than a year ago, a corrected finding, exceptions, a device never visited.
 */
let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let planId: number;
let otherPlanId: number;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

type Trap = Awaited<ReturnType<typeof createTrap>>;
const traps: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F', Trap> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
  admin = await createAdmin(t);
  tech = await createUser(t);
  const [site] = await t.database.db
    .insert(sites)
    .values({ name: 'Planta Maipú', timeZone: 'America/Santiago' })
    .returning();
  const plan = await createPlan(t, admin, site!.id, 'Bodega norte', await planImage(800, 600));
  planId = plan.id;
  otherPlanId = (await createPlan(t, admin, site!.id, 'Bodega sur', await planImage(800, 600))).id;
  const types = { A: 'CEBADERO', B: 'LAMINA', C: 'CAPTURA', D: 'OTRO', E: 'CEBADERO', F: 'OTRO' } as const;
  for (const [index, [name, type]] of Object.entries(types).entries()) {
    const trap = await createTrap(t, { siteId: site!.id, code: `HM-${name}`, type, area: 'Bodega' });
    traps[name as keyof typeof traps] = trap;
    const placed = await placeTrap(t, admin, trap.id, { planId, x: 0.15 + 0.14 * index, y: 0.5 });
    expect(placed.statusCode).toBe(200);
  }
  // On the site's other plan, and in the visits: never in this plan's figures.
  const elsewhere = await createTrap(t, { siteId: site!.id, code: 'HM-Z', type: 'OTRO' });
  await placeTrap(t, admin, elsewhere.id, { planId: otherPlanId, x: 0.5, y: 0.5 });

  const [rat] = await t.database.db.select().from(pests).where(eq(pests.group, 'ROEDORES')).limit(1);
  const [fly] = await t.database.db.select().from(pests).where(eq(pests.group, 'VOLADORES')).limit(1);
  const clean = (trap: Trap): DeviceVisit => ({ trap, scanned: true, finding: {} });
  const found = (trap: Trap, finding: Partial<PutFindingInput>): DeviceVisit => ({ trap, scanned: true, finding });
  const missing = (trap: Trap): DeviceVisit => ({ trap, exception: 'NO_ENCONTRADO', note: 'No estaba.' });

  // More than a year ago: activity everywhere, outside the default period.
  await visit(t, admin, tech, daysAgo(400), [
    found(traps.C, { captures: [{ pestId: rat!.id, count: 3 }] }),
    found(traps.D, { activity: 'ALTA' }),
    clean(elsewhere),
  ]);
  const visits = [70, 60, 50, 40, 30, 20];
  for (const [index, days] of visits.entries()) {
    const at = daysAgo(days);
    const devices: DeviceVisit[] = [
      index === 5 ? found(traps.A, { baitConsumption: 25 }) : found(traps.A, { baitConsumption: 0 }),
      index === 0
        ? found(traps.B, { captures: [{ pestId: fly!.id, band: '11-50' }] })
        : index === 1
          ? found(traps.B, { captures: [{ pestId: fly!.id, count: 3 }] })
          : clean(traps.B),
      index < 3
        ? found(traps.C, { captures: [{ pestId: rat!.id, count: 1 }], activity: 'ALTA' })
        : index === 3
          ? found(traps.C, { deviceStatus: 'DANADO' })
          : clean(traps.C),
      clean(traps.D),
      ...(index < 2 ? [missing(traps.E)] : []),
      found(elsewhere, { activity: 'ALTA' }),
    ];
    const { order, itemIds } = await visit(t, admin, tech, at, devices);
    if (index === 1) {
      // A's second visit: half its bait eaten, then corrected (a later version) to none.
      const first = await putFinding(t, tech, order.id, itemIds[0]!, {
        clientFindingId: randomUUID(),
        recordedAt: new Date(at.getTime() + 2 * 60_000).toISOString(),
        deviceStatus: 'OK',
        baitConsumption: 50,
      });
      expect(first.statusCode, first.body).toBe(200);
      const corrected = await putFinding(t, tech, order.id, itemIds[0]!, {
        clientFindingId: randomUUID(),
        recordedAt: new Date(at.getTime() + 5 * 60_000).toISOString(),
        deviceStatus: 'OK',
        baitConsumption: 0,
        // Lowering what was recorded takes a reason.
        reason: 'El cebo estaba desplazado, no consumido.',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
    }
  }
}, 120_000);
afterAll(() => t.close());

async function heat(query = '', user = admin, id = planId) {
  return t.app.inject({ url: `/api/plans/${id}/heat${query}`, headers: user.headers });
}

const byCode = (report: PlanHeat) => new Map(report.devices.map((device) => [device.code, device]));
const weeks = (from: Date, to: Date) => (to.getTime() - from.getTime()) / (7 * DAY_MS);

describe('GET /api/plans/{id}/heat', () => {
  it('counts each device of the plan over the last twelve months, a correction replacing what it corrects', async () => {
    const response = await heat();
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<PlanHeat>();
    expect(report.timeZone).toBe('America/Santiago');
    const from = new Date(report.from);
    const to = new Date(report.to);
    expect(Math.abs(to.getTime() - Date.now())).toBeLessThan(60_000);
    const yearBefore = new Date(to);
    yearBefore.setUTCFullYear(yearBefore.getUTCFullYear() - 1);
    expect(from).toEqual(yearBefore);
    expect(report.devices.map((device) => [device.number, device.code])).toEqual([
      [1, 'HM-A'],
      [2, 'HM-B'],
      [3, 'HM-C'],
      [4, 'HM-D'],
      [5, 'HM-E'],
      [6, 'HM-F'],
    ]);
    const perWeek = (captures: number) => Math.round((captures / weeks(from, to)) * 100) / 100;
    const none = { captures: 0, capturesPerWeek: 0, exceptions: 0, damaged: 0 };
    const expected: Record<string, Partial<PlanHeatDevice>> = {
      // 1 of 6 with activity (the 50 % was corrected to 0): under 20 %.
      'HM-A': { ...none, inspections: 6, withActivity: 1, maxActivity: 'BAJA', meanBaitConsumption: 4.2, heat: 'BAJA' },
      // 2 of 6: a band of 11–50 counts 11, and 3 more.
      'HM-B': {
        ...none,
        inspections: 6,
        withActivity: 2,
        captures: 14,
        capturesPerWeek: perWeek(14),
        maxActivity: 'MEDIA',
        meanBaitConsumption: null,
        heat: 'MEDIA',
      },
      // 3 of 6: half. Damaged once. The year-old catches are outside.
      'HM-C': {
        ...none,
        inspections: 6,
        withActivity: 3,
        captures: 3,
        capturesPerWeek: perWeek(3),
        maxActivity: 'ALTA',
        damaged: 1,
        heat: 'ALTA',
      },
      'HM-D': { ...none, inspections: 6, withActivity: 0, maxActivity: 'NINGUNA', heat: 'SIN_ACTIVIDAD' },
      // Not found twice: exceptions, never inspections.
      'HM-E': { ...none, inspections: 0, withActivity: 0, maxActivity: null, exceptions: 2, heat: 'SIN_DATOS' },
      'HM-F': { ...none, inspections: 0, withActivity: 0, maxActivity: null, heat: 'SIN_DATOS' },
    };
    const found = byCode(report);
    for (const [code, figures] of Object.entries(expected)) expect(found.get(code), code).toMatchObject(figures);
  });

  it('reads only the period given, half-open', async () => {
    // The last visit alone (20 days ago): A's quarter of bait is its only inspection.
    const from = daysAgo(25);
    const to = daysAgo(15);
    const report = (await heat(`?from=${from.toISOString()}&to=${to.toISOString()}`)).json<PlanHeat>();
    const found = byCode(report);
    expect(found.get('HM-A')).toMatchObject({ inspections: 1, withActivity: 1, meanBaitConsumption: 25, heat: 'ALTA' });
    expect(found.get('HM-B')).toMatchObject({ inspections: 1, heat: 'SIN_ACTIVIDAD' });
    expect(found.get('HM-E')).toMatchObject({ inspections: 0, exceptions: 0, heat: 'SIN_DATOS' });
    // The first visit's B catch (11) over a 10-day period: 7.7 a week, ALTA by captures though 1 of 1 is too.
    const { rows } = (await t.database.db.execute(
      sql`select min(recorded_at) as at from findings where recorded_at > ${daysAgo(75)}`,
    )) as unknown as { rows: { at: string | Date }[] };
    const first = rows[0];
    const start = new Date(first!.at);
    const end = new Date(start.getTime() + 10 * DAY_MS);
    const early = byCode((await heat(`?from=${start.toISOString()}&to=${end.toISOString()}`)).json<PlanHeat>()).get(
      'HM-B',
    );
    expect(early).toMatchObject({ inspections: 1, captures: 11, capturesPerWeek: 7.7, heat: 'ALTA' });
    // A's inspection at that very instant: in a period that starts then, not in one that ends then.
    const upTo = async (end: Date) =>
      byCode((await heat(`?from=${daysAgo(100).toISOString()}&to=${end.toISOString()}`)).json<PlanHeat>());
    expect((await upTo(start)).get('HM-A')).toMatchObject({ inspections: 0, heat: 'SIN_DATOS' });
    expect((await upTo(new Date(start.getTime() + 1))).get('HM-A')).toMatchObject({ inspections: 1 });
  });

  it('refuses a reversed period, a technician and a plan that does not exist', async () => {
    const reversed = await heat(`?from=${daysAgo(1).toISOString()}&to=${daysAgo(2).toISOString()}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(ReportMessages.periodReversed);
    const tooLong = await heat(`?from=${daysAgo(6 * 366).toISOString()}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(PlanMessages.heatTooLong(5));
    expect((await heat('?from=ayer')).statusCode).toBe(400);
    expect((await heat('', tech)).statusCode).toBe(403);
    const unknown = await heat('', admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PlanMessages.notFound);
    // The site's other plan answers for its own device only.
    const other = (await heat('', admin, otherPlanId)).json<PlanHeat>();
    expect(other.devices.map((device) => [device.code, device.inspections, device.heat])).toEqual([
      ['HM-Z', 6, 'ALTA'],
    ]);
  });
});

/** Page 1 rendered by poppler at 144 dpi (two pixels a point), as RGB pixels. */
function renderFirstPage(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-heat-'));
  try {
    const file = path.join(dir, 'map.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftoppm', ['-r', '144', '-f', '1', '-l', '1', '-png', file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /api/plans/{id}/map.pdf with a period', () => {
  it('fills each marker with its device’s heat colour and writes the scale, the period and each class', async () => {
    const response = await t.app.inject({
      url: `/api/plans/${planId}/map.pdf?from=${daysAgo(365).toISOString()}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('Mapa%20de%20calor');
    const pdf = response.rawPayload;
    const items = await readTextItems(pdf);
    const page1 = items.filter((item) => item.page === 1);
    const text = page1.map((item) => item.text).join(' ');
    for (const word of ['Mapa de calor', 'Período', ...Object.values(HEAT_STYLES).map((style) => style.label)]) {
      expect(text).toContain(word);
    }
    // The scale reads on paper: its names and what they mean in 8 pt or more, as every key and legend.
    const scale = page1.filter((item) =>
      Object.values(HEAT_STYLES).some((style) => style.label === item.text || style.description.startsWith(item.text)),
    );
    expect(scale.length).toBeGreaterThanOrEqual(2 * Object.keys(HEAT_STYLES).length);
    for (const item of scale) expect(item.size, item.text).toBeGreaterThanOrEqual(8);
    // Each marker's number is at its centre; the fill around it is its class's colour.
    // The first number on the page is the count of devices among the facts; the markers' follow.
    const markers = page1.filter((item) => /^\d+$/.test(item.text)).slice(1);
    const png = renderFirstPage(pdf);
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const colourNear = (number: number, color: string) => {
      const item = markers.find((marker) => marker.text === String(number))!;
      const centre = { x: item.x + item.width / 2, y: item.y - 0.365 * item.size };
      const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
      let count = 0;
      for (let dy = -8; dy <= 8; dy++) {
        for (let dx = -8; dx <= 8; dx++) {
          const at = (Math.round(centre.y * 2 + dy) * info.width + Math.round(centre.x * 2 + dx)) * 3;
          if ([r, g, b].every((channel, index) => Math.abs(data[at + index]! - channel!) <= 24)) count++;
        }
      }
      return count;
    };
    const classes = { 1: 'BAJA', 2: 'MEDIA', 3: 'ALTA', 4: 'SIN_ACTIVIDAD', 5: 'SIN_DATOS', 6: 'SIN_DATOS' } as const;
    for (const [number, heatClass] of Object.entries(classes)) {
      expect(colourNear(Number(number), HEAT_STYLES[heatClass].color), `marker ${number}`).toBeGreaterThan(30);
      for (const other of ['ALTA', 'BAJA'] as const) {
        if (other !== heatClass) expect(colourNear(Number(number), HEAT_STYLES[other].color)).toBe(0);
      }
    }
    // The legend writes each device's class beside its code.
    const legend = items.filter((item) => item.page > 1);
    const row = (code: string) => {
      const cell = legend.find((item) => item.text === code)!;
      return legend.filter((item) => item.page === cell.page && Math.abs(item.y - cell.y) < 1).map((item) => item.text);
    };
    expect(row('HM-C')).toContain('Alta');
    expect(row('HM-E')).toContain('Sin datos');
  });

  it('stays the plain device map without a period, and a technician may not ask for a period', async () => {
    const plain = await t.app.inject({ url: `/api/plans/${planId}/map.pdf`, headers: admin.headers });
    expect(plain.statusCode).toBe(200);
    const text = (await readTextItems(plain.rawPayload)).map((item) => item.text).join(' ');
    expect(text).toContain('Mapa de dispositivos');
    expect(text).not.toContain('Período');
    const refused = await t.app.inject({
      url: `/api/plans/${planId}/map.pdf?from=${daysAgo(30).toISOString()}`,
      headers: tech.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PlanMessages.heatForAdmins);
  });
});
