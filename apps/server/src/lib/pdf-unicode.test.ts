import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAP_TYPE_MARKS } from '@rondin/contracts';
import { close, createOrder, scan } from '../../test/orders.js';
import { readPdf } from '../../test/pdf.js';
import { boxOf, overlaps, pdfFonts, readTextItems, type TextItem } from '../../test/pdf-layout.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.js';
import { formatSlugForPrint } from '../modules/traps/trap-labels.js';

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

/** As stored (straight into the database, as imports or older versions may have left them) and as printed. */
const NAMES = [
  { stored: 'Almacén Ñandú', printed: 'Almacén Ñandú' },
  { stored: 'Jose\u0301 Pe\u0301rez', printed: 'José Pérez' },
  { stored: 'Αθηνά Παπαδοπούλου', printed: 'Αθηνά Παπαδοπούλου' },
  { stored: 'Юлия Смирнова', printed: 'Юлия Смирнова' },
  // One replacement character per grapheme: the rat, each ideograph, the whole ZWJ family, the whole flag.
  { stored: 'Bodega 🐀 倉庫 👨‍👩‍👧 🇨🇱', printed: 'Bodega \uFFFD \uFFFD\uFFFD \uFFFD \uFFFD' },
];
const SHELF = 'Almacén de producto terminado, pasillo 12';
const AREA_120 = `${SHELF}, estantería norte junto a la puerta de carga número tres del sector poniente 2B`;
const LONG_NAME = 'María José de la Santísima Trinidad Fernández-Villavicencio y Ñandú de los Ríos Altos del Maule';
const CODE_40 = 'TRP-WIDE-MMMMWWWWMMMMWWWWMMMMWWWWMMMMWW';

const get = (url: string) => t.app.inject({ url, headers: admin.headers });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
const texts = (items: TextItem[]) => items.map((item) => item.text);
/** Wrapped lines read back as one text: pdfkit breaks after a space or a hyphen. */
const joinLines = (items: TextItem[]) =>
  items
    .map((item) => item.text.trim())
    .reduce((text, line) => (!text || text.endsWith('-') ? text + line : `${text} ${line}`), '');
/** A table's column, on any page: from its heading's left edge to the next heading's. */
function column(items: TextItem[], heading: string, next: string) {
  const start = items.find((item) => item.text === heading)!;
  const end = items.find((item) => item.text === next && item.y === start.y)!;
  return (item: TextItem) => item.x >= start.x - 1 && item.x < end.x - 1;
}

/**
 * Each row's text in a column, by the row's first cell: what lies from that cell's line down to the next
 * row's first line on the same page (or to the page's foot).
 */
function rowTexts(
  items: TextItem[],
  firstCells: TextItem[],
  inColumn: (item: TextItem) => boolean,
): Map<string, string> {
  const sorted = [...firstCells].sort((a, b) => a.page - b.page || a.y - b.y);
  return new Map(
    sorted.map((first, index) => {
      const next = sorted[index + 1];
      const bottom = next?.page === first.page ? boxOf(next).top : Infinity;
      const lines = items.filter(
        (item) => item.page === first.page && inColumn(item) && item.y >= first.y && boxOf(item).bottom <= bottom,
      );
      return [first.text, joinLines(lines)];
    }),
  );
}

/** Closes an order of the given traps, every one scanned by the technician. */
async function closedOrder(tech: TestUser, trapIds: { id: number; qrSlug: string }[]) {
  const order = await createOrder(
    t,
    admin,
    tech.id,
    trapIds.map((trap) => trap.id),
  );
  for (const trap of trapIds) await scan(t, tech, order.id, trap.qrSlug);
  await close(t, tech, order.id);
  return order;
}

async function serviceReport(tech: TestUser, trapIds: { id: number; qrSlug: string }[]) {
  const order = await closedOrder(tech, trapIds);
  const response = await get(`/api/sessions/${order.id}/report`);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** A line of the page's footer: the document and its folio, and «Página x de y». */
const isFooter = (item: TextItem) =>
  /^Página \d+ de \d+$/.test(item.text) || /^Certificado de servicio · Folio /.test(item.text);

describe('PDFs print the names and areas people really use', () => {
  it('prints Spanish, combining-accent, Greek and Cyrillic names in the service report exactly, and a placeholder for emoji and CJK', async () => {
    for (const [index, name] of NAMES.entries()) {
      const tech = await createUser(t, { fullName: name.stored, email: `tecnico${index}@planta.test` });
      const trap = await createTrap(t, { area: name.stored });
      const positioned = await readTextItems(await serviceReport(tech, [trap]));
      const items = texts(positioned);
      // The area and the technician in the table (each read down its own column, wrapped or not).
      const code = positioned.filter((item) => item.text === trap.code);
      expect(rowTexts(positioned, code, column(positioned, 'Área', 'Resultado')).get(trap.code)).toBe(name.printed);
      const areaHeading = positioned.find((item) => item.text === 'Área')!;
      const technicianHeading = positioned.find((item) => item.text === 'Técnico' && item.y === areaHeading.y)!;
      // The page's footer («Página 1 de 1») is below the table, not in its last row.
      const inTechnicianColumn = (item: TextItem) => item.x >= technicianHeading.x - 1 && !isFooter(item);
      expect(rowTexts(positioned, code, inTechnicianColumn).get(trap.code)).toBe(name.printed);
      // Who closed the order, in the facts, wrapped where the column ends.
      expect(items.join(' ')).toContain(`${name.printed} (tecnico${index}@planta.test)`);
    }
  });

  it('prints every script on a trap label and on a label sheet', async () => {
    const traps = [];
    for (const name of NAMES) traps.push(await createTrap(t, { area: name.stored }));
    for (const [index, trap] of traps.entries()) {
      const label = await get(`/api/traps/${trap.id}/label`);
      expect(texts(await readTextItems(label.rawPayload))).toContain(NAMES[index]!.printed);
    }
    const sheet = await post('/api/traps/labels', { ids: traps.map((trap) => trap.id) });
    const printed = texts(await readTextItems(sheet.rawPayload));
    for (const name of NAMES) expect(printed).toContain(name.printed);
  });

  it('prints every technician name in the compliance export', async () => {
    const trap = await createTrap(t);
    for (const [index, name] of NAMES.entries()) {
      const tech = await createUser(t, { fullName: name.stored, email: `tecnico${index}@planta.test` });
      await createOrder(t, admin, tech.id, [trap.id]);
    }
    const printed = texts(await readTextItems((await get('/api/reports/export?format=pdf')).rawPayload));
    for (const name of NAMES) expect(printed).toContain(name.printed);
  });

  it('embeds DejaVu in every kind of document, and no other font', async () => {
    const tech = await createUser(t, { fullName: NAMES[2]!.stored });
    const trap = await createTrap(t, { area: NAMES[3]!.stored });
    const documents = {
      report: await serviceReport(tech, [trap]),
      label: (await get(`/api/traps/${trap.id}/label`)).rawPayload,
      sheet: (await post('/api/traps/labels', { ids: [trap.id] })).rawPayload,
      export: (await get('/api/reports/export?format=pdf')).rawPayload,
    };
    for (const [kind, pdf] of Object.entries(documents)) {
      const fonts = pdfFonts(pdf);
      expect(fonts.length, kind).toBeGreaterThan(0);
      for (const font of fonts)
        expect(font, kind).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+DejaVuSans/), embedded: true });
    }
  });
});

describe('long names and areas stay in their place', () => {
  it('grows a service report row to its wrapped area, and starts the next row below it', async () => {
    const tech = await createUser(t, {
      fullName: LONG_NAME,
      email: `${'maria.jose.fernandez.villavicencio'.repeat(3)}@planta-norte.example.com`,
    });
    const areas = new Map([
      ['TRP-1', SHELF],
      ['TRP-2', AREA_120],
      ['TRP-3', 'Bodega'],
      ['TRP-4', SHELF],
      ['TRP-5', 'Patio'],
    ]);
    const traps = [];
    for (const [code, area] of areas) traps.push(await createTrap(t, { code, area }));
    const items = await readTextItems(await serviceReport(tech, traps));

    expect(overlaps(items)).toEqual([]);
    const codes = items.filter((item) => areas.has(item.text));
    // The whole area, and nothing of a neighbour's, lies between its row's code and the next row's.
    expect(rowTexts(items, codes, column(items, 'Área', 'Resultado'))).toEqual(areas);
  });

  it('moves a row that does not fit to the next page, under the headings', async () => {
    const tech = await createUser(t);
    const areas = new Map<string, string>();
    const traps = [];
    for (let i = 1; i <= 30; i++) {
      areas.set(`TRP-${i}`, `${AREA_120} ${i}`);
      traps.push(await createTrap(t, { code: `TRP-${i}`, area: `${AREA_120} ${i}` }));
    }
    const items = await readTextItems(await serviceReport(tech, traps));
    const pages = Math.max(...items.map((item) => item.page));
    expect(pages).toBeGreaterThan(1);
    expect(overlaps(items)).toEqual([]);
    // The table stays above the bottom margin; only the footer lives in it, clear of what a printer cannot print.
    const A4_HEIGHT = 841.89;
    for (const item of items) {
      expect(boxOf(item).bottom, item.text).toBeLessThanOrEqual(A4_HEIGHT - (isFooter(item) ? 14 : 40));
    }
    for (let page = 1; page <= pages; page++)
      expect(items.filter((item) => item.page === page && item.text === 'Área')).toHaveLength(1);
    const codes = items.filter((item) => areas.has(item.text));
    expect(rowTexts(items, codes, column(items, 'Área', 'Resultado'))).toEqual(areas);
  });

  it('prints the longest trap code and a long area on a label without either touching the other', async () => {
    for (const area of [SHELF, AREA_120]) {
      await t.reset();
      admin = await createAdmin(t);
      const trap = await createTrap(t, { code: CODE_40, area });
      const single = (await get(`/api/traps/${trap.id}/label`)).rawPayload;
      const sheet = (await post('/api/traps/labels', { ids: [trap.id] })).rawPayload;
      // The first label of a sheet: 10 mm margins, a third of the A4 width between them.
      const sheetBox = { left: 28.35, right: 28.35 + (595.28 - 2 * 28.35) / 3 };
      for (const [pdf, box] of [
        [single, { left: 0, right: 70 * (72 / 25.4) }],
        [sheet, sheetBox],
      ] as const) {
        const items = await readTextItems(pdf);
        expect(overlaps(items)).toEqual([]);
        for (const item of items) {
          expect(item.x, item.text).toBeGreaterThanOrEqual(box.left);
          expect(item.x + item.width, item.text).toBeLessThanOrEqual(box.right);
        }
        const code = items.filter((item) => CODE_40.includes(item.text.trim()));
        const slug = items.filter((item) => formatSlugForPrint(trap.qrSlug).split(' ').includes(item.text));
        // The device type's mark ("OTR" for a trap of type OTRO) has its own place, apart from the area.
        const mark = items.filter((item) => item.text.trim() === TRAP_TYPE_MARKS.OTRO);
        expect(mark).toHaveLength(1);
        const areaLines = items.filter(
          (item) =>
            !code.includes(item) && !slug.includes(item) && !mark.includes(item) && !item.text.startsWith('RONDÍN'),
        );
        expect(code.map((item) => item.text.trim()).join('')).toBe(CODE_40);
        expect(slug.map((item) => item.text).join(' ')).toBe(formatSlugForPrint(trap.qrSlug));
        const printedArea = joinLines(areaLines);
        if (area === SHELF) expect(printedArea).toBe(SHELF);
        else expect(printedArea).toMatch(/^Almacén de producto terminado, .*…$/);
        expect(areaLines.length).toBeLessThanOrEqual(2);
        for (const line of areaLines)
          expect(boxOf(line).top).toBeGreaterThanOrEqual(Math.max(...code.map((item) => boxOf(item).bottom)));
        expect((await readPdf(pdf, { decodeQr: true }))[0]!.qrCodes).toEqual([trap.qrSlug]);
      }
    }
  });

  it('keeps export rows apart when a technician name wraps', async () => {
    const trap = await createTrap(t);
    const orders = new Map<string, string>();
    for (const fullName of [LONG_NAME, 'Ana Técnica', LONG_NAME, 'Ana Técnica']) {
      const tech = await createUser(t, { fullName });
      orders.set(`#${(await createOrder(t, admin, tech.id, [trap.id])).id}`, fullName);
    }
    const items = await readTextItems((await get('/api/reports/export?format=pdf')).rawPayload);
    expect(overlaps(items)).toEqual([]);
    const ids = items.filter((item) => orders.has(item.text));
    expect(rowTexts(items, ids, column(items, 'Técnico', 'Programada'))).toEqual(orders);
  });
});
