import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/dist/db/database.js';
import { ServicePlansRepository } from '../apps/server/dist/modules/service-plans/service-plans.repository.js';
import { ServicePlansService } from '../apps/server/dist/modules/service-plans/service-plans.service.js';
import { NO_ORDER_EVENTS } from '../apps/server/dist/lib/order-events.js';
import { DatabaseBackend } from '../apps/server/dist/files/database-backend.js';
import { FileStorage } from '../apps/server/dist/files/file-storage.js';
import { FilesRepository } from '../apps/server/dist/files/files.repository.js';
import { ordersWithCertificates } from '../apps/server/dist/modules/orders/orders-with-certificates.js';
import { freshDatabase, type BenchDatabase, type Kind } from './lib/database.js';
import { median, round } from './lib/stats.js';

/**
 * Recurring service ([O]): the generator's run over 1,000 weekly plans (100 sites of 20 devices, 10 plans a
 * site, 5 technicians) with nothing generated yet, so it creates every order of their 14-day horizon (3 a plan:
 * today, in 7 and in 14 days; 60,000 items). Timed in the process, as the server's start-up or hourly job runs
 * it; then a second run, with nothing left to create (what every hour costs). Each run on a fresh copy of the
 * plans' orders (they are deleted between runs). `BENCH_DATABASES=pglite` for the embedded database only.
 */
const PLANS = 1000;
const SITES = 100;
const DEVICES_PER_SITE = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function seed(database: BenchDatabase) {
  await database.sql(`
    insert into sites (name, time_zone) select 'Planta ' || g, 'America/Santiago' from generate_series(1, ${SITES}) g;
    insert into technicians (email, full_name, role, password_hash)
      select 'plan' || g || '@rondin.test', 'Técnico ' || g, 'TECH', 'x' from generate_series(1, 5) g;
    insert into traps (site_id, code, area, type, qr_slug)
      select s.id, 'D-' || g, 'Área ' || (g % 4), 'CEBADERO', 'slug-' || s.id || '-' || g
      from sites s cross join generate_series(1, ${DEVICES_PER_SITE}) g where s.name like 'Planta %';
    insert into service_plans (site_id, name, technician_id, frequency, start_date, time)
      select (select id from sites where name = 'Planta ' || (1 + g % ${SITES})),
             'Plan ' || g,
             (select id from technicians where email = 'plan' || (1 + g % 5) || '@rondin.test'),
             'SEMANAL', (now() at time zone 'America/Santiago')::date, '08:00'
      from generate_series(1, ${PLANS}) g;
  `);
}

async function open(database: BenchDatabase): Promise<DatabaseHandle> {
  return database.kind === 'postgres'
    ? openPostgres(database.url!, 10)
    : openPglite({ dataDir: database.env.DATA_DIR! });
}

async function measure(kind: Kind) {
  const database = await freshDatabase(kind, 'bench_service_plans');
  await seed(database);
  const handle = await open(database);
  const files = new FileStorage(new FilesRepository(handle.db), new DatabaseBackend(new FilesRepository(handle.db)));
  const { orders } = ordersWithCertificates(handle.db, NO_ORDER_EVENTS, files, { timeZone: 'UTC' });
  const service = new ServicePlansService(new ServicePlansRepository(handle.db), orders, { timeZone: 'UTC' });
  const full: number[] = [];
  const idle: number[] = [];
  const loads: number[] = [];
  let created = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      await handle.db.execute(sql`delete from sessions where service_plan_id is not null`);
      loads.push(os.loadavg()[0]!);
      let started = performance.now();
      const result = await service.generateAll();
      full.push(performance.now() - started);
      created = result?.created ?? 0;
      started = performance.now();
      await service.generateAll();
      idle.push(performance.now() - started);
    }
  } finally {
    await handle.close();
    await database.dispose();
  }
  return { kind, full, idle, created, loads };
}

export async function servicePlansBenchmark(): Promise<string> {
  const kinds = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
  const rows: string[] = [];
  for (const kind of kinds) {
    const { full, idle, created, loads } = await measure(kind);
    rows.push(
      `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${created} | ${round(median(full) / 1000, 2)} s | ${round((median(full) / created) * 1000) / 1000} ms | ${round(median(idle))} ms | ${full.map((ms) => round(ms / 1000, 2)).join(' / ')} s | ${loads.map((load) => load.toFixed(1)).join(' / ')} |`,
    );
  }
  return [
    `${PLANS} weekly plans (${SITES} sites × ${DEVICES_PER_SITE} devices, 5 technicians), horizon 14 days, nothing generated yet; ${RUNS} runs each, median.`,
    '',
    '| Database | orders created | whole run (median) | per order | next run, nothing to create | runs | load (1 min) at each run |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}
