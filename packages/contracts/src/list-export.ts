import { z } from 'zod';

/**
 * A list's export: CSV (UTF-8 with BOM, fields separated by `;`, what Excel in Spanish opens in columns) or an
 * Excel workbook. Both hold every row the list's filters keep, not only the page on screen.
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ExportFormatSchema = z.enum(EXPORT_FORMATS, { error: 'format debe ser csv o xlsx.' });
