import type { Trap } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { emptyTrapForm, toCreateTrapBody, toUpdateTrapBody, trapToForm } from './trap-payload';

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
  routeOrder: null,
  externalId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('trap payloads', () => {
  it('trims the code and leaves out an empty area and description, and the default type', () => {
    expect(toCreateTrapBody({ ...emptyTrapForm, code: '  TRP-001 ', area: '   ' })).toEqual({
      code: 'TRP-001',
      isActive: true,
    });
    expect(
      toCreateTrapBody({
        ...emptyTrapForm,
        code: 'TRP-1',
        area: ' Bodega ',
        description: ' Junto a la puerta ',
        isActive: false,
      }),
    ).toEqual({
      code: 'TRP-1',
      area: 'Bodega',
      description: 'Junto a la puerta',
      isActive: false,
    });
  });

  it('sends the type, the zone and risk chosen, and the site when one was chosen', () => {
    expect(
      toCreateTrapBody({
        ...emptyTrapForm,
        code: 'CEB-1',
        type: 'CEBADERO',
        zone: 'EXTERIOR',
        riskLevel: 'BAJO',
        siteId: '7',
      }),
    ).toEqual({ code: 'CEB-1', type: 'CEBADERO', zone: 'EXTERIOR', riskLevel: 'BAJO', isActive: true, siteId: 7 });
  });

  it('on an edit, clears an area the user emptied and leaves out one that was already empty', () => {
    expect(toUpdateTrapBody({ ...trapToForm(original), area: ' ' }, original)).toEqual({
      code: 'TRP-004',
      isActive: true,
      area: null,
    });
  });

  it('on an edit, sends a changed type, and a zone or risk taken back as null; never the site', () => {
    const classified: Trap = { ...original, zone: 'INTERIOR', riskLevel: 'ALTO' };
    const values = { ...trapToForm(classified), type: 'LAMINA' as const, zone: '' as const, riskLevel: '' as const };
    expect(toUpdateTrapBody(values, classified)).toEqual({
      code: 'TRP-004',
      type: 'LAMINA',
      area: 'Cocina',
      isActive: true,
      zone: null,
      riskLevel: null,
    });
  });

  it("sends an electronic device's external id trimmed, and null once the user empties it", () => {
    expect(toCreateTrapBody({ ...emptyTrapForm, code: 'TRP-9', externalId: '  pc-00042 ' })).toEqual({
      code: 'TRP-9',
      externalId: 'pc-00042',
      isActive: true,
    });
    const electronic: Trap = { ...original, externalId: 'pc-1' };
    expect(toUpdateTrapBody({ ...trapToForm(electronic), externalId: ' ' }, electronic)).toMatchObject({
      externalId: null,
    });
    expect(toUpdateTrapBody(trapToForm(electronic), electronic)).toMatchObject({ externalId: 'pc-1' });
  });
});
