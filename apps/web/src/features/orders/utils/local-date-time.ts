/**
 * `datetime-local` inputs give and take a wall time without a zone; the API stores an instant. An order's time is
 * its site's hour (defect 8 of [T]): an office in Mexico City typing 07:30 for a Madrid plant means 07:30 in
 * Madrid. These turn one into the other in a given zone; a zone unknown (null, or one the browser lacks) is the
 * browser's own.
 */

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The format that reads an instant's wall time in the zone; undefined for a zone the browser does not know. */
function wallFormat(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = wallFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return undefined;
    }
    wallFormats.set(timeZone, format);
  }
  return format;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallAt(instant: number, format: Intl.DateTimeFormat): Wall {
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, format: Intl.DateTimeFormat): number {
  const wall = wallAt(instant, format);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (instant - (instant % 1000));
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value, read as the zone's wall time, as an ISO instant in UTC; undefined when empty or not a
 * date. A time the clocks skip (the spring change) is read with the offset before the change, an hour later.
 */
export function localInputToIso(value: string, timeZone: string | null = null): string | undefined {
  const match = INPUT.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const format = timeZone === null ? undefined : wallFormat(timeZone);
  if (!format) {
    const local = new Date(year, month - 1, day, hour, minute);
    return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
  }
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return undefined;
  const guess = asUtc - offsetAt(asUtc, format);
  // Near a change of offset the first guess may sit on the other side of it: the offset at the guess decides.
  return new Date(asUtc - offsetAt(guess, format)).toISOString();
}

/** An instant as a `datetime-local` value in the zone (to the minute); empty for none. */
export function isoToLocalInput(iso: string | null, timeZone: string | null = null): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const format = timeZone === null ? undefined : wallFormat(timeZone);
  const local = new Date(instant);
  const wall: Wall = format
    ? wallAt(instant, format)
    : {
        year: local.getFullYear(),
        month: local.getMonth() + 1,
        day: local.getDate(),
        hour: local.getHours(),
        minute: local.getMinutes(),
        second: local.getSeconds(),
      };
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}
