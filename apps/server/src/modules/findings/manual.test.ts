import {
  FindingMessages,
  LabelReprintMessages,
  SessionMessages,
  type InspectionPage,
  type LabelReprint,
  type ScanResponse,
  type Session,
} from '@rondin/contracts';
import { OUTCOME_NOTE } from '@rondin/contracts/finding-text';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labelReprints, sessions } from '../../db/schema.js';
import { writeAuditPackExcel } from '../audit-pack/audit-pack-excel.js';
import { AuditPackRepository } from '../audit-pack/audit-pack.repository.js';
import { renderOrderReport } from '../orders/order-report.js';
import { nothingFound, putFinding, recordException, recordManual, typedCode } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import { readPdf } from '../../../test/pdf.js';
import {
  createAdmin,
  createTestApp,
  DEFAULT_SITE_ID,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;
let otherTech: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t, { fullName: 'Jefa de planta' });
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  otherTech = await createUser(t);
});

async function orderOf(codes: string[]) {
  const traps = [];
  for (const code of codes) traps.push(await createTrap(t, { code }));
  const order = await createOrder(
    t,
    admin,
    tech.id,
    traps.map((trap) => trap.id),
  );
  const items = traps.map((trap) => order.items.find((item) => item.trapId === trap.id)!.id);
  return { order, traps, items };
}

const reprints = async () =>
  (await t.app.inject({ url: '/api/label-reprints', headers: admin.headers })).json<LabelReprint[]>();

describe('POST /api/sessions/:id/items/:itemId/manual (issue 26, defect 6)', () => {
  it('completes the item MANUAL with the printed code typed, answers like a scan and queues a reprint', async () => {
    const { order, traps, items } = await orderOf(['TRP-113', 'TRP-114']);
    const body = typedCode('  trp-113 ', { reason: 'ETIQUETA_AUSENTE' });
    const response = await recordManual(t, tech, order.id, items[0]!, body);
    expect(response.statusCode, response.body).toBe(200);
    const { session, item } = response.json<ScanResponse>();
    expect(session).toMatchObject({ id: order.id, completedCount: 1, status: 'IN_PROGRESS' });
    expect(item).toMatchObject({
      status: 'COMPLETED',
      outcome: 'MANUAL',
      manual: { reason: 'ETIQUETA_AUSENTE', code: 'trp-113' },
      exception: null,
      completedBy: { id: tech.id, fullName: 'Ana Técnica' },
    });
    expect(Date.parse(item.completedAt!)).toBe(Date.parse(body.recordedAt));
    expect(await reprints()).toEqual([
      {
        id: expect.any(Number),
        trap: {
          id: traps[0]!.id,
          code: 'TRP-113',
          area: 'Bodega',
          siteId: traps[0]!.siteId,
          siteName: 'Sitio principal',
        },
        reason: 'ETIQUETA_AUSENTE',
        requestedAt: expect.any(String),
        requestedBy: { id: tech.id, fullName: 'Ana Técnica' },
        sessionId: order.id,
      },
    ]);

    // Inspected: it takes a finding, as a scanned device does.
    const finding = await putFinding(t, tech, order.id, items[0]!, nothingFound());
    expect(finding.statusCode, finding.body).toBe(200);
    // Read again by its QR later, it stays what it was.
    const rescanned = await scan(t, tech, order.id, traps[0]!.qrSlug);
    expect(rescanned.json<ScanResponse>().item).toMatchObject({ id: items[0], outcome: 'MANUAL' });
  });

  it('refuses a code that is not the device’s, naming both, and changes nothing', async () => {
    const { order, items } = await orderOf(['TRP-113', 'TRP-114']);
    const response = await recordManual(t, tech, order.id, items[0]!, typedCode('TRP-114'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FindingMessages.manualCodeMismatch('TRP-114', 'TRP-113'));
    const empty = await recordManual(t, tech, order.id, items[0]!, typedCode('   '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual([FindingMessages.manualCodeRequired]);
    const badReason = await recordManual(t, tech, order.id, items[0]!, { ...typedCode('TRP-113'), reason: 'SUCIA' });
    expect(badReason.statusCode).toBe(400);
    const read = await t.app.inject({ url: `/api/sessions/${order.id}`, headers: tech.headers });
    expect(read.json<Session>().completedCount).toBe(0);
    expect(await reprints()).toEqual([]);
  });

  it('answers the same clientScanId again as it was; refuses it on another item or from a scan', async () => {
    const { order, traps, items } = await orderOf(['TRP-1', 'TRP-2', 'TRP-3']);
    const body = typedCode('TRP-1');
    const first = await recordManual(t, tech, order.id, items[0]!, body);
    const again = await recordManual(t, tech, order.id, items[0]!, { ...body, reason: 'ETIQUETA_AUSENTE' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const elsewhere = await recordManual(t, tech, order.id, items[1]!, { ...body, code: 'TRP-2' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(SessionMessages.clientScanIdReused);
    const asException = await recordException(t, tech, order.id, items[1]!, {
      clientScanId: body.clientScanId,
      reason: 'NO_ENCONTRADO',
      note: 'No estaba.',
      recordedAt: new Date().toISOString(),
    });
    expect(asException.statusCode).toBe(409);
    const scanId = randomUUID();
    const scanned = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${order.id}/scan`,
      headers: tech.headers,
      payload: { qrSlug: traps[2]!.qrSlug, clientScanId: scanId },
    });
    expect(scanned.statusCode).toBe(200);
    const scanIdReused = await recordManual(t, tech, order.id, items[1]!, typedCode('TRP-2', { clientScanId: scanId }));
    expect(scanIdReused.statusCode).toBe(409);
    expect((await reprints()).length).toBe(1);
  });

  it('keeps one pending reprint per device', async () => {
    const trap = await createTrap(t, { code: 'TRP-7' });
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(t, admin, tech.id, [trap.id]);
      expect((await recordManual(t, tech, order.id, order.items[0]!.id, typedCode('TRP-7'))).statusCode).toBe(200);
    }
    expect((await reprints()).map((reprint) => reprint.trap.code)).toEqual(['TRP-7']);
    expect(await t.database.db.select().from(labelReprints)).toHaveLength(1);
  });

  it('refuses a completed item, a closed order, another technician (404); an administrator may', async () => {
    const { order, traps, items } = await orderOf(['TRP-1', 'TRP-2', 'TRP-3']);
    expect((await scan(t, tech, order.id, traps[0]!.qrSlug)).statusCode).toBe(200);
    const done = await recordManual(t, tech, order.id, items[0]!, typedCode('TRP-1'));
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(FindingMessages.alreadyCompleted);
    const other = await recordManual(t, otherTech, order.id, items[1]!, typedCode('TRP-2'));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SessionMessages.notFound);
    const unknownItem = await recordManual(t, tech, order.id, 424242, typedCode('TRP-2'));
    expect(unknownItem.statusCode).toBe(404);
    const byAdmin = await recordManual(t, admin, order.id, items[1]!, typedCode('TRP-2'));
    expect(byAdmin.statusCode).toBe(200);
    await t.database.db.update(sessions).set({ status: 'COMPLETED' }).where(eq(sessions.id, order.id));
    const closed = await recordManual(t, tech, order.id, items[2]!, typedCode('TRP-3'));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(SessionMessages.alreadyClosed);
    expect((await reprints()).map((reprint) => reprint.trap.code)).toEqual(['TRP-2']);
  });
});

describe('the label reprint queue', () => {
  const print = (body?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/label-reprints/print',
      headers: admin.headers,
      ...(body ? { payload: body } : {}),
    });

  it('prints every pending label on one sheet and empties the queue; then there is none to print', async () => {
    const { order, traps, items } = await orderOf(['TRP-1', 'TRP-2']);
    for (const [index, code] of ['TRP-1', 'TRP-2'].entries()) {
      expect((await recordManual(t, tech, order.id, items[index]!, typedCode(code))).statusCode).toBe(200);
    }
    expect((await reprints()).map((reprint) => reprint.trap.code)).toEqual(['TRP-1', 'TRP-2']);
    const sheet = await print();
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const [page] = await readPdf(sheet.rawPayload, { decodeQr: true });
    expect(page!.qrCodes.sort()).toEqual(traps.map((trap) => trap.qrSlug).sort());
    expect(page!.text).toMatch(/TRP-1[\s\S]*TRP-2/);
    expect(await reprints()).toEqual([]);
    const rows = await t.database.db.select().from(labelReprints);
    expect(rows.map((row) => [row.printedById, row.printedAt !== null])).toEqual([
      [admin.id, true],
      [admin.id, true],
    ]);
    const none = await print();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(LabelReprintMessages.noneToPrint);
  });

  it('prints the ids given only; an id not pending is a 400 that prints nothing', async () => {
    const { order, items } = await orderOf(['TRP-1', 'TRP-2']);
    for (const [index, code] of ['TRP-1', 'TRP-2'].entries()) {
      await recordManual(t, tech, order.id, items[index]!, typedCode(code));
    }
    const [first, second] = await reprints();
    const missing = await print({ ids: [first!.id, 424242] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(LabelReprintMessages.someNotPending);
    expect(await reprints()).toHaveLength(2);
    expect((await print({ ids: [first!.id] })).statusCode).toBe(200);
    expect((await reprints()).map((reprint) => reprint.id)).toEqual([second!.id]);
    expect((await print({ ids: [first!.id] })).statusCode).toBe(400);
    // Printed, a device's label can be asked for again.
    const later = await createOrder(t, admin, tech.id, [order.items[0]!.trapId]);
    await recordManual(t, tech, later.id, later.items[0]!.id, typedCode('TRP-1'));
    expect((await reprints()).map((reprint) => reprint.trap.code)).toEqual(['TRP-2', 'TRP-1']);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/api/label-reprints', headers: tech.headers })).statusCode).toBe(403);
    const printed = await t.app.inject({ method: 'POST', url: '/api/label-reprints/print', headers: tech.headers });
    expect(printed.statusCode).toBe(403);
  });
});

describe('a typed code is never read as a scan-proven visit', () => {
  /** An order with one device scanned and one recorded by its typed code, both with a finding. */
  async function typedAndScanned() {
    const { order, traps, items } = await orderOf(['TRP-1', 'TRP-2']);
    expect((await scan(t, tech, order.id, traps[0]!.qrSlug)).statusCode).toBe(200);
    expect((await recordManual(t, tech, order.id, items[1]!, typedCode('TRP-2'))).statusCode).toBe(200);
    for (const itemId of items) {
      expect((await putFinding(t, tech, order.id, itemId, nothingFound())).statusCode).toBe(200);
    }
    return { order, items };
  }

  it('the inspections list: MANUAL with its reason, apart from SCANNED under the filter', async () => {
    const { items } = await typedAndScanned();
    const list = async (query = '') =>
      (await t.app.inject({ url: `/api/inspections${query}`, headers: admin.headers })).json<InspectionPage>().items;
    expect((await list()).map((row) => [row.itemId, row.outcome, row.manual])).toEqual(
      expect.arrayContaining([
        [items[0], 'SCANNED', null],
        [items[1], 'MANUAL', { reason: 'ETIQUETA_DANADA', code: 'TRP-2' }],
      ]),
    );
    expect((await list('?outcome=SCANNED')).map((row) => row.itemId)).toEqual([items[0]]);
    expect((await list('?outcome=MANUAL')).map((row) => row.itemId)).toEqual([items[1]]);
  });

  it('the service report names the outcome and counts it apart from the scans', async () => {
    const { order } = await typedAndScanned();
    const session = (await t.app.inject({ url: `/api/sessions/${order.id}`, headers: admin.headers })).json<Session>();
    const pdf = await buffer(renderOrderReport(session, { timeZone: 'Europe/Madrid', client: null }));
    const text = (await readPdf(pdf))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Código escrito (etiqueta dañada)');
    expect(text).toContain(
      'Escaneadas: 1 · Código escrito (no prueba presencia): 1 · No encontradas o inaccesibles: 0 · Trampas pendientes: 0',
    );
    expect(text).toContain(OUTCOME_NOTE);
  });

  it('the Excel export names the outcome of each device', async () => {
    const { order } = await typedAndScanned();
    const response = await t.app.inject({ url: '/api/reports/export?format=excel', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Dispositivos')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = headers.indexOf('Resultado') + 1;
    const outcomes: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1 && row.getCell(1).value === order.id) outcomes.push(row.getCell(column).value);
    });
    expect(outcomes.sort()).toEqual(['Código escrito (etiqueta dañada)', 'Escaneada']);
  });

  it('the audit pack’s annex gives the outcome by name and counts the typed codes', async () => {
    await typedAndScanned();
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => output.on('end', resolve));
    const day = new Date().toISOString().slice(0, 10);
    const after = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await writeAuditPackExcel(
      new AuditPackRepository(t.database.db),
      { siteId: DEFAULT_SITE_ID, from: `${day}T00:00:00Z`, to: `${after}T00:00:00Z`, timeZone: 'UTC' },
      output,
    );
    await ended;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const outcomes: unknown[] = [];
    const inspections = workbook.getWorksheet('Inspecciones')!;
    const outcomeColumn = (inspections.getRow(1).values as unknown[]).indexOf('Resultado');
    inspections.eachRow((row, number) => {
      if (number > 1) outcomes.push(row.getCell(outcomeColumn).value);
    });
    expect(outcomes.sort()).toEqual(['Código escrito (etiqueta dañada)', 'Escaneada']);
    const summary: Record<string, unknown> = {};
    workbook.getWorksheet('Resumen')!.eachRow((row) => {
      summary[String(row.getCell(1).value)] = row.getCell(2).value;
    });
    expect(summary['De ellas, con el código impreso escrito (no prueba presencia)']).toBe(1);
  });
});
