/**
 * node --import tsx bench/profile-scan.ts [postgres|pglite]: CPU profile of the server under the scan
 * benchmark's load (PostgreSQL by default), summarised as the functions with the most self time. Used to
 * decide what to optimise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, type Kind } from './lib/database.js';
import { load } from './lib/load.js';
import { startServer } from './lib/server.js';
import { tokenFor } from './lib/tokens.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-prof-'));
const kind = (process.argv[2] ?? 'postgres') as Kind;
const database = await freshDatabase(kind, 'rondin_bench_profile');
const [tech] = await database.sql<{ id: number }>(`
  insert into traps (site_id, code, area, qr_slug) select (select min(id) from sites), 'B-' || g, 'A', 'slug-' || lpad(g::text, 12, '0') from generate_series(1, 50) g;
  insert into technicians (email, full_name, role, password_hash) values ('p@rondin.test', 'P', 'TECH', 'x');
  insert into sessions (site_id, technician_id, item_count) select (select min(id) from sites), 1, 50 from generate_series(1, 4000);
  insert into session_items (session_id, trap_id) select s.id, t.id from sessions s cross join traps t;
  select 1 as id;`);
const token = await tokenFor(tech!.id, 'TECH');
const server = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`, 'apps/server/dist/main.js'], {
  ...database.env,
  DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10',
});
let cursor = 0;
const result = await load({
  url: server.base,
  connections: 50,
  durationSeconds: 8,
  method: 'POST',
  headers: { authorization: `Bearer ${token}` },
  next: () => {
    const index = cursor++;
    return {
      path: `/api/sessions/${(index % 4000) + 1}/scan`,
      body: JSON.stringify({ qrSlug: `slug-${String(Math.floor(index / 4000) + 1).padStart(12, '0')}` }),
    };
  },
});
await server.stop();
await database.dispose();
const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
};
const self = new Map<number, number>();
for (const sample of profile.samples) self.set(sample, (self.get(sample) ?? 0) + 1);
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/');
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + (self.get(node.id) ?? 0));
}
const total = profile.samples.length;
/** Self time by where the code comes from: a package, the database's WebAssembly, Node itself or ours. */
const byOrigin = new Map<string, number>();
for (const [name, count] of byFunction) {
  const where = name.slice(name.indexOf(' ') + 1);
  const origin = where.startsWith('wasm://')
    ? 'WebAssembly (PGlite)'
    : where.startsWith('node:') || where.startsWith(':')
      ? 'Node (incl. syscalls, GC, idle)'
      : where.startsWith('apps/')
        ? 'Rondín'
        : (where.match(/^(@[^/]+\/[^/]+|[^/]+)\//)?.[1] ?? 'other');
  byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + count);
}
console.log('self time by origin:');
for (const [origin, count] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`${((count / total) * 100).toFixed(1).padStart(5)} %  ${origin}`);
}
console.log(`${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms; top self time:`);
for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${((count / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
