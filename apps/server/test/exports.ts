import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './test-app.js';

/**
 * A CSV as Excel in Spanish reads it: UTF-8 after its BOM, `;` between fields, CRLF between records, a field in
 * double quotes when it holds a separator, a quote ("" inside) or a line break.
 */
export function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a UTF-8 BOM').toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  expect(record.length === 0 && field === '', 'the CSV ends with a line break').toBe(true);
  return records;
}

/** The first sheet of an XLSX as rows of cell values (dates as Date), and the workbook, read by exceljs. */
export async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { workbook, sheet, rows };
}

/** GET an export as the user, checking it answers 200 with the type and the attachment name its format says. */
export async function download(t: TestApp, user: TestUser, url: string, format: 'csv' | 'xlsx') {
  const response = await t.app.inject({ url, headers: user.headers });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe(
    format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="[a-z-]+-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
  );
  return response.rawPayload;
}

/** A day as the exports write it, in the zone: 31/01/2026. */
export const spanishDay = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(at),
  );

/** No cell is an internal name (ABIERTA, LUZ_UV, EN_CURSO…): the site's words only. */
export function expectNoInternalNames(rows: readonly (readonly unknown[])[]) {
  for (const row of rows) {
    for (const cell of row) {
      if (typeof cell === 'string') expect(cell, 'an internal name in an export').not.toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    }
  }
}
