import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newSignedInTechnician, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { testDatabaseUrl } from '../../test/test-database.js';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis: an order created through the
 * first must reach a technician whose socket is connected to the second. Needs both services, so it runs
 * where DATABASE_URL and REDIS_URL are set (CI sets them).
 */
const { DATABASE_URL, REDIS_URL } = process.env;

describe.runIf(DATABASE_URL && REDIS_URL)('several server processes with Redis', () => {
  const servers: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-multi-'));

  beforeAll(async () => {
    const database = testDatabaseUrl(DATABASE_URL!, 'multiprocess');
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database.name} with (force)`);
    await admin.query(`create database ${database.name}`);
    await admin.end();
    // Started one after the other: the first creates the schema and the administrator.
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServerProcess({
          DATABASE_URL: database.url,
          REDIS_URL: REDIS_URL!,
          DATA_DIR: dataDir,
          JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
          ADMIN_EMAIL: 'admin@multi.test',
          ADMIN_PASSWORD: 'admin-multi-1',
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an order created through process 1 to a socket connected to process 2', async () => {
    const [first, second] = servers.map((server) => server.base) as [string, string];
    const { accessToken: adminToken } = await call(first, 'POST', '/auth/login', undefined, {
      email: 'admin@multi.test',
      password: 'admin-multi-1',
    });
    const { account: tech, token: techToken } = await newSignedInTechnician(
      first,
      adminToken,
      { email: 'tecnico@multi.test', fullName: 'Técnico Multi', password: 'tecnico-multi-1' },
      second,
    );
    const trap = await call(first, 'POST', '/traps', adminToken, { code: 'MULTI-1' });

    const socket = io(`${second}/sessions`, {
      transports: ['websocket'],
      auth: { token: techToken },
      reconnection: false,
    });
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

  it('fills a weekly service plan once with both processes generating, and the phone on the other hears it', async () => {
    const [first, second] = servers.map((server) => server.base) as [string, string];
    const { accessToken: adminToken } = await call(first, 'POST', '/auth/login', undefined, {
      email: 'admin@multi.test',
      password: 'admin-multi-1',
    });
    const { account: tech, token: techToken } = await newSignedInTechnician(
      first,
      adminToken,
      { email: 'plan@multi.test', fullName: 'Técnica Plan', password: 'tecnico-multi-2' },
      second,
    );
    await call(first, 'POST', '/traps', adminToken, { code: 'PLAN-1' });
    const socket = io(`${second}/sessions`, {
      transports: ['websocket'],
      auth: { token: techToken },
      reconnection: false,
    });
    const heard: number[] = [];
    socket.on('session.created', ({ sessionId }: { sessionId: number }) => heard.push(sessionId));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // Weekly from tomorrow, 14 days ahead: two visits. Saving it generates, through the first process.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const [site] = await call<{ id: number }[]>(first, 'GET', '/sites', adminToken);
      const plan = await call(first, 'POST', '/service-plans', adminToken, {
        siteId: site!.id,
        name: 'Semanal multiproceso',
        technicianId: tech.id,
        frequency: 'SEMANAL',
        startDate: tomorrow,
        time: '08:00',
      });
      // Both processes generate it again at once, several times over.
      await Promise.all(
        [first, second, first, second].map((base) =>
          call(base, 'POST', `/service-plans/${plan.id}/generate`, adminToken),
        ),
      );
      const page = await call<{ items: { id: number; servicePlanId: number | null; scheduledAt: string }[] }>(
        second,
        'GET',
        '/sessions?pageSize=100',
        adminToken,
      );
      const orders = page.items.filter((order) => order.servicePlanId === plan.id);
      expect(orders).toHaveLength(2);
      expect(new Set(orders.map((order) => order.scheduledAt)).size).toBe(2);
      await expect.poll(() => [...heard].sort()).toEqual(orders.map((order) => order.id).sort());
    } finally {
      socket.disconnect();
    }
  });
});
