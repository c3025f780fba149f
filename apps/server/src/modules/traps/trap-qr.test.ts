import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TrapMessages } from '@rondin/contracts';
import { qrSlugFromLabel } from '@rondin/contracts/qr-code';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

/** A PUBLIC_URL longer than most (its trailing slash is dropped): the QR grows a version and must still read. */
const PUBLIC_URL = 'https://rondin.control-de-plagas.planta-norte-ejemplo.cl:8443/';
const BASE = 'https://rondin.control-de-plagas.planta-norte-ejemplo.cl:8443';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

const get = (url: string, user: TestUser = admin) => t.app.inject({ method: 'GET', url, headers: user.headers });

const zbar = (png: string, cwd: string) =>
  execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', png], {
    cwd,
    encoding: 'utf8',
    // zbarimg complains on stderr that there is no D-Bus here; only its answer matters.
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .split('\n')
    .filter(Boolean);

/** The A4 sheet's grid (trap-labels.ts): 3 × 4 labels inside 10 mm margins. */
const SHEET_MM = { width: 210, height: 297, margin: 10, columns: 3, rows: 4 };
const DPI = 300;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/**
 * What a phone's camera reads off the printed label: the PDF rasterised at 300 dpi (a laser printer's) by
 * poppler, decoded by zbar, a decoder of its own, not the one the app uses. A sheet is read one label at a
 * time, as a camera sees it: zbar scanning a whole page of 12 codes at once sometimes misses one that it
 * reads alone.
 */
function decodeLabels(pdf: Buffer, page: number, cells: number | null): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-labels-'));
  try {
    fs.writeFileSync(path.join(folder, 'labels.pdf'), pdf);
    const render = (name: string, crop: string[] = []) => {
      const pageArgs = ['-f', String(page), '-l', String(page)];
      execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', ...pageArgs, ...crop, 'labels.pdf', name], {
        cwd: folder,
      });
      return zbar(`${name}.png`, folder);
    };
    if (cells === null) return render('label');
    const width = (SHEET_MM.width - 2 * SHEET_MM.margin) / SHEET_MM.columns;
    const height = (SHEET_MM.height - 2 * SHEET_MM.margin) / SHEET_MM.rows;
    const codes: string[] = [];
    for (let cell = 0; cell < cells; cell++) {
      const x = SHEET_MM.margin + (cell % SHEET_MM.columns) * width;
      const y = SHEET_MM.margin + Math.floor(cell / SHEET_MM.columns) * height;
      const crop = ['-x', String(px(x)), '-y', String(px(y)), '-W', String(px(width)), '-H', String(px(height))];
      codes.push(...render(`cell-${cell}`, crop));
    }
    return codes;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('labels with PUBLIC_URL set', () => {
  it("encode the app's address of the trap, which the in-app scanner reads back to the trap's code", async () => {
    const trap = await createTrap(t, { code: 'TRP-201', area: 'Bodega de insumos' });
    const response = await get(`/api/traps/${trap.id}/label`);
    expect(response.statusCode).toBe(200);
    const codes = decodeLabels(response.rawPayload, 1, null);
    expect(codes).toEqual([`${BASE}/t/${trap.qrSlug}`]);
    expect(qrSlugFromLabel(codes[0]!)).toBe(trap.qrSlug);
  }, 30_000);

  it('still fit 12 to an A4 sheet, every QR readable at 300 dpi', async () => {
    const traps = [];
    for (let i = 1; i <= 13; i++) traps.push(await createTrap(t, { code: `TRP-${String(i).padStart(3, '0')}` }));
    const response = await get('/api/traps/labels');
    expect(response.statusCode).toBe(200);
    // Each label's QR inside its own cell: it fits, and it reads.
    const first = decodeLabels(response.rawPayload, 1, 12);
    const second = decodeLabels(response.rawPayload, 2, 1);
    expect(first).toHaveLength(12);
    expect([...first, ...second].sort()).toEqual(traps.map((trap) => `${BASE}/t/${trap.qrSlug}`).sort());
    // Thirteen crops rasterised at 300 dpi and decoded by separate programs: seconds on a busy 2-core machine.
  }, 60_000);
});

describe('GET /api/traps/by-qr?qrSlug=', () => {
  it("answers the trap whose label carries the code, as an administrator opens it from a label's address", async () => {
    await createTrap(t);
    const trap = await createTrap(t, { code: 'TRP-777', area: 'Cocina' });
    const response = await get(`/api/traps/by-qr?qrSlug=${trap.qrSlug}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: trap.id, code: 'TRP-777', area: 'Cocina', qrSlug: trap.qrSlug });
  });

  it('answers 404 in Spanish for a code no trap has, and 400 for one that cannot be a label code', async () => {
    const unknown = await get('/api/traps/by-qr?qrSlug=abcd1234efgh5678jkmn');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TrapMessages.noTrapForQr);
    for (const bad of ['TRP-201', 'abcd1234efgh5678jkmu', 'abcd1234efgh5678jkm']) {
      const response = await get(`/api/traps/by-qr?qrSlug=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(JSON.stringify(response.json()), bad).toContain(TrapMessages.qrFormat);
    }
  });

  it('is for administrators only: a technician opens a label through the orders on the phone', async () => {
    const trap = await createTrap(t);
    expect((await get(`/api/traps/by-qr?qrSlug=${trap.qrSlug}`, await createUser(t))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/traps/by-qr?qrSlug=${trap.qrSlug}` })).statusCode).toBe(401);
  });
});
