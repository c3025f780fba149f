import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN } from '../support/accounts';

/**
 * Production as docs/deploy.md sets it up, on this machine: two Rondín processes (the built server) sharing
 * PostgreSQL and Redis, behind Caddy with the repository's own deploy/Caddyfile.local (`tls internal`). The
 * browser reaches them only through Caddy over HTTPS, and trusts Caddy's root certificate through an NSS
 * database in a home folder of its own, as a phone would after installing it: no certificate error is
 * ignored anywhere.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = 'rondin.test';
const DATABASE = 'rondin_e2e_https';
const POSTGRES = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function until(what: string, ready: () => Promise<boolean> | boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready within 90 s:\n${log()}`);
}

const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const tool of ['/usr/bin/caddy', '/usr/bin/certutil']) {
    if (!existsSync(tool)) throw new Error(`${tool} is missing: apt-get install caddy libnss3-tools (see .ci/run).`);
  }
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) throw new Error('Run `npm run build` first.');

  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(POSTGRES), { pathname: `/${DATABASE}` }).toString();

  const work = mkdtempSync(path.join(tmpdir(), 'rondin-https-'));
  const children: ChildProcess[] = [];
  let log = '';
  const keep = (name: string, child: ChildProcess) => {
    children.push(child);
    child.stdout?.on('data', (chunk) => (log += `[${name}] ${chunk}`));
    child.stderr?.on('data', (chunk) => (log += `[${name}] ${chunk}`));
  };

  const httpsPort = await freePort();
  const publicUrl = `https://${SITE}:${httpsPort}`;
  const ports = [await freePort(), await freePort()];
  // Both start at once: they take turns through PostgreSQL's advisory lock to migrate.
  ports.forEach((port, index) => {
    keep(
      `rondin-${index + 1}`,
      spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, `data-${index + 1}`),
          DATABASE_URL: databaseUrl,
          REDIS_URL: REDIS,
          JWT_SECRET: 'https-e2e-secret-shared-by-both-processes-0123456789',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
  });
  for (const port of ports)
    await until(
      `Rondín on ${port}`,
      () => answers(`http://127.0.0.1:${port}/api/health`),
      () => log,
    );

  const caddyData = path.join(work, 'caddy');
  keep(
    'caddy',
    spawn('/usr/bin/caddy', ['run', '--config', path.join(root, 'deploy/Caddyfile.local'), '--adapter', 'caddyfile'], {
      cwd: path.join(root, 'deploy'),
      env: {
        ...process.env,
        XDG_DATA_HOME: caddyData,
        XDG_CONFIG_HOME: caddyData,
        HOME: work,
        RONDIN_SITE: `${SITE}:${httpsPort}`,
        RONDIN_UPSTREAMS: ports.map((port) => `127.0.0.1:${port}`).join(' '),
        CADDY_HTTP_PORT: String(await freePort()),
        CADDY_HTTPS_PORT: String(httpsPort),
        CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const rootCertificate = path.join(caddyData, 'caddy/pki/authorities/local/root.crt');
  await until(
    "Caddy's root certificate",
    () => existsSync(rootCertificate),
    () => log,
  );

  // The browser's own trust store: an NSS database in a home folder only the tests' Chromium uses.
  const browserHome = path.join(work, 'browser-home');
  const nssdb = path.join(browserHome, '.pki/nssdb');
  mkdirSync(nssdb, { recursive: true });
  execFileSync('/usr/bin/certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password']);
  execFileSync('/usr/bin/certutil', [
    '-A',
    '-d',
    `sql:${nssdb}`,
    '-n',
    'Caddy Local Authority',
    '-t',
    'C,,',
    '-i',
    rootCertificate,
  ]);

  process.env.E2E_HTTPS_URL = publicUrl;
  process.env.E2E_HTTPS_SITE = SITE;
  process.env.E2E_BROWSER_HOME = browserHome;
  process.env.E2E_PROCESS_URLS = ports.map((port) => `http://127.0.0.1:${port}`).join(' ');
  // AdminApi (e2e/support/api.ts) talks to the first process directly.
  process.env.E2E_BASE_URL = `http://127.0.0.1:${ports[0]}`;

  return async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)),
    );
    rmSync(work, { recursive: true, force: true });
  };
}
