import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenPngs } from '../../test/bad-images.js';
import { call, freePort, waitForHealth } from '../../test/server-process.js';
import { testDatabaseUrl } from '../../test/test-database.js';

/**
 * The server stops when it is told to, every time: started as a terminal or a service manager starts it (a
 * shell in a process group of its own, its output a pipe nobody reads any more), given a mixed workload (bad
 * signatures and images, text with control characters, a PDF download abandoned half-way, idle and half-sent
 * connections, a flood of logged requests), then SIGTERM or SIGINT to the whole group: every process of the
 * group must be gone within 10 s, and the next start on the same database must serve what was acknowledged.
 * SHUTDOWN_RUNS stops (default 4, half of each signal) on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const { DATABASE_URL } = process.env;
const kind = DATABASE_URL ? 'postgres' : 'pglite';
const RUNS = Number(process.env.SHUTDOWN_RUNS ?? 4);
const GONE_WITHIN_MS = 10_000;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-shutdown-'));
let databaseUrl: string | undefined;
const ADMIN = { email: 'admin@shutdown.test', password: 'admin-shutdown-1' };

interface Started {
  base: string;
  group: number;
  shell: ChildProcess;
}

/** The server from its sources under a shell, as `npm start` runs it: the shell leads a process group. */
async function start(): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shell = spawn('sh', ['-c', 'node --import tsx --conditions=source src/main.ts'], {
    cwd: serverDir,
    detached: true,
    // Output a pipe this test never reads: once it is full, a log write must not hold the shutdown.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      JWT_SECRET: 'shutdown-test-secret-0123456789-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  await waitForHealth(base, shell);
  return { base, group: shell.pid!, shell };
}

/** How many processes of the group are left. */
function left(group: number): number {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(group)])
      .toString()
      .trim()
      .split(/\s+/)
      .filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** Milliseconds until the group is gone after `signal`, or Infinity past the limit (then it is killed). */
async function stop(server: Started, signal: NodeJS.Signals): Promise<number> {
  const sent = Date.now();
  process.kill(-server.group, signal);
  while (left(server.group) > 0 && Date.now() - sent < GONE_WITHIN_MS + 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (left(server.group) === 0) return Date.now() - sent;
  process.kill(-server.group, 'SIGKILL');
  return Number.POSITIVE_INFINITY;
}

/** Starts a PDF download and drops it after its first bytes. */
function abandonDownload(base: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(
      `${base}/api/reports/export?format=pdf`,
      { headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
        response.once('end', () => resolve());
      },
    );
    request.on('error', () => resolve());
  });
}

/** Idle connections, and one that sent half a request's headers: still open when the signal comes. */
async function openSockets(base: string): Promise<net.Socket[]> {
  const { port } = new URL(base);
  const sockets = await Promise.all(
    Array.from(
      { length: 5 },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
          socket.on('error', () => {});
        }),
    ),
  );
  sockets[0]!.write('POST /api/traps HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n');
  return sockets;
}

async function workload(base: string, run: number): Promise<string> {
  const { accessToken: token } = await call(base, 'POST', '/auth/login', undefined, ADMIN);
  const json = (method: string, url: string, body: unknown) =>
    fetch(`${base}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const broken = Object.values(await brokenPngs());
  const statuses = await Promise.all([
    ...broken.map((png) =>
      json('PUT', '/technicians/me/signature', { imagePng: png.toString('base64') }).then((r) => r.status),
    ),
    json('POST', '/traps', { code: `MAL\u202E${run}` }).then((r) => r.status),
    json('POST', '/traps', { code: `APAGADO-${run}` }).then((r) => r.status),
  ]);
  expect(statuses.at(-1)).toBe(201);
  expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  await abandonDownload(base, token);
  // A flood of logged requests, more than a pipe holds.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let request = 0; request < 150; request++) await (await fetch(`${base}/api/no-existe-${request}`)).text();
    }),
  );
  return token;
}

describe(`stopping the server on ${kind}`, () => {
  beforeAll(async () => {
    if (DATABASE_URL) {
      const database = testDatabaseUrl(DATABASE_URL, 'shutdown');
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database.name} with (force)`);
      await admin.query(`create database ${database.name}`);
      await admin.end();
      databaseUrl = database.url;
    }
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`is gone within 10 s of SIGTERM or SIGINT to its process group, ${RUNS} times, keeping what it acknowledged`, {
    timeout: RUNS * 60_000,
  }, async () => {
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const server = await start();
      try {
        const token = await workload(server.base, run);
        // What the earlier runs acknowledged is there after their stops.
        const traps = await call(server.base, 'GET', '/traps?q=APAGADO', token);
        expect(traps.total).toBe(run);
        const sockets = await openSockets(server.base);
        times.push(await stop(server, run % 2 ? 'SIGTERM' : 'SIGINT'));
        for (const socket of sockets) socket.destroy();
      } finally {
        if (left(server.group) > 0) process.kill(-server.group, 'SIGKILL');
      }
      expect(times.at(-1), `run ${run}: the group was still there`).toBeLessThanOrEqual(GONE_WITHIN_MS);
    }
  });
});
