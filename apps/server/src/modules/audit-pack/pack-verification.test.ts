import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PackVerificationMessages, type PackVerification } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { close, createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

const PUBLIC_URL = 'https://rondin.plagas-norte.example';
const VERIFY_LIMIT = 6;

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL,
    TIME_ZONE: 'Europe/Madrid',
    VERIFY_RATE_LIMIT_PER_MINUTE: String(VERIFY_LIMIT),
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

/** A device inspected on a closed order: something for every pack to hold. */
async function inspectedDevice() {
  const trap = await createTrap(t, { code: 'VER-1' });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  expect((await close(t, tech, order.id)).statusCode).toBe(200);
  return trap;
}

async function issuedPack(query = ''): Promise<Buffer> {
  const response = await t.app.inject({
    url: `/api/sites/${DEFAULT_SITE_ID}/audit-pack${query}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The cover's text as poppler lays it out. */
function coverText(pdf: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-pack-'));
  try {
    fs.writeFileSync(path.join(folder, 'p.pdf'), pdf);
    return execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', 'p.pdf', '-'], {
      cwd: folder,
      encoding: 'utf8',
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Each test asks from an address of its own: the limit counts per address and minute. */
let address = 0;
let from = '';
beforeEach(() => {
  address++;
  from = `203.0.113.${address}`;
});
const verify = (code: string) => t.app.inject({ url: `/api/verify/packs/${code}`, remoteAddress: from });

describe('an issued audit pack, verified at /verificar/dossier/{code}', { timeout: 120_000 }, () => {
  it("carries its verification's QR on the cover; anyone sees its site, period, issue time and fingerprint", async () => {
    await inspectedDevice();
    const before = Date.now();
    const pdf = await issuedPack('?from=2026-01-01&to=2026-12-31');
    const [cover] = await readPdf(pdf, { decodeQr: true });
    const url = cover!.qrCodes.find((code) => code.startsWith(`${PUBLIC_URL}/verificar/dossier/`));
    expect(url, cover!.qrCodes.join(', ')).toBeDefined();
    const text = coverText(pdf);
    // The address whole on one line, beside the QR.
    expect(text).toContain(url!);
    const code = url!.split('/').pop()!;

    const response = await verify(code);
    expect(response.statusCode, response.body).toBe(200);
    const verification = response.json<PackVerification>();
    expect(verification).toMatchObject({
      site: 'Sitio principal',
      fromDay: '2026-01-01',
      toDay: '2026-12-31',
      matches: true,
    });
    expect(text).toContain(verification.fingerprint);
    expect(verification.currentFingerprint).toBe(verification.fingerprint);
    expect(Date.parse(verification.issuedAt)).toBeGreaterThanOrEqual(before - 1000);

    // Its issue is in the change log, as the administrator's.
    const log = await t.app.inject({ url: '/api/audit-log?entity=auditPack', headers: admin.headers });
    expect(log.json().items).toEqual([
      expect.objectContaining({ action: 'create', actor: expect.objectContaining({ id: admin.id }) }),
    ]);
  });

  it('shows as not matching once a record it holds is changed after it was issued', async () => {
    const trap = await inspectedDevice();
    const pdf = await issuedPack();
    const code = (await readPdf(pdf, { decodeQr: true }))[0]!.qrCodes[0]!.split('/').pop()!;
    expect((await verify(code)).json().matches).toBe(true);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/traps/${trap.id}`,
      headers: admin.headers,
      payload: { code: 'VER-1-B' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await verify(code)).json<PackVerification>();
    expect(after.matches).toBe(false);
    expect(after.currentFingerprint).not.toBe(after.fingerprint);
    // A pack issued now holds the records as they are.
    const again = await issuedPack();
    const newCode = (await readPdf(again, { decodeQr: true }))[0]!.qrCodes[0]!.split('/').pop()!;
    expect(newCode).not.toBe(code);
    expect((await verify(newCode)).json().matches).toBe(true);
  });

  it('says, in Spanish, that an unknown code is no pack, and limits lookups per address', async () => {
    const unknown = await verify('noexiste');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PackVerificationMessages.notFound);
    expect((await verify('NO-ES-UN-CODIGO')).statusCode).toBe(400);
    for (let lookup = 1; lookup < VERIFY_LIMIT; lookup++) expect((await verify('noexiste')).statusCode).toBe(404);
    const refused = await verify('noexiste');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(PackVerificationMessages.tooManyLookups);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
