import type { Sighting } from '@rondin/contracts';

/** A sighting as the office's lists receive it: reported on a poster's page, its action open. */
export function makeSighting(overrides: Partial<Sighting> = {}): Sighting {
  return {
    id: 31,
    site: { id: 7, name: 'Planta Norte' },
    area: 'Almacén',
    device: null,
    pestGroup: 'ROEDORES',
    pest: null,
    description: 'Un ratón junto a los palés',
    seenAt: '2026-11-28T22:40:00.000Z',
    reporter: { accountId: null, name: 'Lucía Gómez' },
    source: 'PUBLICO',
    status: 'ABIERTO',
    action: { id: 90, status: 'ABIERTA', dueDate: '2026-11-30', closedAt: null, closedBy: null },
    photos: [],
    createdAt: '2026-11-28T22:41:00.000Z',
    ...overrides,
  };
}
