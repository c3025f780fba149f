import { areaKey } from '@rondin/contracts/trap-areas';
import { compareCodes } from '@rondin/contracts/walk-order';

/** One active device of the site, with where it stands on a floor plan (pixels of that plan), if anywhere. */
export interface RouteDevice {
  trapId: number;
  code: string;
  area: string | null;
  routeOrder: number | null;
  position: { planId: number; x: number; y: number } | null;
}

type Placed = RouteDevice & { position: NonNullable<RouteDevice['position']> };

const byCode = (a: RouteDevice, b: RouteDevice) => compareCodes(a.code, b.code) || a.trapId - b.trapId;

/** Areas as a person reads them (case and accents aside), the devices without an area last. */
function compareAreas(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compareCodes(areaKey(a), areaKey(b));
}

/**
 * How far apart two devices are. Plans are separate drawings with no common scale: a device on another plan is
 * farther than any on the same one, and all such devices are equally far (the first by code wins).
 */
function distance(a: Placed, b: Placed): number {
  if (a.position.planId !== b.position.planId) return Number.POSITIVE_INFINITY;
  return Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y);
}

/** The device of `candidates` (in code order) nearest `from`; the first by code among equals. */
function nearest(from: Placed, candidates: Placed[]): Placed {
  let best = candidates[0]!;
  let bestDistance = distance(from, best);
  for (const candidate of candidates) {
    const d = distance(from, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The walk order proposed from the floor plans (SiteRoute, POST /sites/{id}/route/propose): area by area, each
 * walked nearest next from the previous device; the next area is the one holding the device nearest the last
 * one walked, and the first the area of the first placed device by code. A technician finishes an area before
 * the next, so areas are never interleaved even where a device of another area stands closer. Devices on no
 * plan follow, by area then code. Answers the devices in that order.
 */
export function proposeRoute(devices: RouteDevice[]): RouteDevice[] {
  const sorted = [...devices].sort(byCode);
  let remaining = sorted.filter((device): device is Placed => device.position !== null);
  const route: Placed[] = [];
  while (remaining.length > 0) {
    const last = route.at(-1);
    let current = last ? nearest(last, remaining) : remaining[0]!;
    const key = current.area === null ? null : areaKey(current.area);
    let area = remaining.filter((device) => (device.area === null ? null : areaKey(device.area)) === key);
    const taken = new Set(area);
    remaining = remaining.filter((device) => !taken.has(device));
    for (;;) {
      route.push(current);
      area = area.filter((device) => device !== current);
      if (area.length === 0) break;
      current = nearest(current, area);
    }
  }
  const unplaced = sorted
    .filter((device) => device.position === null)
    .sort((a, b) => compareAreas(a.area, b.area) || byCode(a, b));
  return [...route, ...unplaced];
}
