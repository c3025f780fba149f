import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CertificateMessages, type CertificateSummary, type Verification } from '@rondin/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileChunks, photos } from '../../db/schema.js';
import {
  notFoundException,
  nothingFound,
  postPhoto,
  putFinding,
  recordException,
  recordManual,
  typedCode,
} from '../../../test/findings.js';
import { CLIENT_ABSENT, close, createOrder, scan } from '../../../test/orders.js';
import { readPdf, zbarQrCodes } from '../../../test/pdf.js';
import { planImage } from '../../../test/plans.js';
import { applicationInput, createProduct, putApplication } from '../../../test/products.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

const PUBLIC_URL = 'https://rondin.planta-norte.example';
/** Few lookups a minute here, so the limit is reached within a test. */
const VERIFY_LIMIT = 5;

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, VERIFY_RATE_LIMIT_PER_MINUTE: String(VERIFY_LIMIT) });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Torres' });
});

const year = () => new Date().getUTCFullYear();
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });

/** A drawn signature as a phone's canvas exports it: a dark stroke on a transparent PNG. */
async function signaturePng(width = 600, height = 200): Promise<string> {
  const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M20 150 C 120 20, 220 180, 320 60 S 520 140, 580 40" stroke="#0b2a6f" stroke-width="8" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(stroke)).png().toBuffer();
  return png.toString('base64');
}

/** An order of `count` devices, every one scanned by the technician: ready to close. */
async function scannedOrder(count = 1, codePrefix = 'CERT') {
  const traps = [];
  for (let index = 0; index < count; index++) traps.push(await createTrap(t, { code: `${codePrefix}-${index + 1}` }));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  for (const trap of traps) expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  return order;
}

async function certificateOf(sessionId: number, user: TestUser = tech): Promise<CertificateSummary> {
  const response = await get(`/api/sessions/${sessionId}/certificate`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const codeOf = (summary: CertificateSummary) => summary.verifyUrl.split('/').pop()!;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The PDF's text as poppler lays it out (pdftotext -layout): one printed line each, columns side by side. */
function pdfTextLines(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-cert-'));
  try {
    fs.writeFileSync(path.join(folder, 'c.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', 'c.pdf', '-'], { cwd: folder, encoding: 'utf8' }).split('\n');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The images a PDF embeds (poppler's pdfimages), one line each (an image's transparency is not one). */
function pdfImages(pdf: Buffer): string[] {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-cert-'));
  try {
    fs.writeFileSync(path.join(folder, 'c.pdf'), pdf);
    return execFileSync('pdfimages', ['-list', 'c.pdf'], { cwd: folder, encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((line) => line.trim().split(/\s+/)[2] === 'image');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Each test closes orders (each drawing and storing a PDF) and reads PDFs back with poppler and zbar. */
const PDF_WORK = { timeout: 90_000 };

describe('the certificate issued at close', PDF_WORK, () => {
  it('numbers it AAAA-NNNNNN, stores the PDF once and serves the same bytes every time', async () => {
    const signature = await signaturePng();
    const order = await scannedOrder(2);
    const closed = await close(t, tech, order.id, {
      clientSignature: { name: 'Marta Ruiz', role: 'Jefa de calidad', imagePng: signature },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const summary = await certificateOf(order.id);
    expect(summary.folio).toBe(`${year()}-000001`);
    expect(summary.revision).toBe(1);
    expect(summary.clientName).toBe('Marta Ruiz');
    expect(summary.verifyUrl).toMatch(new RegExp(`^${PUBLIC_URL}/verificar/[a-z0-9]{20}$`));

    const first = await get(`/api/sessions/${order.id}/report`, tech);
    const second = await get(`/api/sessions/${order.id}/report`, admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    expect(sha256(first.rawPayload)).toBe(summary.sha256);

    const text = (await readPdf(first.rawPayload)).map((page) => page.text).join(' ');
    expect(text).toContain('Certificado de servicio');
    expect(text).toContain(`${year()}-000001`);
    expect(text).toContain('Marta Ruiz');
    expect(text).toContain('Jefa de calidad');
    expect(text).toContain('Ana Torres');
    expect(text).toContain('CERT-1');
    expect(text).toContain('Sin aplicación de biocidas');
    expect(text).toContain('91 562 04 20');
    // The client's drawn signature is in the document as an image.
    expect(pdfImages(first.rawPayload).length).toBeGreaterThanOrEqual(1);
    // Its QR, read by a decoder other than the app's, opens the verification page.
    expect(zbarQrCodes(first.rawPayload)).toContain(summary.verifyUrl);
  });

  it('gives concurrent closes consecutive folios, none twice, and a refused close takes no number', async () => {
    const orders = [];
    for (let index = 0; index < 6; index++) orders.push(await scannedOrder(1, `CONC${index}`));
    // One order still has a pending device: the technician's close is refused and must not consume a number.
    const pending = await createOrder(t, admin, tech.id, [(await createTrap(t, { code: 'PEND-1' })).id]);
    const answers = await Promise.all([
      ...orders.map((order) => close(t, tech, order.id, { clientSignature: CLIENT_ABSENT })),
      close(t, tech, pending.id),
    ]);
    expect(answers.slice(0, 6).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers[6]!.statusCode).toBe(409);
    const folios = await Promise.all(orders.map(async (order) => (await certificateOf(order.id)).folio));
    expect(folios.toSorted()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${year()}-${String(n).padStart(6, '0')}`));
    // The next close continues the sequence with no gap.
    const next = await scannedOrder(1, 'NEXT');
    expect((await close(t, tech, next.id)).statusCode).toBe(200);
    expect((await certificateOf(next.id)).folio).toBe(`${year()}-000007`);
    expect((await get(`/api/sessions/${pending.id}/certificate`, admin)).statusCode).toBe(404);
  });

  it('says "Cliente ausente" when nobody could sign, and prints the technician\'s saved signature', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/technicians/me/signature',
      headers: tech.headers,
      payload: { imagePng: await signaturePng(400, 150) },
    });
    expect(saved.statusCode, saved.body).toBe(204);
    const own = await get('/api/technicians/me/signature', tech);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');

    const order = await scannedOrder(1);
    expect((await close(t, tech, order.id, { clientSignature: CLIENT_ABSENT })).statusCode).toBe(200);
    // A new signature later does not change the certificate already issued, nor lose the one it was signed with.
    await t.app.inject({
      method: 'PUT',
      url: '/api/technicians/me/signature',
      headers: tech.headers,
      payload: { imagePng: await signaturePng(300, 100) },
    });
    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    const text = (await readPdf(pdf)).map((page) => page.text).join(' ');
    expect(text).toContain('Cliente ausente');
    // Why nobody signed, as the phone sent it; the technician closed, so the box is theirs (their saved signature).
    expect(text).toContain('Nadie del cliente en planta');
    expect(text).toContain('Firma del técnico');
    expect(pdfImages(pdf)).toHaveLength(1);
    expect(sha256(pdf)).toBe((await certificateOf(order.id)).sha256);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/technicians/me/signature',
      headers: tech.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get('/api/technicians/me/signature', tech)).statusCode).toBe(404);
  });

  it("prints every outcome's name whole, the office closer's signature and why the client is absent", async () => {
    const traps = [
      await createTrap(t, { code: 'RES-1' }),
      await createTrap(t, { code: 'RES-2' }),
      await createTrap(t, { code: 'RES-3' }),
      await createTrap(t, { code: 'RES-4' }),
      await createTrap(t, { code: 'RES-5' }),
    ];
    const order = await createOrder(
      t,
      admin,
      tech.id,
      traps.map((trap) => trap.id),
    );
    const [scanned, typed, lost, blocked] = order.items;
    expect((await scan(t, tech, order.id, traps[0]!.qrSlug)).statusCode).toBe(200);
    expect((await recordManual(t, tech, order.id, typed!.id, typedCode('RES-2'))).statusCode).toBe(200);
    const notFound = notFoundException({ reasonDetail: 'RETIRADO_CLIENTE' });
    expect((await recordException(t, tech, order.id, lost!.id, notFound)).statusCode).toBe(200);
    const unreachable = notFoundException({ reason: 'INACCESIBLE', reasonDetail: 'AREA_CERRADA' });
    expect((await recordException(t, tech, order.id, blocked!.id, unreachable)).statusCode).toBe(200);
    expect(scanned).toBeDefined();
    // The office closes with one device pending: forced, «Sin novedad» for the two inspected, no client signature.
    const closed = await close(t, admin, order.id, { force: true });
    expect(closed.statusCode, closed.body).toBe(200);

    const pdf = (await get(`/api/sessions/${order.id}/report`, admin)).rawPayload;
    const lines = pdfTextLines(pdf);
    const rowOf = (code: string) => lines.findIndex((line) => line.trimStart().startsWith(code));
    // Each result on its device's row, whole; the typed code's name on two lines at most, never cut.
    expect(lines[rowOf('RES-1')]).toMatch(/RES-1 .* Escaneada /);
    expect(lines[rowOf('RES-2')]).toMatch(/RES-2 .* Código escrito /);
    expect(lines.slice(rowOf('RES-2'), rowOf('RES-2') + 3).join(' ')).toMatch(/\(etiqueta dañada\)/);
    expect(lines[rowOf('RES-3')]).toMatch(/RES-3 .* No encontrada /);
    expect(lines[rowOf('RES-4')]).toMatch(/RES-4 .* Inaccesible /);
    expect(lines[rowOf('RES-5')]).toMatch(/RES-5 .* Pendiente /);
    const text = lines.join('\n');
    expect(text).not.toContain('…');
    // The closer's box: the administrator's own signature and name; the client absent, and why.
    expect(text).toContain('Firma de quien cerró la orden');
    expect(text).toMatch(new RegExp(`${admin.fullName} +Cliente ausente`));
    expect(text).toMatch(/Cerró la orden desde la oficina +Cierre desde la oficina/);
    expect(text).not.toContain('Firma del técnico');
    expect(pdfImages(pdf)).toHaveLength(1);
  });

  it('lists each product applied: registration number, active substances, lot, quantity and re-entry time', async () => {
    const product = await createProduct(t, admin);
    const order = await scannedOrder(1);
    const applied = await putApplication(t, tech, order.id, applicationInput(product.id));
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    const text = (await readPdf(pdf))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Tratamientos aplicados');
    expect(text).not.toContain('Sin aplicación de biocidas');
    for (const expected of [
      'Brodifacoum Bloque 25',
      'ES/RM-2020-14-00123',
      'Brodifacoum 0,0025 %',
      'Lote L-2291',
      '120 g',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/reentrada \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  });

  it("shows each device's photos under its row: the first 3, small and upright, then how many more", async () => {
    const order = await scannedOrder(3, 'FOTO');
    const [withFive, withWebp] = order.items;
    // A phone's photos: 1,600 × 1,200 JPEGs, and a portrait WebP (a PDF cannot hold WebP as it is).
    const colors = ['#b3261e', '#1f7a3a', '#1f3b57', '#8a4b00', '#6a1b9a'];
    for (const color of colors) {
      const file = await planImage(1600, 1200, 'jpeg', { x: 200, y: 200, width: 800, height: 600, color });
      const uploaded = await postPhoto(t, tech, order.id, withFive!.id, { clientPhotoId: randomUUID(), file });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const portrait = await planImage(900, 1200, 'webp', { x: 100, y: 100, width: 500, height: 700, color: '#1f7a3a' });
    const uploaded = await postPhoto(t, tech, order.id, withWebp!.id, {
      clientPhotoId: randomUUID(),
      file: portrait,
      filename: 'foto.webp',
      contentType: 'image/webp',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);

    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    const pages = await readPdf(pdf);
    const annexPage = pages.findIndex((page) => page.text.includes('FOTO-1')) + 1;
    expect(pages[annexPage - 1]!.text).toContain('+2 fotos más');
    // page, num, type, width, height, color, comp, bpc, enc: four JPEGs of at most 180 px on the annex's page (the
    // technician's signature, a PNG, apart).
    const images = pdfImages(pdf)
      .map((line) => line.trim().split(/\s+/))
      .filter((image) => image[8] === 'jpeg');
    expect(images.map(([page, , , width, height, , , , enc]) => ({ page, width, height, enc }))).toEqual([
      ...colors.slice(0, 3).map(() => ({ page: String(annexPage), width: '180', height: '135', enc: 'jpeg' })),
      { page: String(annexPage), width: '135', height: '180', enc: 'jpeg' },
    ]);
  });

  it('prints the thumbnail made at upload: a close decodes no photo', async () => {
    const order = await scannedOrder(1, 'MINI');
    const file = await planImage(1600, 1200, 'jpeg', { x: 200, y: 200, width: 800, height: 600, color: '#b3261e' });
    const uploaded = await postPhoto(t, tech, order.id, order.items[0]!.id, { clientPhotoId: randomUUID(), file });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [photo] = await t.database.db.select().from(photos).where(eq(photos.id, uploaded.json().id));
    expect(photo!.thumbnailFileId).not.toBeNull();
    const thumbnail = await t.database.db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(eq(fileChunks.fileId, photo!.thumbnailFileId!));
    const kept = await sharp(Buffer.concat(thumbnail.map((chunk) => chunk.data))).metadata();
    expect({ format: kept.format, width: kept.width, height: kept.height }).toEqual({
      format: 'jpeg',
      width: 180,
      height: 135,
    });
    // The photo's own bytes made unreadable: the certificate still shows it, from its thumbnail.
    await t.database.db
      .update(fileChunks)
      .set({ data: Buffer.from('no es una imagen') })
      .where(eq(fileChunks.fileId, photo!.fileId));
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const pdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    const images = pdfImages(pdf)
      .map((line) => line.trim().split(/\s+/))
      .filter((image) => image[8] === 'jpeg');
    expect(images.map(([, , , width, height, , , , enc]) => ({ width, height, enc }))).toEqual([
      { width: '180', height: '135', enc: 'jpeg' },
    ]);
  });

  it('refuses a signature that is not a PNG, too large or without a name, and closes nothing', async () => {
    const order = await scannedOrder(1);
    const bad = [
      [{ name: 'Marta', imagePng: Buffer.from('<svg/>').toString('base64') }, CertificateMessages.signatureNotPng],
      [{ imagePng: await signaturePng() }, CertificateMessages.signatureName],
      [{ name: 'Marta' }, CertificateMessages.signatureImage],
      [
        { absent: true, reason: 'Nadie en planta', imagePng: await signaturePng() },
        CertificateMessages.signatureAbsentWithImage,
      ],
      [{ absent: true }, CertificateMessages.absentReason],
    ] as const;
    for (const [clientSignature, message] of bad) {
      const answer = await close(t, tech, order.id, { clientSignature } as never);
      expect(answer.statusCode, JSON.stringify(clientSignature).slice(0, 60)).toBe(400);
      expect(JSON.stringify(answer.json().message)).toContain(message);
    }
    // Bytes that claim PNG in base64 but are not one: the server reads them, and refuses.
    const fake = `iVBORw0KGgo${Buffer.from('no es una imagen de verdad').toString('base64')}`;
    const notPng = await close(t, tech, order.id, { clientSignature: { name: 'Marta', imagePng: fake } } as never);
    expect([400, 415]).toContain(notPng.statusCode);
    expect(notPng.json().message).toBe(CertificateMessages.signatureNotPng);
    // Over 200 KB once decoded (about 214 KB: noise does not compress), under the request's body limit.
    const noise = await sharp({
      create: {
        width: 270,
        height: 270,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const large = await close(t, tech, order.id, {
      clientSignature: { name: 'Marta', imagePng: noise.toString('base64') },
    } as never);
    expect(noise.length).toBeGreaterThan(200 * 1024);
    expect(large.statusCode).toBe(400);
    expect(JSON.stringify(large.json().message)).toContain(CertificateMessages.signatureTooLarge);

    const still = await get(`/api/sessions/${order.id}`, tech);
    expect(still.json().status).not.toBe('COMPLETED');
    expect((await get(`/api/sessions/${order.id}/certificate`, tech)).statusCode).toBe(404);
  });

  it("is another technician's order's: not found", async () => {
    const order = await scannedOrder(1);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const other = await createUser(t, { fullName: 'Luis Gómez' });
    expect((await get(`/api/sessions/${order.id}/certificate`, other)).statusCode).toBe(404);
    expect((await get(`/api/sessions/${order.id}/certificate`)).statusCode).toBe(401);
  });
});

describe('GET /api/verify/{code}', PDF_WORK, () => {
  it('shows anyone, without signing in, the folio, date, site, company, SHA-256 and content, and nothing else', async () => {
    const order = await scannedOrder(1);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const summary = await certificateOf(order.id);
    const answer = await get(`/api/verify/${codeOf(summary)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const verification: Verification = answer.json();
    expect(Object.keys(verification).toSorted()).toEqual(
      ['company', 'content', 'folio', 'issuedAt', 'replaced', 'revision', 'sha256', 'site'].toSorted(),
    );
    expect(verification).toMatchObject({
      folio: summary.folio,
      revision: 1,
      site: 'Sitio principal',
      sha256: summary.sha256,
      replaced: false,
      issuedAt: summary.issuedAt,
    });
    // The folio is not the code: it finds nothing.
    const byFolio = await get(`/api/verify/${summary.folio.replace('-', '')}`);
    expect(byFolio.statusCode).toBe(404);
    expect(byFolio.json().message).toBe(CertificateMessages.notFound);
  });

  it('a correction after close issues the next revision; the replaced one still verifies, as replaced', async () => {
    const trap = await createTrap(t, { code: 'CERT-REV', type: 'CEBADERO' });
    const order = await createOrder(t, admin, tech.id, [trap.id]);
    expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
    const itemId = order.items[0]!.id;
    const found = await putFinding(t, tech, order.id, itemId, nothingFound({ baitConsumption: 25 }));
    expect(found.statusCode, found.body).toBe(200);
    expect((await close(t, tech, order.id)).statusCode).toBe(200);
    const first = await certificateOf(order.id);
    const firstPdf = (await get(`/api/sessions/${order.id}/report`, admin)).rawPayload;

    const reason = 'El técnico anotó 25 % de consumo en otro cebadero.';
    const correction = nothingFound({ baitConsumption: 0, reason });
    const corrected = await putFinding(t, admin, order.id, itemId, correction);
    expect(corrected.statusCode, corrected.body).toBe(200);

    const second = await certificateOf(order.id, admin);
    // The revision keeps who signed, or that the client was absent and why.
    expect(first).toMatchObject({ clientAbsent: true, clientAbsentReason: 'Nadie del cliente en planta' });
    expect(second).toMatchObject({
      folio: first.folio,
      revision: 2,
      clientName: first.clientName,
      clientAbsent: true,
      clientAbsentReason: 'Nadie del cliente en planta',
    });
    expect(codeOf(second)).not.toBe(codeOf(first));
    expect(second.sha256).not.toBe(first.sha256);
    const secondPdf = (await get(`/api/sessions/${order.id}/report`, tech)).rawPayload;
    expect(sha256(secondPdf)).toBe(second.sha256);
    const [before, after] = await Promise.all([readPdf(firstPdf), readPdf(secondPdf)]);
    const textOf = (pages: { text: string }[]) => pages.map((page) => page.text).join(' ');
    expect(textOf(before)).not.toContain('revisión 2');
    expect(textOf(after)).toContain(`${first.folio} (revisión 2)`);
    expect(zbarQrCodes(secondPdf)).toContain(second.verifyUrl);

    const old = await get(`/api/verify/${codeOf(first)}`);
    expect(old.json()).toMatchObject({ folio: first.folio, revision: 1, sha256: first.sha256, replaced: true });
    const current = await get(`/api/verify/${codeOf(second)}`);
    expect(current.json()).toMatchObject({ folio: first.folio, revision: 2, sha256: second.sha256, replaced: false });

    // A replay of the same correction issues nothing more; the next order still takes the next number.
    const replay = await putFinding(t, admin, order.id, itemId, correction);
    expect(replay.statusCode).toBe(200);
    expect((await certificateOf(order.id)).revision).toBe(2);
    const next = await scannedOrder(1, 'CERT-NEXT');
    expect((await close(t, tech, next.id)).statusCode).toBe(200);
    expect((await certificateOf(next.id)).folio).toBe(`${year()}-000002`);
  });

  it('refuses more lookups than the limit from one address, in Spanish, with Retry-After', async () => {
    // The counter is per process and address: earlier tests of this file used some of this minute's lookups.
    let answer = await get('/api/verify/abcdefghijkmnpqrstuvw');
    for (let lookup = 0; lookup < VERIFY_LIMIT && answer.statusCode !== 429; lookup++) {
      expect(answer.statusCode).toBe(404);
      answer = await get('/api/verify/abcdefghijkmnpqrstuvw');
    }
    expect(answer.statusCode).toBe(429);
    expect(answer.json().message).toBe(CertificateMessages.tooManyLookups);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});
