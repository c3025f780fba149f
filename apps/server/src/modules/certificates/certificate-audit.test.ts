import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CertificateMessages,
  type CertificateSummary,
  SessionMessages,
  type Verification,
  type VerifyAddress,
} from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from '../../files/create-storage.js';
import { NO_ORDER_EVENTS } from '../../lib/order-events.js';
import { close, createOrder, ownSignaturePng, scan } from '../../../test/orders.js';
import { readPdf, zbarQrCodes } from '../../../test/pdf.js';
import { applicationInput, createProduct, putApplication } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { ordersWithCertificates } from '../orders/orders-with-certificates.js';

/**
 * The certificate as an auditor reads it (issue 30, item 8): headed by the company, every date dd-mm-yyyy, its
 * verification address whole and absolute (QR and print), «Página x de y», and a verification page that says
 * what the certificate says.
 */

const PUBLIC_URL = 'https://rondin.plagas-levante.es';
const COMPANY = {
  name: 'Plagas Levante S.L.',
  taxId: 'B12345678',
  address: 'Calle Mayor 1, 46001 Valencia',
  phone: '+34 961 234 567',
  registryNumber: 'ROESB 0123-CV',
  technicalManager: 'Elena Ruiz Pardo',
};

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, TIME_ZONE: 'Europe/Madrid' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });

async function saveCompany(): Promise<void> {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/company',
    headers: admin.headers,
    payload: COMPANY,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The technician's licence and qualification, as an administrator records them. */
async function qualify(qualification: string, licenceNumber = 'CV-APL-0042'): Promise<void> {
  const saved = await t.app.inject({
    method: 'PATCH',
    url: `/api/technicians/${tech.id}`,
    headers: admin.headers,
    payload: { licenceNumber, licenceExpiresAt: '2027-06-30', qualification },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Runs a poppler or zbar tool on the PDF in a folder of its own, removed afterwards. */
function withPdf<T>(pdf: Buffer, work: (folder: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-cert-audit-'));
  try {
    fs.writeFileSync(path.join(folder, 'c.pdf'), pdf);
    return work(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Each page's text as poppler lays it out (pdftotext -layout), one printed line per line. */
function pageTexts(pdf: Buffer): string[] {
  return withPdf(pdf, (folder) =>
    execFileSync('pdftotext', ['-layout', 'c.pdf', '-'], { cwd: folder, encoding: 'utf8' }).split('\f').slice(0, -1),
  );
}

/** An order of `count` devices, all scanned, with a product applied: ready to close. */
async function servedOrder(count: number, registrationNumber?: string) {
  const traps = [];
  for (let index = 0; index < count; index++) traps.push(await createTrap(t, { code: `AUD-${index + 1}` }));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  for (const trap of traps) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const product = await createProduct(t, admin, registrationNumber ? { registrationNumber } : {});
  const applied = await putApplication(t, tech, order.id, applicationInput(product.id));
  expect(applied.statusCode, applied.body).toBe(201);
  return order;
}

async function certificateOf(sessionId: number): Promise<CertificateSummary> {
  const response = await get(`/api/sessions/${sessionId}/certificate`, tech);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const PDF_WORK = { timeout: 120_000 };

describe('the certificate as an auditor reads it', PDF_WORK, () => {
  it('is headed by the company, dates dd-mm-yyyy, «N.º», the address whole on one line, «Página x de y»', async () => {
    await saveCompany();
    await qualify('APLICADOR');
    // Enough devices for the annex to take a second page.
    const order = await servedOrder(45, 'ES/APP(NA)-2018-14-00512');
    const closed = await close(t, tech, order.id, {
      clientSignature: { name: 'Marta Ruiz', role: 'Jefa de calidad', imagePng: await ownSignaturePng() },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const summary = await certificateOf(order.id);
    expect(summary.verifyUrl).toMatch(new RegExp(`^${PUBLIC_URL}/verificar/[a-z0-9]{20}$`));
    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    const pages = pageTexts(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      // Every page: the company's header and its number of the whole.
      expect(page, `page ${index + 1}`).toContain(COMPANY.name);
      expect(page, `page ${index + 1}`).toMatch(new RegExp(`Página ${index + 1} de ${pages.length}\\s*$`));
    }
    const text = pages.join('\n');
    // The company whole in the opening facts: tax id, registry, technical manager, address, phone.
    const flat = text.replace(/\s+/g, ' ');
    for (const part of ['NIF B12345678', 'Registro ROESB 0123-CV', 'Responsable técnico: Elena Ruiz Pardo']) {
      expect(flat).toContain(part);
    }
    // Dates as the rest of the document writes them: the licence's expiry too.
    expect(flat).toContain('vence 30-06-2027');
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).toMatch(/N\.º registro/);
    // A long registration number whole on its line, as it is compared character by character.
    expect(text).toMatch(/ES\/APP\(NA\)-2018-14-00512/);
    // Nothing cut: every heading and value whole.
    expect(text).not.toContain('…');
    expect(text).not.toMatch(/Nº/);
    // The verification address: absolute, on one line, and what the QR holds as a second decoder reads it.
    expect(text.split('\n').some((line) => line.includes(`Verifique este certificado en ${summary.verifyUrl}`))).toBe(
      true,
    );
    expect(zbarQrCodes(pdf)).toEqual([summary.verifyUrl]);
  });

  it("is never issued unsigned: without the closer's signature 409, without the client's (or why not) 400", async () => {
    const order = await servedOrder(1);
    const unsigned = await close(t, tech, order.id, { sign: false });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().message).toBe(SessionMessages.signatureRequired);
    const noClient = await t.app.inject({
      method: 'PUT',
      url: '/api/technicians/me/signature',
      headers: tech.headers,
      payload: { imagePng: await ownSignaturePng() },
    });
    expect(noClient.statusCode).toBe(204);
    const withoutClient = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${order.id}/close`,
      headers: tech.headers,
      payload: { defaultNoActivity: true },
    });
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json().message).toBe(SessionMessages.clientSignatureRequired);
    const absentWithoutReason = await close(t, tech, order.id, { clientSignature: { absent: true } as never });
    expect(absentWithoutReason.statusCode).toBe(400);
    expect(JSON.stringify(absentWithoutReason.json().message)).toContain(CertificateMessages.absentReason);
    expect((await get(`/api/sessions/${order.id}/certificate`, tech)).statusCode).toBe(404);
  });
});

describe('GET /api/verify/{code} says what the certificate says', PDF_WORK, () => {
  it('service date and times, technician and qualification, devices, products with lot and dose', async () => {
    await saveCompany();
    await qualify('RESPONSABLE_TECNICO');
    const order = await servedOrder(3);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const summary = await certificateOf(order.id);
    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    // In the order it is drawn (pdfjs): each fact whole, wherever its column wraps it.
    const flat = (await readPdf(pdf))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');

    const answer = await get(`/api/verify/${summary.verifyUrl.split('/').pop()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const verification: Verification = answer.json();
    const content = verification.content!;
    expect(content).toMatchObject({
      timeZone: 'Europe/Madrid',
      technician: { name: 'Ana Torres', qualification: 'Responsable técnico', licenceNumber: 'CV-APL-0042' },
      devices: { due: 3, inspected: 3, exceptions: 0, pending: 0, withActivity: 0 },
      applications: [
        {
          product: 'Brodifacoum Bloque 25',
          registrationNumber: 'ES/RM-2020-14-00123',
          batch: 'Lote L-2291',
          dose: '20 g por estación',
          quantity: '120 g',
        },
      ],
    });
    // A span when the visit took minutes; its minute when it all happened in one (never «de 09:57 a 09:57»).
    expect(content.serviceDate).toMatch(
      /^\d{2}-\d{2}-\d{4}(, de (\d{2}:\d{2}) a (?!\2)\d{2}:\d{2}| a las \d{2}:\d{2})$/,
    );
    expect(content.serviceStart).not.toBeNull();
    // Each of them is what the PDF prints, so a paper copy is compared line by line.
    for (const printed of [
      content.issued,
      content.serviceDate,
      'Ana Torres',
      'Responsable técnico',
      'CV-APL-0042',
      'Previstos 3 · inspeccionados 3 · sin inspeccionar 0 · con actividad 0',
      'ES/RM-2020-14-00123',
      'Lote L-2291 · 20 g por estación · 120 g',
    ]) {
      expect(flat).toContain(printed);
    }
    // Nothing else of the site: what a holder of the certificate sees, no more.
    expect(Object.keys(verification).toSorted()).toEqual(
      ['company', 'content', 'folio', 'issuedAt', 'replaced', 'revision', 'sha256', 'site'].toSorted(),
    );
    expect(verification.company).toBe(COMPANY.name);

    // What was printed stays: the technician's qualification changed since does not make the paper look edited.
    await qualify('APLICADOR', 'CV-APL-9999');
    const later: Verification = (await get(`/api/verify/${summary.verifyUrl.split('/').pop()}`)).json();
    expect(later.content).toEqual(content);
  });
});

describe('the verification address', PDF_WORK, () => {
  it("is always whole: a script without PUBLIC_URL gets the server's own, and the company heads it", async () => {
    await saveCompany();
    // As the demo seed closes orders: the shared wiring, no PUBLIC_URL, no request, no company given.
    const files = createFileStorage(t.config, t.database.db).files;
    const { orders, certificates } = ordersWithCertificates(t.database.db, NO_ORDER_EVENTS, files, {
      timeZone: 'UTC',
    });
    const order = await servedOrder(1);
    await certificates.saveOwnSignature(tech.id, await ownSignaturePng());
    await orders.close({ id: tech.id, role: 'TECH', tokenVersion: 0 }, order.id, {
      defaultNoActivity: true,
      clientSignature: { absent: true, reason: 'Nadie del cliente en planta' },
    });
    const issued = await certificates.pdf(order.id);
    const chunks: Buffer[] = [];
    for await (const chunk of issued!.opened.content) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    const [code] = zbarQrCodes(pdf);
    expect(code).toMatch(/^http:\/\/localhost:3000\/verificar\/[a-z0-9]{20}$/);
    const pages = pageTexts(pdf);
    for (const page of pages) expect(page).toContain(COMPANY.name);
    expect(pages.join('\n')).toContain(`Verifique este certificado en ${code}`);

    // The settings screen is told whether outsiders can open what the certificates point at.
    expect(certificates.verifyAddress('http://127.0.0.1:3000')).toEqual({
      url: 'http://127.0.0.1:3000',
      configured: false,
      public: false,
    });
    expect(certificates.verifyAddress('https://rondin.plagas-levante.es')).toMatchObject({ public: true });
  });

  it('GET /api/settings/verify-address: PUBLIC_URL when set, for administrators only', async () => {
    const answer = await get('/api/settings/verify-address', admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<VerifyAddress>()).toEqual({ url: PUBLIC_URL, configured: true, public: true });
    expect((await get('/api/settings/verify-address', tech)).statusCode).toBe(403);
  });
});
