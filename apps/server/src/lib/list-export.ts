import type { ExportFormat } from '@rondin/contracts';
import { loadExcelJs } from './exceljs.js';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { DownloadAbandoned, pacedOutput } from './paced-stream.js';

/**
 * One column of a list's export: its Spanish header, its width in characters (Excel) and its value for a row.
 * A `date` is a calendar day, YYYY-MM-DD (already in the site's zone): `dd/mm/yyyy` in the CSV, a date cell shown
 * `dd/mm/yyyy` in Excel. Anything else is written as it is: text in the site's words, or a whole number.
 */
export interface ExportColumn<Row> {
  header: string;
  width: number;
  kind?: 'text' | 'number' | 'date';
  value: (row: Row) => string | number | null;
}

export interface ListExport<Row> {
  format: ExportFormat;
  /** The workbook's sheet name. */
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  /** The rows, a batch at a time: the export waits for the reader between batches. */
  batches: AsyncIterable<readonly Row[]>;
}

/** The media types an export is documented with (OpenAPI) and sent as: the CSV says its charset. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: EXPORT_MEDIA_TYPES.xlsx,
};

const dayText = (day: string) => day.split('-').reverse().join('/');

/** A day as a date cell: its midnight in UTC, which Excel shows as that day whatever the reader's zone. */
const dayCell = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break. A text that starts like a formula
 * (=, +, -, @, a tab or a carriage return) gets an apostrophe first, so a spreadsheet shows it and runs nothing
 * (OWASP's CSV injection advice): a note typed in the field is never a formula in the office's Excel.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A list's rows as CSV or an Excel workbook, streamed: each batch is written when read and the next waits until the
 * reader has taken it, so memory holds one batch whatever the list's length. The CSV is UTF-8 with a BOM and `;`
 * between fields, CRLF between lines: Excel in Spanish (whose list separator is `;`, the comma being its decimal
 * mark) opens it in columns with its accents; a `,` file opens there as one column.
 */
export function writeListExport<Row>(spec: ListExport<Row>): Readable {
  const { output, caughtUp } = pacedOutput();
  const write = spec.format === 'csv' ? writeCsv : writeXlsx;
  write(spec, output, caughtUp).catch((error: unknown) => {
    if (!(error instanceof DownloadAbandoned)) output.destroy(error as Error);
  });
  return output;
}

async function writeCsv<Row>(
  { columns, batches }: ListExport<Row>,
  output: NodeJS.WritableStream,
  caughtUp: () => Promise<void>,
): Promise<void> {
  output.write(`\uFEFF${columns.map((column) => csvField(column.header)).join(';')}\r\n`);
  for await (const batch of batches) {
    let text = '';
    for (const row of batch) {
      text += `${columns
        .map((column) => {
          const value = column.value(row);
          return csvField(column.kind === 'date' && typeof value === 'string' ? dayText(value) : value);
        })
        .join(';')}\r\n`;
    }
    output.write(text);
    await caughtUp();
  }
  output.end();
}

async function writeXlsx<Row>(
  { sheet: name, columns, batches }: ListExport<Row>,
  output: NodeJS.WritableStream,
  caughtUp: () => Promise<void>,
): Promise<void> {
  const Excel = await loadExcelJs();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output as import('node:stream').Writable,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Rondín';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: column.width,
    ...(column.kind === 'date' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.commit();
  for await (const batch of batches) {
    for (const row of batch) {
      sheet
        .addRow(
          columns.map((column) => {
            const value = column.value(row);
            return column.kind === 'date' && typeof value === 'string' ? dayCell(value) : value;
          }),
        )
        .commit();
    }
    await caughtUp();
  }
  sheet.commit();
  await workbook.commit();
}

/** Today's day in a zone, YYYY-MM-DD: the date in an export's file name. */
export function fileDay(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Sends an export as a download: its type, its name, never kept by a cache (it holds the office's records). */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  { fileName, content }: { fileName: string; content: Readable },
): FastifyReply {
  return reply
    .type(EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(content);
}
