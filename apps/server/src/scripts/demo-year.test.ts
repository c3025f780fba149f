import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { TRAP_TYPES } from '@rondin/contracts/devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDump } from '../../test/migrated-data-dir.js';
import { readPdf } from '../../test/pdf.js';
import { type Config, loadConfig } from '../config.js';
import { openPglite, queryRows, type DatabaseHandle } from '../db/database.js';
import { createFileStorage } from '../files/create-storage.js';
import { SitesRepository } from '../modules/sites/sites.repository.js';
import { SitesService } from '../modules/sites/sites.service.js';
import { ensureAdmin } from '../modules/technicians/ensure-admin.js';
import { TechniciansRepository } from '../modules/technicians/technicians.repository.js';
import { TrapsRepository } from '../modules/traps/traps.repository.js';
import { TrapsService } from '../modules/traps/traps.service.js';
import { DEMO_WEEKS, seedDemoYear } from './demo-year.js';
import { verifyPassword } from '../lib/password.js';
import { DEMO_PORTAL_PASSWORD, seedDemo } from './seed-demo.js';

// The demonstration's year, on the areas where its outbreaks happen: every order closed and consistent, a
// finding on every scanned item (and its current version), exceptions with their note, some activity.
describe('demo year', () => {
  let handle: DatabaseHandle;
  let siteIds: number[];
  let seconds: number;

  beforeAll(async () => {
    handle = await openPglite({ loadDataDir: migratedDump() });
    const technicians = new TechniciansRepository(handle.db);
    await ensureAdmin(technicians, { email: 'admin@example.com', password: 'clave-segura-123' });
    const adminId = (await technicians.list())[0]!.id;
    const sites = new SitesService(new SitesRepository(handle.db));
    const traps = new TrapsService(new TrapsRepository(handle.db));
    const admin = { id: adminId, role: 'ADMIN', tokenVersion: 0 } as const;
    const [existing] = await sites.list(admin);
    const second = await sites.create(admin, {
      name: 'Centro',
      client: 'Cliente',
      address: null,
      timeZone: 'UTC',
      isActive: true,
    });
    siteIds = [existing!.id, second.id];
    const areas = ['Andén de carga', 'Almacenamiento en racks', 'Perímetro exterior'];
    let number = 0;
    for (const siteId of siteIds) {
      for (const area of areas) {
        for (const type of TRAP_TYPES) {
          number++;
          await traps.create(admin, {
            siteId,
            code: `T-${number}`,
            area,
            type,
            zone: 'INTERIOR',
            riskLevel: 'MEDIO',
            isActive: true,
          });
        }
      }
    }
    const all = await new TrapsRepository(handle.db).list();
    const started = performance.now();
    await seedDemoYear(
      handle.db,
      siteIds.map((siteId) => ({
        siteId,
        traps: all.filter((trap) => trap.siteId === siteId),
        technicianIds: [adminId],
      })),
    );
    seconds = (performance.now() - started) / 1000;
  }, 120_000);

  afterAll(() => handle?.close());

  it('closes 52 weekly orders per site, each a week apart with every item completed but one forced', async () => {
    const rows = await queryRows<{ site_id: number; orders: number; weeks: number; open: number; short: number }>(
      handle.db,
      `SELECT site_id, count(*)::int AS orders,
              count(DISTINCT date_trunc('week', scheduled_at))::int AS weeks,
              count(*) FILTER (WHERE status <> 'COMPLETED' OR closed_at IS NULL)::int AS open,
              count(*) FILTER (WHERE completed_count <> item_count
                OR completed_count <> (SELECT count(*) FROM session_items i WHERE i.session_id = s.id AND i.status = 'COMPLETED')
                OR force_closed)::int AS short
         FROM sessions s GROUP BY site_id ORDER BY site_id`,
      [],
    );
    // The warehouse's one visit the office force-closed leaves its pending devices short.
    expect(rows).toEqual(
      siteIds.map((siteId, index) => ({
        site_id: siteId,
        orders: DEMO_WEEKS,
        weeks: DEMO_WEEKS,
        open: 0,
        short: index === 1 ? 1 : 0,
      })),
    );
    expect(seconds).toBeLessThan(30);
  });

  it('gives every scanned item one current finding and every other item an exception with its reason and note', async () => {
    const [row] = await queryRows<{
      scanned: number;
      current: number;
      exceptions: number;
      noted: number;
      stray: number;
    }>(
      handle.db,
      `SELECT count(*) FILTER (WHERE i.exception_reason IS NULL)::int AS scanned,
              count(*) FILTER (WHERE i.exception_reason IS NULL AND f.item_id = i.id)::int AS current,
              count(*) FILTER (WHERE i.exception_reason IS NOT NULL)::int AS exceptions,
              count(*) FILTER (WHERE i.exception_reason IS NOT NULL AND i.exception_detail IS NOT NULL
                AND length(i.exception_note) > 10 AND i.finding_id IS NULL)::int AS noted,
              (SELECT count(*) FROM findings x WHERE x.site_id <> (SELECT s.site_id FROM session_items y JOIN sessions s ON s.id = y.session_id WHERE y.id = x.item_id))::int AS stray
         FROM session_items i LEFT JOIN findings f ON f.id = i.finding_id
        WHERE i.status = 'COMPLETED'`,
      [],
    );
    expect(row!.scanned).toBeGreaterThan(0);
    expect(row!.current).toBe(row!.scanned);
    expect(row!.exceptions).toBeGreaterThan(0);
    expect(row!.noted).toBe(row!.exceptions);
    expect(row!.stray).toBe(0);
    const [events] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(*)::int AS n FROM scan_events WHERE result = 'ACCEPTED'`,
      [],
    );
    expect(events!.n).toBe(row!.scanned);
  });

  it('has rare activity, and the mice at the loading dock rise and fall', async () => {
    const [share] = await queryRows<{ none: number; total: number }>(
      handle.db,
      `SELECT count(*) FILTER (WHERE activity = 'NINGUNA' AND device_status = 'OK')::int AS none, count(*)::int AS total
         FROM findings WHERE trap_type <> 'LUZ_UV'`,
      [],
    );
    expect(share!.none / share!.total).toBeGreaterThan(0.85);
    expect(share!.none).toBeLessThan(share!.total);
    const weeks = await queryRows<{ week: string; mice: number }>(
      handle.db,
      `SELECT date_trunc('week', c.recorded_at)::text AS week, sum(c.count)::int AS mice
         FROM finding_captures c JOIN pests p ON p.id = c.pest_id
        WHERE p.scientific_name = 'Mus musculus' GROUP BY 1 ORDER BY 1`,
      [],
    );
    expect(weeks.length).toBeGreaterThanOrEqual(3);
    expect(weeks.length).toBeLessThanOrEqual(10);
    const peak = Math.max(...weeks.map((week) => week.mice));
    expect(weeks.at(-1)!.mice).toBeLessThan(peak);
    const [bait] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(*)::int AS n FROM findings WHERE trap_type = 'CEBADERO' AND bait_consumption > 0`,
      [],
    );
    expect(bait!.n).toBeGreaterThan(0);
    const [uv] = await queryRows<{ n: number }>(
      handle.db,
      `SELECT count(DISTINCT c.finding_id)::int AS n FROM finding_captures c JOIN findings f ON f.id = c.finding_id
        WHERE f.trap_type = 'LUZ_UV'`,
      [],
    );
    expect(uv!.n).toBeGreaterThan(DEMO_WEEKS);
  });

  it('answers the order JSON with each item’s finding and outcome', async () => {
    const [row] = await queryRows<{ outcome: string; finding: unknown }>(
      handle.db,
      `SELECT item->>'outcome' AS outcome, item->'finding' AS finding FROM rondin_item_json
        WHERE id = (SELECT min(id) FROM session_items WHERE exception_reason IS NULL)`,
      [],
    );
    expect(row!.outcome).toBe('SCANNED');
    expect(row!.finding).toMatchObject({ isCurrent: true, versionCount: 1 });
  });
});

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first days of the quarters from the one of `first` that ended before `today`. */
function endedQuarters(first: string, today: string): string[] {
  const starts: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  month = Math.floor((month - 1) / 3) * 3 + 1;
  for (;;) {
    const next = month === 10 ? [year + 1, 1] : [year, month + 3];
    const start = `${year}-${String(month).padStart(2, '0')}-01`;
    if (`${next[0]}-${String(next[1]).padStart(2, '0')}-01` > today) return starts;
    starts.push(start);
    [year, month] = next as [number, number];
  }
}

// The demonstration as `npm run seed:demo` makes it, over fewer weeks and devices: a well-run year, every visit
// closed through the orders service as the API closes it.
describe('demo seed', () => {
  const PUBLIC_URL = 'https://rondin.control-plagas.example';
  const WEEKS = 20;
  let handle: DatabaseHandle;
  let config: Config;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-demo-'));
    config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, TIME_ZONE: 'Europe/Madrid' });
    handle = await openPglite({ loadDataDir: migratedDump() });
    await ensureAdmin(new TechniciansRepository(handle.db), {
      email: 'admin@example.com',
      password: 'clave-segura-123',
    });
    await seedDemo(handle, config, { weeks: WEEKS, devicesPerArea: 2 });
  }, 300_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = <T>(query: string) => queryRows<T>(handle.db, query, []);

  it('closes every visit with both signatures and its certificate, the day of the visit', async () => {
    const orders = await rows<{
      id: number;
      force_closed: boolean;
      hours_to_close: number;
      certificates: number;
      hashed: number;
      technician_signed: number;
      client_signed: number;
      absent_reason: string | null;
    }>(
      `SELECT s.id, s.force_closed,
              (extract(epoch FROM s.closed_at - (SELECT max(i.completed_at) FROM session_items i WHERE i.session_id = s.id)) / 3600)::float8 AS hours_to_close,
              count(c.id)::int AS certificates,
              count(c.id) FILTER (WHERE c.sha256 IS NOT NULL AND c.file_id IS NOT NULL)::int AS hashed,
              count(c.id) FILTER (WHERE c.technician_signature_file_id IS NOT NULL)::int AS technician_signed,
              count(c.id) FILTER (WHERE c.client_signature_file_id IS NOT NULL AND c.client_name IS NOT NULL)::int AS client_signed,
              max(c.client_absent_reason) AS absent_reason
         FROM sessions s LEFT JOIN certificates c ON c.session_id = s.id AND c.issued_at::date = s.closed_at::date
        WHERE s.status = 'COMPLETED' GROUP BY s.id ORDER BY s.id`,
    );
    expect(orders).toHaveLength(2 * WEEKS);
    for (const order of orders) {
      expect(order).toMatchObject({ certificates: 1, hashed: 1, technician_signed: 1 });
      expect(order.hours_to_close).toBeGreaterThan(0);
      expect(order.hours_to_close).toBeLessThan(2);
    }
    // One visit the technician could not finish, closed by the office with the reason on its certificate.
    const forced = orders.filter((order) => order.force_closed);
    expect(forced).toHaveLength(1);
    expect(forced[0]!.absent_reason).toMatch(/Inventario anual/);
    expect(orders.filter((order) => !order.force_closed).every((order) => order.client_signed === 1)).toBe(true);
    // Nothing due is left open: the next visits are planned from tomorrow.
    const [open] = await rows<{ due: number; planned: number }>(
      `SELECT count(*) FILTER (WHERE scheduled_at <= now())::int AS due, count(*)::int AS planned
         FROM sessions WHERE status <> 'COMPLETED'`,
    );
    expect(open).toEqual({ due: 0, planned: 2 });
  });

  it('prints the company, the next visit and an absolute QR on the certificates', async () => {
    // Not the year's last two (whose next visits were planned after them): the one before.
    const [last] = await rows<{ file_id: number; code: string }>(
      `SELECT file_id, code FROM certificates ORDER BY issued_at DESC LIMIT 1 OFFSET 2`,
    );
    const storage = createFileStorage(config, handle.db);
    const opened = await storage.files.open(last!.file_id);
    const pages = await readPdf(await buffer(opened!.content), { decodeQr: true });
    await storage.close();
    const text = pages.map((page) => page.text).join('\n');
    expect(text).toContain('ROESB 0123-CAT-SB');
    expect(text).toContain('91 562 04 20');
    expect(text).toContain('Próxima visita');
    expect(text).not.toContain('Sin programar');
    expect(pages.flatMap((page) => page.qrCodes)).toEqual([`${PUBLIC_URL}/verificar/${last!.code}`]);
  });

  it('dates the applications when they were made: each bait station’s bait at its inspection', async () => {
    const [spread] = await rows<{ applications: number; times: number; days: number; outside: number }>(
      `SELECT count(*)::int AS applications,
              count(DISTINCT to_char(a.started_at, 'HH24:MI'))::int AS times,
              count(DISTINCT a.started_at::date)::int AS days,
              count(*) FILTER (WHERE a.started_at < s.started_at OR a.ended_at > s.closed_at)::int AS outside
         FROM applications a JOIN sessions s ON s.id = a.session_id`,
    );
    expect(spread!.outside).toBe(0);
    expect(spread!.times).toBeGreaterThan(spread!.applications / 4);
    expect(spread!.days).toBeGreaterThanOrEqual(10);
    const stations = await rows<{ code: string; baited: number; at_inspection: number }>(
      `SELECT t.code, count(a.id)::int AS baited,
              count(a.id) FILTER (WHERE abs(extract(epoch FROM a.started_at - i.completed_at)) < 120)::int AS at_inspection
         FROM traps t
         LEFT JOIN applications a ON a.trap_id = t.id
         LEFT JOIN session_items i ON i.session_id = a.session_id AND i.trap_id = t.id
        WHERE t.type = 'CEBADERO' AND t.is_active GROUP BY t.code`,
    );
    expect(stations.length).toBeGreaterThan(0);
    for (const station of stations) {
      expect(station.baited).toBeGreaterThan(0);
      expect(station.at_inspection).toBe(station.baited);
    }
    const [misplaced] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications a JOIN traps t ON t.id = a.trap_id WHERE t.type <> 'CEBADERO'`,
    );
    expect(misplaced!.n).toBe(0);
  });

  it('closes the actions the thresholds opened with their analysis and verification, and leaves a few open', async () => {
    const actions = await rows<{
      origin: string;
      status: string;
      root_cause: string | null;
      immediate_correction: string | null;
      preventive_action: string | null;
      verification_result: string | null;
      verified_by: string | null;
      verified_on: string | null;
      overdue: boolean;
      in_time: boolean;
    }>(
      `SELECT origin, status, root_cause, immediate_correction, preventive_action, verification_result, verified_by,
              verified_on::text, status <> 'CERRADA' AND due_date < current_date AS overdue,
              (closed_at AT TIME ZONE 'Europe/Madrid')::date <= due_date AS in_time
         FROM corrective_actions WHERE assessment_id IS NULL AND origin <> 'AVISTAMIENTO'`,
    );
    // The sightings' actions: closed as recommendations are, at the visit that checked them (their own test).
    const closed = actions.filter((action) => action.status === 'CERRADA');
    expect(closed.length).toBeGreaterThan(0);
    for (const action of closed) {
      expect(action).toMatchObject({
        origin: 'UMBRAL',
        root_cause: expect.any(String),
        immediate_correction: expect.any(String),
        preventive_action: expect.any(String),
        verification_result: expect.any(String),
        verified_by: expect.any(String),
        verified_on: expect.any(String),
      });
    }
    // Closed in time, but for the odd one whose device kept catching.
    expect(closed.filter((action) => action.in_time).length).toBeGreaterThanOrEqual(closed.length * 0.75);
    const open = actions.filter((action) => action.status !== 'CERRADA');
    expect(open.some((action) => action.origin === 'MANUAL')).toBe(true);
    expect(open.some((action) => action.origin === 'RECOMENDACION' && !action.overdue)).toBe(true);
    expect(open.filter((action) => action.overdue).length).toBeGreaterThanOrEqual(1);
    expect(open.length).toBeLessThan(closed.length + 4);
    const [breaches] = await rows<{ with_action: number; actions: number }>(
      `SELECT count(*) FILTER (WHERE action_id IS NOT NULL OR area_action_id IS NOT NULL)::int AS with_action,
              count(*) FILTER (WHERE level = 'ACCION')::int AS actions
         FROM threshold_breaches`,
    );
    expect(breaches!.actions).toBeGreaterThan(0);
    expect(breaches!.with_action).toBe(breaches!.actions);
  });

  it('has each site’s programme approved and accepted, its diagnosis, quarterly reviews and annual survey signed', async () => {
    const programmes = await rows<{
      site_id: number;
      version: number;
      approved_by_name: string | null;
      accepted_by_name: string | null;
      in_force: boolean;
    }>(
      `SELECT site_id, version, approved_by_name, accepted_by_name,
              version = (SELECT max(version) FROM control_programmes x WHERE x.site_id = p.site_id
                          AND x.approved_at IS NOT NULL AND x.effective_from <= current_date) AS in_force
         FROM control_programmes p ORDER BY site_id, version`,
    );
    expect(programmes.filter((programme) => programme.in_force)).toHaveLength(2);
    for (const programme of programmes) {
      expect(programme.approved_by_name).toBe('Lucía Navarro Ortega');
      expect(programme.accepted_by_name).toMatch(/Elena Martín|Óscar Pérez/);
    }
    // The warehouse's moth outbreak (within these weeks) raised a frequency: a second version.
    expect(programmes.length).toBeGreaterThanOrEqual(3);

    const sites = await rows<{ id: number; first_visit: string; first_order: string; today: string }>(
      `SELECT site_id AS id, (min(scheduled_at) AT TIME ZONE 'Europe/Madrid')::date::text AS first_visit,
              min(least(created_at, scheduled_at))::text AS first_order,
              (now() AT TIME ZONE 'Europe/Madrid')::date::text AS today
         FROM sessions GROUP BY site_id ORDER BY site_id`,
    );
    const assessments = await rows<{
      site_id: number;
      kind: string;
      status: string;
      period_from: string | null;
      period_to: string | null;
      signed_day: string;
      before_first_order: boolean;
      signed_by_manager: boolean;
      stored: boolean;
      conclusions: string;
      recommendations: number;
      printed_period: string | null;
      quarter_actions: number | null;
      coverage: { inspectionsOwed: number; inspectionsDone: number }[] | null;
    }>(
      `SELECT a.site_id, a.kind, a.status, a.period_from::text, a.period_to::text,
              (a.signed_at AT TIME ZONE 'Europe/Madrid')::date::text AS signed_day,
              a.signed_at < (SELECT min(least(s.created_at, s.scheduled_at)) FROM sessions s WHERE s.site_id = a.site_id)
                AS before_first_order,
              t.qualification = 'RESPONSABLE_TECNICO' AND t.signature_file_id IS NOT NULL AS signed_by_manager,
              a.signature_file_id IS NOT NULL AND a.report_file_id IS NOT NULL AND a.report_sha256 IS NOT NULL AS stored,
              a.conclusions, jsonb_array_length(a.recommendations)::int AS recommendations,
              to_char(a.period_from, 'DD-MM-YYYY') || ' al ' || to_char(a.period_to, 'DD-MM-YYYY') AS printed_period,
              jsonb_array_length(a.figures->'actions')::int AS quarter_actions,
              a.figures->'coverage'->'rows' AS coverage
         FROM assessments a LEFT JOIN technicians t ON t.id = a.signed_by_id ORDER BY a.site_id, a.signed_at`,
    );
    for (const assessment of assessments) {
      expect(assessment).toMatchObject({ status: 'FIRMADA', signed_by_manager: true, stored: true });
      expect(assessment.conclusions.length).toBeGreaterThan(80);
      expect(assessment.recommendations).toBeGreaterThan(0);
    }
    for (const site of sites) {
      const own = assessments.filter((assessment) => assessment.site_id === site.id);
      // The diagnosis first, before the first visit was even planned; the annual survey last, late in the year.
      expect(own[0]).toMatchObject({ kind: 'DIAGNOSTICO', before_first_order: true });
      expect(own.filter((assessment) => assessment.kind === 'DIAGNOSTICO')).toHaveLength(1);
      expect(own.at(-1)!.kind).toBe('REVISION_ANUAL');
      expect(own.at(-1)!.signed_day > addDays(site.today, -40)).toBe(true);
      // A review of every quarter that has ended since the first visit, signed after it ended.
      const reviews = own.filter((assessment) => assessment.kind === 'REVISION_TRIMESTRAL');
      expect(reviews.map((review) => review.period_from)).toEqual(endedQuarters(site.first_visit, site.today));
      for (const review of reviews) {
        expect(review.signed_day > review.period_to!).toBe(true);
        // Its conclusions are written from the quarter's figures, which it holds.
        expect(review.conclusions).toContain(`Trimestre del ${review.printed_period}`);
        // The programme is in force from the first visit: the weekly rounds do what it contracts.
        const owed = review.coverage!.reduce((sum, row) => sum + row.inspectionsOwed, 0);
        const done = review.coverage!.reduce((sum, row) => sum + row.inspectionsDone, 0);
        expect(owed).toBeGreaterThan(0);
        expect(done / owed).toBeGreaterThan(0.97);
        if (review.quarter_actions! > 0) {
          expect(review.conclusions).toContain(`Acciones correctivas del trimestre: ${review.quarter_actions}`);
        }
      }
      // Each on its own day, as it was done.
      expect(new Set(own.map((assessment) => assessment.signed_day)).size).toBe(own.length);
    }
    // Each recommendation became the client's action: those checked done are closed, the latest still open.
    const [actions] = await rows<{ recommendations: number; actions: number; client: number; closed: number }>(
      `SELECT (SELECT sum(jsonb_array_length(recommendations)) FROM assessments)::int AS recommendations,
              count(*)::int AS actions,
              count(*) FILTER (WHERE origin = 'RECOMENDACION' AND responsible = 'CLIENTE')::int AS client,
              count(*) FILTER (WHERE status = 'CERRADA' AND verified_on IS NOT NULL)::int AS closed
         FROM corrective_actions WHERE assessment_id IS NOT NULL`,
    );
    expect(actions!.actions).toBe(actions!.recommendations);
    expect(actions!.client).toBe(actions!.actions);
    expect(actions!.closed).toBeGreaterThan(0);
    expect(actions!.closed).toBeLessThan(actions!.actions);
  });

  it('has qualified technicians, registered products with their lots, and a client with its contacts', async () => {
    const [technicians] = await rows<{ total: number; valid: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE licence_number IS NOT NULL AND qualification IS NOT NULL
                AND (licence_expires_at IS NULL OR licence_expires_at > current_date))::int AS valid
         FROM technicians WHERE role = 'TECH'`,
    );
    expect(technicians).toEqual({ total: 5, valid: 5 });
    const [products] = await rows<{ unregistered: number; unlotted: number }>(
      `SELECT (SELECT count(*) FROM products WHERE registration_number NOT LIKE 'ES/%')::int AS unregistered,
              (SELECT count(*) FROM applications WHERE length(batch) < 5)::int AS unlotted`,
    );
    expect(products).toEqual({ unregistered: 0, unlotted: 0 });
    const [client] = await rows<{ sites: number; contacts: number; registry: string }>(
      `SELECT (SELECT count(*) FROM sites)::int AS sites, (SELECT count(*) FROM contacts)::int AS contacts,
              (SELECT registry_number FROM company_settings) AS registry`,
    );
    expect(client).toEqual({ sites: 2, contacts: 3, registry: 'ROESB 0123-CAT-SB' });
  });

  it('has the night shift’s sightings from the plant’s poster, closed at the next visit but the latest', async () => {
    const sightings = await rows<{
      area: string;
      source: string;
      origin: string;
      status: string;
      on_time: boolean;
      late_night: boolean;
    }>(
      `SELECT g.area, g.source, a.origin, a.status, (a.closed_at AT TIME ZONE 'Europe/Madrid')::date <= a.due_date AS on_time,
              extract(hour FROM g.seen_at AT TIME ZONE 'Europe/Madrid') >= 21 AS late_night
         FROM sightings g JOIN corrective_actions a ON a.id = g.action_id ORDER BY g.seen_at`,
    );
    expect(sightings).toEqual([
      {
        area: 'Sala de envasado',
        source: 'PUBLICO',
        origin: 'AVISTAMIENTO',
        status: 'CERRADA',
        on_time: true,
        late_night: true,
      },
      {
        area: 'Andén de carga',
        source: 'PUBLICO',
        origin: 'AVISTAMIENTO',
        status: 'ABIERTA',
        on_time: null,
        late_night: true,
      },
    ]);
  });

  it('gives the client’s QA manager a portal account, signed in with the known password, a few notifications under her bell', async () => {
    const [account] = await rows<{ id: number; password_hash: string; sites: number; client: string }>(
      `SELECT t.id, t.password_hash, cardinality(t.portal_site_ids)::int AS sites, c.name AS client
         FROM technicians t JOIN clients c ON c.id = t.client_id
        WHERE t.role = 'CLIENTE' AND t.email = 'elena.martin@conservasllobregat.es' AND t.is_active`,
    );
    // Every site of the client (none chosen), with the password the summary and the README print.
    expect(account).toMatchObject({ sites: 0, client: 'Conservas del Llobregat S.A.' });
    expect(await verifyPassword(DEMO_PORTAL_PASSWORD, account!.password_hash)).toBe(true);
    const bell = await rows<{ kind: string; link: string; read: boolean }>(
      `SELECT kind, link, read_at IS NOT NULL AS read FROM notifications WHERE account_id = ${account!.id} ORDER BY id`,
    );
    expect(bell.length).toBeGreaterThanOrEqual(2);
    expect(bell.length).toBeLessThanOrEqual(4);
    expect(bell.every((each) => !each.read && each.link.startsWith('/cliente'))).toBe(true);
    // The year's earlier events are history: told to nobody, and nothing left for the server to tell at start.
    const [events] = await rows<{ waiting: number; office: number }>(
      `SELECT (SELECT count(*) FROM notification_events WHERE processed_at IS NULL)::int AS waiting,
              (SELECT count(*) FROM notifications n JOIN technicians t ON t.id = n.account_id WHERE t.role = 'ADMIN')::int AS office`,
    );
    expect(events!.waiting).toBe(0);
    expect(events!.office).toBeLessThanOrEqual(4);
  });
});
