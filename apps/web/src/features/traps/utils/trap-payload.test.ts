import type { Trap } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { toCreateTrapBody, toUpdateTrapBody } from './trap-payload';

const original: Trap = {
  id: 4,
  code: 'TRP-004',
  siteId: 1,
  type: 'OTRO',
  zone: null,
  riskLevel: null,
  area: 'Cocina',
  description: null,
  isActive: true,
  qrSlug: 'abc',
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('trap payloads', () => {
  it('trims the code and leaves out an empty area and description', () => {
    expect(toCreateTrapBody({ code: '  TRP-001 ', area: '   ', description: '', isActive: true })).toEqual({
      code: 'TRP-001',
      isActive: true,
    });
    expect(
      toCreateTrapBody({ code: 'TRP-1', area: ' Bodega ', description: ' Junto a la puerta ', isActive: false }),
    ).toEqual({
      code: 'TRP-1',
      area: 'Bodega',
      description: 'Junto a la puerta',
      isActive: false,
    });
  });

  it('on an edit, clears an area the user emptied and leaves out one that was already empty', () => {
    expect(toUpdateTrapBody({ code: 'TRP-004', area: ' ', description: '', isActive: true }, original)).toEqual({
      code: 'TRP-004',
      isActive: true,
      area: null,
    });
  });
});
