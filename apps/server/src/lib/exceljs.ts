import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded by the first workbook written rather than at the server's start, where it was the largest
 * module the server read (a quarter of a second) for exports most starts never make.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
