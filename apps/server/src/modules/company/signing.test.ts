import { createHash } from 'node:crypto';
import { SigningCertificateMessages, type SigningCertificateState } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../../test/orders.js';
import { pdfsig, testPkcs12 } from '../../../test/signing.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { SigningRepository } from './signing.repository.js';
import { SigningService } from './signing.service.js';

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

const DAY = 86_400_000;
const PASSWORD = 'clave-de-prueba';
const URL = '/api/settings/signing-certificate';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const upload = (pkcs12: Buffer | string, password = PASSWORD, user: TestUser = admin) =>
  t.app.inject({
    method: 'PUT',
    url: URL,
    headers: user.headers,
    payload: { pkcs12: typeof pkcs12 === 'string' ? pkcs12 : pkcs12.toString('base64'), password },
  });

/** An order of one device, scanned and closed by the technician: its certificate as served. */
async function closedOrderCertificate(code: string): Promise<{ pdf: Buffer; sessionId: number }> {
  const trap = await createTrap(t, { code });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const closed = await close(t, tech, order.id);
  expect(closed.statusCode, closed.body).toBe(200);
  const pdf = await t.app.inject({ url: `/api/sessions/${order.id}/report`, headers: admin.headers });
  expect(pdf.statusCode, pdf.body).toBe(200);
  return { pdf: pdf.rawPayload, sessionId: order.id };
}

/** pdfsig's verdict on a document signed with the test certificate: valid, and over every byte of the file. */
function expectSignedWhole(report: string) {
  expect(report).toContain('Signer Certificate Common Name: PLAGAS DEL NORTE SL - B12345678');
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
}

describe('the company signing certificate', { timeout: 60_000 }, () => {
  it('is uploaded by an administrator and shown by subject, issuer and validity, never its file or password', async () => {
    const pkcs12 = testPkcs12();
    expect((await upload(pkcs12, PASSWORD, tech)).statusCode).toBe(403);
    const saved = await upload(pkcs12);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.app.inject({ url: URL, headers: admin.headers });
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(pkcs12.toString('base64').slice(0, 40));
    }
    const { certificate } = read.json<SigningCertificateState>();
    expect(certificate).toMatchObject({
      subject: 'CN=PLAGAS DEL NORTE SL - B12345678, O=Plagas del Norte S.L., C=ES',
      issuer: 'CN=PLAGAS DEL NORTE SL - B12345678, O=Plagas del Norte S.L., C=ES',
      serialNumber: '0A1B2C3D',
      status: 'VIGENTE',
    });
    expect(Date.parse(certificate!.validTo)).toBeGreaterThan(Date.now() + 300 * DAY);
    expect((await t.app.inject({ url: URL, headers: tech.headers })).statusCode).toBe(403);

    // The change log names it by what a person checks, without the sealed file.
    const log = await t.app.inject({ url: '/api/audit-log?entity=signingCertificate', headers: admin.headers });
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json<{ items: { action: string; after: Record<string, unknown> }[] }>().items;
    expect(entry).toMatchObject({ action: 'create', after: { serialNumber: '0A1B2C3D' } });
    expect(entry!.after).not.toHaveProperty('sealed');
  });

  it('refuses, in Spanish, a file that is no PKCS#12, a wrong password, no key, and a certificate not valid today', async () => {
    const refusals = [
      [await upload(Buffer.from('no soy un certificado')), SigningCertificateMessages.unreadable],
      [await upload(testPkcs12(), 'otra-clave'), SigningCertificateMessages.wrongPassword],
      [await upload(testPkcs12({ withKey: false })), SigningCertificateMessages.noKey],
      [
        await upload(testPkcs12({ validFrom: new Date('2024-01-01'), validTo: new Date('2025-01-01T12:00:00Z') })),
        SigningCertificateMessages.expired('01-01-2025'),
      ],
      [
        await upload(testPkcs12({ validFrom: new Date(Date.now() + 40 * DAY) })),
        SigningCertificateMessages.notYetValid(
          new Intl.DateTimeFormat('es-ES', {
            timeZone: 'Europe/Madrid',
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
          })
            .format(new Date(Date.now() + 40 * DAY))
            .replaceAll('/', '-'),
        ),
      ],
      [await upload('%%%'), SigningCertificateMessages.fileNotBase64],
      [await upload(testPkcs12(), ''), SigningCertificateMessages.passwordRequired],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect([response.json().message].flat()).toEqual([message]);
    }
    expect((await t.app.inject({ url: URL, headers: admin.headers })).json()).toEqual({ certificate: null });
  });

  it('signs each certificate as issued (PAdES, the whole file) and the stored hash is the signed bytes', async () => {
    expect((await upload(testPkcs12())).statusCode).toBe(200);
    const { pdf, sessionId } = await closedOrderCertificate('FIRMA-1');
    expectSignedWhole(pdfsig(pdf));
    const summary = await t.app.inject({ url: `/api/sessions/${sessionId}/certificate`, headers: admin.headers });
    expect(summary.json().sha256).toBe(sha256(pdf));

    // Removed: the next certificate goes unsigned; the one issued keeps its signature.
    expect((await t.app.inject({ method: 'DELETE', url: URL, headers: admin.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: URL, headers: admin.headers })).json().message).toBe(
      SigningCertificateMessages.none,
    );
    const unsigned = await closedOrderCertificate('FIRMA-2');
    expect(pdfsig(unsigned.pdf)).toContain('does not contain any signatures');
    const again = await t.app.inject({ url: `/api/sessions/${sessionId}/report`, headers: admin.headers });
    expect(again.rawPayload.equals(pdf)).toBe(true);
  });

  it('signs the audit pack as it is downloaded', async () => {
    expect((await upload(testPkcs12())).statusCode).toBe(200);
    await closedOrderCertificate('FIRMA-3');
    const pack = await t.app.inject({ url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack`, headers: admin.headers });
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    expectSignedWhole(pdfsig(pack.rawPayload));
  });

  it('leaves documents unsigned, and says so, on a server whose secret did not seal it (a restore elsewhere)', async () => {
    expect((await upload(testPkcs12())).statusCode).toBe(200);
    const elsewhere = new SigningService(new SigningRepository(t.database.db), Buffer.alloc(32, 7), {
      timeZone: 'Europe/Madrid',
      log: { warn: () => undefined },
    });
    expect((await elsewhere.certificate()).certificate?.status).toBe('INUTILIZABLE');
    const pdf = Buffer.from('%PDF-1.3\n');
    const { buffer } = await import('node:stream/consumers');
    const { Readable } = await import('node:stream');
    expect((await buffer(await elsewhere.seal(Readable.from([pdf]), 'prueba'))).equals(pdf)).toBe(true);
  });
});
