import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Session } from '@rondin/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { call, newSignedInTechnician, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { migratedDataDir } from '../../test/migrated-data-dir.js';
import { testDatabaseUrl } from '../../test/test-database.js';

/**
 * Nothing acknowledged is lost, nothing is half-written: 2,000 scans fired at a real server process that is
 * killed with SIGKILL part-way, then restarted on the same database. Then a SIGTERM during a burst must
 * let in-flight requests finish and close cleanly. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const { DATABASE_URL } = process.env;
const kind = DATABASE_URL ? 'postgres' : 'pglite';
const TRAPS = 50;
const ORDERS = 40;
const KILL_AFTER_ACKS = 700;
const IN_FLIGHT = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-crash-'));
let databaseUrl: string | undefined;
const env = () => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  JWT_SECRET: 'crash-test-secret-0123456789-0123456789',
  ADMIN_EMAIL: 'admin@crash.test',
  ADMIN_PASSWORD: 'admin-crash-1',
});

interface Scan {
  orderId: number;
  slug: string;
  clientScanId: string;
}

type Outcome = { scan: Scan; status: number } | { scan: Scan; error: string };

/** Sends the scans with a fixed number in flight; `onAnswer` sees each outcome as it lands. */
async function fire(
  base: string,
  token: string,
  scans: Scan[],
  onAnswer: (outcome: Outcome) => void,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < scans.length) {
      const scan = scans[next++]!;
      let outcome: Outcome;
      try {
        const response = await fetch(`${base}/api/sessions/${scan.orderId}/scan`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ qrSlug: scan.slug, clientScanId: scan.clientScanId }),
        });
        await response.arrayBuffer();
        outcome = { scan, status: response.status };
      } catch (error) {
        outcome = { scan, error: String(error) };
      }
      outcomes.push(outcome);
      onAnswer(outcome);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return outcomes;
}

const acknowledged = (outcomes: Outcome[]) =>
  outcomes.filter((outcome) => 'status' in outcome && outcome.status === 200);
const key = (scan: Pick<Scan, 'orderId' | 'slug'>) => `${scan.orderId}:${scan.slug}`;

async function openDirectly(): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl, 2) : openPglite({ dataDir });
}

describe(`crash safety on ${kind}`, () => {
  let server: ServerProcess;
  let adminToken: string;
  let techToken: string;
  const scans: Scan[] = [];
  const acked = new Set<string>();

  beforeAll(async () => {
    if (DATABASE_URL) {
      const database = testDatabaseUrl(DATABASE_URL, 'crash');
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database.name} with (force)`);
      await admin.query(`create database ${database.name}`);
      await admin.end();
      databaseUrl = database.url;
    }
    await migratedDataDir(dataDir);
    server = await startServerProcess(env());
    adminToken = (
      await call(server.base, 'POST', '/auth/login', undefined, {
        email: 'admin@crash.test',
        password: 'admin-crash-1',
      })
    ).accessToken;
    const { account: tech, token } = await newSignedInTechnician(server.base, adminToken, {
      email: 'tecnico@crash.test',
      fullName: 'Técnico',
      password: 'tecnico-crash-1',
    });
    techToken = token;
    const traps = [];
    for (let i = 0; i < TRAPS; i++)
      traps.push(await call(server.base, 'POST', '/traps', adminToken, { code: `C-${i}` }));
    for (let i = 0; i < ORDERS; i++) {
      const order = await call(server.base, 'POST', '/sessions', adminToken, {
        technicianId: tech.id,
        trapIds: traps.map((trap) => trap.id),
      });
      for (const trap of traps) scans.push({ orderId: order.id, slug: trap.qrSlug, clientScanId: randomUUID() });
    }
    scans.sort(() => Math.random() - 0.5);
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged scan through a SIGKILL, with counters that agree with the items', async () => {
    let killed = false;
    const outcomes = await fire(server.base, techToken, scans, (outcome) => {
      if ('status' in outcome && outcome.status === 200) acked.add(key(outcome.scan));
      if (!killed && acked.size >= KILL_AFTER_ACKS) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    });
    await server.exited;
    expect(outcomes.filter((outcome) => 'status' in outcome && outcome.status >= 500)).toEqual([]);
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size).toBeLessThan(scans.length);

    server = await startServerProcess(env());
    const orders = await call<Session[]>(server.base, 'GET', '/sessions', adminToken);
    let storedCount = 0;
    const slugByTrap = new Map<number, string>();
    for (const trap of await call<{ id: number; qrSlug: string }[]>(server.base, 'GET', '/traps', adminToken))
      slugByTrap.set(trap.id, trap.qrSlug);
    const completed = new Set<string>();
    for (const order of orders) {
      const done = order.items.filter((item) => item.status === 'COMPLETED');
      storedCount += done.length;
      for (const item of done) completed.add(key({ orderId: order.id, slug: slugByTrap.get(item.trapId)! }));
      expect(order.completedCount, `order ${order.id}`).toBe(done.length);
      expect(order.itemCount).toBe(TRAPS);
      expect(order.status).toBe(done.length > 0 ? 'IN_PROGRESS' : 'PENDING');
    }
    for (const scan of acked) expect(completed.has(scan), `acknowledged scan ${scan} lost`).toBe(true);
    process.stdout.write(
      `crash-safety [${kind}]: fired ${scans.length}, acknowledged ${acked.size} before SIGKILL, stored ${storedCount}\n`,
    );
  }, 180_000);

  it('finishes in-flight requests on SIGTERM, exits cleanly, and keeps what it acknowledged', async () => {
    let terminated = false;
    let answeredAfterSignal = 0;
    const remaining = scans.filter((scan) => !acked.has(key(scan))).slice(0, 600);
    const outcomes = await fire(server.base, techToken, remaining, (outcome) => {
      if (terminated && 'status' in outcome) answeredAfterSignal++;
      if (!terminated && acknowledged([outcome]).length && Math.random() < 0.05) {
        terminated = true;
        server.child.kill('SIGTERM');
      }
    });
    expect(await server.exited).toBe(0);
    // Requests already being handled when the signal came were answered, not dropped.
    expect(answeredAfterSignal).toBeGreaterThan(0);
    // While closing, the server answers new requests 503 (retry later), never another 5xx.
    expect(
      outcomes.filter((outcome) => 'status' in outcome && outcome.status >= 500 && outcome.status !== 503),
    ).toEqual([]);
    for (const outcome of acknowledged(outcomes)) acked.add(key(outcome.scan));
    if (kind === 'pglite') expect(fs.existsSync(path.join(dataDir, 'rondin.lock'))).toBe(false);

    const database = await openDirectly();
    try {
      const result = (await database.db.execute(
        `
        select
          (select count(*) from sessions s where s.completed_count <> (select count(*) from session_items i where i.session_id = s.id and i.status = 'COMPLETED'))::int as bad_counters,
          (select count(*) from session_items where status = 'COMPLETED' and (completed_at is null or received_at is null or completed_by_id is null))::int as half_written,
          (select count(*) from session_items where status = 'COMPLETED')::int as completed,
          (select count(*) from scan_events where result = 'ACCEPTED')::int as accepted
      ` as never,
      )) as unknown as { rows: { bad_counters: number; half_written: number; completed: number; accepted: number }[] };
      const row = result.rows[0]!;
      expect(Number(row.bad_counters)).toBe(0);
      expect(Number(row.half_written)).toBe(0);
      // Each completion has exactly one accepted scan in the log, written in the same transaction.
      expect(Number(row.accepted)).toBe(Number(row.completed));
      expect(Number(row.completed)).toBeGreaterThanOrEqual(acked.size);
    } finally {
      await database.close();
    }
  }, 180_000);
});
