/**
 * npm run bench [-- name ...]: runs the benchmarks (all by default) and rewrites their sections of
 * BENCHMARKS.md, leaving the others as they were. Needs `npm run build` first and this machine's PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminScreensBenchmark } from './admin-screens.js';
import { auditLogBenchmark } from './audit-log.bench.js';
import { assessmentsBenchmark } from './assessments.bench.js';
import { auditPackBenchmark } from './audit-pack.bench.js';
import { findingsBenchmark } from './findings.bench.js';
import { lighthouseBenchmark } from './lighthouse.js';
import { notificationsBenchmark } from './notifications.bench.js';
import { planEditorBenchmark } from './plan-editor.bench.js';
import { planMapBenchmark } from './plan-map.bench.js';
import { portalOverviewBenchmark } from './portal-overview.bench.js';
import { processesBenchmark } from './processes.bench.js';
import { realtimeBenchmark } from './realtime.bench.js';
import { remoteEventsBenchmark } from './remote-events.bench.js';
import { webhooksBenchmark } from './webhooks.bench.js';
import { scaleBenchmark } from './scale.bench.js';
import { servicePlansBenchmark } from './service-plans.bench.js';
import { scanBenchmark } from './scan.bench.js';
import { searchBenchmark } from './search.bench.js';
import { trapsBenchmark } from './traps.bench.js';
import { repoRoot } from './lib/server.js';

const BENCHMARKS: Record<string, { title: string; run: () => Promise<string> }> = {
  scan: { title: 'Scan hot path', run: scanBenchmark },
  scale: { title: 'Lists and exports at national scale', run: scaleBenchmark },
  realtime: { title: 'Realtime delivery with 1,000 connected technicians', run: realtimeBenchmark },
  processes: { title: 'Capacity: one and two processes behind Caddy', run: processesBenchmark },
  lighthouse: { title: 'Lighthouse (mobile emulation)', run: lighthouseBenchmark },
  admin: { title: 'Admin screens with 50,000 traps (Chromium)', run: adminScreensBenchmark },
  traps: { title: 'Trap search and import with 50,000 traps', run: trapsBenchmark },
  search: { title: 'Search box with 50,000 devices', run: searchBenchmark },
  'plan-map': { title: 'Device map PDF of a plan with 500 devices', run: planMapBenchmark },
  'plan-editor': { title: 'Plan editor with 500 devices (Chromium)', run: planEditorBenchmark },
  findings: { title: 'Findings: scan + finding, finding alone, photo uploads', run: findingsBenchmark },
  'service-plans': { title: 'Service plans: generator for 1,000 plans', run: servicePlansBenchmark },
  'audit-log': { title: 'Change log: audit-log:verify over 1,000,000 rows', run: auditLogBenchmark },
  'audit-pack': { title: 'Audit pack PDF: 2,000 devices, a year of weekly visits', run: auditPackBenchmark },
  assessments: { title: 'Quarterly review draft: 2,000 devices, a year of weekly visits', run: assessmentsBenchmark },
  notifications: { title: 'Email outbox: 1,000 emails, two processes', run: notificationsBenchmark },
  'portal-overview': { title: "Plant portal: a client's 50 sites at a glance", run: portalOverviewBenchmark },
  'remote-events': { title: 'Remote events: 1,000 a second from electronic traps', run: remoteEventsBenchmark },
  webhooks: { title: 'Webhooks: 10,000 deliveries across a killed server', run: webhooksBenchmark },
};

const file = path.join(repoRoot, 'BENCHMARKS.md');
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(BENCHMARKS);

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let postgres = 'unknown';
  try {
    postgres = execFileSync('psql', ['--version']).toString().trim();
  } catch {
    // psql not installed
  }
  const [load1, load5] = os.loadavg();
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${postgres}; load average at start ${load1!.toFixed(1)} (1 min) / ${load5!.toFixed(1)} (5 min)`;
}

let document = fs.existsSync(file)
  ? fs.readFileSync(file, 'utf8')
  : '# Benchmarks\n\nWritten by `npm run bench` (see bench/README.md). Each section says when and where it ran.\n';

for (const name of wanted) {
  const benchmark = BENCHMARKS[name];
  if (!benchmark) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.stdout.write(`running ${name}…\n`);
  const body = await benchmark.run();
  const section = [
    `<!-- bench:${name} -->`,
    `## ${benchmark.title}`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}.`,
    '',
    body.trim(),
    `<!-- /bench:${name} -->`,
  ].join('\n');
  const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  document = pattern.test(document) ? document.replace(pattern, section) : `${document.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, document);
  process.stdout.write(`${section}\n`);
}
