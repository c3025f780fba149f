import { TRAP_TYPES } from '@rondin/contracts/devices';
import { ACTIVITY_LEVELS, ITEM_OUTCOMES } from '@rondin/contracts/finding-rules';

export const INSPECTIONS_PAGE_SIZE = 50;

/** The list's filters as the screen keeps them in its address, and the period's instants. */
export interface InspectionFilters {
  siteId: string;
  type: string;
  activityMin: string;
  pestId: string;
  technicianId: string;
  outcome: string;
  page: number;
  /** ISO instants of the half-open period [from, to). */
  from: string;
  to: string;
}

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);
const isOneOf = (values: readonly string[], value: string) => values.includes(value);

/**
 * The API's query for the filters. A value the address holds but the API would refuse (typed by hand, left from
 * an older version) is left out, so the list still shows rather than an error about a filter nobody sees.
 */
export function inspectionSearch(filters: InspectionFilters): string {
  const search = new URLSearchParams({ page: String(filters.page), pageSize: String(INSPECTIONS_PAGE_SIZE) });
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (isId(filters.siteId)) search.set('siteId', filters.siteId);
  if (isOneOf(TRAP_TYPES, filters.type)) search.set('type', filters.type);
  if (isOneOf(ACTIVITY_LEVELS, filters.activityMin)) search.set('activityMin', filters.activityMin);
  if (isId(filters.pestId)) search.set('pestId', filters.pestId);
  if (isId(filters.technicianId)) search.set('technicianId', filters.technicianId);
  if (isOneOf(ITEM_OUTCOMES, filters.outcome)) search.set('outcome', filters.outcome);
  return search.toString();
}
