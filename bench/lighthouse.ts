import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.js';
import { repoRoot, startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';

/**
 * Lighthouse (mobile emulation, simulated throttling) on the production build served by the real server: the
 * sign-in screen, two administrator screens and the technician's two screens. Screens behind sign-in are
 * audited with the token already in localStorage (`rondin.auth`), put there through the same Chrome before
 * each audit, so Lighthouse must not reset storage; service workers and caches are cleared instead, so every
 * audit is a first visit. The scan screen runs with Chromium's fake camera. Each figure is the median of
 * BENCH_RUNS audits (default 3). LIGHTHOUSE_REPORTS=<folder> keeps each audit's JSON report there (to read its
 * traces' audits: bootup-time, long-tasks, critical-request-chains…); LIGHTHOUSE_SCREENS=tech,scan audits only the
 * screens whose path contains one of those words.
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS,
  // The scan screen opens the camera: a fake one, allowed without a prompt.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ONLY = process.env.LIGHTHOUSE_SCREENS?.split(',');
const ADMIN = { email: 'admin@bench.rondin.test', password: 'admin-bench-clave' };
const TECH = { email: 'tecnico@bench.rondin.test', password: 'tecnico-bench-clave', fullName: 'Camila Rojas' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const WEB_DIST = path.join(repoRoot, 'apps/web/dist');
const QR_DECODER = /qr-worker|\.wasm$/;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** The size of a built file's gzip copy (apps/web/scripts/precompress.ts), or of the file when it has none. */
function gzipSize(url: string): number {
  const file = path.join(WEB_DIST, new URL(url).pathname);
  return statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size;
}

interface Screen {
  name: string;
  path: string;
  /** The account signed in before the audit, if any. */
  as?: { email: string; password: string };
}

interface Audit {
  lighthouseVersion: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript the page requested: bytes on the wire (Brotli) and the same files' gzip copies. */
  scriptBytes: number;
  scriptGzipBytes: number;
  /** Whether the page requested the QR decoder (its worker or its .wasm). */
  qrDecoder: boolean;
}

interface SignIn {
  accessToken: string;
  technician: { id: number };
}

async function api<T>(base: string, method: string, route: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const signIn = (base: string, { email, password }: { email: string; password: string }) =>
  api<SignIn>(base, 'POST', '/auth/login', { email, password });

/** A small plant: 24 traps in three areas, one technician with an order half done. Returns that order's id. */
async function seed(base: string): Promise<number> {
  const { accessToken } = await signIn(base, ADMIN);
  const trapIds: number[] = [];
  const slugs: string[] = [];
  for (let i = 1; i <= 24; i++) {
    const trap = await api<{ id: number; qrSlug: string }>(
      base,
      'POST',
      '/traps',
      {
        code: `TRP-${String(i).padStart(3, '0')}`,
        area: ['Bodega norte', 'Cocina', 'Recepción'][i % 3],
        isActive: true,
      },
      accessToken,
    );
    trapIds.push(trap.id);
    slugs.push(trap.qrSlug);
  }
  const tech = await api<{ id: number }>(
    base,
    'POST',
    '/technicians',
    { ...TECH, role: 'TECH', isActive: true },
    accessToken,
  );
  const order = await api<{ id: number }>(
    base,
    'POST',
    '/sessions',
    { technicianId: tech.id, trapIds: trapIds.slice(0, 12) },
    accessToken,
  );
  await api(
    base,
    'POST',
    '/sessions',
    { technicianId: tech.id, trapIds: trapIds.slice(12), scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    accessToken,
  );
  for (const slug of slugs.slice(0, 6))
    await api(base, 'POST', `/sessions/${order.id}/scan`, { qrSlug: slug }, accessToken);
  return order.id;
}

async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'rondin-lighthouse-'));
  // Port 0: Chromium picks a free port and writes it to DevToolsActivePort in its profile.
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  let port = 0;
  for (let attempt = 0; !port; attempt++) {
    if (attempt > 150 || child.exitCode !== null)
      throw new Error(`Chromium (${CHROMIUM_PATH}) did not open its debugging port`);
    try {
      port = Number(readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    } catch {
      // Not written yet.
    }
    if (!port) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Through the same Chrome: forget the service worker and caches of earlier audits, and put (or remove) the
 * sign-in where the app looks for it.
 */
async function prepareStorage(port: number, base: string, auth: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The HTTP cache too: Lighthouse leaves it alone when it does not reset storage.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'service_workers,cache_storage,indexeddb,local_storage',
    });
    // A file of the origin, not the app: localStorage can be written without the app starting and storing more.
    await page.goto(`${base}/manifest.webmanifest`);
    if (auth) await page.evaluate((value) => localStorage.setItem('rondin.auth', value), auth);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(port: number, url: string, reportName: string): Promise<Audit> {
  const run = () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: true,
    });
  let result = await run();
  // On a loaded machine Chromium now and then loses the trace's navigation start (NO_NAVSTART): run it again.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await run();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scriptBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    scriptGzipBytes: scripts.reduce((sum, request) => sum + gzipSize(request.url), 0),
    qrDecoder: requests.some((request) => QR_DECODER.test(new URL(request.url).pathname)),
  };
}

export async function lighthouseBenchmark(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rondin-bench-lighthouse-'));
  let server: RunningServer | null = null;
  let chrome: Awaited<ReturnType<typeof startChrome>> | null = null;
  try {
    server = await startRondin({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const orderId = await seed(server.base);
    chrome = await startChrome();
    const screens: Screen[] = [
      { name: 'Sign-in (`/login`)', path: '/login' },
      { name: 'Admin: compliance panel (`/admin/dashboard`)', path: '/admin/dashboard', as: ADMIN },
      { name: 'Admin: trap inventory (`/admin/traps`, 24 traps)', path: '/admin/traps', as: ADMIN },
      { name: 'Technician: assigned orders (`/tech/sessions`)', path: '/tech/sessions', as: TECH },
      {
        name: 'Technician: scan screen, camera on (`/tech/sessions/{id}/scan`)',
        path: `/tech/sessions/${orderId}/scan`,
        as: TECH,
      },
    ];
    const rows: string[] = [];
    let version = '';
    for (const screen of screens.filter((each) => !ONLY || ONLY.some((word) => each.path.includes(word)))) {
      const runs: Audit[] = [];
      for (let run = 0; run < RUNS; run++) {
        const auth = screen.as ? await signIn(server.base, screen.as) : null;
        await prepareStorage(
          chrome.port,
          server.base,
          auth && JSON.stringify({ accessToken: auth.accessToken, user: auth.technician }),
        );
        const reportName = `${screen.path.replace(/^\//, '').replaceAll('/', '-')}-${run + 1}`;
        runs.push(await audit(chrome.port, `${server.base}${screen.path}`, reportName));
        process.stdout.write(
          `  lighthouse ${screen.path} run ${run + 1}/${RUNS}: performance ${runs.at(-1)!.scores.performance}\n`,
        );
      }
      version = runs[0]!.lighthouseVersion;
      const mid = (pick: (each: Audit) => number) => median(runs.map(pick));
      rows.push(
        `| ${screen.name} | ${mid((each) => each.scores.performance)} | ${mid((each) => each.scores.accessibility)} | ${mid((each) => each.scores['best-practices'])} | ` +
          `${round(mid((each) => each.fcpMs))} | ${round(mid((each) => each.lcpMs))} | ${round(mid((each) => each.tbtMs))} | ${round(
            mid((each) => each.cls),
            3,
          )} | ` +
          `${round(mid((each) => each.scriptBytes) / 1024, 1)} / ${round(mid((each) => each.scriptGzipBytes) / 1024, 1)} | ${runs.some((each) => each.qrDecoder) ? 'loaded' : 'not loaded'} |`,
      );
    }
    return [
      `Lighthouse ${version} on Debian's Chromium, mobile emulation with simulated throttling (Lighthouse's default: slow 4G, 4× CPU slowdown), ` +
        `first visit (no service worker, empty caches), production build served by the real server on PGlite. Median of ${RUNS} runs per screen; times in ms.`,
      '',
      '| Screen | Performance | Accessibility | Best practices | FCP | LCP | TBT | CLS | JS KB, Brotli / gzip | QR decoder |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows,
      '',
      "JS KB: every script the page requested before Lighthouse stopped, as sent (Brotli) and as the same files' gzip copies (target for `/login`: under 150 KB gzip). QR decoder: whether the page requested the decoder's worker or its .wasm (target: the scan screen only).",
    ].join('\n');
  } finally {
    await chrome?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
