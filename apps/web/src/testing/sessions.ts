import type { Session, SessionItem, SessionListItem } from '@rondin/contracts';

/** An order as the API answers it, for component and hook tests. */
export function makeSession(overrides: Partial<Session> = {}, items: Partial<SessionItem>[] = [{}]): Session {
  const fullItems = items.map(
    (item, index): SessionItem => ({
      id: index + 1,
      trapId: index + 1,
      status: 'PENDING',
      completedAt: null,
      completedBy: null,
      trap: {
        code: `TRP-00${index + 1}`,
        area: 'Bodega norte',
        type: 'OTRO',
        qrHash: (index + 1).toString(16).padStart(64, '0'),
        routeOrder: null,
      },
      outcome: null,
      exception: null,
      manual: null,
      addedOnSite: false,
      finding: null,
      photoIds: [],
      ...item,
    }),
  );
  return {
    id: 12,
    status: 'PENDING',
    scheduledAt: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    startedAt: null,
    closedAt: null,
    closedBy: null,
    forceClosed: false,
    technicianId: 2,
    technician: { id: 2, fullName: 'Tomás Tapia', email: 't@rondin.test' },
    siteId: 1,
    site: { id: 1, name: 'Sitio principal', client: null, address: null, timeZone: null },
    servicePlanId: null,
    itemCount: fullItems.length,
    completedCount: fullItems.filter((item) => item.status === 'COMPLETED').length,
    items: fullItems,
    ...overrides,
  };
}

/** An order as a paged list answers it: the summary without its items, and the areas its traps are in. */
export function makeListItem(overrides: Partial<Session> = {}, items?: Partial<SessionItem>[]): SessionListItem {
  const { items: fullItems, ...summary } = makeSession(overrides, items);
  const areas = new Set(fullItems.flatMap((item) => (item.trap.area ? [item.trap.area] : [])));
  return { ...summary, areas: [...areas].sort() };
}
