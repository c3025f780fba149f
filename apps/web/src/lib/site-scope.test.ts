import type { Site } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { siteNames, sitesToChoose } from './site-scope';

const site = (id: number, name: string, isActive = true): Site => ({
  id,
  name,
  clientId: 1,
  client: null,
  address: null,
  timeZone: null,
  isActive,
  createdAt: '2026-01-01T00:00:00.000Z',
  trapCount: 0,
  sessionCount: 0,
});

describe('sitesToChoose', () => {
  it('offers no choice with a single active site, however many inactive ones there are', () => {
    expect(sitesToChoose([site(1, 'Sitio principal'), site(2, 'Bodega cerrada', false)])).toEqual([]);
    expect(sitesToChoose(undefined)).toEqual([]);
  });

  it('offers the active sites once there are several, leaving the inactive ones out', () => {
    const chosen = sitesToChoose([site(1, 'Sitio principal'), site(2, 'Cerrado', false), site(3, 'Planta Norte')]);
    expect(chosen.map((each) => each.name)).toEqual(['Sitio principal', 'Planta Norte']);
  });
});

describe('siteNames', () => {
  it('names every site by its id, inactive ones too (their traps still show in the lists)', () => {
    const names = siteNames([site(1, 'Sitio principal'), site(2, 'Cerrado', false)]);
    expect(names.get(2)).toBe('Cerrado');
  });
});
