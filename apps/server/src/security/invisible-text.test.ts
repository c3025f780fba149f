import { forbiddenCharacter, TRAP_FILE_TYPES, type TrapImportResult } from '@rondin/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planImage, postPlan } from '../../test/plans.js';
import { createAdmin, createTestApp, DEFAULT_SITE_ID, type TestApp, type TestUser } from '../../test/test-app.js';

/**
 * Control and invisible characters (ANSI escapes, bidi overrides, zero-width characters) are refused in every
 * text field as U+0000 is, whichever way the text arrives: JSON (every field of every route: odd-input.test.ts),
 * a CSV or Excel import, a multipart form's fields. Line breaks only where a field is typed in a text area.
 */
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

const api = (method: 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
const messages = (body: string) => [JSON.parse(body).message].flat().join(' ');

describe('control and invisible characters', () => {
  it('names the first one a text holds; emoji joiners and flag tags are not', () => {
    expect(forbiddenCharacter('TRP-\u001b[31m1')).toBe('U+001B');
    expect(forbiddenCharacter('Cocina\u202Eanir')).toBe('U+202E');
    expect(forbiddenCharacter('TRP\u200B-1')).toBe('U+200B');
    expect(forbiddenCharacter('dos\nlíneas')).toBe('U+000A');
    expect(forbiddenCharacter('dos\r\nlíneas\tcon tabulador', true)).toBeUndefined();
    expect(forbiddenCharacter('dos\u2028líneas', true)).toBe('U+2028');
    expect(forbiddenCharacter('Todo bien 🤷‍♂️ 👨‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBeUndefined();
    expect(forbiddenCharacter('a\u200Db')).toBe('U+200D');
  });

  it('refuses them in a line, allows line breaks only in a text area, in Spanish', async () => {
    const site = await api('POST', '/api/sites', { name: 'Planta \u202Eetron' });
    expect(site.statusCode).toBe(400);
    expect(messages(site.body)).toContain('El nombre del sitio contiene un carácter de control o invisible (U+202E)');
    const multiline = await api('POST', '/api/traps', { code: 'TRP-1', description: 'Junto al muelle\nlado norte' });
    expect(multiline.statusCode, multiline.body).toBe(201);
    const code = await api('POST', '/api/traps', { code: 'TRP-2\nTRP-3' });
    expect(code.statusCode).toBe(400);
    expect(messages(code.body)).toContain('(U+000A) o un salto de línea');
    const ansi = await api('POST', '/api/traps', { code: 'TRP-4', description: 'rojo \u001b[31m' });
    expect(ansi.statusCode).toBe(400);
  });

  it('refuses them in a CSV or Excel import, row by row, writing nothing', async () => {
    const importFile = (body: string | Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/traps/import',
        headers: { ...admin.headers, 'content-type': type },
        payload: body,
      });
    const csv = await importFile('codigo,area\nTRP-1,Bodega\nTRP-\u200B2,Cocina\u202E\n', TRAP_FILE_TYPES.csv);
    expect(csv.statusCode, csv.body).toBe(422);
    const problems = csv.json<TrapImportResult>().problems.map((problem) => `${problem.row} ${problem.message}`);
    expect(problems.join(' | ')).toContain('3 El código contiene un carácter de control o invisible (U+200B)');
    expect(problems.join(' | ')).toContain('3 El área contiene un carácter de control o invisible (U+202E)');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja1');
    sheet.addRow(['codigo', 'area']);
    sheet.addRow(['TRP-5', 'Muelle \u202Enorte']);
    const xlsx = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), TRAP_FILE_TYPES.xlsx);
    expect(xlsx.statusCode, xlsx.body).toBe(422);
    expect((await api('GET', '/api/traps')).json()).toEqual([]);
  });

  it("refuses them in a multipart form's text fields", async () => {
    const plan = await postPlan(t, admin, DEFAULT_SITE_ID, {
      name: 'Planta \u2066baja',
      file: await planImage(40, 30),
    });
    expect(plan.statusCode).toBe(400);
    expect(messages(plan.body)).toContain('(U+2066)');
  });
});
