import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './local-date-time';

describe("an order's date and time typed in its site's zone", () => {
  it("reads 07:30 as Madrid's 07:30 in winter and in summer, wherever the browser is", () => {
    expect(localInputToIso('2031-01-15T07:30', 'Europe/Madrid')).toBe('2031-01-15T06:30:00.000Z');
    expect(localInputToIso('2031-07-15T07:30', 'Europe/Madrid')).toBe('2031-07-15T05:30:00.000Z');
    expect(localInputToIso('2031-01-15T07:30', 'America/Mexico_City')).toBe('2031-01-15T13:30:00.000Z');
    expect(localInputToIso('2031-01-15T07:30', 'Atlantic/Canary')).toBe('2031-01-15T07:30:00.000Z');
  });

  it('keeps the hours either side of a change of the clocks', () => {
    // Madrid goes 02:00 → 03:00 on 30 March 2031 and 03:00 → 02:00 on 26 October 2031.
    expect(localInputToIso('2031-03-30T01:30', 'Europe/Madrid')).toBe('2031-03-30T00:30:00.000Z');
    expect(localInputToIso('2031-03-30T03:30', 'Europe/Madrid')).toBe('2031-03-30T01:30:00.000Z');
    // 02:30 never happens that night: it is read an hour later, at 03:30.
    expect(localInputToIso('2031-03-30T02:30', 'Europe/Madrid')).toBe('2031-03-30T01:30:00.000Z');
    expect(localInputToIso('2031-10-26T04:00', 'Europe/Madrid')).toBe('2031-10-26T03:00:00.000Z');
    expect(localInputToIso('2031-10-25T23:00', 'Europe/Madrid')).toBe('2031-10-25T21:00:00.000Z');
  });

  it("shows a stored instant as the site's wall time, and back to the same instant", () => {
    expect(isoToLocalInput('2031-01-15T06:30:00.000Z', 'Europe/Madrid')).toBe('2031-01-15T07:30');
    expect(isoToLocalInput('2031-01-15T06:30:00.000Z', 'America/Mexico_City')).toBe('2031-01-15T00:30');
    for (const zone of ['Europe/Madrid', 'America/Santiago', 'Asia/Kolkata']) {
      const value = isoToLocalInput('2031-05-04T14:45:00.000Z', zone);
      expect(localInputToIso(value, zone)).toBe('2031-05-04T14:45:00.000Z');
    }
  });

  it("is the browser's own zone when the site's is unknown, and refuses what is not a date", () => {
    expect(localInputToIso('2031-01-15T07:30', null)).toBe(new Date(2031, 0, 15, 7, 30).toISOString());
    expect(localInputToIso('2031-01-15T07:30', 'Marte/Olympus')).toBe(new Date(2031, 0, 15, 7, 30).toISOString());
    expect(localInputToIso('', 'Europe/Madrid')).toBeUndefined();
    expect(localInputToIso('mañana', 'Europe/Madrid')).toBeUndefined();
    expect(isoToLocalInput(null, 'Europe/Madrid')).toBe('');
  });
});
