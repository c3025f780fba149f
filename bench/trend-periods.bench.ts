import os from 'node:os';
import { freshDatabase } from './lib/database.js';
import { round } from './lib/stats.js';

/**
 * What keeping trend_periods ([M], migration 0027) adds to a finding: the finding written as the route writes it
 * (rondin_finding) and committed, where the deferred trigger writes the item's row of trend_inspections and the
 * trigger trend_inspections_periods counts it into each interval and series (and the replaced row out, for a
 * later version). Timed inside the database, one finding after another on one connection; trend_inspections_periods
 * disabled and enabled in interleaved rounds, so the machine's load drifts over both alike. Every device already
 * has inspections in the periods its new one falls in (the lookups find rows), and each finding is a second
 * version of its item's (the old row counted out, the new one in) or a first one. Prints a BENCHMARKS.md section.
 * npx tsx bench/trend-periods.bench.ts (after npm run build; BENCH_DATABASE_URL names a database to connect through).
 */
const TRAPS = 50;
const ORDERS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = 50;

async function main() {
  const database = await freshDatabase('postgres', 'bench_trend_periods');
  try {
    await database.sql(`
      insert into trend_settings (id, server_time_zone) values (1, 'Europe/Madrid');
      insert into traps (site_id, code, area, type, zone, risk_level, qr_slug)
        select (select min(id) from sites), 'P-' || g, 'Área ' || (g % 10), 'CEBADERO', 'INTERIOR', 'ALTO', 'slug-' || g
        from generate_series(1, ${TRAPS}) g;
      insert into technicians (email, full_name, role, password_hash) values ('tend@rondin.test', 'Técnico', 'TECH', 'x');
      insert into sessions (site_id, technician_id, item_count, completed_count, status, started_at, created_at)
        select (select min(id) from sites), (select id from technicians), ${TRAPS}, ${TRAPS}, 'IN_PROGRESS', now(),
          now() - interval '1 hour'
        from generate_series(1, ${ORDERS});
      insert into session_items (session_id, trap_id, status, completed_at, received_at, completed_by_id)
        select s.id, t.id, 'COMPLETED', now(), now(), s.technician_id from sessions s cross join traps t;
      create table bench_times (kind text, ms double precision);
      create procedure bench_findings(p_kind text, p_first integer, p_count integer) language plpgsql as $$
        declare v_item record; v_started timestamptz;
        begin
          for v_item in select i.id, i.session_id, s.technician_id from session_items i
              join sessions s on s.id = i.session_id where i.id >= p_first order by i.id limit p_count loop
            v_started := clock_timestamp();
            perform rondin_finding(v_item.session_id, v_item.id, v_item.technician_id, 0, false, 'CEBADERO', '[]'::json,
              json_build_object('clientFindingId', gen_random_uuid(), 'deviceTime', now(), 'deviceStatus', 'OK',
                'activity', 'BAJA', 'derivedActivity', 'BAJA', 'baitConsumption', 25, 'baitState', null,
                'evidence', '[]'::json, 'actions', '[]'::json, 'notes', null, 'reason', null, 'captures', '[]'::json),
              '1 day', '3 minutes', 40);
            commit;
            insert into bench_times values (p_kind, extract(epoch from clock_timestamp() - v_started) * 1000);
            commit;
          end loop;
        end $$;
    `);
    // A first version of every item of the first 40 orders (history in every period), then the rounds: each
    // takes the next items, a first version, then the same items again (a second version).
    await database.sql(`call bench_findings('warm-up', 0, ${TRAPS * 40})`);
    let next = (await database.sql<{ id: number }>(`select min(id) + ${TRAPS * 40} as id from session_items`))[0]!.id;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [kind, trigger] of [
        ['sin trend_periods', 'disable'],
        ['con trend_periods', 'enable'],
      ] as const) {
        await database.sql(`alter table trend_inspections ${trigger} trigger trend_inspections_periods`);
        await database.sql(`call bench_findings('${kind}, primera versión', ${next}, ${PER_ROUND})`);
        await database.sql(`call bench_findings('${kind}, segunda versión', ${next}, ${PER_ROUND})`);
        next += PER_ROUND;
      }
    }
    await database.sql('alter table trend_inspections enable trigger trend_inspections_periods');
    const rows = await database.sql<{ kind: string; n: number; p50: number; p95: number }>(
      `select kind, count(*)::int as n, percentile_cont(0.5) within group (order by ms) as p50,
         percentile_cont(0.95) within group (order by ms) as p95
       from bench_times where kind <> 'warm-up' group by kind order by kind`,
    );
    const base = (version: string) => rows.find((row) => row.kind === `sin trend_periods, ${version}`)!.p50;
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    process.stdout.write(
      [
        `Run ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL on this machine (${os.cpus().length} cores), load average ${load}.`,
        `${TRAPS} bait stations, each with ${40} earlier inspections this week; ${ROUNDS} interleaved rounds of ${PER_ROUND} findings.`,
        '',
        '| finding, committed | n | p50 | p95 | p50 added |',
        '| --- | --- | --- | --- | --- |',
        ...rows.map((row) => {
          const version = row.kind.split(', ')[1]!;
          const added = row.kind.startsWith('con') ? `${round(row.p50 - base(version), 3)} ms` : '—';
          return `| ${row.kind} | ${row.n} | ${round(row.p50, 3)} ms | ${round(row.p95, 3)} ms | ${added} |`;
        }),
        '',
      ].join('\n'),
    );
  } finally {
    await database.dispose();
  }
}

await main();
