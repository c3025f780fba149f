import { type Plan, TRAP_TYPE_NAMES } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readTextItems, type TextItem } from '../../../test/pdf-layout.js';
import { createPlan, placeMany, placeTrap, planImage } from '../../../test/plans.js';
import { createAdmin, createTestApp, createTrap, type TestApp, type TestUser } from '../../../test/test-app.js';
import { planLayout } from '../plans/plan-map.js';
import { packPlanArea } from './pdf/pack-pages.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

/** The period asked for: the first half of 2026, in Madrid. */
const PERIOD = '?from=2026-01-01&to=2026-06-30';
const BEFORE = '2025-12-01T09:00:00Z';
const MID_PERIOD = '2026-03-15T09:00:00Z';
const AFTER = '2026-08-01T09:00:00Z';
/** Points of A4, landscape. */
const A4 = { width: 841.89, height: 595.28 };

const code = (n: number) => `TRP-${String(n).padStart(3, '0')}`;
/** Where device n stands on the plan: a grid of 12 columns. */
const spot = (n: number) => ({ x: 0.04 + 0.08 * ((n - 1) % 12), y: 0.05 + 0.08 * Math.floor((n - 1) / 12) });

/**
 * A plant of `count` devices TRP-001…, as the demo's: every 37th retired, the last two never placed, the rest
 * on one plan since before the period; TRP-005 moved in the middle of it and TRP-006 after it.
 */
async function plant(count: number) {
  const devices: Awaited<ReturnType<typeof createTrap>>[] = [];
  for (let n = 1; n <= count; n++) {
    devices.push(await createTrap(t, { code: code(n), isActive: n % 37 !== 0, type: n % 3 ? 'CEBADERO' : 'LAMINA' }));
  }
  const plan = await createPlan(t, admin, 1, 'Planta baja', await planImage(1600, 1000));
  const placed = devices.filter((device, index) => device.isActive && index < count - 2);
  const bulk = await placeMany(t, admin, plan.id, {
    placements: placed.map((device) => ({ trapId: device.id, ...spot(Number(device.code.slice(4))) })),
  });
  expect(bulk.statusCode, bulk.body).toBe(200);
  const db = t.database.db;
  await db.execute(sql`update traps set created_at = ${BEFORE}`);
  await db.execute(sql`update plans set created_at = ${BEFORE}, updated_at = ${BEFORE}`);
  await db.execute(sql`update placement_events set at = ${BEFORE}`);
  const move = async (n: number, at: string) => {
    const moved = await placeTrap(t, admin, devices[n - 1]!.id, { planId: plan.id, x: 0.5, y: 0.9 });
    expect(moved.statusCode, moved.body).toBe(200);
    await db.execute(sql`update placement_events set at = ${at} where id = (select max(id) from placement_events)`);
  };
  await move(5, MID_PERIOD);
  await move(6, AFTER);
  return { plan, placed: placed.map((device) => Number(device.code.slice(4))) };
}

/** The pack of PERIOD, and its text as pdfjs reads it. */
async function packOf(): Promise<{ pdf: Buffer; items: TextItem[] }> {
  const response = await t.app.inject({ url: `/api/sites/1/audit-pack${PERIOD}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return { pdf: response.rawPayload, items: await readTextItems(response.rawPayload) };
}

/** The pages of the plans section: from its heading to the next section's. */
function plansSection(items: TextItem[]) {
  // The sections' headings («6. Planos numerados…»), not the index's lines: 14 pt.
  const heading = (title: string) =>
    items.find((item) => /^\d+\. /.test(item.text) && item.text.includes(title) && item.size === 14)!.page;
  const start = heading('Planos numerados');
  const end = heading('Inventario');
  const section = items.filter((item) => item.page >= start && item.page < end);
  const text = [...new Set(section.map((item) => item.page))]
    .map((page) =>
      section
        .filter((item) => item.page === page)
        .map((item) => item.text)
        .join(' '),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
  return { start, end, section, text, heading };
}

describe('the audit pack plan pages', () => {
  it('draws the plan as it was in the period on A4, every placed device marked by its code number at its place', async () => {
    const { plan, placed } = await plant(128);
    expect(placed).toHaveLength(123);
    const { pdf, items } = await packOf();
    const { start, end, section, text, heading } = plansSection(items);

    // The plan's page is A4 and its marks are where each device stood at the period's end, labelled with the
    // number of its code: TRP-038 is 38 (TRP-037 is retired), TRP-005 where it was moved to in March, TRP-006
    // where it stood before it was moved in August.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const viewport = (await document.getPage(start)).getViewport({ scale: 1 });
    await document.destroy();
    expect([viewport.width, viewport.height]).toEqual([A4.width, A4.height]);
    const layout = planLayout(
      { width: 1600, height: 1000 } as Plan,
      123,
      packPlanArea(placed.map((n) => ({ type: n % 3 ? ('CEBADERO' as const) : ('LAMINA' as const) }))),
    );
    const marks = section.filter((item) => item.page === start && /^\d+$/.test(item.text));
    for (const n of placed) {
      const where = n === 5 ? { x: 0.5, y: 0.9 } : spot(n);
      const centre = {
        x: layout.origin.x + where.x * layout.drawn.width,
        y: layout.origin.y + where.y * layout.drawn.height,
      };
      const mark = marks.find(
        (item) => Math.abs(item.x + item.width / 2 - centre.x) < 2 && Math.abs(item.y - centre.y) < 6,
      );
      expect(mark?.text, `mark of ${code(n)}`).toBe(String(n));
    }
    expect(marks).toHaveLength(123);

    // The key lists every placed device, its number and code agreeing, in 8 pt or more; the retired and the
    // unplaced are not on it.
    for (const n of placed) expect(text).toMatch(new RegExp(` ${n} ${code(n)} `));
    for (const n of [37, 74, 111, 127, 128]) expect(text).not.toMatch(new RegExp(` ${n} ${code(n)} `));
    const keyItems = section.filter((item) => item.page > start && /^TRP-\d{3}$/.test(item.text));
    expect(keyItems.length).toBeGreaterThanOrEqual(123);
    for (const item of keyItems) expect(item.size, item.text).toBeGreaterThanOrEqual(8);
    // The symbols' key under the plan names each type drawn, in 8 pt.
    const names = [TRAP_TYPE_NAMES.CEBADERO, TRAP_TYPE_NAMES.LAMINA];
    const legend = section.filter((item) => item.page === start && names.includes(item.text));
    expect(legend.map((item) => item.text).sort()).toEqual(names.sort());
    for (const item of legend) expect(item.size).toBeGreaterThanOrEqual(8);

    // The revision drawn is the one in force at the period's end, never one after it; the move within the
    // period is listed with its day, the one after it is not.
    expect(text).toContain('Posiciones vigentes al 30-06-2026, fin del período: revisión del 15-03-2026.');
    expect(text).toContain('Al inicio del período (01-01-2026) regía la del 01-12-2025.');
    expect(text).toContain('Revisiones del plano en el período (1 cambio)');
    expect(text).toContain('15-03-2026, cambiados de sitio en el plano (1): TRP-005.');
    expect(text).toContain(' 5 TRP-005 desde 15-03-2026');
    expect(text).toContain(' 6 TRP-006 7 TRP-007 ');
    expect(text).not.toContain('01-08-2026');

    // The site's devices on no plan are listed.
    expect(text).toContain('Sin ubicar en el plano (2 dispositivos)');
    expect(text).toContain(`TRP-127 ${TRAP_TYPE_NAMES.CEBADERO} Bodega Activo TRP-128`);

    // The inventory names each device's mark as the plan does (plan 1, mark 38), and «—» for one on no plan.
    const inventory = items
      .filter((item) => item.page >= end && item.page < heading('Cumplimiento de visitas'))
      .map((item) => item.text)
      .join(' ');
    expect(inventory).toContain('TRP-038 1·38 Bodega');
    expect(inventory).toContain('TRP-127 — Bodega');
    expect(plan.name).toBe('Planta baja');
  }, 120_000);
});
