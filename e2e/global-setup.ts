import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { migrationsKey } from '../apps/server/test/migrations-key';
import { ADMIN } from './support/accounts';
import { storeOwnSignature } from './support/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const databaseModule = path.join(root, 'apps/server/dist/db/database.js');

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

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  // On a machine shared with other builds and tests the embedded database's migrations can take longer.
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000);
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (${server.exitCode}) before answering:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health in time (E2E_START_TIMEOUT_MS):\n${output()}`);
}

/**
 * One server per Playwright worker (playwright.config.ts), each on its own embedded database. Three: a browser test
 * waits on its page part of the time, and with two the machine's two cores were idle a quarter of it (214 → 183 s
 * for the browser project, 2026-11-29).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

interface Started {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * A data folder whose embedded database is migrated and holds nothing else, as a server's first start leaves it
 * before it adds its administrator. Each server starts on a copy instead of migrating a new database: three
 * servers migrating at once kept both cores busy for the first 35 s of every run (2026-11-30). Kept under
 * node_modules/.cache for these migrations, this build's database module and these packages, so the paced run
 * after the browser run, and a developer's next run, only copy it.
 */
async function migratedTemplate(): Promise<string> {
  const cache = path.join(root, 'node_modules/.cache/rondin-e2e');
  const template = path.join(cache, migrationsKey(databaseModule));
  if (existsSync(template)) return template;

  mkdirSync(cache, { recursive: true });
  // Templates of earlier migrations are of no further use (one being made by another run is left to it).
  for (const old of readdirSync(cache).filter((name) => !name.startsWith('building-')))
    rmSync(path.join(cache, old), { recursive: true, force: true });
  const building = mkdtempSync(path.join(cache, 'building-'));
  const script = `const { openPglite } = await import(${JSON.stringify(pathToFileURL(databaseModule).href)});
    const database = await openPglite({ dataDir: ${JSON.stringify(building)} });
    await database.client.exec('checkpoint');
    await database.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  // Complete or not there at all: another run making the same one meanwhile leaves its own.
  try {
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  return template;
}

/** Starts the built server on a free port with an embedded database of its own, copied from `template`. */
async function startServer(template: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rondin-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // The browsers' zone (playwright.config.ts): a site without a zone of its own has the server's, and its
      // times read without a zone named only when the two agree, as in an office whose sites are all local.
      TIME_ZONE: 'America/Santiago',
      // Labels encode {PUBLIC_URL}/t/{code}, as in production: the fake camera then shows the app the real format.
      PUBLIC_URL: baseURL,
      // The suite signs in far more often than a person would.
      LOGIN_RATE_LIMIT_PER_IP: '10000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '10000',
      // The webhooks' receivers of the specs listen on 127.0.0.1, which production refuses (modules/integrations).
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  try {
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The office closes orders (AdminApi.closeOrder) as its administrator, and no close goes without the closer's
  // stored signature.
  await storeOwnSignature(ADMIN, baseURL);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL, stop };
}

/**
 * Starts one built server per worker (`npm run build` must have run): worker N's tests talk to E2E_BASE_URL_N
 * only (support/api.ts baseURL()), so no test sees another file's records running at the same time. Returns the
 * teardown that stops them and removes their databases.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` before the browser tests.`);
  }
  const template = await migratedTemplate();
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer(template)));
  const servers = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
  const stopAll = async () => void (await Promise.all(servers.map((server) => server.stop())));
  const failed = started.find((each) => each.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  servers.forEach((server, index) => (process.env[`E2E_BASE_URL_${index}`] = server.baseURL));
  process.env.E2E_BASE_URL = servers[0]!.baseURL;
  return stopAll;
}
