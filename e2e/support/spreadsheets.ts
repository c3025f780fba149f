import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';

/** A downloaded file's bytes. */
export async function downloaded(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/**
 * A CSV as Excel in Spanish reads it: a UTF-8 BOM, `;` between fields, CRLF between records, quoted fields with
 * "" for a quote. Throws when the BOM is missing.
 */
export function parseCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV has no UTF-8 BOM');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 1; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else field += char;
  }
  return records;
}

/** The first sheet of a workbook as rows of cell values (dates as Date), read by exceljs. */
export async function readXlsx(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}
