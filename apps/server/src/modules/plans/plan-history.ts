import type { PlacementChange } from './plans.repository.js';

/** What a change did to one plan: a device put on it, moved on it, taken off, brought from or taken to another. */
export type PlanChangeKind = 'PLACED' | 'MOVED' | 'REMOVED' | 'ARRIVED' | 'LEFT';

export interface PlanChange {
  at: Date;
  trapId: number;
  kind: PlanChangeKind;
  /** The plan it came from (ARRIVED) or went to (LEFT). */
  otherPlanId: number | null;
}

/** A plan over a period: its changes in it and the revision (its last change) in force at each end. */
export interface PlanPeriod {
  /** Changes in [from, to), oldest first. */
  changes: PlanChange[];
  /** Its last change before `from`: the revision in force when the period began; null when none. */
  atStart: Date | null;
  /** Its last change before `to`: the revision in force when the period ended; null when none. */
  atEnd: Date | null;
}

/** Where a device stood when the period ended, and since when. */
export interface PlacedAtEnd {
  planId: number;
  x: number;
  y: number;
  since: Date;
}

/**
 * The site's plans as they were over [from, to), from every change of place before `to` (oldest first): where
 * each device stood at the end, each plan's changes within the period and its revisions in force at each end.
 */
export function plansOverPeriod(
  history: readonly PlacementChange[],
  from: Date,
): { placed: Map<number, PlacedAtEnd>; plans: Map<number, PlanPeriod> } {
  const placed = new Map<number, PlacedAtEnd>();
  const plans = new Map<number, PlanPeriod>();
  const planOf = (id: number) => {
    let found = plans.get(id);
    if (!found) {
      found = { changes: [], atStart: null, atEnd: null };
      plans.set(id, found);
    }
    return found;
  };
  const record = (planId: number, change: PlanChange) => {
    const plan = planOf(planId);
    plan.atEnd = change.at;
    if (change.at < from) plan.atStart = change.at;
    else plan.changes.push(change);
  };
  for (const event of history) {
    const at = new Date(event.at);
    const before = placed.get(event.trapId);
    const { trapId } = event;
    if (event.planId === null || event.x === null || event.y === null) {
      if (before) record(before.planId, { at, trapId, kind: 'REMOVED', otherPlanId: null });
      placed.delete(trapId);
      continue;
    }
    if (!before) record(event.planId, { at, trapId, kind: 'PLACED', otherPlanId: null });
    else if (before.planId === event.planId) record(event.planId, { at, trapId, kind: 'MOVED', otherPlanId: null });
    else {
      record(before.planId, { at, trapId, kind: 'LEFT', otherPlanId: event.planId });
      record(event.planId, { at, trapId, kind: 'ARRIVED', otherPlanId: before.planId });
    }
    placed.set(trapId, { planId: event.planId, x: event.x, y: event.y, since: at });
  }
  return { placed, plans };
}
