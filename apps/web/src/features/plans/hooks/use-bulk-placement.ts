import type { PlanDetail, Trap } from '@rondin/contracts';
import { type KeyboardEvent, type RefObject, useMemo, useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { usePlaceMany } from '../api/place-many';
import type { DeviceEntry } from '../components/device-list';
import type { PlanCanvasHandle } from '../components/plan-canvas';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import { gridLayout, lineLayout, walkOrder } from '../utils/bulk-layout';
import { crosshairKey } from '../utils/keyboard-placement';
import type { Point } from '../utils/viewport';

export type BulkShape = 'line' | 'grid';

/** Every unplaced device, whatever its area. */
export const ALL_UNPLACED = '*';

/** The unplaced devices of one area (its name; '' for those with none), or all of them. */
export interface BulkGroup {
  key: string;
  label: string;
  devices: Trap[];
}

/** Where placing many stands: choosing what and how, waiting for the first and second click, the preview. */
export type BulkStep =
  | { kind: 'choose' }
  | { kind: 'first'; shape: BulkShape }
  | { kind: 'second'; shape: BulkShape; first: Point }
  | { kind: 'preview'; shape: BulkShape; first: Point; second: Point };

export interface BulkPreview {
  devices: Trap[];
  points: Point[];
  /** Rows and columns of a grid. */
  grid: { rows: number; columns: number } | null;
}

const CENTRE: Point = { x: 0.5, y: 0.5 };

/** Six decimals, as the editor saves a single device, and never off the plan. */
const fraction = (value: number) => Math.min(Math.max(Math.round(value * 1e6) / 1e6, 0), 1);

/**
 * Placing a whole area's unplaced devices at once: the area (or all of them) and a line or a grid, two clicks
 * (the line's ends, the grid's opposite corners), a preview on the plan, then one request for all. Each device
 * can be dragged afterwards like any other.
 */
export function useBulkPlacement({
  siteId,
  plan,
  entries,
  canvas,
  announce,
  search,
}: {
  siteId: number;
  plan: PlanDetail;
  entries: readonly DeviceEntry[];
  canvas: RefObject<PlanCanvasHandle | null>;
  /** Says what happened in the editor's status line. */
  announce: (text: string) => void;
  /** The device list's search: with one, 'all' means the unplaced devices it shows. */
  search: string;
}) {
  const [step, setStep] = useState<BulkStep | null>(null);
  const [groupKey, setGroupKey] = useState(ALL_UNPLACED);
  const [crosshair, setCrosshair] = useState<Point | null>(null);
  const [error, setError] = useState<string | null>(null);
  const placeMany = usePlaceMany(siteId, plan.id);

  const groups = useMemo((): BulkGroup[] => {
    const unplaced = entries.filter((entry) => entry.where === 'unplaced').map((entry) => entry.trap);
    if (unplaced.length === 0) return [];
    const term = search.trim().toLowerCase();
    const shown = term ? unplaced.filter((trap) => trap.code.toLowerCase().includes(term)) : unplaced;
    const byArea = new Map<string, Trap[]>();
    for (const trap of unplaced) {
      const area = trap.area?.trim() ?? '';
      byArea.set(area, [...(byArea.get(area) ?? []), trap]);
    }
    const areas = [...byArea.entries()]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'es')))
      .map(([area, devices]) => ({ key: area, label: area || TEXT.bulkNoArea, devices: walkOrder(devices) }));
    const all =
      shown.length === 0
        ? []
        : [
            {
              key: ALL_UNPLACED,
              label: term ? TEXT.bulkAllMatching(search.trim()) : TEXT.bulkAll,
              devices: walkOrder(shown),
            },
          ];
    return [...all, ...areas];
  }, [entries, search]);
  const group = groups.find((each) => each.key === groupKey) ?? groups[0] ?? null;

  const preview = useMemo((): BulkPreview | null => {
    if (step?.kind !== 'preview' || !group) return null;
    // Laid out in the image's pixels, so a grid's steps are as long across as down.
    const toPixels = (point: Point) => ({ x: point.x * plan.width, y: point.y * plan.height });
    const count = group.devices.length;
    const [a, b] = [toPixels(step.first), toPixels(step.second)];
    const laid = step.shape === 'line' ? { points: lineLayout(count, a, b), grid: null } : gridLayout(count, a, b);
    return {
      devices: group.devices,
      points: laid.points.map((point) => ({ x: fraction(point.x / plan.width), y: fraction(point.y / plan.height) })),
      grid: 'rows' in laid ? { rows: laid.rows, columns: laid.columns } : null,
    };
  }, [step, group, plan.width, plan.height]);

  const reset = () => {
    setStep(null);
    setCrosshair(null);
    setError(null);
  };

  const start = () => {
    setError(null);
    announce('');
    setStep({ kind: 'choose' });
  };

  const cancel = () => {
    reset();
    announce(TEXT.bulkCancelled);
  };

  const chooseShape = (shape: BulkShape) => {
    if (!group) return;
    setStep({ kind: 'first', shape });
    // The plan takes the keys: arrows and Enter mark each point, as when placing one device.
    canvas.current?.focus();
    announce(shape === 'line' ? TEXT.bulkLineFirst(group.devices.length) : TEXT.bulkGridFirst(group.devices.length));
  };

  /** A click, a tap or Enter on the plan while placing many. */
  const onPoint = (at: Point) => {
    if (step?.kind === 'first') {
      setStep({ kind: 'second', shape: step.shape, first: at });
      setCrosshair(at);
      announce(step.shape === 'line' ? TEXT.bulkLineSecond : TEXT.bulkGridSecond);
    } else if (step?.kind === 'second') {
      setStep({ kind: 'preview', shape: step.shape, first: step.first, second: at });
      setCrosshair(null);
      announce(TEXT.bulkPreviewStatus);
    }
  };

  const redo = () => {
    if (step?.kind !== 'preview') return;
    setError(null);
    chooseShape(step.shape);
  };

  const confirm = () => {
    if (!preview || !group) return;
    setError(null);
    placeMany.mutate(
      { placements: preview.devices.map((device, index) => ({ trapId: device.id, ...preview.points[index]! })) },
      {
        onSuccess: () => {
          reset();
          announce(TEXT.bulkPlaced(preview.devices.length, group.key === ALL_UNPLACED ? null : group.label));
          canvas.current?.focus();
        },
        onError: (failure) => {
          setError(serverMessage(failure) ?? '');
          announce(TEXT.bulkFailed);
        },
      },
    );
  };

  /** The arrows move the cross, Enter takes its point, Escape gives up; other keys are the plan's. */
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): boolean => {
    if (step?.kind !== 'first' && step?.kind !== 'second') {
      if (event.key !== 'Escape' || !step) return false;
      cancel();
      return true;
    }
    const from = crosshair ?? canvas.current?.centre() ?? CENTRE;
    const action = crosshairKey(event.key, event.shiftKey, from);
    if (!action) return false;
    if (action.kind === 'cancel') cancel();
    else if (action.kind === 'place') onPoint(action.at);
    else {
      setCrosshair(action.to);
      canvas.current?.reveal(action.to);
    }
    return true;
  };

  return {
    active: step !== null,
    step,
    groups,
    group,
    setGroupKey,
    crosshair,
    error,
    preview,
    saving: placeMany.isPending,
    start,
    cancel,
    /** Leaves placing many without a word: the person went on to something else. */
    reset,
    chooseShape,
    onPoint,
    redo,
    confirm,
    onKeyDown,
  };
}

export type BulkPlacement = ReturnType<typeof useBulkPlacement>;
