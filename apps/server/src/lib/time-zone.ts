/**
 * Times are stored in UTC; documents show them in the configured zone and say which one. Building an
 * Intl.DateTimeFormat costs far more than using one, and exports format two dates per row, so each
 * formatter is built once per zone.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const displayFormat = (timeZone: string) =>
  cachedFormat('es-CL', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const partFormat = (timeZone: string) =>
  cachedFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

export function formatDateTime(value: Date | string | null, timeZone: string): string {
  if (value === null) return '—';
  return displayFormat(timeZone).format(new Date(value)).replace(',', '');
}

/**
 * The wall-clock time in a zone, as a Date whose UTC fields hold it. Spreadsheet dates have no zone:
 * Excel shows a cell's UTC fields as they are, so this is what makes the cell read local time.
 */
export function wallClock(value: Date | string, timeZone: string): Date {
  const date = new Date(value);
  const parts: Record<string, number> = {};
  for (const part of partFormat(timeZone).formatToParts(date)) parts[part.type] = Number(part.value);
  return new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!, date.getUTCMilliseconds()),
  );
}
