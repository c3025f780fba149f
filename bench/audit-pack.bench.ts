import fs from 'node:fs';
import os from 'node:os';
import { DEMO_PLANS, drawFloorPlan } from '../apps/server/dist/scripts/demo-floor-plans.js';
import { freshDatabase } from './lib/database.js';
import { uploadPlan } from './lib/plan-devices.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The audit pack (GET /api/sites/{id}/audit-pack) of the site: 2,000 devices on the demo plant's plan,
 * a year of weekly visits (104,000 inspections with their findings and catches), a product applied and a
 * certificate issued at every visit, corrective actions. Seeded in plain SQL on PostgreSQL, asked of the
 * production server through HTTP, read to the last byte; the server's RSS sampled every 50 ms.
 * Targets: the PDF in < 20 s, RSS growth < 200 MB. `BENCH_RUNS` (default 2) requests one after another.
 * `BENCH_SAVE_PDF=<file>` keeps the last one.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 52);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** BENCH_SAVE_PDF=/tmp/pack.pdf keeps the last pack, to look at its pages. */
const SAVE_PDF = process.env.BENCH_SAVE_PDF;

export function seedSql(): string {
  return `
    alter table findings disable trigger findings_thresholds;
    alter table session_items disable trigger session_items_trend;
    update sites set time_zone = 'Europe/Madrid', client = 'Conservas del Banco' where id = 1;
    insert into company_settings (id, name, registry_number, technical_manager)
      values (1, 'Plagas del Banco S.L.', 'ROESB 0001-MAD', 'Responsable Técnico') on conflict do nothing;
    insert into technicians (email, full_name, role, password_hash) values ('admin@bench.test', 'Administración', 'ADMIN', 'x');
    insert into technicians (email, full_name, role, password_hash, licence_number, qualification)
      values ('tec@bench.test', 'Técnico', 'TECH', 'x', 'CARNE-0001', 'APLICADOR');
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
      select 1, 'T-' || lpad(g::text, 4, '0'), 'Área ' || (g % 20),
             (array['CEBADERO','CEBADERO','CEBADERO','CAPTURA','LAMINA','LUZ_UV','FEROMONA','OTRO'])[1 + g % 8],
             (array['INTERIOR','PERIMETRO_INTERIOR','EXTERIOR'])[1 + g % 3],
             (array['ALTO','MEDIO','BAJO'])[1 + (g / 7) % 3], 'slug-' || g
      from generate_series(1, ${DEVICES}) g;
    insert into sessions (site_id, technician_id, status, scheduled_at, item_count, completed_count, closed_at)
      select 1, (select id from technicians where email = 'tec@bench.test'), 'COMPLETED',
             now() - interval '364 days' + k * interval '7 days', ${DEVICES}, ${DEVICES},
             now() - interval '364 days' + k * interval '7 days' + interval '8 hours'
      from generate_series(0, ${WEEKS - 1}) k;
    -- One device in 100 is skipped in one visit in 13 (a forced close): months without a visit to show.
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select o.id, t.id, 'COMPLETED', o.scheduled_at + (t.id % 480) * interval '1 minute',
             o.scheduled_at + (t.id % 480) * interval '1 minute', o.technician_id
      from sessions o cross join traps t where not (t.id % 100 = 0 and o.id % 13 = 0);
    insert into findings (item_id, site_id, trap_id, trap_type, client_finding_id, technician_id, recorded_at,
                          device_time, received_at, device_status, activity, derived_activity, bait_consumption)
      select i.id, t.site_id, t.id, t.type, gen_random_uuid(), i.completed_by_id, i.completed_at, i.completed_at,
             i.completed_at, 'OK', a.activity, a.activity,
             case when t.type = 'CEBADERO' then (array[0,0,0,0,25,25,50,100])[1 + (i.id * 7) % 8] end
      from session_items i join traps t on t.id = i.trap_id
      cross join lateral (select (array['NINGUNA','NINGUNA','NINGUNA','NINGUNA','NINGUNA','BAJA','MEDIA','ALTA'])
        [1 + (i.id * 13 + t.id) % 8] as activity) a;
    update session_items i set finding_id = f.id from findings f where f.item_id = i.id;
    insert into finding_captures (finding_id, pest_id, count, band, recorded_at)
      select f.id, p.id, 1 + f.id % 9, null, f.recorded_at
      from findings f
      join lateral (select id from pests where "group" = case f.trap_type when 'LUZ_UV' then 'VOLADORES'
          when 'FEROMONA' then 'PRODUCTO_ALMACENADO' when 'CAPTURA' then 'ROEDORES' else 'RASTREROS' end
        order by id limit 1) p on true
      where f.trap_type in ('CAPTURA', 'LAMINA', 'LUZ_UV', 'FEROMONA') and f.id % 3 = 0;
    alter table findings enable trigger findings_thresholds;
    alter table session_items enable trigger session_items_trend;
    -- trend_periods counted once from the whole table, as a restore does: its row trigger updates the same counters
    -- once per inspection, and a hundred thousand versions of one row in one transaction take tens of minutes.
    alter table trend_inspections disable trigger trend_inspections_periods;
    insert into trend_inspections select * from trend_inspection_source;
    alter table trend_inspections enable trigger trend_inspections_periods;
    select rondin_trend_periods_rebuild(null);
    -- A breach and its action for one bait station in 50; a product applied and a certificate at every visit.
    insert into corrective_actions (site_id, trap_id, area, origin, detected_at, severity, description, responsible,
                                    due_date, status, closed_at, closing_note)
      select 1, t.id, t.area, 'UMBRAL', now() - interval '200 days', 'ALTA', 'Consumo de cebo sobre el umbral',
             'EMPRESA', (now() - interval '193 days')::date, case when t.id % 100 = 0 then 'ABIERTA' else 'CERRADA' end,
             case when t.id % 100 = 0 then null else now() - interval '190 days' end,
             case when t.id % 100 = 0 then null else 'Cebo repuesto y sellado' end
      from traps t where t.type = 'CEBADERO' and t.id % 50 = 0;
    insert into threshold_breaches (site_id, trap_id, item_id, finding_id, level, breaches, occurred_at, action_id)
      select 1, a.trap_id, i.id, i.finding_id, 'ACCION',
             '[{"metric":"CONSUMO_CEBO","level":"ACCION","limit":25,"observed":50}]'::jsonb, a.detected_at, a.id
      from corrective_actions a
      join lateral (select id, finding_id from session_items where trap_id = a.trap_id order by id limit 1) i on true;
    insert into products (name, active_ingredients, registration_number, type, authorisation_expires_at, user_category)
      values ('Bromadiolona Pasta', 'Bromadiolona 0,005 %', 'ES/RM-2019-14-00456', 'TP14', '2099-12-31', 'PROFESIONAL');
    insert into applications (session_id, client_application_id, product_id, batch, quantity, unit, area, method,
                              started_at, ended_at, safety_interval_hours, applicator_id)
      select o.id, gen_random_uuid(), (select id from products limit 1), 'L-' || o.id, 250, 'g', 'Área ' || (o.id % 20),
             'Cebo en portacebos', o.scheduled_at, o.scheduled_at + interval '1 hour', 0, o.technician_id
      from sessions o;
    insert into certificates (session_id, year, number, code, issued_at, sha256)
      select o.id, extract(year from o.closed_at)::int, row_number() over (order by o.id), 'code-' || o.id, o.closed_at,
             md5(o.id::text) || md5((o.id * 7)::text)
      from sessions o;
    analyze;`;
}

async function timedPack(server: RunningServer, token: string) {
  const baseline = server.rssMb();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 50);
  const start = performance.now();
  try {
    const response = await fetch(`${server.base}/api/sites/1/audit-pack`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`audit pack: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    const kept: Uint8Array[] = [];
    let bytes = 0;
    let firstByte = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - start;
      bytes += value.byteLength;
      if (SAVE_PDF) kept.push(value);
    }
    if (SAVE_PDF) fs.writeFileSync(SAVE_PDF, Buffer.concat(kept));
    return {
      seconds: (performance.now() - start) / 1000,
      firstByteSeconds: firstByte / 1000,
      megabytes: bytes / 2 ** 20,
      growthMb: peak - baseline,
      baselineMb: baseline,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function auditPackBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_audit_pack');
  const seeded = performance.now();
  await database.sql(seedSql());
  const seedSeconds = (performance.now() - seeded) / 1000;
  const [counts] = await database.sql<{ items: number; findings: number }>(
    'select (select count(*) from session_items)::int as items, (select count(*) from findings)::int as findings',
  );
  const [admin] = await database.sql<{ id: number }>(`select id from technicians where email = 'admin@bench.test'`);
  const token = await tokenFor(admin!.id, 'ADMIN');
  const server = await startRondin(database.env);
  const rows: string[] = [];
  try {
    const planId = await uploadPlan(server, token, 'Planta', await drawFloorPlan(DEMO_PLANS.plant), 'image/png');
    // Every device on the plan, in a grid (placing 2,000 through the API is the plan-map benchmark's business).
    const columns = Math.ceil(Math.sqrt(DEVICES * 1.6));
    await database.sql(`
      insert into trap_placements (trap_id, plan_id, x, y)
        select id, ${planId}, 0.03 + 0.94 * ((row_number() over (order by id) - 1) % ${columns}) / ${columns},
               0.05 + 0.9 * ((row_number() over (order by id) - 1) / ${columns}) / ${Math.ceil(DEVICES / columns)}
        from traps`);
    for (let run = 0; run < RUNS; run++) {
      const load = os.loadavg()[0]!.toFixed(2);
      const result = await timedPack(server, token);
      rows.push(
        `| ${run + 1} | ${round(result.seconds, 2)} | ${round(result.firstByteSeconds, 2)} | ${round(result.megabytes, 2)} | ${round(result.baselineMb)} | ${round(result.growthMb)} | ${load} | ${result.seconds < 20 && result.growthMb < 200 ? 'met' : 'missed'} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
  return [
    `One site, ${DEVICES.toLocaleString('en')} devices on one plan, ${WEEKS} weekly visits: ${counts!.items.toLocaleString('en')} inspections, ${counts!.findings.toLocaleString('en')} findings, ${WEEKS} certificates and applications (PostgreSQL, seeded in ${round(seedSeconds)} s). The default period (twelve months ending today), through HTTP to the last byte; RSS of the server process sampled every 50 ms. Target: < 20 s and RSS growth < 200 MB.`,
    '',
    '| Run | seconds | first byte s | PDF MB | server RSS before MB | RSS growth MB | load (1 min) | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
