import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { freshDatabase } from './lib/database.js';
import { median, percentile, round } from './lib/stats.js';

/**
 * What threshold evaluation ([M]) adds to a finding: the finding's two statements as the route sends them
 * (rondin_finding_context, then rondin_finding, each committed on its own as the server does), one at a time on
 * one connection to PostgreSQL, timed from the client. Three kinds, interleaved in rounds so the machine's load
 * drifts over all of them alike: the trigger findings_thresholds disabled (no evaluation), enabled with "Sin
 * novedad" (evaluated, nothing crossed), and enabled with bait eaten indoors (an ACCION crossed: the breach is
 * recorded and joins the device's open action, or opens it). The site also has a repetition rule (REPETICION ≥ 2
 * at ACCION: with bait eaten, every device's second finding in a row crosses it and joins its area's action) and
 * a weekly-captures limit never reached (CAPTURAS_SEMANA, so the days since each device's previous inspection
 * are looked up), so every evaluated finding takes migration 0021's paths too: the area's advisory lock, the
 * device's last inspections, the area's devices in the same order. Prints a BENCHMARKS.md section.
 * npx tsx bench/thresholds.bench.ts (after npm run build; BENCH_DATABASE_URL names a database to connect through).
 */
const TRAPS = 50;
const ORDERS = 120;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const PER_ROUND = 40;

type Kind = 'sin evaluación' | 'evaluado, sin superar' | 'evaluado, umbral de ACCION superado';

async function main() {
  const database = await freshDatabase('postgres', 'bench_thresholds');
  await database.sql(`
    insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
      select (select min(id) from sites), 'U-' || g, 'Área ' || (g % 10), 'CEBADERO', 'INTERIOR', 'ALTO', 'slug-' || g
      from generate_series(1, ${TRAPS}) g;
    insert into technicians (email, full_name, role, password_hash) values ('umbral@rondin.test', 'Técnico', 'TECH', 'x');
    insert into sessions (site_id, technician_id, item_count, completed_count, status, started_at, created_at)
      select (select min(id) from sites), (select id from technicians), ${TRAPS}, ${TRAPS}, 'IN_PROGRESS', now(),
        now() - interval '1 hour'
      from generate_series(1, ${ORDERS});
    insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
      select s.id, t.id, 'COMPLETED', now(), now(), s.technician_id from sessions s cross join traps t;
    insert into thresholds (site_id, trap_type, zone, risk_level, metric, pest_group, level, value, valid_from)
      values ((select min(id) from sites), 'CEBADERO', null, null, 'REPETICION', null, 'ACCION', 2, '-infinity'),
        ((select min(id) from sites), 'CEBADERO', null, null, 'CAPTURAS_SEMANA', null, 'ALERTA', 100000, '-infinity');
  `);
  const items = await database.sql<{ id: number; session_id: number; technician_id: number }>(
    'select i.id, i.session_id, s.technician_id from session_items i join sessions s on s.id = i.session_id order by i.id',
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const times: Record<Kind, number[]> = {
    'sin evaluación': [],
    'evaluado, sin superar': [],
    'evaluado, umbral de ACCION superado': [],
  };
  let next = 0;
  const finding = async (bait: number) => {
    const item = items[next++]!;
    const clientId = randomUUID();
    const started = performance.now();
    const [context] = (
      await client.query(
        'select trap_type, pests from rondin_finding_context($1::integer, $2::integer, $3::integer, $4::uuid, $5::integer[])',
        [item.session_id, item.id, item.technician_id, clientId, []],
      )
    ).rows;
    await client.query(
      `select result, technician_id, finding, item from rondin_finding($1::integer, $2::integer, $3::integer, 0,
         false, $4::text, $5::json, $6::json, '1 day', '3 minutes', 40)`,
      [
        item.session_id,
        item.id,
        item.technician_id,
        context.trap_type,
        JSON.stringify(context.pests),
        JSON.stringify({
          clientFindingId: clientId,
          deviceTime: new Date().toISOString(),
          deviceStatus: 'OK',
          activity: bait > 0 ? 'MEDIA' : 'NINGUNA',
          derivedActivity: bait > 0 ? 'MEDIA' : 'NINGUNA',
          baitConsumption: bait,
          baitState: null,
          evidence: [],
          actions: [],
          notes: null,
          reason: null,
          captures: [],
        }),
      ],
    );
    return performance.now() - started;
  };
  try {
    // Warm the plans and caches of every path first.
    for (let index = 0; index < 20; index++) await finding(index % 2 ? 50 : 0);
    for (let round = 0; round < ROUNDS; round++) {
      await client.query('alter table findings disable trigger findings_thresholds');
      for (let index = 0; index < PER_ROUND; index++) times['sin evaluación'].push(await finding(0));
      await client.query('alter table findings enable trigger findings_thresholds');
      for (let index = 0; index < PER_ROUND; index++) times['evaluado, sin superar'].push(await finding(0));
      for (let index = 0; index < PER_ROUND; index++) {
        times['evaluado, umbral de ACCION superado'].push(await finding(50));
      }
    }
    // The same, timed inside the database: a client waiting on a loaded 2-core machine wakes up on the
    // scheduler's tick (medians stick at ~4 ms), which hides a difference of tenths of a millisecond.
    await client.query('create table bench_times (kind text, ms double precision)');
    for (let round = 0; round < ROUNDS; round++) {
      for (const [kind, trigger, bait] of [
        ['sin evaluación', 'disable', 0],
        ['evaluado, sin superar', 'enable', 0],
        ['evaluado, umbral de ACCION superado', 'enable', 50],
      ] as const) {
        await client.query(`alter table findings ${trigger} trigger findings_thresholds`);
        const first = items[next]!.id;
        next += PER_ROUND;
        await client.query(`do $$
          declare v_item record; v_started timestamptz;
          begin
            for v_item in select i.id, i.session_id, s.technician_id from session_items i
                join sessions s on s.id = i.session_id where i.id >= ${first} order by i.id limit ${PER_ROUND} loop
              v_started := clock_timestamp();
              perform rondin_finding(v_item.session_id, v_item.id, v_item.technician_id, 0, false, 'CEBADERO', '[]'::json,
                json_build_object('clientFindingId', gen_random_uuid(), 'deviceTime', now(), 'deviceStatus', 'OK',
                  'activity', ${bait > 0 ? "'MEDIA'" : "'NINGUNA'"}, 'derivedActivity', ${bait > 0 ? "'MEDIA'" : "'NINGUNA'"},
                  'baitConsumption', ${bait}, 'baitState', null, 'evidence', '[]'::json, 'actions', '[]'::json,
                  'notes', null, 'reason', null, 'captures', '[]'::json),
                '1 day', '3 minutes', 40);
              commit;
              insert into bench_times values ('${kind}', extract(epoch from clock_timestamp() - v_started) * 1000);
              commit;
            end loop;
          end $$`);
      }
    }
    await client.query('alter table findings enable trigger findings_thresholds');
    const inside = (
      await client.query<{ kind: Kind; n: number; p50: number; p95: number }>(
        `select kind, count(*)::int as n, percentile_cont(0.5) within group (order by ms) as p50,
           percentile_cont(0.95) within group (order by ms) as p95 from bench_times group by kind`,
      )
    ).rows;
    const insideBase = inside.find((row) => row.kind === 'sin evaluación')!.p50;
    const insideRows = inside.map(
      (row) =>
        `| ${row.kind} | ${row.n} | ${round(row.p50, 3)} ms | ${round(row.p95, 3)} ms | ${
          row.kind === 'sin evaluación' ? '—' : `${round(row.p50 - insideBase, 3)} ms`
        } |`,
    );
    const [{ breaches, actions, areaActions }] = (
      await client.query(
        `select (select count(*) from threshold_breaches)::int as breaches,
           (select count(*) from corrective_actions where trap_id is not null)::int as actions,
           (select count(*) from corrective_actions where trap_id is null)::int as "areaActions"`,
      )
    ).rows;
    const base = median(times['sin evaluación']);
    const rows = (Object.keys(times) as Kind[]).map((kind) => {
      const values = times[kind];
      const p50 = median(values);
      return `| ${kind} | ${values.length} | ${round(p50, 2)} ms | ${round(percentile(values, 95), 2)} ms | ${
        kind === 'sin evaluación' ? '—' : `${round(p50 - base, 2)} ms`
      } |`;
    });
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    process.stdout.write(
      [
        `Run ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL 15 on this machine (${os.cpus().length} cores), load average ${load}.`,
        `One connection, findings one after another on devices INTERIOR/ALTO (bait stations, 10 areas), ${ROUNDS} interleaved rounds;`,
        `the site's REPETICION ≥ 2 (ACCION) and CAPTURAS_SEMANA limits evaluated on every finding; at the end ${breaches}`,
        `breaches recorded, ${actions} devices' corrective actions open (one a device) and ${areaActions} areas' (one an area).`,
        '',
        '| finding | n | p50 | p95 | p50 added |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
        '',
        'Timed inside the database (rondin_finding and its commit, where the deferred trigger runs; no client round trip):',
        '',
        '| finding | n | p50 | p95 | p50 added |',
        '| --- | --- | --- | --- | --- |',
        ...insideRows,
        '',
      ].join('\n'),
    );
  } finally {
    await client.end();
    await database.dispose();
  }
}

await main();
