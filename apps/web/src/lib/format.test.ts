import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, progressPercent } from './format';

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
    expect(formatDateTimeIn(at, 'Asia/Tokyo', 'America/Santiago')).toBe('4 may 2031, 23:30 (hora estándar de Japón)');
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
