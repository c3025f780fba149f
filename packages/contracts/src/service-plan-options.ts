// No zod here: the service plan form imports this module alone (@rondin/contracts/service-plan-options) to
// offer the frequencies and the horizon the server accepts, without zod reaching the browser
// (docs/decisions/0004).

/** How often a plan's visits come: every 7 or 14 days, or every 1, 2 or 3 months on the start date's day. */
export const SERVICE_FREQUENCIES = ['SEMANAL', 'QUINCENAL', 'MENSUAL', 'BIMESTRAL', 'TRIMESTRAL'] as const;

/** A frequency as documents name it. */
export const SERVICE_FREQUENCY_NAMES: Record<(typeof SERVICE_FREQUENCIES)[number], string> = {
  SEMANAL: 'Semanal',
  QUINCENAL: 'Quincenal',
  MENSUAL: 'Mensual',
  BIMESTRAL: 'Bimestral',
  TRIMESTRAL: 'Trimestral',
};

/**
 * How many days ahead a plan creates its orders unless it says otherwise: two of its periods, so the office
 * always sees its next two visits (a quarterly plan's 184 days reach two visits from any day).
 */
export const DEFAULT_HORIZON_DAYS: Record<(typeof SERVICE_FREQUENCIES)[number], number> = {
  SEMANAL: 14,
  QUINCENAL: 28,
  MENSUAL: 62,
  BIMESTRAL: 124,
  TRIMESTRAL: 184,
};
export const MAX_HORIZON_DAYS = 366;

/**
 * How a plan of several technicians shares its visits: ROTATING gives visit k (counted from the start date) to
 * technician k mod n, one order a visit; BY_AREA makes one order a visit for each technician, of the areas given
 * to them (every area of the plan to exactly one technician).
 */
export const PLAN_ASSIGNMENTS = ['ROTATING', 'BY_AREA'] as const;
/** The most technicians a plan may name. */
export const MAX_PLAN_TECHNICIANS = 20;
