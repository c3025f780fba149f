import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  MAX_IMPORT_ROWS,
  RISK_LEVEL_NAMES,
  TRAP_FILE_COLUMNS,
  TRAP_TYPE_NAMES,
  type TrapFileColumn,
  ZONE_NAMES,
} from '@rondin/contracts';
import { areaKey } from '@rondin/contracts/trap-areas';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '../../lib/app-error.js';
import { loadExcelJs } from '../../lib/exceljs.js';
import { pacedOutput } from '../../lib/paced-stream.js';
import type { TrapRow } from './traps.repository.js';
import type { XlsxAnswer, XlsxJob } from './xlsx-worker.js';

export type TrapFileFormat = 'csv' | 'xlsx';

/** One data row of a file: its row number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface RawTrapRow {
  row: number;
  cells: Partial<Record<TrapFileColumn, string>>;
  /** Cells beyond the header's columns that hold something. */
  extraCells: number;
}

export interface ParsedTrapFile {
  rows: RawTrapRow[];
  /** Problems with the header itself (row 1): a missing or unknown column. */
  headerProblems: { column: TrapFileColumn | null; message: string }[];
}

const COLUMN_LIST = TRAP_FILE_COLUMNS.join(', ');

/** Headers as people type them: "Código", "DESCRIPCIÓN", " activa " all name a column. */
const columnOf = (header: string): TrapFileColumn | undefined =>
  TRAP_FILE_COLUMNS.find((column) => column === areaKey(header));

/** Reads a CSV or XLSX file into rows of text cells; the rules for each cell are the service's. */
export async function parseTrapFile(file: Buffer, format: TrapFileFormat): Promise<ParsedTrapFile> {
  const table = format === 'csv' ? readCsv(file) : await readXlsx(file);
  const [header, ...body] = table;
  if (!header || header.cells.every((cell) => cell.trim() === '')) {
    throw AppError.badRequest(`El archivo está vacío: la primera fila debe tener las columnas ${COLUMN_LIST}.`);
  }
  const headerProblems: ParsedTrapFile['headerProblems'] = [];
  const columns = header.cells.map((name) => {
    if (name.trim() === '') return undefined;
    const column = columnOf(name);
    if (!column) {
      headerProblems.push({
        column: null,
        message: `La columna «${name.trim()}» no se reconoce: las columnas son ${COLUMN_LIST}.`,
      });
    }
    return column;
  });
  for (const column of TRAP_FILE_COLUMNS) {
    const count = columns.filter((found) => found === column).length;
    if (count > 1) headerProblems.push({ column, message: `La columna «${column}» aparece ${count} veces.` });
  }
  if (!columns.includes('codigo')) {
    headerProblems.push({ column: 'codigo', message: 'Falta la columna «codigo», que es obligatoria.' });
  }
  const rows: RawTrapRow[] = [];
  for (const line of body) {
    if (line.cells.every((cell) => cell.trim() === '')) continue;
    const cells: RawTrapRow['cells'] = {};
    let extraCells = 0;
    line.cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) cells[column] = unescapeFormula(cell);
      else if (index >= header.cells.length && cell.trim() !== '') extraCells++;
    });
    rows.push({ row: line.row, cells, extraCells });
  }
  return { rows, headerProblems };
}

interface TableRow {
  row: number;
  cells: string[];
}

/**
 * Spanish Excel saves "CSV" with semicolons and, unless told otherwise, in Windows-1252: the separator is the
 * header's, and a file that is not UTF-8 is read as Windows-1252. Quotes, a BOM and CRLF are csv-parse's.
 */
function readCsv(file: Buffer): TableRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    text = new TextDecoder('windows-1252').decode(file);
  }
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [';', '\t', ','].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  try {
    const records: string[][] = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
    });
    return records.map((cells, index) => ({ row: index + 1, cells }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw AppError.badRequest(
      `No se pudo leer el archivo CSV${line ? ` (cerca de la línea ${line})` : ''}: revisa que cada comilla de apertura tenga su cierre.`,
    );
  }
}

/** A workbook inflates to at most this (10,000 rows of every column are about 3.4 MB). */
const XLSX_MAX_INFLATED_BYTES = 50 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1000;
/** A reading that takes longer is given up: 10,000 rows take about four seconds on a loaded machine. */
const XLSX_TIMEOUT_MS = 60_000;

const XlsxMessages = {
  unreadable: 'No se pudo leer el archivo Excel: guárdalo como libro de Excel (.xlsx) y vuelve a intentarlo.',
  tooLarge: `El archivo Excel ocupa más de ${XLSX_MAX_INFLATED_BYTES / 1024 / 1024} MB descomprimido: divídelo en partes más pequeñas.`,
  tooManyRows: (rows: number) =>
    `El archivo tiene ${rows.toLocaleString('es')} filas; se pueden importar como máximo ${MAX_IMPORT_ROWS.toLocaleString('es')} a la vez.`,
};

/**
 * The worker that reads workbooks (xlsx-worker.ts): the compiled JavaScript beside this file; under the tests and
 * `npm run dev`, which run the TypeScript sources, the source, loaded through tsx's hooks (a worker's execArgv
 * --import does not reach its entry module on Node 20).
 */
function startXlsxWorker(job: XlsxJob): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./xlsx-worker.js', import.meta.url), { workerData: job });
  // tsx's ESM API (its `import` condition), whose register() installs the hooks in this thread.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./xlsx-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, workerData: job });
}

/** Reads the first sheet of an .xlsx in a worker thread, so no other request waits for it. */
async function readXlsx(file: Buffer): Promise<TableRow[]> {
  const job: XlsxJob = {
    file,
    maxInflatedBytes: XLSX_MAX_INFLATED_BYTES,
    maxEntries: XLSX_MAX_ENTRIES,
    // The header, then at most MAX_IMPORT_ROWS rows of traps.
    maxRows: MAX_IMPORT_ROWS + 1,
  };
  const worker = startXlsxWorker(job);
  const answer = await new Promise<XlsxAnswer>((resolve, reject) => {
    const timer = setTimeout(() => resolve({ refused: 'unreadable' }), XLSX_TIMEOUT_MS);
    worker.once('message', (message: XlsxAnswer) => {
      clearTimeout(timer);
      resolve(message);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  }).finally(() => worker.terminate());
  if ('rows' in answer && !('refused' in answer)) return answer.rows;
  if (answer.refused === 'tooManyRows') throw AppError.badRequest(XlsxMessages.tooManyRows(answer.rows - 1));
  throw AppError.badRequest(XlsxMessages[answer.refused]);
}

/** Characters that make a spreadsheet read a cell as a formula; exported cells starting with one get a '. */
const FORMULA_START = /^[=+\-@\t\r]/;
const escapeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const unescapeFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A trap's cells in TRAP_FILE_COLUMNS order; choices in Spanish, which the import reads back. */
const exportCells = (trap: TrapRow, siteNames: ReadonlyMap<number, string>) => [
  trap.code,
  trap.area ?? '',
  trap.description ?? '',
  trap.isActive ? 'sí' : 'no',
  TRAP_TYPE_NAMES[trap.type],
  trap.zone ? ZONE_NAMES[trap.zone] : '',
  trap.riskLevel ? RISK_LEVEL_NAMES[trap.riskLevel] : '',
  siteNames.get(trap.siteId) ?? '',
];

/**
 * The inventory as CSV (UTF-8 with a BOM, so Excel shows accents; commas; CRLF), in code order, streamed a
 * batch at a time. The import reads it back as it is.
 */
export function writeTrapCsv(batches: AsyncIterable<TrapRow[]>, siteNames: ReadonlyMap<number, string>): Readable {
  const { output, caughtUp } = pacedOutput();
  void (async () => {
    output.write(`\uFEFF${stringify([[...TRAP_FILE_COLUMNS]], { record_delimiter: 'windows' })}`);
    for await (const batch of batches) {
      output.write(
        stringify(
          batch.map((trap) => exportCells(trap, siteNames).map(escapeFormula)),
          { record_delimiter: 'windows' },
        ),
      );
      await caughtUp();
    }
    output.end();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** The inventory as an Excel workbook, one sheet, streamed: memory stays flat at 50,000 traps. */
export function writeTrapXlsx(batches: AsyncIterable<TrapRow[]>, siteNames: ReadonlyMap<number, string>): Readable {
  const { output, caughtUp } = pacedOutput();
  void (async () => {
    const Excel = await loadExcelJs();
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Rondín';
    const sheet = workbook.addWorksheet('Trampas', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { key: 'codigo', width: 16 },
      { key: 'area', width: 28 },
      { key: 'descripcion', width: 40 },
      { key: 'activa', width: 8 },
      { key: 'tipo', width: 36 },
      { key: 'zona', width: 20 },
      { key: 'riesgo', width: 10 },
      { key: 'sitio', width: 28 },
    ];
    const header = sheet.addRow([...TRAP_FILE_COLUMNS]);
    header.font = { bold: true };
    header.commit();
    for await (const batch of batches) {
      for (const trap of batch) sheet.addRow(exportCells(trap, siteNames).map((cell) => cell || null)).commit();
      await caughtUp();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
