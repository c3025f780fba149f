import { describe, expect, it } from 'vitest';
import { filterZoneChoices, timeZoneChoices } from './time-zone-choices';

const WINTER = new Date('2026-01-15T12:00:00Z');

describe('timeZoneChoices', () => {
  it('starts with the server’s zone, then the common Spanish-speaking ones, then the rest by label', () => {
    const zones = timeZoneChoices(
      '',
      'Asia/Tokyo',
      ['Europe/Paris', 'Asia/Tokyo', 'Europe/Madrid', 'Africa/Cairo'],
      WINTER,
    );
    expect(zones.slice(0, 4).map((choice) => choice.label)).toEqual([
      'Tokyo (Asia) · UTC+9',
      'Madrid (España) · UTC+1',
      'Canarias (España) · UTC+0',
      'Ciudad de México (México) · UTC−6',
    ]);
    expect(zones.filter((choice) => !choice.first).map((choice) => choice.zone)).toEqual([
      'Africa/Cairo',
      'Europe/Paris',
    ]);
  });

  it('keeps a stored zone the browser does not list, so an edit does not change it', () => {
    const zones = timeZoneChoices('America/Argentina/Cordoba', null, ['Europe/Paris'], WINTER);
    expect(zones.map((choice) => choice.zone)).toContain('America/Argentina/Cordoba');
  });

  it('offers every zone of the runtime', () => {
    expect(timeZoneChoices('', null).length).toBeGreaterThan(300);
  });
});

describe('filterZoneChoices', () => {
  const zones = timeZoneChoices('', null, Intl.supportedValuesOf('timeZone'), WINTER);
  const found = (query: string) => filterZoneChoices(zones, query).map((choice) => choice.zone);

  it('finds a zone by its city, without accents or case', () => {
    expect(found('bogota')).toEqual(['America/Bogota']);
    expect(found('CIUDAD DE MEX')).toEqual(['America/Mexico_City']);
  });

  it('finds the zones of a country, and a zone by its IANA name', () => {
    expect(found('españa')).toEqual(['Europe/Madrid', 'Atlantic/Canary']);
    expect(found('buenos_aires')).toEqual(['America/Buenos_Aires']);
  });

  it('offers everything for an empty search and nothing for one that matches no zone', () => {
    expect(found('  ')).toHaveLength(zones.length);
    expect(found('xyzzy')).toEqual([]);
  });
});
