import { CertificateMessages } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brokenPngs, hugePng, signaturePng } from '../../../test/bad-images.js';
import { storeUnchecked } from '../../../test/unchecked-files.js';
import { CLIENT_ABSENT, close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const saveOwn = (imagePng: string) =>
  t.app.inject({ method: 'PUT', url: '/api/technicians/me/signature', headers: tech.headers, payload: { imagePng } });

async function scannedOrder(code: string) {
  const trap = await createTrap(t, { code });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  return order;
}

/** Closing draws and stores PDFs, which are then read back. */
const PDF_WORK = { timeout: 90_000 };

describe('signature images', PDF_WORK, () => {
  it('refuses, in Spanish, a signature whose first bytes are a PNG but whose data is junk or cut short', async () => {
    const order = await scannedOrder('FIRMA-1');
    for (const [what, png] of Object.entries(await brokenPngs())) {
      const imagePng = png.toString('base64');
      // Without storing the closer's own signature first: that refusal is checked below.
      const closed = await close(t, tech, order.id, { clientSignature: { name: 'Marta', imagePng }, sign: false });
      expect(closed.statusCode, what).toBe(400);
      expect(closed.json().message, what).toBe(CertificateMessages.signatureUnreadable);
      const saved = await saveOwn(imagePng);
      expect(saved.statusCode, what).toBe(400);
      expect(saved.json().message, what).toBe(CertificateMessages.signatureUnreadable);
    }
    expect((await get(`/api/sessions/${order.id}`, tech)).json().status).toBe('IN_PROGRESS');
    expect((await get('/api/technicians/me/signature', tech)).statusCode).toBe(404);
    // A sound signature still closes the order.
    const good = (await signaturePng()).toString('base64');
    expect((await saveOwn(good)).statusCode).toBe(204);
    expect((await close(t, tech, order.id, { clientSignature: { name: 'Marta', imagePng: good } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a signature of more than 1,200 × 600 pixels before decoding it', async () => {
    const order = await scannedOrder('FIRMA-2');
    const huge = hugePng(9000, 9000);
    expect(huge.length).toBeLessThan(200 * 1024);
    for (const png of [huge, hugePng(1201, 300), hugePng(600, 601)]) {
      const imagePng = png.toString('base64');
      const closed = await close(t, tech, order.id, { clientSignature: { name: 'Marta', imagePng } });
      expect(closed.statusCode).toBe(400);
      expect(closed.json().message).toBe(CertificateMessages.signatureTooManyPixels);
      const saved = await saveOwn(imagePng);
      expect(saved.statusCode).toBe(400);
      expect(saved.json().message).toBe(CertificateMessages.signatureTooManyPixels);
    }
    const largest = hugePng(1200, 600).toString('base64');
    expect((await saveOwn(largest)).statusCode).toBe(204);
  });

  it('draws the certificate of a signature stored broken before the check: the close answers, the PDF says so', async () => {
    for (const [what, png] of Object.entries(await brokenPngs())) {
      const fileId = await storeUnchecked(t, png, 'image/png');
      await t.database.db.execute(sql`update technicians set signature_file_id = ${fileId} where id = ${tech.id}`);
      const order = await scannedOrder(`ROTA-${fileId}`);
      const closed = await close(t, tech, order.id, { clientSignature: CLIENT_ABSENT });
      expect(closed.statusCode, what).toBe(200);
      // Stored at close, not left for a later read: the folio has its certificate.
      const summary = await get(`/api/sessions/${order.id}/certificate`, admin);
      expect(summary.json().sha256, what).toMatch(/^[0-9a-f]{64}$/);
      const pdf = await get(`/api/sessions/${order.id}/report`, admin);
      expect(pdf.statusCode, what).toBe(200);
      const text = (await readPdf(pdf.rawPayload)).map((page) => page.text).join(' ');
      expect(text, what).toContain('La firma guardada no se puede leer.');
    }
  });
});
