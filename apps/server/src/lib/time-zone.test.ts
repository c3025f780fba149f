import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeSpan, wallClock } from './time-zone.js';

// Zones with daylight saving in either hemisphere, half-hour changes (Lord Howe), odd offsets and none.
const ZONES = [
  'America/Santiago',
  'Europe/Madrid',
  'America/New_York',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Kathmandu',
  'UTC',
];

/** What Intl says the zone's clock reads, the slow way the cache must agree with. */
const formats = new Map<string, Intl.DateTimeFormat>();
function intlReading(ms: number, timeZone: string): string {
  if (!formats.has(timeZone))
    formats.set(
      timeZone,
      new Intl.DateTimeFormat('es-CL', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    );
  return formats.get(timeZone)!.format(ms).replace(',', '');
}

const reading = (date: Date) => `${formatDateTime(date, 'UTC')}:${String(date.getUTCSeconds()).padStart(2, '0')}`;

describe('wallClock and formatDateTime', () => {
  it('agree with Intl at any instant in any zone, across daylight-saving changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          expect(reading(wallClock(new Date(ms), zone))).toBe(intlReading(ms, zone));
          expect(formatDateTime(new Date(ms), zone)).toBe(intlReading(ms, zone).slice(0, 16));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('is exact minute by minute through the days the clocks change', () => {
    // Chile moves its clocks back on 2026-04-05 and forward on 2026-09-06; Spain on 2026-03-29 and 2026-10-25.
    const days: [string, string][] = [
      ['America/Santiago', '2026-04-05'],
      ['America/Santiago', '2026-09-06'],
      ['Europe/Madrid', '2026-03-29'],
      ['Europe/Madrid', '2026-10-25'],
    ];
    for (const [zone, day] of days) {
      const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
      for (let ms = start; ms < start + 3 * 86_400_000; ms += 60_000) {
        expect(reading(wallClock(new Date(ms), zone)), `${zone} ${new Date(ms).toISOString()}`).toBe(
          intlReading(ms, zone),
        );
      }
    }
  });

  it('keeps milliseconds, and writes a dash for no date', () => {
    expect(wallClock('2026-06-01T12:00:00.123Z', 'America/Santiago').toISOString()).toBe('2026-06-01T08:00:00.123Z');
    expect(formatDateTime(null, 'America/Santiago')).toBe('—');
  });
});

describe('formatTimeSpan', () => {
  const zone = 'Europe/Madrid';
  it('prints one time for an instant, a span within a day, and both days across midnight', () => {
    expect(formatTimeSpan('2026-03-02T08:57:10Z', '2026-03-02T08:57:50Z', zone)).toBe('02-03-2026 a las 09:57');
    expect(formatTimeSpan('2026-03-02T08:57:00Z', '2026-03-02T09:20:00Z', zone)).toBe('02-03-2026, de 09:57 a 10:20');
    expect(formatTimeSpan('2026-03-02T22:30:00Z', '2026-03-02T23:10:00Z', zone)).toBe(
      'Del 02-03-2026 23:30 al 03-03-2026 00:10',
    );
  });
});
