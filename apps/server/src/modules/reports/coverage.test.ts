import type { CoverageReport, CoverageState } from '@rondin/contracts';
import { ReportMessages } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { notFoundException, recordException } from '../../../test/findings.js';
import { close, createOrder, scan } from '../../../test/orders.js';
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
let tech: TestUser;
// The server's zone is UTC; the site's is Santiago's, and the report must follow the site's.
const ZONE = 'America/Santiago';
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'UTC' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.database.db.update(sites).set({ timeZone: ZONE }).where(eq(sites.id, DEFAULT_SITE_ID));
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
});

const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.headers });
async function coverage(query: string): Promise<CoverageReport> {
  const response = await get(`/api/reports/coverage?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Outcome = 'scan' | 'exception' | 'pending';
/** An order as the test made it: when it belongs (scheduled, or created when undated), and each device's fate. */
interface Made {
  id: number;
  at: Date;
  scheduled: boolean;
  outcomes: Map<number, Outcome>;
}

/** Creates an order of the default site, records each device's outcome, and closes it (forced if need be). */
async function order(
  scheduledAt: string | null,
  outcomes: [{ id: number; qrSlug: string }, Outcome][],
  closeIt: boolean,
): Promise<Made> {
  const created = await createOrder(
    t,
    admin,
    tech.id,
    outcomes.map(([trap]) => trap.id),
    scheduledAt ?? undefined,
  );
  for (const [trap, outcome] of outcomes) {
    if (outcome === 'scan') expect((await scan(t, tech, created.id, trap.qrSlug)).statusCode).toBe(200);
    if (outcome === 'exception') {
      const item = created.items.find((candidate) => candidate.trapId === trap.id)!;
      const response = await recordException(t, tech, created.id, item.id, notFoundException());
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
  }
  if (closeIt) {
    const pending = outcomes.some(([, outcome]) => outcome === 'pending');
    const response = await close(t, pending ? admin : tech, created.id, pending ? { force: true } : undefined);
    expect(response.statusCode, response.body).toBe(200);
  }
  return {
    id: created.id,
    at: new Date(scheduledAt ?? created.createdAt),
    scheduled: scheduledAt !== null,
    outcomes: new Map(outcomes.map(([trap, outcome]) => [trap.id, outcome])),
  };
}

/** The first day of the month or week (from Monday) holding an instant, on Santiago's calendar. */
function periodOf(instant: Date, interval: 'month' | 'week'): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The grid worked out apart from the server: an order counts in [from, to) when due (scheduled at or before
 * now, or undated), a device is inspected in a period when one of its orders scanned it, an exception when
 * it was only ever recorded as one, missed otherwise, and not due when no such order held it.
 */
function expectedStates(
  made: Made[],
  trapIds: number[],
  periods: string[],
  range: [Date, Date],
  interval: 'month' | 'week',
) {
  const now = Date.now();
  const states: Record<number, Record<string, CoverageState>> = {};
  for (const trapId of trapIds) {
    states[trapId] = {};
    for (const period of periods) {
      const outcomes = made
        .filter((o) => o.at >= range[0] && o.at < range[1] && (!o.scheduled || o.at.getTime() <= now))
        .filter((o) => periodOf(o.at, interval) === period && o.outcomes.has(trapId))
        .map((o) => o.outcomes.get(trapId));
      states[trapId][period] =
        outcomes.length === 0
          ? 'NOT_DUE'
          : outcomes.includes('scan')
            ? 'INSPECTED'
            : outcomes.includes('exception')
              ? 'EXCEPTION'
              : 'MISSED';
    }
  }
  return states;
}

const grid = (report: CoverageReport) =>
  Object.fromEntries(
    report.devices.map((device) => [
      device.trapId,
      Object.fromEntries(report.periods.map((p, index) => [p.period, device.cells[index]!.state])),
    ]),
  );

/** January to March 2026 on Santiago's calendar (UTC−3 in summer). */
const FROM = '2026-01-01T03:00:00.000Z';
const TO = '2026-04-01T03:00:00.000Z';

async function quarter() {
  const [a1, a2, a3] = [
    await createTrap(t, { code: 'A-01', area: 'Bodega' }),
    await createTrap(t, { code: 'A-02', area: 'Producción' }),
    await createTrap(t, { code: 'A-03', area: null }),
  ];
  // A device deactivated before the period and never due: not a row of the grid.
  await createTrap(t, { code: 'A-99', isActive: false });
  const other = await t.database.db.insert(sites).values({ name: 'Otra planta' }).returning();
  const elsewhere = await createTrap(t, { code: 'B-01', siteId: other[0]!.id });
  const made = [
    // January: A-01 scanned, A-02 not found, A-03 left pending by a forced close.
    await order(
      '2026-01-10T15:00:00Z',
      [
        [a1, 'scan'],
        [a2, 'exception'],
        [a3, 'pending'],
      ],
      true,
    ),
    // February: A-01 pending in an order still open, A-02 scanned.
    await order(
      '2026-02-15T15:00:00Z',
      [
        [a1, 'pending'],
        [a2, 'scan'],
      ],
      false,
    ),
    // 23:00 of 28 February in Santiago, 1 March in UTC: February's, in the site's zone.
    await order('2026-03-01T02:00:00Z', [[a3, 'scan']], true),
    // March: left by a forced close; A-01 scanned in a second visit.
    await order(
      '2026-03-05T15:00:00Z',
      [
        [a1, 'pending'],
        [a3, 'pending'],
      ],
      true,
    ),
    await order('2026-03-20T15:00:00Z', [[a1, 'scan']], true),
  ];
  // Another site's order, missed in January: never in this site's report.
  await createOrder(t, admin, tech.id, [elsewhere.id], '2026-01-10T15:00:00Z');
  return { traps: [a1, a2, a3], made };
}

describe('GET /api/reports/coverage', () => {
  it('writes each device and month of the site in its zone as the independent computation does', async () => {
    const { traps, made } = await quarter();
    const report = await coverage(`siteId=${DEFAULT_SITE_ID}&from=${FROM}&to=${TO}`);
    expect(report).toMatchObject({
      siteId: DEFAULT_SITE_ID,
      site: 'Sitio principal',
      timeZone: ZONE,
      interval: 'month',
    });
    expect(report.periods.map((p) => p.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(report.devices.map((device) => device.code)).toEqual(['A-01', 'A-02', 'A-03']);
    expect(report.devices[2]).toMatchObject({ area: null, type: 'OTRO', isActive: true });
    const ids = traps.map((trap) => trap.id);
    const periods = report.periods.map((p) => p.period);
    expect(grid(report)).toEqual(expectedStates(made, ids, periods, [new Date(FROM), new Date(TO)], 'month'));
    // The same, spelled out for the reader.
    expect(grid(report)).toEqual({
      [ids[0]!]: { '2026-01-01': 'INSPECTED', '2026-02-01': 'MISSED', '2026-03-01': 'INSPECTED' },
      [ids[1]!]: { '2026-01-01': 'EXCEPTION', '2026-02-01': 'INSPECTED', '2026-03-01': 'NOT_DUE' },
      [ids[2]!]: { '2026-01-01': 'MISSED', '2026-02-01': 'INSPECTED', '2026-03-01': 'MISSED' },
    });
    // A-01 in March: two visits, one of them scanned.
    expect(report.devices[0]!.cells[2]).toEqual({ state: 'INSPECTED', due: 2, inspected: 1, exception: 0 });
    expect(report.devices[0]!.totals).toEqual({ due: 3, inspected: 2, exception: 0, missed: 1, gaps: 1, notDue: 0 });
    expect(report.periods[0]!.devices).toEqual({ due: 3, inspected: 1, exception: 1, missed: 1, gaps: 2, notDue: 0 });
    expect(report.totals).toEqual({ due: 8, inspected: 4, exception: 1, missed: 3, gaps: 4, notDue: 1 });
    expect(report.gaps).toEqual([
      {
        trapId: ids[0],
        code: 'A-01',
        period: '2026-02-01',
        state: 'MISSED',
        sessionIds: [made[1]!.id],
        exceptionReasons: [],
        forced: false,
      },
      {
        trapId: ids[1],
        code: 'A-02',
        period: '2026-01-01',
        state: 'EXCEPTION',
        sessionIds: [made[0]!.id],
        exceptionReasons: ['NO_ENCONTRADO'],
        forced: false,
      },
      {
        trapId: ids[2],
        code: 'A-03',
        period: '2026-01-01',
        state: 'MISSED',
        sessionIds: [made[0]!.id],
        exceptionReasons: [],
        forced: true,
      },
      {
        trapId: ids[2],
        code: 'A-03',
        period: '2026-03-01',
        state: 'MISSED',
        sessionIds: [made[3]!.id],
        exceptionReasons: [],
        forced: true,
      },
    ]);
  }, 60_000);

  it('splits by week from Monday in the site zone', async () => {
    const { traps, made } = await quarter();
    const report = await coverage(`siteId=${DEFAULT_SITE_ID}&from=${FROM}&to=${TO}&interval=week`);
    const periods = report.periods.map((p) => p.period);
    // 1 January 2026 is a Thursday: the first week began on Monday 29 December.
    expect(periods[0]).toBe('2025-12-29');
    expect(periods.at(-1)).toBe('2026-03-30');
    expect(periods).toHaveLength(14);
    const ids = traps.map((trap) => trap.id);
    expect(grid(report)).toEqual(expectedStates(made, ids, periods, [new Date(FROM), new Date(TO)], 'week'));
    // Saturday 28 February 23:00 in Santiago: the week of Monday 23 February.
    expect(grid(report)[ids[2]!]!['2026-02-23']).toBe('INSPECTED');
  }, 60_000);

  it('counts an order once it is due: not one scheduled later, an undated one from its creation', async () => {
    const trap = await createTrap(t, { code: 'C-01' });
    const later = await order(new Date(Date.now() + 48 * 3_600_000).toISOString(), [[trap, 'pending']], false);
    const report = await coverage(`siteId=${DEFAULT_SITE_ID}`);
    // The default period: twelve months up to this one in the site's zone.
    expect(report.periods).toHaveLength(12);
    expect(report.periods.at(-1)!.period).toBe(periodOf(new Date(), 'month'));
    expect(new Date(report.from).getTime()).toBeLessThan(Date.now());
    expect(report.devices[0]!.cells.every((cell) => cell.state === 'NOT_DUE')).toBe(true);
    expect(report.gaps).toEqual([]);

    const undated = await order(null, [[trap, 'pending']], false);
    const after = await coverage(`siteId=${DEFAULT_SITE_ID}`);
    expect(after.devices[0]!.cells.at(-1)).toEqual({ state: 'MISSED', due: 1, inspected: 0, exception: 0 });
    expect(after.gaps.map((gap) => gap.sessionIds)).toEqual([[undated.id]]);
    expect(after.gaps.flatMap((gap) => gap.sessionIds)).not.toContain(later.id);
  });

  it('lists a deactivated device when an order of the period held it', async () => {
    const trap = await createTrap(t, { code: 'D-01' });
    await order('2026-01-10T15:00:00Z', [[trap, 'pending']], true);
    const deactivate = await t.app.inject({
      method: 'PATCH',
      url: `/api/traps/${trap.id}`,
      headers: admin.headers,
      payload: { isActive: false },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    const report = await coverage(`siteId=${DEFAULT_SITE_ID}&from=${FROM}&to=${TO}`);
    expect(report.devices).toMatchObject([{ code: 'D-01', isActive: false }]);
    expect(report.gaps).toHaveLength(1);
  });

  it('refuses a missing site, a reversed or too long period and another interval, in Spanish', async () => {
    const noSite = await get('/api/reports/coverage');
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().message).toEqual([ReportMessages.coverageSite]);
    const reversed = await get(`/api/reports/coverage?siteId=${DEFAULT_SITE_ID}&from=${TO}&to=${FROM}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toEqual([ReportMessages.periodReversed]);
    const interval = await get(`/api/reports/coverage?siteId=${DEFAULT_SITE_ID}&interval=quarter`);
    expect(interval.statusCode).toBe(400);
    expect(interval.json().message).toEqual([ReportMessages.coverageInterval]);
    const long = await get(
      `/api/reports/coverage?siteId=${DEFAULT_SITE_ID}&interval=week&from=2023-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ReportMessages.coverageTooLong(104, 'semanas'));
    expect((await get('/api/reports/coverage?siteId=999')).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await get(`/api/reports/coverage?siteId=${DEFAULT_SITE_ID}`, tech)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/reports/coverage?siteId=${DEFAULT_SITE_ID}` })).statusCode).toBe(401);
  });
});
