import type { PlanDetail } from '@rondin/contracts';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { NoticeMessage } from '../../../components/ui/notice';
import { serverMessage } from '../../../lib/api-client';
import { usePlaceDevice } from '../api/placements';
import type { DeviceEntry } from '../components/device-list';
import type { PlanCanvasHandle } from '../components/plan-canvas';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import { crosshairKey } from '../utils/keyboard-placement';
import { numberByCode } from '../utils/placements';
import type { Point } from '../utils/viewport';
import type { PlanDevices } from './use-plan-devices';

const CENTRE: Point = { x: 0.5, y: 0.5 };

/** What the plan does with the next tap, click or Enter. */
export type Mode = { kind: 'idle' } | { kind: 'placing'; trapId: number } | { kind: 'moving'; trapId: number };

/** Where the keyboard's focus goes once the screen shows a change: the selection's 'Mover', or a device's row. */
type FocusNext = { to: 'move' } | { to: 'row'; trapId: number; where: DeviceEntry['where'] };

/**
 * What the plan editor is doing and what it says: the device chosen, what the next tap does (mode), the keyboard's
 * cross, the status line, a refusal's notice, the phone's device sheet; and each thing a person can do, saved at
 * once and shown before the server answers.
 */
export function usePlanEditing({
  siteId,
  plan,
  canvas,
  devices,
}: {
  siteId: number;
  plan: PlanDetail;
  canvas: RefObject<PlanCanvasHandle | null>;
  devices: PlanDevices;
}) {
  const { placementOf, onThisPlan, numberOf, entries, planNames, codeOf } = devices;
  const place = usePlaceDevice(siteId);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [crosshair, setCrosshair] = useState<Point | null>(null);
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [focusNext, setFocusNext] = useState<FocusNext | null>(null);
  const moveButton = useRef<HTMLButtonElement>(null);

  /** Saves a device at a point of this plan, or off it (null), and says what happened. */
  const save = (trapId: number, to: Point | null) => {
    const code = codeOf(trapId);
    const before = placementOf.get(trapId);
    setNotice(null);
    if (to) {
      // The number it will have: its rank by code among the devices on the plan once it is there.
      const others = onThisPlan.filter((device) => device.id !== trapId);
      const number = numberByCode([...others, { id: trapId, code, type: 'OTRO', x: 0, y: 0 }]).find(
        ({ device }) => device.id === trapId,
      )!.number;
      if (before?.planId === plan.id) setStatus(TEXT.movedStatus(code));
      else if (before) setStatus(TEXT.movedFromStatus(code, planNames.get(before.planId) ?? '', number));
      else setStatus(TEXT.placedStatus(code, number));
    } else {
      setStatus(TEXT.removedStatus(code));
    }
    place.mutate(
      { trapId, to: to ? { planId: plan.id, x: to.x, y: to.y } : null },
      {
        onError: (error) => {
          const text = TEXT.saveFailed(code);
          setStatus(text);
          setNotice({ tone: 'error', text, detail: serverMessage(error) });
        },
      },
    );
  };

  // The row is focused once the list shows the device where it now stands (a removal moves it to 'Sin ubicar'
  // when the change is shown, a render later), or once the change is over, whatever became of it.
  useEffect(() => {
    if (!focusNext) return;
    if (focusNext.to === 'move') {
      setFocusNext(null);
      moveButton.current?.focus();
      return;
    }
    const entry = entries.find((each) => each.trap.id === focusNext.trapId);
    if (entry && entry.where !== focusNext.where && place.isPending) return;
    setFocusNext(null);
    const row = entry && document.querySelector<HTMLElement>(`[data-trap-code="${CSS.escape(entry.trap.code)}"]`);
    if (row) row.focus();
    else canvas.current?.focus();
  }, [focusNext, entries, place.isPending, canvas]);

  const finish = () => {
    setMode({ kind: 'idle' });
    setCrosshair(null);
  };

  /** The selection bar closed from the keyboard: back to the device's row (or the plan, on the phone). */
  const closeSelection = (trapId: number, where: DeviceEntry['where']) => {
    const focused = document.activeElement;
    setSelectedId(null);
    finish();
    if (focused instanceof HTMLElement && focused.closest('.plan-selection'))
      setFocusNext({ to: 'row', trapId, where });
  };

  /** A device chosen in the list: one not on this plan waits for its place; one on it is shown and can move. */
  const choose = (trapId: number, byKeyboard: boolean) => {
    if (selectedId === trapId && mode.kind !== 'idle') {
      setSelectedId(null);
      finish();
      return;
    }
    setSelectedId(trapId);
    setSheetOpen(false);
    const placement = placementOf.get(trapId);
    if (placement?.planId === plan.id) {
      setMode({ kind: 'idle' });
      setCrosshair(null);
      canvas.current?.reveal(placement);
      setStatus(TEXT.selected(codeOf(trapId), numberOf.get(trapId) ?? 0));
      // From the keyboard, on to what can be done with it: the selection's buttons come before the list.
      if (byKeyboard) setFocusNext({ to: 'move' });
      return;
    }
    setMode({ kind: 'placing', trapId });
    setStatus(TEXT.selectedStatus(codeOf(trapId)));
    if (byKeyboard) {
      setCrosshair(canvas.current?.centre() ?? CENTRE);
      canvas.current?.focus();
    } else {
      setCrosshair(null);
    }
  };

  const startMoving = (trapId: number) => {
    const placement = placementOf.get(trapId);
    setMode({ kind: 'moving', trapId });
    setCrosshair(placement ? { x: placement.x, y: placement.y } : (canvas.current?.centre() ?? CENTRE));
    canvas.current?.focus();
    setStatus(TEXT.movingHint(codeOf(trapId)));
  };

  /** The selected device taken off every plan, from the selection bar. */
  const remove = (trapId: number) => {
    save(trapId, null);
    closeSelection(trapId, 'unplaced');
  };

  const onTap = (at: Point) => {
    if (mode.kind === 'idle') {
      setSelectedId(null);
      return;
    }
    save(mode.trapId, at);
    finish();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>): boolean => {
    if (mode.kind === 'idle') return false;
    const action = crosshairKey(event.key, event.shiftKey, crosshair ?? canvas.current?.centre() ?? CENTRE);
    if (!action) return false;
    if (action.kind === 'cancel') {
      finish();
      setStatus(TEXT.cancelledStatus);
    } else if (action.kind === 'place') {
      save(mode.trapId, action.at);
      finish();
    } else {
      setCrosshair(action.to);
      canvas.current?.reveal(action.to);
    }
    return true;
  };

  // The cross shows while the plan has the keyboard's focus and a device waits for its place.
  const onCanvasFocus = () => {
    if (mode.kind !== 'idle' && !crosshair) setCrosshair(canvas.current?.centre() ?? CENTRE);
  };

  /** A marker dragged to another point of the plan. */
  const onMarkerMoved = (trapId: number, to: Point) => {
    setSelectedId(trapId);
    save(trapId, to);
    finish();
  };

  /**
   * A marker tapped: it is selected. While another device waits for its place (or moves), the tap places that one
   * there: devices often stand side by side, and a tap that lands on a neighbour's marker is meant for the plan.
   */
  const onMarkerTap = (trapId: number, at: Point) => {
    if (mode.kind !== 'idle' && mode.trapId !== trapId) {
      onTap(at);
      return;
    }
    setSelectedId(trapId);
    setMode({ kind: 'idle' });
    setCrosshair(null);
    setStatus(TEXT.selected(codeOf(trapId), numberOf.get(trapId) ?? 0));
  };

  /** A tap on a bubble of markers: while a device waits for its place it goes there; otherwise the plan zooms in. */
  const onClusterTap = (at: Point): boolean => {
    if (mode.kind === 'idle') return false;
    onTap(at);
    return true;
  };

  /** A device dragged from the list and let go over the plan. */
  const dropFromList = (trapId: number, clientX: number, clientY: number) => {
    if (!canvas.current?.contains(clientX, clientY)) return;
    const at = canvas.current.fractionAt(clientX, clientY);
    if (!at) return;
    setSelectedId(trapId);
    save(trapId, at);
    finish();
  };

  /** Nothing chosen and nothing waiting for its place, as another task of the plan begins. */
  const clear = () => {
    setSelectedId(null);
    finish();
  };

  return {
    mode,
    selectedId,
    crosshair,
    status,
    notice,
    dismissNotice: () => setNotice(null),
    announce: setStatus,
    clear,
    sheetOpen,
    setSheetOpen,
    moveButton,
    choose,
    startMoving,
    remove,
    closeSelection,
    onTap,
    onKeyDown,
    onCanvasFocus,
    onMarkerMoved,
    onMarkerTap,
    onClusterTap,
    dropFromList,
  };
}
