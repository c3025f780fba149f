import { DEMO_PLANS, drawFloorPlan } from '../apps/server/dist/scripts/demo-floor-plans.js';
import { freshDatabase, type Kind } from './lib/database.js';
import { demoPlacements, placeAll, seedDevices, uploadPlan } from './lib/plan-devices.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The device map an auditor prints (GET /api/plans/{id}/map.pdf) for a plan with 500 devices, on both
 * databases: the demo plant's floor plan as a drawing exported to PNG (2,400 × 1,500), and the same plan
 * scanned large (a 6,000 × 3,750 JPEG with the paper's grain, 22.5 megapixels). Target: under 2 s.
 */
const DEVICES = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 3) + 2;
/** `BENCH_DATABASES=pglite` leaves PostgreSQL alone (when a CI run is using it). */
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];

const IMAGES = [
  { label: 'drawing, PNG 2,400 × 1,500', draw: () => drawFloorPlan(DEMO_PLANS.plant), type: 'image/png' },
  {
    label: 'scan, JPEG 6,000 × 3,750',
    draw: () => drawFloorPlan(DEMO_PLANS.plant, { scale: 2.5, scan: true }),
    type: 'image/jpeg',
  },
];

async function timedMap(server: RunningServer, token: string, planId: number) {
  const start = performance.now();
  const response = await fetch(`${server.base}/api/plans/${planId}/map.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`map: ${response.status}`);
  return { seconds: (performance.now() - start) / 1000, megabytes: bytes / 2 ** 20 };
}

async function measure(kind: Kind): Promise<string[]> {
  const database = await freshDatabase(kind, 'rondin_bench_plan_map');
  const { adminId, trapIds: traps } = await seedDevices(database, DEVICES);
  const token = await tokenFor(adminId, 'ADMIN');
  const server = await startRondin(database.env);
  const rows: string[] = [];
  try {
    for (const [index, image] of IMAGES.entries()) {
      const bytes = await image.draw();
      const uploadStart = performance.now();
      const planId = await uploadPlan(server, token, `Plano ${index + 1}`, bytes, image.type);
      const uploadSeconds = (performance.now() - uploadStart) / 1000;
      // Through the API, as the editor places them (the embedded database is the server's alone meanwhile).
      await placeAll(server, token, planId, traps, demoPlacements(DEVICES));
      await timedMap(server, token, planId); // warm-up
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await timedMap(server, token, planId));
      const times = runs.map((run) => run.seconds);
      rows.push(
        `| ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${image.label} (${round(bytes.length / 2 ** 20, 2)} MB; upload ${round(uploadSeconds, 2)} s) | ${DEVICES} | ${round(median(times), 2)} | ${round(Math.max(...times), 2)} | ${round(runs[0]!.megabytes, 2)} |`,
      );
    }
  } finally {
    await server.stop();
    await database.dispose();
  }
  return rows;
}

export async function planMapBenchmark(): Promise<string> {
  const rows: string[] = [];
  for (const kind of KINDS) rows.push(...(await measure(kind)));
  return [
    `The device map of one plan with ${DEVICES} devices of every type (A3: the plan image scaled to 200 dpi, a numbered vector marker per device, a ${DEVICES}-row legend), downloaded whole over loopback, ${RUNS} runs after a warm-up. Target: under 2 s.`,
    '',
    ...(KINDS.length < 2 ? [`Run on ${KINDS.join(', ')} only (BENCH_DATABASES).`, ''] : []),
    '| Database | Plan image | Devices | Median (s) | Slowest (s) | PDF (MB) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
