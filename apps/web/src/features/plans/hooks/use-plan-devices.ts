import type { Placement, Plan, PlanDetail, Trap } from '@rondin/contracts';
import { useCallback, useMemo } from 'react';
import type { DeviceEntry } from '../components/device-list';
import { useSiteDevices, useSitePlacements } from '../api/get-site-devices';
import { useSitePlans } from '../api/get-site-plans';
import { numberByCode } from '../utils/placements';

/** A device on the plan being edited, where its marker stands. */
export interface DeviceOnPlan {
  id: number;
  code: string;
  type: Trap['type'];
  x: number;
  y: number;
}

/**
 * The site's devices as the plan editor shows them: those on this plan with their numbers (in code order), and
 * every device of the site with where it stands (here, on another plan, nowhere).
 */
export function usePlanDevices(siteId: number, plan: PlanDetail) {
  const plans = useSitePlans(siteId);
  const devices = useSiteDevices(siteId);
  const placements = useSitePlacements(siteId);

  const planNames = useMemo(() => new Map((plans.data ?? []).map((p: Plan) => [p.id, p.name])), [plans.data]);
  const trapsById = useMemo(() => new Map((devices.data ?? []).map((trap) => [trap.id, trap])), [devices.data]);
  const placementOf = useMemo(
    () => new Map((placements.data ?? []).map((placement: Placement) => [placement.trapId, placement])),
    [placements.data],
  );

  // Devices on this plan come from the site's placements (changed at once on every move) and the devices' data;
  // until both are read, from the plan's own list.
  const onThisPlan = useMemo((): DeviceOnPlan[] => {
    if (!placements.data || !devices.data) {
      return plan.devices.map((device) => ({
        id: device.trapId,
        code: device.code,
        type: device.type,
        x: device.x,
        y: device.y,
      }));
    }
    const list: DeviceOnPlan[] = [];
    for (const placement of placements.data) {
      if (placement.planId !== plan.id) continue;
      const trap = trapsById.get(placement.trapId);
      const fallback = plan.devices.find((device) => device.trapId === placement.trapId);
      const code = trap?.code ?? fallback?.code;
      const type = trap?.type ?? fallback?.type;
      if (code === undefined || type === undefined) continue;
      list.push({ id: placement.trapId, code, type, x: placement.x, y: placement.y });
    }
    return list;
  }, [placements.data, devices.data, trapsById, plan]);

  const numbered = useMemo(() => numberByCode(onThisPlan), [onThisPlan]);
  const numberOf = useMemo(() => new Map(numbered.map(({ number, device }) => [device.id, number])), [numbered]);

  const entries: DeviceEntry[] = useMemo(
    () =>
      (devices.data ?? []).map((trap) => {
        const placement = placementOf.get(trap.id);
        return {
          trap,
          where: !placement ? 'unplaced' : placement.planId === plan.id ? 'here' : 'elsewhere',
          number: numberOf.get(trap.id) ?? null,
          planName: placement && placement.planId !== plan.id ? (planNames.get(placement.planId) ?? null) : null,
        };
      }),
    [devices.data, placementOf, numberOf, planNames, plan.id],
  );

  const codeOf = useCallback(
    (trapId: number) =>
      trapsById.get(trapId)?.code ?? plan.devices.find((device) => device.trapId === trapId)?.code ?? `#${trapId}`,
    [trapsById, plan.devices],
  );

  return { devices, placements, planNames, placementOf, onThisPlan, numbered, numberOf, entries, codeOf };
}

export type PlanDevices = ReturnType<typeof usePlanDevices>;
