/** Times are stored in UTC; documents show them in the configured zone and say which one. */
export function formatDateTime(value: Date | string | null, timeZone: string): string {
  if (value === null) return '—';
  return new Intl.DateTimeFormat('es-CL', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(value))
    .replace(',', '');
}

/**
 * The wall-clock time in a zone, as a Date whose UTC fields hold it. Spreadsheet dates have no zone:
 * Excel shows a cell's UTC fields as they are, so this is what makes the cell read local time.
 */
export function wallClock(value: Date | string, timeZone: string): Date {
  const date = new Date(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, date.getUTCMilliseconds()),
  );
}
