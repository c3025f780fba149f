import { describe, expect, it } from 'vitest';
import { dayKeyIn, formatDateTimeIn, formatTimeIn, progressPercent, zoneNote } from './format';
import { zoneChoiceLabel, zoneCity } from './time-zones';

describe('progressPercent', () => {
  it('rounds completed over total to a whole percent', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(5, 5)).toBe(100);
  });

  it('is 0 for an order without items', () => {
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('formatDateTimeIn', () => {
  const at = '2031-05-04T14:30:00.000Z';

  it("shows the site's hour, naming its zone when the phone is set to another", () => {
    expect(formatDateTimeIn(at, 'Asia/Tokyo', 'America/Santiago')).toBe('4 may 2031, 23:30 (hora de Tokyo)');
    expect(formatDateTimeIn(at, 'Europe/Madrid', 'Atlantic/Canary')).toBe('4 may 2031, 16:30 (hora de Madrid)');
  });

  it('names no zone for another spelling of the same zone', () => {
    expect(formatDateTimeIn(at, 'America/Argentina/Buenos_Aires', 'America/Buenos_Aires')).toBe('4 may 2031, 11:30');
  });

  it('names no zone when the phone is in the same one', () => {
    expect(formatDateTimeIn(at, 'America/Santiago', 'America/Santiago')).toBe('4 may 2031, 10:30');
  });

  it("uses the phone's zone while the zone is unknown or not one the browser knows", () => {
    const phone = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
    expect(formatDateTimeIn(at, null, 'Asia/Tokyo')).toBe(phone);
    expect(formatDateTimeIn(at, 'Mars/Olympus', 'Asia/Tokyo')).toBe(phone);
  });
});

describe('formatTimeIn', () => {
  // 07:30 in Madrid on a winter day is 06:30 UTC and 00:30 in Mexico City.
  const at = '2026-12-01T06:30:00.000Z';

  it("writes a Madrid site's 07:30 as 07:30, naming Madrid, on a computer in Mexico City", () => {
    expect(formatTimeIn(at, 'Europe/Madrid', 'America/Mexico_City')).toBe('07:30 (hora de Madrid)');
  });

  it('names no zone for a reader in Madrid', () => {
    expect(formatTimeIn(at, 'Europe/Madrid', 'Europe/Madrid')).toBe('07:30');
  });

  it('names the zone of a plan time only when the reader is elsewhere', () => {
    expect(zoneNote('Europe/Madrid', 'Atlantic/Canary')).toBe(' (hora de Madrid)');
    expect(zoneNote('Europe/Madrid', 'Europe/Madrid')).toBe('');
    expect(zoneNote(null, 'Europe/Madrid')).toBe('');
  });
});

describe('dayKeyIn', () => {
  it("puts a visit on the site's day, not the reader's", () => {
    // 00:30 on 1 December in Madrid is still 30 November in Mexico City.
    expect(dayKeyIn('2026-11-30T23:30:00.000Z', 'Europe/Madrid')).toBe('2026-12-01');
    expect(dayKeyIn('2026-11-30T23:30:00.000Z', 'America/Mexico_City')).toBe('2026-11-30');
  });
});

describe('time zone names', () => {
  it('names the common zones by their city in Spanish, with the offset', () => {
    expect(zoneCity('America/Mexico_City')).toBe('Ciudad de México');
    expect(zoneChoiceLabel('Europe/Madrid', new Date('2026-12-01T12:00:00Z'))).toBe('Madrid (España) · UTC+1');
    expect(zoneChoiceLabel('America/Bogota', new Date('2026-12-01T12:00:00Z'))).toBe('Bogotá (Colombia) · UTC−5');
    expect(zoneChoiceLabel('Asia/Kolkata', new Date('2026-12-01T12:00:00Z'))).toBe('Kolkata (Asia) · UTC+5:30');
    expect(zoneChoiceLabel('UTC', new Date('2026-12-01T12:00:00Z'))).toBe('UTC · UTC+0');
  });
});
