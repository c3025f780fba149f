import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  TRAP_FILE_TYPES,
  TrapMessages,
  type Trap,
  type TrapImportResult,
} from '@rondin/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createAdmin,
  createTestApp,
  createTrap,
  DEFAULT_SITE_ID,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { sheetXml, zipOf } from '../../../test/zips.js';

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

const importFile = (body: string | Buffer, options: { dryRun?: boolean; type?: string; siteId?: number } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/traps/import',
    query: {
      ...(options.dryRun ? { dryRun: 'true' } : {}),
      ...(options.siteId === undefined ? {} : { siteId: String(options.siteId) }),
    },
    headers: { ...admin.headers, 'content-type': options.type ?? TRAP_FILE_TYPES.csv },
    payload: body,
  });

const allTraps = async (): Promise<Trap[]> =>
  (await t.app.inject({ url: '/api/traps', headers: admin.headers })).json();

/** What a row of the four first columns reads as: a device of type OTRO, in the only site. */
const plain = { type: 'OTRO', zone: null, riskLevel: null, siteId: DEFAULT_SITE_ID, siteName: 'Sitio principal' };

async function xlsx(rows: (string | number | boolean | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Each refusal starts a worker thread, which under the tests loads the TypeScript source through tsx. */
describe('POST /api/traps/import of a workbook past its limits', { timeout: 60_000 }, () => {
  it('refuses a zip bomb, an entry that lies about its size, and more rows than an import takes, before parsing', async () => {
    // 60 MB of one byte: about 60 KB once deflated, under the 5 MB upload limit.
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) }]);
    expect(bomb.length).toBeLessThan(MAX_IMPORT_BYTES);
    const lying = zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    for (const [file, message] of [
      [bomb, 'descomprimido'],
      [lying, 'No se pudo leer el archivo Excel'],
      [zipOf([{ name: 'xl/worksheets/sheet1.xml', data: sheetXml(MAX_IMPORT_ROWS + 2) }]), 'como máximo 10.000'],
    ] as const) {
      const response = await importFile(file, { dryRun: true, type: TRAP_FILE_TYPES.xlsx });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await allTraps()).toEqual([]);
  });
});

describe('POST /api/traps/import', () => {
  it('previews a dry run without writing, then writes every row', async () => {
    const csv = 'codigo,area,descripcion,activa\nTRP-001,Bodega,Junto a la puerta,sí\nTRP-002,,,no\n';
    const preview = await importFile(csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      dryRun: true,
      created: 0,
      problems: [],
      rows: [
        { row: 2, code: 'TRP-001', area: 'Bodega', description: 'Junto a la puerta', isActive: true, ...plain },
        { row: 3, code: 'TRP-002', area: null, description: null, isActive: false, ...plain },
      ],
    });
    expect(await allTraps()).toEqual([]);

    const done = await importFile(csv);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json<TrapImportResult>().created).toBe(2);
    const traps = await allTraps();
    expect(traps.map(({ code, area, description, isActive }) => ({ code, area, description, isActive }))).toEqual([
      { code: 'TRP-001', area: 'Bodega', description: 'Junto a la puerta', isActive: true },
      { code: 'TRP-002', area: null, description: null, isActive: false },
    ]);
    expect(new Set(traps.map((trap) => trap.qrSlug)).size).toBe(2);
  });

  it("reads Spanish Excel's CSV: semicolons, quotes, a BOM, CRLF, accented headers and Windows-1252", async () => {
    const utf8 = '\uFEFFCódigo;Área;Descripción;Activa\r\n"TRP-1";"Andén; lado ""A""";"dos\r\nlíneas";SI\r\n';
    const preview = await importFile(utf8, { dryRun: true });
    expect(preview.json<TrapImportResult>().rows).toEqual([
      { row: 2, code: 'TRP-1', area: 'Andén; lado "A"', description: 'dos\r\nlíneas', isActive: true, ...plain },
    ]);
    const latin1 = Buffer.from('codigo;area\r\nTRP-2;Baño de señoras\r\n', 'latin1');
    expect((await importFile(latin1, { dryRun: true })).json<TrapImportResult>().rows[0]?.area).toBe('Baño de señoras');
  });

  it('reads an Excel workbook, with the row numbers the sheet shows', async () => {
    const file = await xlsx([
      ['codigo', 'area', 'descripcion', 'activa'],
      ['TRP-010', 'Bodega', null, true],
      [null, null, null, null],
      [11, 'Patio', 'Número', 'no'],
    ]);
    const response = await importFile(file, { type: TRAP_FILE_TYPES.xlsx });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TrapImportResult>().rows).toEqual([
      { row: 2, code: 'TRP-010', area: 'Bodega', description: null, isActive: true, ...plain },
      { row: 4, code: '11', area: 'Patio', description: 'Número', isActive: false, ...plain },
    ]);
  });

  it('reports every problem of every row, with its row and column, and writes none of them', async () => {
    await createTrap(t, { code: 'TRP-001', area: 'Bodega' });
    const long = 'x'.repeat(41);
    const csv = [
      'codigo,area,descripcion,activa',
      'trp-001,Bodega,,',
      `${long},bodega,,quizás`,
      ',Patio,,',
      'NUEVA-1,Patio Norte,,',
      'nueva-1,patio norte,,',
      'NUEVA-2,Patio Norte,,',
    ].join('\n');
    const preview = await importFile(csv, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<TrapImportResult>().problems).toEqual([
      { row: 2, column: 'codigo', message: `${TrapMessages.codeTaken} («trp-001»)` },
      { row: 3, column: 'activa', message: '«activa» debe ser «sí» o «no» (dice «quizás»).' },
      { row: 3, column: 'codigo', message: 'El código admite como máximo 40 caracteres.' },
      { row: 4, column: 'codigo', message: TrapMessages.codeRequired },
      { row: 6, column: 'codigo', message: 'El código «nueva-1» ya aparece en la fila 5.' },
      {
        row: 6,
        column: 'area',
        message:
          'El área «patio norte» ya existe escrita «Patio Norte»: elige «Patio Norte» para no crear un área repetida.',
      },
    ]);

    const refused = await importFile(csv);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: '6 problemas en el archivo: no se importó ninguna trampa.',
      problems: preview.json<TrapImportResult>().problems,
    });
    expect((await allTraps()).map((trap) => trap.code)).toEqual(['TRP-001']);
  });

  it('refuses a case or accent variant of an existing area, and accepts the existing spelling', async () => {
    await createTrap(t, { code: 'A-1', area: 'Andén' });
    const preview = await importFile('codigo,area\nA-2,anden\nA-3, ANDÉN \nA-4,Andén\n', { dryRun: true });
    expect(preview.json<TrapImportResult>().problems.map((problem) => [problem.row, problem.column])).toEqual([
      [2, 'area'],
      [3, 'area'],
    ]);
  });

  it('reports a missing code column and an unknown column on row 1', async () => {
    const response = await importFile('area,color\nBodega,rojo\n', { dryRun: true });
    expect(response.json<TrapImportResult>().problems).toEqual([
      {
        row: 1,
        column: null,
        message:
          'La columna «color» no se reconoce: las columnas son codigo, area, descripcion, activa, tipo, zona, riesgo, sitio.',
      },
      { row: 1, column: 'codigo', message: 'Falta la columna «codigo», que es obligatoria.' },
      { row: 2, column: 'codigo', message: TrapMessages.codeRequired },
    ]);
  });

  it('writes all rows or none: a code taken between the preview and the import leaves nothing written', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `LOTE-${i},Bodega`);
    const csv = `codigo,area\n${rows.join('\n')}\n`;
    expect((await importFile(csv, { dryRun: true })).json<TrapImportResult>().problems).toEqual([]);
    // The check reads the plant before the transaction; a trap created meanwhile makes the unique index refuse.
    const repository = (await import('./traps.repository.js')).TrapsRepository.prototype;
    const original = repository.takenCodes;
    repository.takenCodes = async function (codes, siteId) {
      const taken = await original.call(this, codes, siteId);
      await createTrap(t, { code: 'lote-1499', area: 'Bodega' });
      return taken;
    };
    try {
      const response = await importFile(csv);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(`${TrapMessages.codeTaken} No se importó ninguna trampa.`);
    } finally {
      repository.takenCodes = original;
    }
    expect((await allTraps()).map((trap) => trap.code)).toEqual(['lote-1499']);
  });

  it('refuses other media types with 415, files over 5 MB with 413, and unreadable files with 400, in Spanish', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/traps/import',
      headers: admin.headers,
      payload: { codigo: 'X' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envía el archivo como CSV (text/csv) o como libro de Excel (.xlsx).');
    expect((await importFile('codigo\nX\n', { type: 'text/plain' })).statusCode).toBe(415);

    const huge = await importFile(`codigo\n${'X'.repeat(5 * 1024 * 1024)}\n`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('El archivo pasa de 5 MB: divídelo en partes más pequeñas.');

    const broken = await importFile(Buffer.from('no es un zip'), { type: TRAP_FILE_TYPES.xlsx });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^No se pudo leer el archivo Excel/);
    expect((await importFile('codigo\n"sin cierre\n')).statusCode).toBe(400);
    expect((await importFile('')).statusCode).toBe(400);
    expect((await importFile('codigo,area\n')).json().message).toBe(
      'El archivo no tiene filas de trampas bajo el encabezado.',
    );
  });

  it('reads type, zone, risk and site by code or Spanish name, and names every bad cell', async () => {
    await t.database.db.execute(sql`insert into sites (name) values ('Almacén Norte'), ('Planta Cerrada')`);
    await t.database.db.execute(sql`update sites set is_active = false where name = 'Planta Cerrada'`);
    const csv = [
      'codigo,tipo,zona,riesgo,sitio',
      'C-1,CEBADERO,EXTERIOR,ALTO,Sitio principal',
      'C-2,lámpara uv atrapa insectos,Perímetro interior,medio,almacen norte',
      'C-3,UV,interior,Bajo,Almacén Norte',
      'C-4,cohete,luna,altísimo,Planta Cerrada',
      'C-5,,,,Marte',
      'C-6,,,,',
    ].join('\n');
    const preview = (await importFile(csv, { dryRun: true })).json<TrapImportResult>();
    expect(
      preview.rows.map(({ code, type, zone, riskLevel, siteName }) => [code, type, zone, riskLevel, siteName]),
    ).toEqual([
      ['C-1', 'CEBADERO', 'EXTERIOR', 'ALTO', 'Sitio principal'],
      ['C-2', 'LUZ_UV', 'PERIMETRO_INTERIOR', 'MEDIO', 'Almacén Norte'],
      ['C-3', 'LUZ_UV', 'INTERIOR', 'BAJO', 'Almacén Norte'],
    ]);
    expect(preview.rows[1]?.siteId).not.toBe(DEFAULT_SITE_ID);
    expect(preview.problems).toEqual([
      {
        row: 5,
        column: 'tipo',
        message: '«tipo» debe ser uno de: CEBADERO, CAPTURA, LAMINA, LUZ_UV, FEROMONA, OTRO (dice «cohete»).',
      },
      {
        row: 5,
        column: 'zona',
        message: '«zona» debe ser uno de: EXTERIOR, PERIMETRO_INTERIOR, INTERIOR (dice «luna»).',
      },
      { row: 5, column: 'riesgo', message: '«riesgo» debe ser uno de: ALTO, MEDIO, BAJO (dice «altísimo»).' },
      { row: 5, column: 'sitio', message: 'El sitio «Planta Cerrada» está inactivo.' },
      { row: 6, column: 'sitio', message: 'El sitio «Marte» no existe.' },
      {
        row: 7,
        column: 'sitio',
        message: 'Hay varios sitios activos: indica el sitio de la trampa en la columna «sitio».',
      },
    ]);
  });

  it("reads the list's short type names, and with several sites and no «sitio» column says so once", async () => {
    await t.database.db.execute(sql`insert into sites (name) values ('Almacén Norte')`);
    const types = ['Lámpara UV', 'Feromonas', 'Lámina adhesiva', 'Cebadero'];
    const withoutSite = ['codigo,tipo', ...types.map((type, index) => `E-${index + 1},${type}`)].join('\n');
    const refused = (await importFile(withoutSite, { dryRun: true })).json<TrapImportResult>();
    expect(refused.problems).toEqual([
      {
        row: 1,
        column: 'sitio',
        message: 'Hay varios sitios activos: añade la columna «sitio» con el sitio de cada trampa.',
      },
    ]);
    const withSite = ['codigo,tipo,sitio', ...types.map((type, index) => `E-${index + 1},${type},Almacén Norte`)];
    const preview = (await importFile(withSite.join('\n'), { dryRun: true })).json<TrapImportResult>();
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((row) => row.type)).toEqual(['LUZ_UV', 'FEROMONA', 'LAMINA', 'CEBADERO']);
  });

  it("from a site's page, every row is that site's; a «sitio» naming another site is refused on its row", async () => {
    const north = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: admin.headers,
        payload: { name: 'Almacén Norte' },
      })
    ).json<{ id: number }>();
    // Two active sites, no «sitio» column: the site given is every row's.
    const preview = (
      await importFile('codigo,area\nN-1,Muelle\nN-2,Muelle\n', { dryRun: true, siteId: north.id })
    ).json<TrapImportResult>();
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((row) => [row.code, row.siteId, row.siteName])).toEqual([
      ['N-1', north.id, 'Almacén Norte'],
      ['N-2', north.id, 'Almacén Norte'],
    ]);
    const mixed = 'codigo,sitio\nN-1,almacen norte\nN-2,Sitio principal\nN-3,\n';
    const refused = (await importFile(mixed, { dryRun: true, siteId: north.id })).json<TrapImportResult>();
    expect(refused.problems).toEqual([
      {
        row: 3,
        column: 'sitio',
        message: 'La fila es de «Sitio principal»: aquí se importan solo dispositivos de «Almacén Norte».',
      },
    ]);
    expect(refused.rows.map((row) => row.siteId)).toEqual([north.id, north.id]);
    const written = await importFile('codigo\nN-1\n', { siteId: north.id });
    expect(written.statusCode).toBe(201);
    expect((await allTraps()).map((trap) => [trap.code, trap.siteId])).toEqual([['N-1', north.id]]);
    // A site that is gone or closed takes nothing.
    const closed = await importFile('codigo\nN-9\n', { dryRun: true, siteId: 999_999 });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe('El sitio no existe.');
  });

  it('checks codes within each site: the same code may be in two sites, not twice in one', async () => {
    await t.database.db.execute(sql`insert into sites (name) values ('Almacén Norte')`);
    await createTrap(t, { code: 'D-1' });
    const csv = 'codigo,sitio\nD-1,Almacén Norte\nD-2,Almacén Norte\nd-2,Almacén Norte\nD-2,Sitio principal\n';
    const preview = (await importFile(csv, { dryRun: true })).json<TrapImportResult>();
    expect(preview.problems).toEqual([
      { row: 4, column: 'codigo', message: 'El código «d-2» ya aparece en la fila 3.' },
    ]);
    const fixed = await importFile('codigo,sitio\nD-1,Almacén Norte\nD-2,Almacén Norte\nD-2,Sitio principal\n');
    expect(fixed.statusCode, fixed.body).toBe(201);
    const codes = (await allTraps()).map(
      (trap) => `${trap.code}@${trap.siteId === DEFAULT_SITE_ID ? 'principal' : 'norte'}`,
    );
    expect(codes.sort()).toEqual(['D-1@norte', 'D-1@principal', 'D-2@norte', 'D-2@principal']);
  });

  it('exports each trap with its type, zone, risk and site, and the import reads them back', async () => {
    await t.database.db.execute(sql`insert into sites (name) values ('Almacén Norte')`);
    await importFile('codigo,tipo,zona,riesgo,sitio\nE-1,FEROMONA,INTERIOR,ALTO,Almacén Norte\n');
    const exported = await t.app.inject({ url: '/api/traps/export?format=csv', headers: admin.headers });
    expect(exported.body).toContain('E-1,,,sí,Trampa de feromonas,Interior,Alto,Almacén Norte\r\n');
    await t.database.db.execute(sql`delete from traps`);
    const back = (await importFile(exported.rawPayload, { dryRun: true })).json<TrapImportResult>();
    expect(
      back.rows.map(({ code, type, zone, riskLevel, siteName }) => [code, type, zone, riskLevel, siteName]),
    ).toEqual([['E-1', 'FEROMONA', 'INTERIOR', 'ALTO', 'Almacén Norte']]);
  });

  it('accepts text/csv with a charset parameter', async () => {
    const response = await importFile('codigo\nX-1\n', { dryRun: true, type: 'text/csv; charset=utf-8' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('GET /api/traps/export', () => {
  it('exports every trap as CSV that the import reads back unchanged', async () => {
    await createTrap(t, { code: 'B-2', area: 'Andén; "norte"' });
    await createTrap(t, { code: '=SUMA(1)', area: null, isActive: false });
    const response = await t.app.inject({ url: '/api/traps/export?format=csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="trampas.csv"');
    expect(response.body).toBe(
      '\uFEFFcodigo,area,descripcion,activa,tipo,zona,riesgo,sitio\r\n' +
        "'=SUMA(1),,,no,Otro dispositivo,,,Sitio principal\r\n" +
        'B-2,"Andén; ""norte""",,sí,Otro dispositivo,,,Sitio principal\r\n',
    );

    await t.reset();
    admin = await createAdmin(t);
    const back = await importFile(response.rawPayload, { dryRun: true });
    expect(back.json<TrapImportResult>().rows).toEqual([
      { row: 2, code: '=SUMA(1)', area: null, description: null, isActive: false, ...plain },
      { row: 3, code: 'B-2', area: 'Andén; "norte"', description: null, isActive: true, ...plain },
    ]);
  });

  it('exports an Excel workbook with the same columns', async () => {
    await createTrap(t, { code: 'TRP-1', area: 'Bodega' });
    const response = await t.app.inject({ url: '/api/traps/export?format=xlsx', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(TRAP_FILE_TYPES.xlsx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'codigo',
      'area',
      'descripcion',
      'activa',
      'tipo',
      'zona',
      'riesgo',
      'sitio',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'TRP-1',
      'Bodega',
      undefined,
      'sí',
      'Otro dispositivo',
      undefined,
      undefined,
      'Sitio principal',
    ]);
  });

  it('refuses an unknown format', async () => {
    const response = await t.app.inject({ url: '/api/traps/export?format=pdf', headers: admin.headers });
    expect(response.statusCode).toBe(400);
  });
});
