import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { inflateZip, ZipRefused } from '../../lib/zip-limits.js';

/** What the worker is given: the workbook's bytes and the limits to read it within. */
export interface XlsxJob {
  file: Uint8Array;
  maxInflatedBytes: number;
  maxEntries: number;
  maxRows: number;
}

/** One row as the spreadsheet shows it: its number and its cells as text. */
export interface XlsxRow {
  row: number;
  cells: string[];
}

export type XlsxAnswer =
  | { rows: XlsxRow[] }
  | { refused: 'unreadable' | 'tooLarge' }
  | { refused: 'tooManyRows'; rows: number };

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return cell.text;
}

/** A worksheet's rows, counted in its XML before any parser builds them. */
const ROW = /<(?:\w+:)?row[\s>]/g;

/**
 * Reads the first sheet of a workbook, in a worker thread (trap-file.ts): exceljs parses on the thread it runs
 * on, four seconds for 10,000 rows here, which on the server's would hold every other request. The zip is
 * inflated within limits first (lib/zip-limits.ts) and its rows counted, so a zip bomb or a sheet of a million
 * rows is refused before exceljs sees it.
 */
async function read(job: XlsxJob): Promise<XlsxAnswer> {
  const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
  let rows = 0;
  try {
    const entries = inflateZip(file, job);
    for (const [name, content] of entries) {
      if (name.startsWith('xl/worksheets/') && name.endsWith('.xml')) {
        rows = Math.max(rows, content.toString('utf8').match(ROW)?.length ?? 0);
      }
    }
  } catch (error) {
    if (error instanceof ZipRefused && error.message.startsWith('too ')) return { refused: 'tooLarge' };
    return { refused: 'unreadable' };
  }
  if (rows > job.maxRows) return { refused: 'tooManyRows', rows };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    return { refused: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  const table: XlsxRow[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let index = 1; index <= row.cellCount; index++) cells.push(cellText(row.getCell(index)));
    table.push({ row: row.number, cells });
  });
  return { rows: table };
}

if (parentPort) {
  const port = parentPort;
  read(workerData as XlsxJob).then(
    (answer) => port.postMessage(answer),
    () => port.postMessage({ refused: 'unreadable' } satisfies XlsxAnswer),
  );
}
