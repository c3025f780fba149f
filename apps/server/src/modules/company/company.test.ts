import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompanySettingsMessages, LOGO_MAX_BYTES } from '@rondin/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.js';
import { multipartForm } from '../../../test/multipart.js';
import { close, createOrder, scan } from '../../../test/orders.js';
import { createPlan, placeTrap } from '../../../test/plans.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://rondin.ejemplo.es' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Luis Gómez' });
});

const COMPANY = {
  name: 'Plagas Levante S.L.',
  taxId: 'b-12.345 678',
  address: 'Calle Mayor 1, 46001 Valencia',
  phone: '+34 961 234 567',
  registryNumber: 'ROESB 0123-CVA',
  technicalManager: 'Ana Ruiz',
};

const putCompany = (body: object, user: TestUser = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/company', headers: user.headers, payload: body });

const putLogo = (data: Buffer, user: TestUser = admin, filename = 'logo.png') => {
  const form = multipartForm([{ name: 'file', filename, contentType: 'image/png', data }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/settings/company/logo',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload(),
  });
};

const get = (url: string, user: TestUser = admin) => t.app.inject({ url, headers: user.headers });

/** A wide logo, larger than it is kept: a JPEG photo of 1500 × 500 pixels. */
const wideJpeg = () =>
  sharp({ create: { width: 1500, height: 500, channels: 3, background: '#1f6f3f' } })
    .jpeg()
    .toBuffer();

/** pdftotext's reading of a PDF: what a person copying from it, or a search, would find. */
function pdfText(pdf: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-settings-'));
  try {
    fs.writeFileSync(path.join(folder, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', 'doc.pdf', '-'], { cwd: folder, encoding: 'utf8' });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The images a PDF embeds, as pdfimages lists them (one line each after the two header lines). */
function pdfImageCount(pdf: Buffer): number {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-settings-'));
  try {
    fs.writeFileSync(path.join(folder, 'doc.pdf'), pdf);
    return (
      execFileSync('pdfimages', ['-list', 'doc.pdf'], { cwd: folder, encoding: 'utf8' }).trim().split('\n').length - 2
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('company settings', () => {
  it('are all null until saved, and readable by any signed-in account', async () => {
    for (const user of [admin, tech]) {
      const response = await get('/api/settings/company', user);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        name: null,
        taxId: null,
        address: null,
        phone: null,
        registryNumber: null,
        technicalManager: null,
        hasLogo: false,
        updatedAt: null,
      });
    }
    expect((await t.app.inject({ url: '/api/settings/company' })).statusCode).toBe(401);
  });

  it('round-trip: the tax id is kept compact and upper-cased, empty fields become null', async () => {
    const saved = await putCompany({ ...COMPANY, address: '   ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { ...COMPANY, taxId: 'B12345678', address: null, hasLogo: false };
    expect(saved.json()).toMatchObject(expected);
    const read = await get('/api/settings/company', tech);
    expect(read.json()).toMatchObject(expected);
    // A second save replaces the first; a field left out is cleared.
    const again = await putCompany({ name: 'Plagas Levante' });
    expect(again.json()).toMatchObject({ name: 'Plagas Levante', taxId: null, registryNumber: null });
  });

  it('refuse a missing name and a malformed tax id, in Spanish, and keep what was saved', async () => {
    await putCompany(COMPANY);
    const noName = await putCompany({ ...COMPANY, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toEqual([CompanySettingsMessages.nameRequired]);
    const missing = await putCompany({ taxId: 'B12345678' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual([CompanySettingsMessages.nameRequired]);
    const badTaxId = await putCompany({ ...COMPANY, taxId: 'B12/34' });
    expect(badTaxId.statusCode).toBe(400);
    expect(badTaxId.json().message).toEqual([CompanySettingsMessages.taxIdFormat]);
    const unknown = await putCompany({ ...COMPANY, web: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect((await get('/api/settings/company')).json().name).toBe(COMPANY.name);
  });

  it('are changed by administrators only (403 for a technician)', async () => {
    expect((await putCompany(COMPANY, tech)).statusCode).toBe(403);
    await putCompany(COMPANY);
    expect((await putLogo(await wideJpeg(), tech)).statusCode).toBe(403);
    const removal = await t.app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers: tech.headers });
    expect(removal.statusCode).toBe(403);
  });
});

describe('company logo', () => {
  it('is kept as a PNG of at most 600 pixels a side, replaced by the next, and removed', async () => {
    expect((await putLogo(await wideJpeg())).statusCode).toBe(409);
    await putCompany(COMPANY);
    const uploaded = await putLogo(await wideJpeg(), admin, 'logo.jpg');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().hasLogo).toBe(true);
    const logo = await get('/api/settings/company/logo', tech);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 200 });
    // A small logo is not enlarged; the old one's file goes.
    const small = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await putLogo(small)).statusCode).toBe(200);
    expect(await sharp((await get('/api/settings/company/logo')).rawPayload).metadata()).toMatchObject({
      width: 120,
      height: 80,
      hasAlpha: true,
    });
    expect(await t.database.db.$count(files)).toBe(1);
    const removal = await t.app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers: admin.headers });
    expect(removal.statusCode).toBe(204);
    expect((await get('/api/settings/company/logo')).statusCode).toBe(404);
    expect((await get('/api/settings/company')).json().hasLogo).toBe(false);
    expect(await t.database.db.$count(files)).toBe(0);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/settings/company/logo', headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses what is no image (415), a damaged image (400) and one over 2 MB (413), keeping the old logo', async () => {
    await putCompany(COMPANY);
    await putLogo(await wideJpeg());
    const pdf = await putLogo(Buffer.from('%PDF-1.4\n%fake\n'), admin, 'logo.pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(CompanySettingsMessages.logoWrongType);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const damaged = await putLogo(Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().message).toBe(CompanySettingsMessages.logoUnreadable);
    const huge = await putLogo(Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES, 0)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(CompanySettingsMessages.logoTooLarge);
    const logo = await get('/api/settings/company/logo');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 600, height: 200 });
    expect(await t.database.db.$count(files)).toBe(1);
  });
});

describe('documents headed by the company', () => {
  it("the order's certificate prints the company's name, tax id and registry number, and its logo", async () => {
    const closeOne = async (code: string) => {
      const trap = await createTrap(t, { code });
      const order = await createOrder(t, admin, tech.id, [trap.id]);
      await scan(t, tech, order.id, trap.qrSlug);
      await close(t, tech, order.id);
      return order;
    };
    // Closed before the company was saved: issued without it, and an issued certificate never changes.
    const earlier = await closeOne('TRP-001');
    const before = await get(`/api/sessions/${earlier.id}/report`);
    expect(pdfText(before.rawPayload)).toContain('RONDÍN');
    // The technician's signature only: no logo.
    expect(pdfImageCount(before.rawPayload)).toBe(1);

    await putCompany(COMPANY);
    await putLogo(await wideJpeg());
    const again = await get(`/api/sessions/${earlier.id}/report`);
    expect(Buffer.compare(again.rawPayload, before.rawPayload)).toBe(0);

    const later = await closeOne('TRP-003');
    const report = await get(`/api/sessions/${later.id}/report`);
    expect(report.statusCode).toBe(200);
    const text = pdfText(report.rawPayload);
    expect(text).toContain('Plagas Levante S.L.');
    expect(text).toContain('NIF B12345678');
    expect(text).toContain('Registro ROESB 0123-CVA');
    expect(text).toContain('Responsable técnico: Ana Ruiz');
    expect(text).not.toContain('RONDÍN');
    // The logo, and the technician's signature.
    expect(pdfImageCount(report.rawPayload)).toBe(2);
  }, 30_000);

  it('the compliance export and the plan map carry it too', async () => {
    await putCompany(COMPANY);
    const trap = await createTrap(t, { code: 'TRP-002' });
    const exported = await get('/api/reports/export?format=pdf');
    expect(exported.statusCode).toBe(200);
    expect(pdfText(exported.rawPayload)).toContain('Registro ROESB 0123-CVA');
    const plan = await createPlan(
      t,
      admin,
      DEFAULT_SITE_ID,
      'Planta baja',
      await sharp({ create: { width: 800, height: 500, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await placeTrap(t, admin, trap.id, { planId: plan.id, x: 0.5, y: 0.5 });
    const map = await get(`/api/plans/${plan.id}/map.pdf`);
    expect(map.statusCode).toBe(200);
    expect(pdfText(map.rawPayload)).toContain('Plagas Levante S.L.');
  }, 30_000);

  it("labels print the company's name and phone small, and their QR still reads (zbarimg at 300 dpi)", async () => {
    await putCompany(COMPANY);
    const trap = await createTrap(t, { code: 'TRP-003', area: 'Cámara de frío' });
    const label = await get(`/api/traps/${trap.id}/label`);
    expect(label.statusCode).toBe(200);
    // Name and phone do not fit beside the type's mark at this size: the name alone.
    expect(pdfText(label.rawPayload)).toContain('Plagas Levante S.L.');
    expect(pdfText(label.rawPayload)).not.toContain('RONDÍN');
    await putCompany({ name: 'Plagas SL', phone: '961 234 567' });
    const short = await get(`/api/traps/${trap.id}/label`);
    expect(pdfText(short.rawPayload)).toContain('Plagas SL · Tel. 961 234 567');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-settings-'));
    try {
      fs.writeFileSync(path.join(folder, 'label.pdf'), label.rawPayload);
      execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', 'label.pdf', 'label'], { cwd: folder });
      const decoded = execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', 'label.png'], {
        cwd: folder,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      expect(decoded.trim()).toBe(`https://rondin.ejemplo.es/t/${trap.qrSlug}`);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
