const dateTime = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored UTC instant shown in the browser's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The zone the phone's clock shows (what a time without a zone named means to its user). */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const zoneFormats = new Map<string, { dateTime: Intl.DateTimeFormat; name: Intl.DateTimeFormat }>();

function zoneFormat(timeZone: string) {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = {
      dateTime: new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      name: new Intl.DateTimeFormat('es', { timeZone, timeZoneName: 'longGeneric' }),
    };
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A stored UTC instant as the clocks of a place read it: a site's visit is at its own hour, wherever the phone
 * is set. When the phone's zone is another, the zone is named ("4 may 2031, 23:30 (hora estándar de Japón)"),
 * so nobody reads it as their own hour. A zone still unknown (null), or one the browser does not know, is the
 * phone's.
 */
export function formatDateTimeIn(iso: string, timeZone: string | null, phoneZone = deviceTimeZone()): string {
  if (timeZone === null) return formatDateTime(iso);
  let format: ReturnType<typeof zoneFormat>;
  try {
    format = zoneFormat(timeZone);
  } catch {
    return formatDateTime(iso);
  }
  const date = new Date(iso);
  const text = format.dateTime.format(date);
  // Compared as the browser resolves them, so an alias of the phone's own zone is not named.
  if (timeZone === phoneZone || format.dateTime.resolvedOptions().timeZone === phoneZone) return text;
  const name = format.name.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return `${text} (${name ?? timeZone.replaceAll('_', ' ')})`;
}

/** Completed over total as a whole percent; an order with no items counts as 0 %. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 100);
}

const count = new Intl.NumberFormat('es');

/** A count the Spanish way: 50.000 (Spanish groups thousands from five digits on: 5000, 50.000). */
export function formatCount(value: number): string {
  return count.format(value);
}
