import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { hashPassword } from '../apps/server/dist/lib/password.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.js';
import { freshDatabase } from './lib/database.js';
import { NATIONAL_PLANT, seedNationalPlant } from './lib/national-plant.js';
import { startRondin, type RunningServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The administrator's screens against a national operator's year (50,000 traps, 300 technicians, 100,000
 * orders) on PostgreSQL, in Debian's Chromium with the production build served by the real server. The
 * administrator signs in once through the sign-in form; then each screen is opened by a full navigation and
 * timed, inside the page, from the navigation's start to the moment its list is on screen and usable (rows
 * drawn, position line written, nothing still loading). Each screen is opened BENCH_RUNS times (default 5) as a
 * first visit (a new browser context: empty HTTP cache, no service worker, the sign-in in localStorage) and as
 * many times as a return visit in one context (cache and service worker warm); the median of each is reported.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const ADMIN = { email: 'admin@bench.test', password: 'admin-bench-clave' };

/** When a list counts as on screen and usable; checked in the page at every frame. */
interface Ready {
  /** The list's entries: rows, cards, picker entries. */
  rows: string;
  minRows: number;
  /** The position line reads 'Mostrando …' (a paged list). */
  summary?: boolean;
  /** The order form's technician select is filled too. */
  technicians?: boolean;
}

interface Screen {
  name: string;
  path: string;
  ready: Ready;
  /** A step after the navigation (opening the order form); its own time is reported apart. */
  afterwards?: { click: string; ready: Ready };
}

/** performance.now() once the list is ready (nothing loading: no aria-busy), else false. A function, not a string: the CSP forbids eval. */
function readyAt(ready: Ready): number | false {
  if (document.querySelectorAll(ready.rows).length < ready.minRows) return false;
  if (ready.summary && !document.querySelector('.list-summary')?.textContent?.startsWith('Mostrando')) return false;
  if (document.querySelector('[aria-busy="true"]')) return false;
  if (ready.technicians && document.querySelectorAll('[role="dialog"] select option').length < 2) return false;
  return performance.now();
}

const SCREENS: Screen[] = [
  {
    name: 'Compliance panel (`/admin/dashboard`)',
    path: '/admin/dashboard',
    ready: { rows: '.metric__value', minRows: 4 },
  },
  {
    name: 'Trap inventory (`/admin/traps`)',
    path: '/admin/traps',
    ready: { rows: 'tbody tr', minRows: 1, summary: true },
  },
  {
    name: 'Orders (`/admin/sessions`)',
    path: '/admin/sessions',
    ready: { rows: '.order-card', minRows: 1, summary: true },
  },
  {
    name: 'New order: orders, then `+ Crear orden` with the trap picker',
    path: '/admin/sessions',
    ready: { rows: '.order-card', minRows: 1, summary: true },
    afterwards: { click: '+ Crear orden', ready: { rows: '.trap-picker__list li', minRows: 1, technicians: true } },
  },
  {
    name: 'Technicians (`/admin/technicians`, 301 accounts, one list)',
    path: '/admin/technicians',
    ready: { rows: 'tbody tr', minRows: 301 },
  },
];

interface Timing {
  /** From the navigation's start to the list ready. */
  total: number;
  /** From the click to the dialog's list ready, for screens with a second step. */
  step: number | null;
  count: number;
}

const waitReady = async (page: Page, ready: Ready) =>
  (await (await page.waitForFunction(readyAt, ready, { polling: 'raf', timeout: 60_000 })).jsonValue()) as number;

async function open(page: Page, base: string, screen: Screen): Promise<Timing> {
  await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
  let total = await waitReady(page, screen.ready);
  let step: number | null = null;
  let counted = screen.ready.rows;
  if (screen.afterwards) {
    const started = await page.evaluate((label) => {
      const button = [...document.querySelectorAll('button')].find((each) => each.textContent?.trim() === label);
      if (!button) throw new Error(`no button ${label}`);
      const at = performance.now();
      button.click();
      return at;
    }, screen.afterwards.click);
    total = await waitReady(page, screen.afterwards.ready);
    step = total - started;
    counted = screen.afterwards.ready.rows;
  }
  const count = await page.evaluate((selector) => document.querySelectorAll(selector).length, counted);
  return { total, step, count };
}

/** The sign-in form, as a person uses it; returns the signed-in storage for new contexts. */
async function signIn(
  browser: Browser,
  base: string,
): Promise<{ state: Awaited<ReturnType<BrowserContext['storageState']>>; ms: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CL' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    const start = Date.now();
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.locator('.metric__value').first().waitFor();
    return { state: await context.storageState(), ms: Date.now() - start };
  } finally {
    await context.close();
  }
}

/** The plain list the screens used to load, for comparison: one request, its time and size. */
async function plainTrapList(server: RunningServer, token: string): Promise<{ ms: number; megabytes: number }> {
  const start = performance.now();
  const response = await fetch(`${server.base}/api/traps`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`GET /api/traps: ${response.status}`);
  return { ms: performance.now() - start, megabytes: bytes / 2 ** 20 };
}

const verdict = (ms: number) => (ms < TARGET_MS ? 'yes' : '**no**');

export async function adminScreensBenchmark(): Promise<string> {
  const database = await freshDatabase('postgres', 'rondin_bench_admin');
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    const seedStart = performance.now();
    const { adminId } = await seedNationalPlant(database);
    const hash = await hashPassword(ADMIN.password);
    await database.sql(`update technicians set password_hash = '${hash.replaceAll("'", "''")}' where id = ${adminId}`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    server = await startRondin(database.env);
    const plain = await plainTrapList(server, await tokenFor(adminId, 'ADMIN'));

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const { state, ms: signInMs } = await signIn(browser, server.base);
    const newContext = () =>
      browser!.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CL', storageState: state });

    const warmContext = await newContext();
    const warmPage = await warmContext.newPage();
    // One visit of every screen first, so that the return visits find the service worker and the cache filled.
    for (const screen of SCREENS) await open(warmPage, server.base, screen);

    const rows: string[] = [];
    for (const screen of SCREENS) {
      const first: Timing[] = [];
      const again: Timing[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await newContext();
        try {
          first.push(await open(await context.newPage(), server.base, screen));
        } finally {
          await context.close();
        }
        again.push(await open(warmPage, server.base, screen));
      }
      const mid = (runs: Timing[], pick: (each: Timing) => number) => round(median(runs.map(pick)));
      const firstMs = mid(first, (each) => each.total);
      const againMs = mid(again, (each) => each.total);
      const step = screen.afterwards
        ? ` (dialog: ${mid(first, (each) => each.step!)} / ${mid(again, (each) => each.step!)})`
        : '';
      rows.push(
        `| ${screen.name} | ${first[0]!.count} | ${firstMs}${step} | ${againMs} | ${Math.max(...first.map((each) => round(each.total)))} | ${verdict(Math.max(firstMs, againMs))} |`,
      );
      process.stdout.write(`  ${screen.path}: first visit ${firstMs} ms, return visit ${againMs} ms\n`);
    }
    await warmContext.close();

    const { traps, technicians, orders, itemsPerOrder } = NATIONAL_PLANT;
    return [
      `PostgreSQL seeded with ${traps.toLocaleString('en')} traps in 60 areas, ${technicians} technicians, ${orders.toLocaleString('en')} orders of ${itemsPerOrder} traps ` +
        `(${round(seedSeconds)} s to seed); production build served by the real server; Debian's Chromium (headless, 1366 × 768) on the same machine. ` +
        `Signed in once through the sign-in form (${signInMs} ms from 'Ingresar' to the compliance figures). ` +
        `Each time runs inside the page from the navigation's start until the list is on screen and usable (rows drawn, position line written, nothing loading). ` +
        `Median of ${RUNS} visits; first visit = new browser context (empty cache, no service worker), return visit = same context.`,
      '',
      `### Screens (target: under ${TARGET_MS} ms)`,
      '',
      '| Screen | Items on screen | First visit, ms | Return visit, ms | Slowest first visit, ms | Under 1 s |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      ...rows,
      '',
      `For comparison, the plain list the trap screen and the order form loaded before they were paged: \`GET /api/traps\` answers every trap in ${round(plain.ms)} ms ` +
        `(${round(plain.megabytes, 1)} MB of JSON), before the browser has parsed or drawn any of it.`,
    ].join('\n');
  } finally {
    await browser?.close();
    await server?.stop();
    await database.dispose();
  }
}
