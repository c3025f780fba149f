import type { PlanDetail, SessionItem } from '@rondin/contracts';
import type { PlanMarker } from './plan-marker';

/** Whether each of the order's devices is done (scanned, or waiting on the device to be sent), by trap id. */
export type OrderProgressByTrap = ReadonlyMap<number, boolean>;

/** The device scanned last: the completed item with the latest inspection time. */
export function lastScannedTrapId(items: readonly Pick<SessionItem, 'trapId' | 'completedAt'>[]): number | null {
  let last: { trapId: number; at: string } | null = null;
  for (const item of items) {
    if (item.completedAt && (!last || item.completedAt > last.at)) last = { trapId: item.trapId, at: item.completedAt };
  }
  return last?.trapId ?? null;
}

/**
 * The order's devices on one plan as markers, with the numbers the server gave them (those of the printed map):
 * pending, done, or the last scanned. Devices of the plan outside the order are left out.
 */
export function orderMarkers(plan: PlanDetail, done: OrderProgressByTrap, lastTrapId: number | null): PlanMarker[] {
  const markers: PlanMarker[] = [];
  for (const device of plan.devices) {
    const isDone = done.get(device.trapId);
    if (isDone === undefined) continue;
    markers.push({
      trapId: device.trapId,
      number: device.number,
      code: device.code,
      type: device.type,
      x: device.x,
      y: device.y,
      state: device.trapId === lastTrapId ? 'current' : isDone ? 'done' : 'pending',
    });
  }
  return markers;
}

/** How many of the order's devices on a plan are still to do, of how many. */
export function planProgress(plan: PlanDetail, done: OrderProgressByTrap): { pending: number; total: number } {
  let pending = 0;
  let total = 0;
  for (const device of plan.devices) {
    const isDone = done.get(device.trapId);
    if (isDone === undefined) continue;
    total += 1;
    if (!isDone) pending += 1;
  }
  return { pending, total };
}

/**
 * The plan to open on: the one of the last scan while something there is still to do (the technician is
 * there), else the one with most left to do, else the first.
 */
export function startingPlanId(
  plans: readonly PlanDetail[],
  done: OrderProgressByTrap,
  lastTrapId: number | null,
): number | null {
  if (plans.length === 0) return null;
  const progress = plans.map((plan) => ({ plan, ...planProgress(plan, done) }));
  const current = progress.find(
    ({ plan, pending }) => pending > 0 && plan.devices.some((device) => device.trapId === lastTrapId),
  );
  if (current) return current.plan.id;
  const busiest = progress.reduce((best, next) => (next.pending > best.pending ? next : best));
  return busiest.plan.id;
}
