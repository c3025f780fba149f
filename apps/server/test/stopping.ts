import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { brokenPngs } from './bad-images.js';
import { call, freePort, waitForHealth } from './server-process.js';

/**
 * Stopping the real server as people stop it, shared by apps/server/src/security/shutdown.test.ts (from the
 * sources) and e2e/shutdown.spec.ts (`npm start` and the built entry): a shell leading a process group of its
 * own starts it, a mixed workload runs, and a signal goes to the whole group.
 */

/** Every process of the group is gone within this long of the signal. */
export const GONE_WITHIN_MS = 10_000;

export const SHUTDOWN_ADMIN = { email: 'admin@shutdown.test', password: 'admin-shutdown-1' };

export interface Started {
  base: string;
  group: number;
  shell: ChildProcess;
}

/**
 * `command` under `sh -c` in `cwd`, as a terminal or a service manager runs it: the shell leads a process group,
 * and its output is a pipe nobody reads (once it is full, a log write must not hold the shutdown).
 */
export async function startGroup(
  command: string,
  cwd: string,
  data: { dataDir: string; databaseUrl?: string },
): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shell = spawn('sh', ['-c', command], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl ?? '',
      JWT_SECRET: 'shutdown-test-secret-0123456789-0123456789',
      ADMIN_EMAIL: SHUTDOWN_ADMIN.email,
      ADMIN_PASSWORD: SHUTDOWN_ADMIN.password,
    },
  });
  try {
    await waitForHealth(base, shell);
    // `npm start` builds for seconds before it listens: another test's server may have taken the port meanwhile.
    if (!listensIn(port, shell.pid!)) throw new Error(`port ${port} answers for a process of another group`);
  } catch (error) {
    killGroup(shell.pid!);
    throw error;
  }
  return { base, group: shell.pid!, shell };
}

/**
 * The processes of the group still running. An exited one stays listed as a zombie until its parent reaps it: a
 * server whose shell died of the same signal is reaped by the machine's init, which here takes 1–2 s; it is gone.
 */
function members(group: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,stat=', '-g', String(group)])
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, stat]) => pid && !stat?.startsWith('Z'))
      .map(([pid]) => pid!);
  } catch {
    return [];
  }
}

/** How many processes of the group are left. */
export function left(group: number): number {
  return members(group).length;
}

/** Whether the socket listening on 127.0.0.1:`port` is held by a process of the group (Linux's /proc). */
function listensIn(port: number, group: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && fields[3] === '0A')
    .map((fields) => `socket:[${fields[9]}]`);
  return members(group).some((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.includes(fs.readlinkSync(`/proc/${pid}/fd/${fd}`)));
    } catch {
      return false;
    }
  });
}

export function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** Milliseconds until the group is gone after `signal`, or Infinity past the limit (then it is killed). */
export async function stop(server: Started, signal: NodeJS.Signals): Promise<number> {
  const sent = Date.now();
  process.kill(-server.group, signal);
  while (left(server.group) > 0 && Date.now() - sent < GONE_WITHIN_MS + 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (left(server.group) === 0) return Date.now() - sent;
  killGroup(server.group);
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
export async function openSockets(base: string): Promise<net.Socket[]> {
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

/**
 * Bad signatures, text with control characters, one acknowledged trap (APAGADO-`run`), a PDF download abandoned
 * half-way and a flood of logged requests. Throws if the server answers any of them otherwise than it should.
 */
export async function workload(base: string, run: number): Promise<string> {
  const { accessToken: token } = await call(base, 'POST', '/auth/login', undefined, SHUTDOWN_ADMIN);
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
  const refused = statuses.slice(0, -1);
  if (statuses.at(-1) !== 201 || refused.some((status) => status !== 400))
    throw new Error(`run ${run}: unexpected answers ${statuses.join(', ')} (bad ones 400, the last 201)`);
  await abandonDownload(base, token);
  // A flood of logged requests, more than a pipe holds.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let request = 0; request < 150; request++) await (await fetch(`${base}/api/no-existe-${request}`)).text();
    }),
  );
  return token;
}

/**
 * One run on a data folder or database that `run - 1` earlier runs used: starts, checks that every trap the
 * earlier runs acknowledged is served, runs the workload, opens sockets and sends `signal` to the group.
 * Answers how long the group took to be gone (Infinity if it was not gone in time and had to be killed).
 */
export async function startWorkAndStop(
  command: string,
  cwd: string,
  data: { dataDir: string; databaseUrl?: string },
  run: number,
  signal: NodeJS.Signals,
): Promise<number> {
  const server = await startGroup(command, cwd, data);
  try {
    const token = await workload(server.base, run);
    const traps = await call<{ total: number }>(server.base, 'GET', '/traps?q=APAGADO', token);
    if (traps.total !== run)
      throw new Error(`run ${run}: ${traps.total} traps APAGADO-* served, ${run} were acknowledged`);
    const sockets = await openSockets(server.base);
    const took = await stop(server, signal);
    for (const socket of sockets) socket.destroy();
    return took;
  } finally {
    if (left(server.group) > 0) killGroup(server.group);
  }
}
