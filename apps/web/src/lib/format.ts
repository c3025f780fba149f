import { browserTimeZone, sameZone, zoneHourName } from './time-zones';

const dateTime = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored UTC instant shown in the browser's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const zoneFormats = new Map<string, { dateTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

/** The formats of a zone; undefined for a zone the browser does not know. */
function zoneFormat(timeZone: string) {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = {
        dateTime: new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
        time: new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
      };
    } catch {
      return undefined;
    }
    zoneFormats.set(timeZone, format);
  }
  return format;
}

const browserTime = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * "hora de Madrid" when a time written or typed in `timeZone` is not the reader's clock, so nobody reads or
 * types a site's hour as their own; null when both are the same zone or the zone is unknown.
 */
export function siteHourHint(timeZone: string | null, viewerZone = browserTimeZone()): string | null {
  if (timeZone === null || !zoneFormat(timeZone) || sameZone(timeZone, viewerZone)) return null;
  return zoneHourName(timeZone);
}

/** " (hora de Madrid)" after a time written in `timeZone` when the reader's clock is in another zone. */
export function zoneNote(timeZone: string | null, viewerZone = browserTimeZone()): string {
  const hint = siteHourHint(timeZone, viewerZone);
  return hint ? ` (${hint})` : '';
}

/**
 * A stored UTC instant as the clocks of a place read it: a site's visit is at its own hour, wherever the
 * reader is ("4 may 2031, 7:30 (hora de Madrid)" in Mexico City). A zone still unknown (null), or one the
 * browser does not know, is the browser's. Every order and visit time goes through here.
 */
export function formatDateTimeIn(iso: string, timeZone: string | null, viewerZone = browserTimeZone()): string {
  const format = timeZone === null ? undefined : zoneFormat(timeZone);
  if (!format) return formatDateTime(iso);
  return `${format.dateTime.format(new Date(iso))}${zoneNote(timeZone, viewerZone)}`;
}

/** The hour alone, "07:30", in the zone, and the zone's name when it is not the reader's: "07:30 (hora de Madrid)". */
export function formatTimeIn(iso: string, timeZone: string | null, viewerZone = browserTimeZone()): string {
  const format = timeZone === null ? undefined : zoneFormat(timeZone);
  if (!format) return browserTime.format(new Date(iso));
  return `${format.time.format(new Date(iso))}${zoneNote(timeZone, viewerZone)}`;
}

const dayParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone; the browser's day for an unknown zone. */
export function dayKeyIn(iso: string, timeZone: string | null): string {
  const zone = timeZone !== null && zoneFormat(timeZone) ? timeZone : browserTimeZone();
  let format = dayParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone });
    dayParts.set(zone, format);
  }
  return format.format(new Date(iso));
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
