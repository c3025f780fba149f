import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, type Kind } from './lib/database.js';
import { repoRoot } from './lib/server.js';
import { median, round } from './lib/stats.js';

/**
 * `npm run audit-log:verify` over a change log of ROWS rows ([Q]: under 30 s for 1,000,000). The log is filled
 * inside the database, row after row through rondin_audit_hash as rondin_audit_append chains them (each row the
 * SHA-256 of its fields and of the previous row's hash), with before and after the size of a trap's record. Then
 * the built script runs as an operator runs it, a new process each time, and its whole wall time is measured:
 * start-up, the walk over every row in one snapshot, and its answer, which must say the chain holds. A last run
 * after one row's content is edited behind the guard must find it. Both databases; PGlite in its data folder.
 * npx tsx bench/audit-log.bench.ts (after npm run build; BENCH_ROWS, BENCH_RUNS, BENCH_KINDS=postgres,pglite).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KINDS = (process.env.BENCH_KINDS ?? 'postgres,pglite').split(',') as Kind[];
const BATCH = 50_000;

const FILL = `
  create procedure bench_fill_audit(p_rows integer, p_batch integer) language plpgsql as $$
    declare v_prev text := repeat('0', 64); v_hash text; v_at timestamptz; v_before jsonb; v_after jsonb;
    begin
      for v_id in 1..p_rows loop
        v_at := date_trunc('milliseconds', timestamptz '2026-01-01 08:00:00+00' + v_id * interval '30 seconds');
        v_before := jsonb_build_object('id', v_id % 5000 + 1, 'code', 'TRP-' || (v_id % 5000 + 1), 'area',
          'Área ' || (v_id % 40), 'type', 'CEBADERO', 'zone', 'INTERIOR', 'riskLevel', 'MEDIO', 'isActive', true,
          'description', 'Junto a la puerta del muelle de carga', 'siteId', 1);
        v_after := v_before || jsonb_build_object('area', 'Área ' || (v_id % 41));
        v_hash := rondin_audit_hash(v_id, v_at, 1, 'Administradora', 'trap', v_id % 5000 + 1, 'update', v_before,
          v_after, null, v_prev);
        insert into audit_log (id, at, actor_id, actor_name, entity, entity_id, action, before, after, reason,
          prev_hash, hash)
        values (v_id, v_at, 1, 'Administradora', 'trap', v_id % 5000 + 1, 'update', v_before, v_after, null, v_prev,
          v_hash);
        v_prev := v_hash;
        if v_id % p_batch = 0 then commit; end if;
      end loop;
    end $$;`;

function verify(env: Record<string, string>): { ms: number; output: string; status: number } {
  const started = performance.now();
  try {
    const output = execFileSync(
      process.execPath,
      [path.join(repoRoot, 'apps/server/dist/scripts/audit-log-verify.js')],
      {
        env: { ...process.env, ...env, TIME_ZONE: 'Europe/Madrid' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return { ms: performance.now() - started, output, status: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; status?: number };
    return { ms: performance.now() - started, output: failed.stdout ?? '', status: failed.status ?? -1 };
  }
}

async function measure(kind: Kind): Promise<string> {
  const database = await freshDatabase(kind, 'bench_audit_log');
  try {
    const fillStarted = performance.now();
    await database.sql(FILL);
    // A statement of its own: a procedure commits only outside a multi-statement query's implicit transaction.
    await database.sql(`call bench_fill_audit(${ROWS}, ${BATCH})`);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = verify(database.env);
      if (result.status !== 0 || !result.output.includes('íntegro')) {
        throw new Error(`audit-log:verify on ${kind} did not find the chain whole: ${result.output}`);
      }
      times.push(result.ms);
    }
    // The guard refuses updates; a tamperer with the owner's rights switches it off first.
    const middle = Math.floor(ROWS / 2);
    await database.sql(`alter table audit_log disable trigger user;
      update audit_log set after = after || '{"area": "Otra"}' where id = ${middle};
      alter table audit_log enable trigger user;`);
    const tampered = verify(database.env);
    if (tampered.status !== 1 || !tampered.output.includes(middle.toLocaleString('es'))) {
      throw new Error(`audit-log:verify on ${kind} missed the edited row ${middle}: ${tampered.output}`);
    }
    return `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${ROWS.toLocaleString('en')} | ${round(fillSeconds)} s | ${round(median(times) / 1000, 1)} s (${times.map((ms) => round(ms / 1000, 1)).join(', ')}) | ${round(tampered.ms / 1000, 1)} s, row ${middle.toLocaleString('en')} named |`;
  } finally {
    await database.dispose();
  }
}

export async function auditLogBenchmark(): Promise<string> {
  const rows: string[] = [];
  for (const kind of KINDS) rows.push(await measure(kind));
  const [load1] = os.loadavg();
  return [
    `\`npm run audit-log:verify\` as an operator runs it (a new process: start-up, the walk over every row in one`,
    `snapshot, the Spanish answer), median of ${RUNS} runs; then one row's content edited behind the guard, which the`,
    `next run must name. Target: under 30 s for 1,000,000 rows. Load average after the runs: ${load1!.toFixed(1)}.`,
    '',
    '| Database | Rows | Filling the log | Verify, median (each run) | Verify after an edit |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await auditLogBenchmark()}\n`);
