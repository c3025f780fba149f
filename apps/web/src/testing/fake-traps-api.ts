import type { Trap, TrapAreaCount, TrapPage } from '@rondin/contracts';
import { type Answer, type ApiCall, answerRequests } from './network';

let nextId = 1;

/** A trap as the API sends it; `fields` for its site, type, zone or risk. */
export function makeTrap(code: string, area: string | null, isActive = true, fields: Partial<Trap> = {}): Trap {
  const id = nextId++;
  return {
    id,
    siteId: 1,
    code,
    type: 'OTRO',
    zone: null,
    riskLevel: null,
    area,
    description: null,
    isActive,
    qrSlug: `slug-${id}`,
    routeOrder: null,
    externalId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

export interface FakeTrapsApi {
  /** Every request, as "METHOD /path?query". */
  calls: string[];
  /** Make the next list requests fail with this status. */
  failWith: (status: number | null) => void;
}

const json = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * Serves the server's trap listing (GET /api/traps with paging and filters, GET /api/traps/areas) over a list in
 * memory, with the same rules: prefix search on code or area in any case, exact area or none, status, site, type,
 * code or area order. `other` answers the rest (undefined: a 404).
 */
export function serveTraps(
  traps: readonly Trap[],
  other: (call: ApiCall) => Answer | undefined = () => undefined,
): FakeTrapsApi {
  const calls: string[] = [];
  let failure: number | null = null;
  const matches = (trap: Trap, q: string | null) =>
    !q ||
    trap.code.toLowerCase().startsWith(q.toLowerCase()) ||
    (trap.area ?? '').toLowerCase().startsWith(q.toLowerCase());

  answerRequests((call) => {
    const { method, url } = call;
    calls.push(call.key);
    const query = url.searchParams;
    if (method === 'GET' && url.pathname === '/api/traps/areas') {
      if (failure) return json({ message: 'x' }, failure);
      const areas = new Map<string | null, TrapAreaCount>();
      const inSite = (trap: Trap) => !query.has('siteId') || String(trap.siteId) === query.get('siteId');
      for (const trap of traps.filter((each) => matches(each, query.get('q')) && inSite(each))) {
        const entry = areas.get(trap.area) ?? { area: trap.area, total: 0, active: 0 };
        entry.total += 1;
        if (trap.isActive) entry.active += 1;
        areas.set(trap.area, entry);
      }
      return json(
        [...areas.values()].sort((a, b) => (a.area === null ? 1 : b.area === null ? -1 : a.area.localeCompare(b.area))),
      );
    }
    if (method === 'GET' && url.pathname === '/api/traps') {
      if (failure) return json({ message: 'x' }, failure);
      if (!query.has('page')) throw new Error('the plain list of every trap was asked for');
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const found = traps
        .filter((trap) => matches(trap, query.get('q')))
        .filter((trap) => !query.has('area') || trap.area === query.get('area'))
        .filter((trap) => !query.has('noArea') || trap.area === null)
        .filter((trap) => !query.has('active') || String(trap.isActive) === query.get('active'))
        .filter((trap) => !query.has('siteId') || String(trap.siteId) === query.get('siteId'))
        .filter((trap) => !query.has('type') || trap.type === query.get('type'))
        .sort((a, b) => {
          if (query.get('sort') === 'area' && a.area !== b.area)
            return a.area === null ? 1 : b.area === null ? -1 : a.area.localeCompare(b.area);
          return a.code < b.code ? -1 : a.code > b.code ? 1 : a.id - b.id;
        });
      const body: TrapPage = {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      };
      return json(body);
    }
    return other(call);
  });

  return { calls, failWith: (status) => (failure = status) };
}
