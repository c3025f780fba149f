import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocument } from '../../lib/pdf-document.js';
import { visit } from '../../../test/inspections.js';
import { close } from '../../../test/orders.js';
import { applicationInput, createProduct, putApplication, putDocument } from '../../../test/products.js';
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
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

/** A manufacturer's document: `pages` A4 pages, each saying what it is and its page. */
async function manufacturerPdf(title: string, pages: number): Promise<Buffer> {
  const doc = createDocument(title);
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage();
    doc.fontSize(18).text(`${title} - hoja ${page}`, 60, 120);
  }
  doc.end();
  return buffer(doc as unknown as NodeJS.ReadableStream);
}

/** Each page's text as poppler reads it. */
function pagesText(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-annex-'));
  try {
    fs.writeFileSync(path.join(folder, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', 'p.pdf', '-'], { cwd: folder, encoding: 'utf8' })
      .split('\f')
      .slice(0, -1);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('the audit pack annexes', { timeout: 120_000 }, () => {
  it('appends the label and safety data sheet of each product applied, listed with their pages, numbered on', async () => {
    const trap = await createTrap(t, { code: 'CEB-01', area: 'Muelle', type: 'CEBADERO' });
    const { order } = await visit(t, admin, tech, new Date(Date.now() - 3 * 86_400_000), [
      { trap, scanned: true, finding: {} },
    ]);
    const applied = await createProduct(t, admin, { name: 'Bromadiolona Pasta' });
    const unused = await createProduct(t, admin, { name: 'Gel Sin Usar', registrationNumber: 'ES/APP-2019-18-00999' });
    for (const [product, kind, title, pages, issuedOn] of [
      [applied, 'label', 'ETIQUETA BROMADIOLONA', 1, '2025-02-10'],
      [applied, 'sds', 'FICHA DE SEGURIDAD BROMADIOLONA', 2, '2025-03-01'],
      [unused, 'sds', 'FICHA DE SEGURIDAD GEL', 1, '2025-03-01'],
    ] as const) {
      const stored = await putDocument(t, admin, product.id, kind, {
        issuedOn,
        file: await manufacturerPdf(title, pages),
      });
      expect(stored.statusCode, stored.body).toBe(200);
    }
    const put = await putApplication(t, tech, order.id, applicationInput(applied.id, { trapId: trap.id }));
    expect(put.statusCode, put.body).toBe(201);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);

    const response = await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const pages = pagesText(response.rawPayload);
    const total = pages.length;
    // The label, then the two sheets of the safety data sheet, last; the unused product's sheet is not there.
    expect(pages[total - 3]).toContain('ETIQUETA BROMADIOLONA - hoja 1');
    expect(pages[total - 2]).toContain('FICHA DE SEGURIDAD BROMADIOLONA - hoja 1');
    expect(pages[total - 1]).toContain('FICHA DE SEGURIDAD BROMADIOLONA - hoja 2');
    expect(pages.join('\n')).not.toContain('FICHA DE SEGURIDAD GEL');
    // Each annexed page says whose it is and continues the numbering.
    expect(pages[total - 1]).toContain('Anexo: Bromadiolona Pasta · Ficha de datos de seguridad (01-03-2025)');
    expect(pages[total - 1]).toContain(`Página ${total} de ${total}`);
    expect(pages[0]).toContain(`Página 1 de ${total}`);
    // The section lists them with the pages they are on, and the index points at the section.
    const section = pages.findIndex(
      (text) => text.includes('Anexo: etiquetas y fichas de datos de seguridad') && text.includes('N.º de registro'),
    );
    expect(section).toBe(total - 4);
    expect(pages[section]).toMatch(new RegExp(`Etiqueta\\s+10-02-2025\\s+${total - 2}`));
    expect(pages[section]).toMatch(new RegExp(`Ficha de datos de seguridad\\s+01-03-2025\\s+${total - 1} a ${total}`));
    expect(pages[1]).toMatch(new RegExp(`Anexo: etiquetas y fichas de datos de seguridad.*página ${section + 1}`));
  });
});
