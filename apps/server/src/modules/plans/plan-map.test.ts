import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRAP_MARKER_STYLES, TRAP_TYPE_NAMES, TRAP_TYPES, type TrapType } from '@rondin/contracts/devices';
import type { Plan } from '@rondin/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { overlaps, readTextItems, type TextItem } from '../../../test/pdf-layout.js';
import { createPlan, placeTrap, planImage } from '../../../test/plans.js';
import { createAdmin, createTestApp, createTrap, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

/** Points per page: A4, ISO 216. */
const A4 = { short: 595.28, long: 841.89 };
const MARGIN = 40;
/** Rendered at 144 dpi: two pixels a point. */
const SCALE = 2;

/** UTC+14 all year: the site's date differs from the server's (UTC) for 14 hours of every day. */
const TIME_ZONE = 'Pacific/Kiritimati';

interface Device {
  id: number;
  code: string;
  type: TrapType;
  x: number;
  y: number;
}

async function siteWithPlan(image: Buffer, devices: number, place: (index: number) => { x: number; y: number }) {
  const [site] = await t.database.db
    .insert(sites)
    .values({ name: 'Planta Ñuñoa', client: 'Alimentos del Sur S.A.', timeZone: TIME_ZONE })
    .returning();
  const plan = await createPlan(t, admin, site!.id, 'Nave 2 — envasado', image);
  const placed: Device[] = [];
  for (let index = 0; index < devices; index++) {
    const type = TRAP_TYPES[index % TRAP_TYPES.length]!;
    // Codes created out of order: the numbers follow the codes, not the order of creation.
    const code = `EV-${String(devices - index).padStart(3, '0')}`;
    const trap = await createTrap(t, { siteId: site!.id, code, type, area: index % 4 ? `Línea ${index % 4}` : null });
    const point = place(index);
    expect((await placeTrap(t, admin, trap.id, { planId: plan.id, ...point })).statusCode).toBe(200);
    placed.push({ id: trap.id, code, type, ...point });
  }
  return { plan, devices: placed.sort((a, b) => a.code.localeCompare(b.code)) };
}

async function mapOf(plan: Plan) {
  const before = new Date();
  const response = await t.app.inject({ url: `/api/plans/${plan.id}/map.pdf`, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const days = [before, new Date()].map((at) =>
    new Intl.DateTimeFormat('es-CL', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' })
      .format(at)
      .replaceAll('/', '-'),
  );
  return { pdf: response.rawPayload, days };
}

/** Page sizes in points, as a viewer reads them. */
async function pageSizes(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const sizes = [];
  for (let number = 1; number <= document.numPages; number++) {
    const { width, height } = (await document.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: Math.round(width * 100) / 100, height: Math.round(height * 100) / 100 });
  }
  await document.destroy();
  return sizes;
}

/** Page 1 as a printer would rasterise it (poppler), as RGB pixels. */
async function renderFirstPage(pdf: Buffer) {
  const png = withFile(pdf, (file) =>
    execFileSync('pdftoppm', ['-r', String(72 * SCALE), '-f', '1', '-l', '1', '-png', file]),
  );
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    /** How many pixels within `radius` points of (x, y) are within 40 of the colour in every channel. */
    pixelsOf(color: string, x: number, y: number, radius: number): number {
      const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
      let found = 0;
      const reach = Math.ceil(radius * SCALE);
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const px = Math.round(x * SCALE) + dx;
          const py = Math.round(y * SCALE) + dy;
          if (px < 0 || py < 0 || px >= info.width || py >= info.height || dx * dx + dy * dy > reach * reach) continue;
          const at = (py * info.width + px) * 3;
          if ([r, g, b].every((channel, index) => Math.abs(data[at + index]! - channel!) <= 40)) found++;
        }
      }
      return found;
    },
  };
}

function withFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-map-'));
  try {
    const file = path.join(dir, 'map.pdf');
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where each marker's number is centred on page 1. The first number on that page is the count of devices,
 * among the facts above the plan; the markers' follow.
 */
function markerCentres(items: TextItem[]) {
  const markers = items.filter((item) => item.page === 1 && /^\d+$/.test(item.text)).slice(1);
  return (number: number) => {
    const item = markers.find((marker) => marker.text === String(number))!;
    return { x: item.x + item.width / 2, y: item.y - 0.365 * item.size };
  };
}

/** Every piece of text stays inside the page's margins: nothing is cut off at any edge. */
function expectInsideMargins(items: TextItem[], sizes: { width: number; height: number }[]) {
  for (const item of items) {
    const page = sizes[item.page - 1]!;
    const box = {
      left: item.x,
      right: item.x + item.width,
      top: item.y - 0.93 * item.size,
      bottom: item.y + 0.24 * item.size,
    };
    const where = `«${item.text}» on page ${item.page} at ${JSON.stringify(box)}`;
    expect(box.left, where).toBeGreaterThanOrEqual(MARGIN - 0.5);
    expect(box.right, where).toBeLessThanOrEqual(page.width - MARGIN + 0.5);
    expect(box.top, where).toBeGreaterThanOrEqual(MARGIN - 0.5);
    expect(box.bottom, where).toBeLessThanOrEqual(page.height - MARGIN + 0.5);
  }
}

describe('the device map', () => {
  it('prints every device numbered in code order, on the plan where it stands and in the legend, dated in the site zone', async () => {
    // A wide plan with a green block in its upper left quarter, and 120 devices on a grid: still A4, the
    // sheet a client's binder takes.
    const image = await planImage(2400, 1200, 'png', { x: 300, y: 150, width: 600, height: 300, color: '#22aa44' });
    const columns = 15;
    const { plan, devices } = await siteWithPlan(image, 120, (index) => ({
      x: (index % columns) / (columns - 1),
      y: Math.floor(index / columns) / 7,
    }));
    const { pdf, days } = await mapOf(plan);

    const sizes = await pageSizes(pdf);
    expect(sizes[0]).toEqual({ width: A4.long, height: A4.short });
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    const items = await readTextItems(pdf);
    const text = (page: number) =>
      items
        .filter((item) => item.page === page)
        .map((item) => item.text)
        .join(' ');
    expect(text(1)).toMatch(new RegExp(`Plano vigente al (${days.join('|')})`));
    for (const fact of ['Mapa de dispositivos', 'Planta Ñuñoa', 'Nave 2 — envasado', 'Alimentos del Sur S.A.', '120']) {
      expect(text(1)).toContain(fact);
    }
    for (const type of TRAP_TYPES) expect(text(1)).toContain(TRAP_TYPE_NAMES[type]);

    // The legend: each device's number, code, type and area on one line, numbered in code order.
    const legend = items.filter((item) => item.page > 1);
    devices.forEach((device, index) => {
      const number = legend.find((item) => item.text === String(index + 1) && item.x < MARGIN + 70);
      expect(number, `number ${index + 1}`).toBeDefined();
      const row = legend.filter((item) => item.page === number!.page && Math.abs(item.y - number!.y) < 1);
      expect(row.map((item) => item.text).slice(1), `row ${index + 1}`).toEqual([
        device.code,
        TRAP_TYPE_NAMES[device.type],
        expect.stringMatching(/^(Línea \d|Sin área)$/),
      ]);
    });
    expect(overlaps(legend)).toEqual([]);
    expectInsideMargins(items, sizes);

    // On the plan: each number stands where its device is, the plan scaled the same across and down.
    const centre = markerCentres(items);
    const first = devices.findIndex((device) => device.x === 0 && device.y === 0) + 1;
    const last = devices.findIndex((device) => device.x === 1 && device.y === 1) + 1;
    const origin = centre(first);
    const far = centre(last);
    const scale = { x: far.x - origin.x, y: far.y - origin.y };
    expect(scale.x / scale.y).toBeCloseTo(2400 / 1200, 1);
    const page = await renderFirstPage(pdf);
    devices.forEach((device, index) => {
      const expected = { x: origin.x + device.x * scale.x, y: origin.y + device.y * scale.y };
      const found = centre(index + 1);
      // A triangle's number sits a little below its middle.
      expect(Math.hypot(found.x - expected.x, found.y - expected.y), `marker ${index + 1}`).toBeLessThan(2);
      // Its marker is there too, in its type's colour.
      expect(
        page.pixelsOf(TRAP_MARKER_STYLES[device.type].color, expected.x, expected.y, 5),
        `marker ${index + 1} (${device.type})`,
      ).toBeGreaterThan(30);
    });
    // The image is under them, upright: its green block in its upper left quarter.
    const block = { x: origin.x + (600 / 2400) * scale.x, y: origin.y + (300 / 1200) * scale.y };
    expect(page.pixelsOf('#22aa44', block.x, block.y, 3)).toBeGreaterThan(100);
    expect(page.pixelsOf('#22aa44', origin.x + 0.75 * scale.x, origin.y + 0.75 * scale.y, 3)).toBe(0);
  });

  it('prints a tall plan with few devices on A4 portrait, a WebP and a turned photo upright', async () => {
    const webp = await planImage(900, 1400, 'webp', { x: 0, y: 0, width: 450, height: 200, color: '#1d4ed8' });
    // Stored sideways with EXIF orientation 6 (turn 90° clockwise to show): shown, it is 900 × 1400 with the
    // blue block across its top.
    const sideways = await sharp(webp).rotate(-90).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    for (const image of [webp, sideways]) {
      await t.reset();
      admin = await createAdmin(t);
      const { plan } = await siteWithPlan(image, 3, (index) => ({ x: 0.9, y: 0.3 + 0.3 * index }));
      expect(plan).toMatchObject({ width: 900, height: 1400 });
      const { pdf } = await mapOf(plan);
      expect(await pageSizes(pdf)).toEqual([
        { width: A4.short, height: A4.long },
        { width: A4.short, height: A4.long },
      ]);
      const items = await readTextItems(pdf);
      expectInsideMargins(items, await pageSizes(pdf));
      // Devices 1 and 3 stand at x = 0.9, y = 0.9 and 0.3; the block fills the top left (0–0.5, 0–0.14).
      const centre = markerCentres(items);
      const [low, high] = [centre(1), centre(3)];
      const perY = (low.y - high.y) / 0.6;
      const top = { x: high.x - 0.65 * perY * (900 / 1400), y: high.y - 0.23 * perY };
      const page = await renderFirstPage(pdf);
      expect(page.pixelsOf('#1d4ed8', top.x, top.y, 3)).toBeGreaterThan(100);
    }
  });

  it('keeps the longest names a site, plan, code and area can have inside the page, each clear of the others', async () => {
    const [site] = await t.database.db
      .insert(sites)
      .values({ name: 'W'.repeat(120), client: 'Ñ'.repeat(160), timeZone: TIME_ZONE })
      .returning();
    const plan = await createPlan(t, admin, site!.id, 'W'.repeat(120), await planImage(900, 1400));
    for (let index = 0; index < 40; index++) {
      const code = `${'W'.repeat(37)}${String(index).padStart(3, '0')}`;
      const trap = await createTrap(t, { siteId: site!.id, code, type: 'LUZ_UV', area: 'W'.repeat(80) });
      await placeTrap(t, admin, trap.id, { planId: plan.id, x: (index % 5) / 4, y: Math.floor(index / 5) / 7 });
    }
    const { pdf } = await mapOf(plan);
    const items = await readTextItems(pdf);
    expectInsideMargins(items, await pageSizes(pdf));
    // The facts, key and legend never touch; the markers' numbers are left out (two may share a corner).
    const words = items.filter((item) => !/^\d+$/.test(item.text) || item.page > 1);
    expect(overlaps(words)).toEqual([]);
    const legend = items.filter((item) => item.page > 1);
    expect(legend.filter((item) => item.text.startsWith('WWW') && item.text.endsWith('039'))).toHaveLength(1);
  });

  it('prints a plan with no device on it, and says so', async () => {
    const { plan } = await siteWithPlan(await planImage(800, 600), 0, () => ({ x: 0, y: 0 }));
    const { pdf } = await mapOf(plan);
    const text = (await readTextItems(pdf)).map((item) => item.text).join(' ');
    expect(text).toContain('No hay dispositivos ubicados en este plano.');
    expect(text).toContain('Ningún dispositivo ubicado.');
  });
});
