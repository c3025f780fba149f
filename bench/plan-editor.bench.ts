import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PLANS, drawFloorPlan } from '../apps/server/dist/scripts/demo-floor-plans.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.js';
import { freshDatabase } from './lib/database.js';
import { demoPlacements, placeAll, seedDevices, uploadPlan } from './lib/plan-devices.js';
import { startRondin } from './lib/server.js';
import { median, percentile, round } from './lib/stats.js';
import { tokenFor } from './lib/tokens.js';

/**
 * The plan editor (/admin/sites/{id}/plans/{planId}) with 500 devices on the demo plant's plan (PNG 2,400 × 1,500),
 * in Debian's Chromium (headless, 1366 × 768) against the production build served by the real server on PGlite
 * (the database does not enter the browser's figures). Measured inside the page with the Performance API:
 * - first render: from the moment the editor's last answer arrived (the latest `responseEnd` of its API
 *   requests) to the first animation frame with the 500 markers and the 500 list rows in the document (target
 *   < 300 ms); also from the navigation's start, and the longest animation frame of the load;
 * - dragging: a marker dragged across the plan by the mouse (one move a frame, as a hand gives them), a pan of
 *   the whole plan, and 20 wheel steps of zoom; frame rate and frame intervals from requestAnimationFrame
 *   timestamps, and the long animation frames (> 50 ms) Chromium reports meanwhile.
 */
const DEVICES = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RENDER_TARGET_MS = 300;
const MOVES = 120;

interface Load {
  /** Last API answer → markers and rows drawn. */
  render: number;
  /** Navigation start → markers and rows drawn, image decoded. */
  total: number;
  /** Longest animation frame during the load (Long Animation Frames API). */
  longestFrame: number;
}

interface Frames {
  fps: number;
  p95: number;
  worst: number;
  /** Frames that took over 50 ms, as Chromium reported them. */
  long: number;
}

/** In the page: records frame times and long animation frames until stopped. */
function startRecording() {
  const state = { frames: [] as number[], long: 0, running: true };
  const observer = new PerformanceObserver((list) => {
    state.long += list.getEntries().length;
  });
  observer.observe({ type: 'long-animation-frame' });
  const tick = (time: number) => {
    state.frames.push(time);
    if (state.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  (window as unknown as { __frames: typeof state }).__frames = state;
  (window as unknown as { __stop: () => void }).__stop = () => {
    state.running = false;
    observer.disconnect();
  };
}

async function recorded(page: Page, act: () => Promise<void>): Promise<Frames> {
  await page.evaluate(startRecording);
  await act();
  const { frames, long } = await page.evaluate(() => {
    (window as unknown as { __stop: () => void }).__stop();
    return (window as unknown as { __frames: { frames: number[]; long: number } }).__frames;
  });
  const intervals = frames.slice(1).map((time, index) => time - frames[index]!);
  const span = frames.at(-1)! - frames[0]!;
  return {
    fps: ((frames.length - 1) / span) * 1000,
    p95: percentile(intervals, 95),
    worst: Math.max(...intervals),
    long,
  };
}

/** In the page, each animation frame: the editor drawn with every marker and row (and the image), or false. */
function drawn(count: number): false | { drawnAt: number; lastAnswer: number; longestFrame: number } {
  const image = document.querySelector<HTMLImageElement>('.plan-canvas__image');
  if (document.querySelectorAll('.plan-marker').length < count) return false;
  if (document.querySelectorAll('.device-row').length < count) return false;
  if (!image?.complete || image.naturalWidth === 0) return false;
  const drawnAt = performance.now();
  const answers = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/api/') && !entry.name.endsWith('/image'))
    .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  const frames = performance.getEntriesByType('long-animation-frame').map((entry) => entry.duration);
  return { drawnAt, lastAnswer: Math.max(...answers), longestFrame: Math.max(0, ...frames) };
}

async function open(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(drawn, DEVICES, { polling: 'raf', timeout: 60_000 });
  const result = (await handle.jsonValue()) as Exclude<ReturnType<typeof drawn>, false>;
  return {
    render: result.drawnAt - result.lastAnswer,
    total: result.drawnAt,
    longestFrame: result.longestFrame,
  };
}

async function signedIn(context: BrowserContext, base: string, token: string, adminId: number): Promise<Page> {
  // tsx names the functions this file hands the page with a helper the page does not have.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  const user = { id: adminId, email: 'admin@bench.test', fullName: 'Administración', role: 'ADMIN', isActive: true };
  await page.evaluate(
    (value) => localStorage.setItem('rondin.auth', value),
    JSON.stringify({ accessToken: token, user: { ...user, createdAt: new Date().toISOString() } }),
  );
  return page;
}

/** The mouse along a path, one move per animation frame. */
async function moveAlong(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  for (let step = 1; step <= MOVES; step++) {
    const t = step / MOVES;
    await page.mouse.move(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
}

export async function planEditorBenchmark(): Promise<string> {
  const database = await freshDatabase('pglite', 'rondin_bench_plan_editor');
  const { adminId, trapIds } = await seedDevices(database, DEVICES);
  const token = await tokenFor(adminId, 'ADMIN');
  const server = await startRondin(database.env);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const planId = await uploadPlan(server, token, 'Planta', await drawFloorPlan(DEMO_PLANS.plant), 'image/png');
    await placeAll(server, token, planId, trapIds, demoPlacements(DEVICES));
    const url = `${server.base}/admin/sites/1/plans/${planId}`;
    const newContext = () => browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-CL' });

    const first: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await newContext();
      try {
        first.push(await open(await signedIn(context, server.base, token, adminId), url));
      } finally {
        await context.close();
      }
    }
    const context = await newContext();
    const page = await signedIn(context, server.base, token, adminId);
    await open(page, url);
    const again: Load[] = [];
    for (let run = 0; run < RUNS; run++) again.push(await open(page, url));

    const plan = (await page.locator('.plan-canvas').boundingBox())!;
    const marker = (await page.locator('.plan-marker').nth(250).boundingBox())!;
    const grab = { x: marker.x + marker.width / 2, y: marker.y + marker.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    const drag = await recorded(page, () =>
      moveAlong(page, grab, { x: plan.x + plan.width * 0.8, y: plan.y + plan.height * 0.7 }),
    );
    // The drop: the device saved (PUT), the editor drawn again with it, the site's counts read again.
    const drop = await recorded(page, async () => {
      const saved = page.waitForResponse((response) => response.url().includes('/placement'));
      await page.mouse.up();
      await saved;
      for (let frame = 0; frame < 30; frame++) await page.evaluate(() => new Promise(requestAnimationFrame));
    });
    const corner = { x: plan.x + 4, y: plan.y + 4 };
    const pan = await recorded(page, async () => {
      await page.mouse.move(corner.x, corner.y);
      await page.mouse.down();
      await moveAlong(page, corner, { x: plan.x + plan.width * 0.6, y: plan.y + plan.height * 0.6 });
      await page.mouse.up();
    });
    const zoom = await recorded(page, async () => {
      await page.mouse.move(plan.x + plan.width / 2, plan.y + plan.height / 2);
      for (let step = 0; step < 20; step++) {
        await page.mouse.wheel(0, -120);
        await page.evaluate(() => new Promise(requestAnimationFrame));
      }
    });
    await context.close();

    const mid = (loads: Load[], pick: (load: Load) => number) => round(median(loads.map(pick)));
    const loadRow = (label: string, loads: Load[]) =>
      `| ${label} | ${mid(loads, (load) => load.render)} | ${round(Math.max(...loads.map((load) => load.render)))} | ${mid(loads, (load) => load.total)} | ${mid(loads, (load) => load.longestFrame)} | ${Math.max(...loads.map((load) => load.render)) < RENDER_TARGET_MS ? 'yes' : '**no**'} |`;
    const frameRow = (label: string, frames: Frames) =>
      `| ${label} | ${round(frames.fps, 1)} | ${round(frames.p95, 1)} | ${round(frames.worst, 1)} | ${frames.long} |`;
    return [
      `${DEVICES} devices of every type on the demo plant's plan (PNG 2,400 × 1,500, placed through the API), all listed beside it; production build served by the real server on PGlite; Debian's Chromium (headless, 1366 × 768, no GPU) on the same 2 cores. ` +
        `Measured in the page with the Performance API. ${RUNS} visits each; first visit = new browser context (empty cache, no service worker), return visit = same page navigated again.`,
      '',
      `### First render (target: under ${RENDER_TARGET_MS} ms)`,
      '',
      '"Render" runs from the last API answer the editor waited for (`responseEnd`) to the first animation frame with every marker and list row in the document; "from navigation" adds loading the app, signing in and the requests.',
      '',
      '| Visit | Render, median ms | Render, slowest ms | From navigation, median ms | Longest frame while loading, ms | Under target |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      loadRow('First visit', first),
      loadRow('Return visit', again),
      '',
      `### Dragging (target: 60 fps)`,
      '',
      `Mouse moves one per animation frame (${MOVES} moves); frame rate and intervals from requestAnimationFrame timestamps; long frames as Chromium's Long Animation Frames API reports them.`,
      '',
      '| Gesture | Frames per second | p95 frame interval, ms | Worst interval, ms | Frames over 50 ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      frameRow(`A marker dragged across the plan (${MOVES} moves)`, drag),
      frameRow('Its drop: saved, drawn again, counts read again (30 frames after the answer)', drop),
      frameRow(`The plan panned with ${DEVICES} markers (${MOVES} moves)`, pan),
      frameRow('Wheel zoom, 20 steps', zoom),
      '',
      "Two changes came from these figures (same machine, load average about 12). Zooming redrew the 500 markers at every wheel step (49 fps, p95 frame 50 ms, 6 frames over 50 ms): the plan is now one layer the compositor scales while a zoom goes on, drawn again once it stops. Choosing or dropping a device resized the plan (the selection bar above it, a status line of changing height), and a resized plan is fitted and drawn again: after a drop 34 fps, p95 frame 150 ms; the bar now lies over the plan and the status line keeps its height. A drop also read every device and placement again; now only the site's plan counts are read, the rest is marked stale.",
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await database.dispose();
  }
}
