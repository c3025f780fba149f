import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  correctiveActions,
  notificationEvents,
  pests,
  thresholdBreaches,
  traps,
  trendInspections,
} from '../../db/schema.js';
import { createAdmin, createTestApp, createTrap, createUser, type TestApp } from '../../../test/test-app.js';
import { nothingFound, putFinding } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';

/**
 * Every trigger of the database, named, with whether one finding's write (PUT …/finding) fires it; README.md, "What
 * a finding write does", follows that write through each one it fires. A trigger a migration adds fails the first
 * test until it is named here, and the second until the README says where it comes in when a finding fires it
 * (src/db/README.md lists every trigger with its file: functions.test.ts).
 */
const TRIGGERS: Record<string, 'fired by a finding' | 'not by a finding'> = {
  // Queued by the finding's INSERT and the pointer's UPDATE, fired at the commit in that order.
  findings_thresholds: 'fired by a finding',
  session_items_trend: 'fired by a finding',
  // Fired by those two: an action opened, the item's trends row written again.
  corrective_actions_audit: 'fired by a finding',
  corrective_actions_notify: 'fired by a finding',
  trend_inspections_periods: 'fired by a finding',
  webhook_finding_recorded: 'fired by a finding',
  webhook_action_opened: 'fired by a finding',
  session_items_exception_thresholds: 'not by a finding',
  session_items_trend_insert: 'not by a finding',
  findings_trend: 'not by a finding',
  finding_captures_trend: 'not by a finding',
  traps_trend_periods: 'not by a finding',
  sites_trend_periods: 'not by a finding',
  photos_file_delete: 'not by a finding',
  files_object_delete: 'not by a finding',
  audit_log_immutable: 'not by a finding',
  audit_log_no_truncate: 'not by a finding',
  traps_audit: 'not by a finding',
  sites_audit: 'not by a finding',
  plans_audit: 'not by a finding',
  trap_placements_audit: 'not by a finding',
  products_audit: 'not by a finding',
  company_settings_audit: 'not by a finding',
  technicians_audit: 'not by a finding',
  clients_audit: 'not by a finding',
  contacts_audit: 'not by a finding',
  clients_site_names: 'not by a finding',
  sites_client: 'not by a finding',
  action_photos_audit: 'not by a finding',
  signing_certificate_audit: 'not by a finding',
  audit_packs_audit: 'not by a finding',
  control_programmes_audit: 'not by a finding',
  assessments_audit: 'not by a finding',
  assessment_photos_audit: 'not by a finding',
  webhook_order_closed: 'not by a finding',
  webhook_certificate_issued: 'not by a finding',
  webhook_action_closed: 'not by a finding',
  webhook_sighting_created: 'not by a finding',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a finding write', () => {
  it('knows every trigger of the database by name', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select tgname as name from pg_trigger where not tgisinternal order by 1`,
    )) as unknown as { rows: { name: string }[] };
    expect(
      rows.map((row) => row.name),
      'a trigger to name in finding-write.test.ts and, if a finding fires it, in README.md',
    ).toEqual(Object.keys(TRIGGERS).sort());
  });

  it('is followed in README.md through every trigger it fires', () => {
    const readme = fs.readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const section = readme.split('## What a finding write does')[1]!.split('\n## ')[0]!;
    for (const [name, fired] of Object.entries(TRIGGERS)) {
      if (fired === 'fired by a finding')
        expect(section, `README.md does not say where ${name} fires`).toContain(`\`${name}\``);
    }
  });

  it('judges the version, opens an action with its change-log row, and counts it in the trends, in its commit', async () => {
    const admin = await createAdmin(t);
    const tech = await createUser(t, { fullName: 'Ana Técnica' });
    // A snap trap indoors: one rodent caught crosses the shipped ACCION limit (migration 0017).
    const trap = await createTrap(t, { type: 'CAPTURA' });
    await t.database.db.update(traps).set({ zone: 'INTERIOR', riskLevel: 'BAJO' }).where(eq(traps.id, trap.id));
    const [rodent] = await t.database.db.select({ id: pests.id }).from(pests).where(eq(pests.group, 'ROEDORES'));
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    const itemId = order.items[0]!.id;
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);

    const response = await putFinding(
      t,
      tech,
      order.id,
      itemId,
      nothingFound({ captures: [{ pestId: rodent!.id, count: 1 }] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const findingId: number = response.json().finding.id;

    // findings_thresholds: the breach, and the device's action it opened.
    const [breach] = await t.database.db
      .select()
      .from(thresholdBreaches)
      .where(eq(thresholdBreaches.findingId, findingId));
    expect(breach).toMatchObject({ itemId, level: 'ACCION' });
    const [action] = await t.database.db.select().from(correctiveActions).where(eq(correctiveActions.trapId, trap.id));
    expect(action).toMatchObject({ id: breach!.actionId, origin: 'UMBRAL', status: 'ABIERTA' });
    // corrective_actions_audit: the action's creation in the change log.
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'action'), eq(auditLog.entityId, action!.id)));
    expect(logged.map((row) => row.action)).toEqual(['create']);
    // corrective_actions_notify: the event that tells the office and the site's contacts of it.
    const told = await t.database.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, 'action-opened'));
    expect(told.map((event) => event.payload)).toEqual([{ actionId: action!.id }]);
    // session_items_trend: the item's row of trend_inspections is this version's.
    const [row] = await t.database.db.select().from(trendInspections).where(eq(trendInspections.itemId, itemId));
    expect(row).toMatchObject({ findingId, trapId: trap.id, active: true, roedores: 1 });
    // trend_inspections_periods: the inspection counted in its site's periods.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as periods from trend_periods
          where site_id = ${trap.siteId} and dimension = '' and inspected = 1 and with_activity = 1`,
    )) as unknown as { rows: { periods: number }[] };
    expect(rows[0]!.periods).toBe(4);
  });
});
