import { ProductMessages } from '@rondin/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeUnchecked } from '../../../test/unchecked-files.js';
import { createProduct, pdfOf, putDocument, tinyPdf } from '../../../test/products.js';
import { createAdmin, createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

const upload = (productId: number, file: Buffer) =>
  putDocument(t, admin, productId, 'sds', { issuedOn: '2025-03-01', file });
const download = (productId: number) =>
  t.app.inject({ url: `/api/products/${productId}/documents/sds`, headers: admin.headers });

/** Active content each in its own PDF: run on opening, on a click, or carried inside. */
const ACTIVE = {
  'JavaScript on opening': pdfOf('/OpenAction 4 0 R', '4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj'),
  'JavaScript in the names tree': pdfOf(
    '/Names << /JavaScript << /Names [(a) 4 0 R] >> >>',
    '4 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj',
  ),
  'a program launched on opening': pdfOf('/OpenAction << /S /Launch /F (cmd.exe) >>'),
  'an embedded file': pdfOf(
    '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>',
    '4 0 obj << /Type /Filespec >> endobj',
  ),
  'a form sent on a page action': pdfOf('/AA << /WC << /S /SubmitForm /F (https://example.test) >> >>'),
};

describe('product documents', () => {
  it('refuses what starts as a PDF but is not one, or has no page (400, in Spanish)', async () => {
    const product = await createProduct(t, admin);
    for (const file of [
      Buffer.from('%PDF-1.7\n<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      tinyPdf.subarray(0, 60),
    ]) {
      const response = await upload(product.id, file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(ProductMessages.documentNotPdf);
    }
    expect((await download(product.id)).statusCode).toBe(404);
  });

  it('refuses JavaScript, launched programs, forms sent and embedded files; a plain PDF is shown in place', async () => {
    const product = await createProduct(t, admin);
    for (const [what, file] of Object.entries(ACTIVE)) {
      const response = await upload(product.id, file);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().message, what).toBe(ProductMessages.documentActiveContent);
    }
    // What viewers do on their own (a link, an opening view) is not active content.
    const plain = pdfOf('/OpenAction [3 0 R /Fit] /URI << /Base (https://fabricante.test/) >>');
    expect((await upload(product.id, plain)).statusCode).toBe(200);
    const served = await download(product.id);
    expect(served.rawPayload.equals(plain)).toBe(true);
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('serves a document stored before the check only to be saved, unless it parses clean', async () => {
    const product = await createProduct(t, admin);
    const cases = [
      [ACTIVE['JavaScript on opening'], 'attachment'],
      [Buffer.from('%PDF-1.7\n<html></html>'), 'attachment'],
      [pdfOf('/PageMode /UseNone'), 'inline'],
    ] as const;
    for (const [file, disposition] of cases) {
      const fileId = await storeUnchecked(t, file, 'application/pdf');
      await t.database.db.execute(
        sql`update products set sds_file_id = ${fileId}, sds_issued_on = '2025-03-01' where id = ${product.id}`,
      );
      const served = await download(product.id);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(file)).toBe(true);
      expect(served.headers['content-disposition']).toMatch(new RegExp(`^${disposition};`));
    }
  });
});
