import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis: an order created through the
 * first must reach a technician whose socket is connected to the second. Needs both services, so it runs
 * where DATABASE_URL and REDIS_URL are set (CI sets them); the built server (npm run build) is started.
 */
const { DATABASE_URL, REDIS_URL } = process.env;
const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const DATABASE = 'rondin_test_multiprocess';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

describe.runIf(DATABASE_URL && REDIS_URL)('several server processes with Redis', () => {
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-multi-'));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${DATABASE}`;
    // Started one after the other: the first creates the schema and the administrator.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          REDIS_URL,
          DATA_DIR: dataDir,
          JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
          ADMIN_EMAIL: 'admin@multi.test',
          ADMIN_PASSWORD: 'admin-multi-1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
      await waitForHealth(bases[i]!, child);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an order created through process 1 to a socket connected to process 2', async () => {
    const [first, second] = bases as [string, string];
    const call = async (base: string, method: string, route: string, token?: string, body?: object) => {
      const response = await fetch(`${base}/api${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const { accessToken: adminToken } = await call(first, 'POST', '/auth/login', undefined, {
      email: 'admin@multi.test',
      password: 'admin-multi-1',
    });
    const tech = await call(first, 'POST', '/technicians', adminToken, {
      email: 'tecnico@multi.test',
      fullName: 'Técnico Multi',
      password: 'tecnico-multi-1',
    });
    const trap = await call(first, 'POST', '/traps', adminToken, { code: 'MULTI-1' });
    const { accessToken: techToken } = await call(second, 'POST', '/auth/login', undefined, {
      email: 'tecnico@multi.test',
      password: 'tecnico-multi-1',
    });

    const socket = io(`${second}/sessions`, { transports: ['websocket'], auth: { token: techToken }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ sessionId: number }>((resolve) => socket.once('session.created', resolve));
      const order = await call(first, 'POST', '/sessions', adminToken, { technicianId: tech.id, trapIds: [trap.id] });
      expect(await received).toEqual({ sessionId: order.id });
    } finally {
      socket.disconnect();
    }
  });
});
