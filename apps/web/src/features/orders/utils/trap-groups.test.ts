import type { Trap } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { groupTrapsByArea, NO_AREA } from './trap-groups';

let nextId = 1;
function trap(code: string, area: string | null, isActive = true): Trap {
  return {
    id: nextId++,
    code,
    siteId: 1,
    type: 'OTRO',
    zone: null,
    riskLevel: null,
    area,
    description: null,
    isActive,
    qrSlug: `slug-${code}`,
    routeOrder: null,
    externalId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('groupTrapsByArea', () => {
  it('keeps only active traps, groups them by area and sorts codes naturally', () => {
    const groups = groupTrapsByArea([
      trap('TRP-10', 'Cocina'),
      trap('TRP-2', 'Cocina'),
      trap('TRP-1', 'Cocina'),
      trap('TRP-3', 'Cocina', false),
      trap('TRP-5', 'Bodega'),
      trap('TRP-4', null),
      trap('TRP-6', '  '),
    ]);
    expect(groups.map((group) => group.area)).toEqual(['Bodega', 'Cocina', NO_AREA]);
    expect(groups[1]!.traps.map((item) => item.code)).toEqual(['TRP-1', 'TRP-2', 'TRP-10']);
    expect(groups[2]!.traps.map((item) => item.code)).toEqual(['TRP-4', 'TRP-6']);
  });

  it("sorts areas naturally too, with 'Sin área' last", () => {
    const groups = groupTrapsByArea([trap('A', 'Nave 10'), trap('B', null), trap('C', 'Nave 2'), trap('D', 'almacén')]);
    expect(groups.map((group) => group.area)).toEqual(['almacén', 'Nave 2', 'Nave 10', NO_AREA]);
  });
});
