import './plans.css';
import type { Placement, Plan, PlanDetail, Trap } from '@rondin/contracts';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { Notice, type NoticeMessage } from '../../../components/ui/notice';
import { QueryState } from '../../../components/ui/query-state';
import { RecordState } from '../../../components/ui/record-state';
import { serverMessage } from '../../../lib/api-client';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useDownloadMapPdf } from '../api/get-map-pdf';
import { usePlan } from '../api/get-plan';
import { usePlanImage } from '../api/get-plan-image';
import { useSite } from '../api/get-site';
import { useSitePlans } from '../api/get-site-plans';
import { useSiteDevices, useSitePlacements } from '../api/get-site-devices';
import { usePlaceDevice } from '../api/placements';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import { numberByCode } from '../utils/placements';
import { crosshairKey } from '../utils/keyboard-placement';
import type { PlanMarker } from '../utils/plan-marker';
import type { Point } from '../utils/viewport';
import { DeviceList, type DeviceEntry } from './device-list';
import { MarkerLegend } from './marker-legend';
import { PlanCanvas, type PlanCanvasHandle } from './plan-canvas';
import { PlanImageNotes, PlanZoom } from './plan-controls';
import { PlanHeader } from './plan-views';

/** The plan editor is laid out for a phone (plan full width, devices in a sheet) below this width. */
export const PHONE_LAYOUT = '(max-width: 760px)';

const CENTRE: Point = { x: 0.5, y: 0.5 };

/** What the plan does with the next tap, click or Enter. */
type Mode = { kind: 'idle' } | { kind: 'placing'; trapId: number } | { kind: 'moving'; trapId: number };

/**
 * The plan editor (/admin/sites/{id}/plans/{planId}): the plan with its numbered markers beside the site's
 * devices, unplaced ones first. A device is placed by dragging it onto the plan, by choosing it and tapping the
 * plan, or with the keys (a cross moved by the arrows, Enter); a marker moves by dragging or with the keys. Every
 * change is saved at once and shown before the server answers; a refusal puts the device back and says why.
 */
export function PlanEditor({ siteId, planId }: { siteId: number; planId: number }) {
  const plan = usePlan(planId);
  return (
    <div className="plan-editor">
      {plan.data ? null : (
        <Link to={`/admin/sites/${siteId}`} className="button button--ghost plan-page__back">
          {TEXT.backToSite}
        </Link>
      )}
      <RecordState query={plan} texts={TEXT}>
        {plan.data ? <Editor siteId={siteId} plan={plan.data} /> : null}
      </RecordState>
    </div>
  );
}

function Editor({ siteId, plan }: { siteId: number; plan: PlanDetail }) {
  const site = useSite(siteId);
  const plans = useSitePlans(siteId);
  const devices = useSiteDevices(siteId);
  const placements = useSitePlacements(siteId);
  const image = usePlanImage(plan);
  const imageUrl = useObjectUrl(image.data);
  const place = usePlaceDevice(siteId);
  const download = useDownloadMapPdf();
  const phone = useMediaQuery(PHONE_LAYOUT);
  const canvas = useRef<PlanCanvasHandle>(null);

  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [crosshair, setCrosshair] = useState<Point | null>(null);
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  /** Where the keyboard's focus goes once the screen shows a change: the selection's 'Mover', or a device's row. */
  const [focusNext, setFocusNext] = useState<
    { to: 'move' } | { to: 'row'; trapId: number; where: DeviceEntry['where'] } | null
  >(null);
  const moveButton = useRef<HTMLButtonElement>(null);

  const planNames = useMemo(() => new Map((plans.data ?? []).map((p: Plan) => [p.id, p.name])), [plans.data]);
  const trapsById = useMemo(() => new Map((devices.data ?? []).map((trap) => [trap.id, trap])), [devices.data]);
  const placementOf = useMemo(
    () => new Map((placements.data ?? []).map((placement: Placement) => [placement.trapId, placement])),
    [placements.data],
  );

  // Devices on this plan come from the site's placements (changed at once on every move) and the devices' data;
  // until both are read, from the plan's own list.
  const onThisPlan = useMemo(() => {
    if (!placements.data || !devices.data) {
      return plan.devices.map((device) => ({
        id: device.trapId,
        code: device.code,
        type: device.type,
        x: device.x,
        y: device.y,
      }));
    }
    const list: { id: number; code: string; type: Trap['type']; x: number; y: number }[] = [];
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

  const markers: PlanMarker[] = useMemo(
    () =>
      numbered.map(({ number, device }) => ({
        trapId: device.id,
        number,
        code: device.code,
        type: device.type,
        x: device.x,
        y: device.y,
        state: device.id === selectedId ? 'selected' : 'normal',
      })),
    [numbered, selectedId],
  );

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
  const unplacedCount = entries.filter((entry) => entry.where === 'unplaced').length;

  const codeOf = useCallback(
    (trapId: number) =>
      trapsById.get(trapId)?.code ?? plan.devices.find((device) => device.trapId === trapId)?.code ?? `#${trapId}`,
    [trapsById, plan.devices],
  );

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
  }, [focusNext, entries, place.isPending]);

  /** The selection bar closed from the keyboard: back to the device's row (or the plan, on the phone). */
  const closeSelection = (trapId: number, where: DeviceEntry['where']) => {
    const focused = document.activeElement;
    setSelectedId(null);
    finish();
    if (focused instanceof HTMLElement && focused.closest('.plan-selection'))
      setFocusNext({ to: 'row', trapId, where });
  };

  const finish = () => {
    setMode({ kind: 'idle' });
    setCrosshair(null);
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

  /** A device dragged from the list and let go over the plan. */
  const dropFromList = (trapId: number, clientX: number, clientY: number) => {
    if (!canvas.current?.contains(clientX, clientY)) return;
    const at = canvas.current.fractionAt(clientX, clientY);
    if (!at) return;
    setSelectedId(trapId);
    save(trapId, at);
    finish();
  };

  const selected = selectedId === null ? null : (entries.find((entry) => entry.trap.id === selectedId) ?? null);

  const list = (
    <QueryState
      isPending={devices.isPending || placements.isPending}
      isError={(devices.isError && !devices.data) || (placements.isError && !placements.data)}
      error={devices.error ?? placements.error}
      loadingText={TEXT.devicesLoading}
      errorText={TEXT.devicesFailed}
      onRetry={() => {
        void devices.refetch();
        void placements.refetch();
      }}
      isEmpty={devices.data?.length === 0}
      emptyText={TEXT.noDevices}
    >
      <DeviceList
        entries={entries}
        selectedId={selectedId}
        onChoose={choose}
        onDrop={dropFromList}
        dragEnabled={!phone}
      />
    </QueryState>
  );

  return (
    <>
      <PlanHeader siteId={siteId} siteName={site.data?.name} plan={plan} current="edit">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download.mutate({ id: plan.id, name: plan.name })}
          disabled={download.isPending}
        >
          {TEXT.printMap}
        </button>
      </PlanHeader>
      {download.isError ? (
        <Notice
          notice={{ tone: 'error', text: TEXT.printFailed, detail: serverMessage(download.error) }}
          onDismiss={() => download.reset()}
        />
      ) : null}
      {notice ? <Notice notice={notice} onDismiss={() => setNotice(null)} /> : null}
      <div className="plan-editor__body">
        <section className="plan-editor__plan" aria-label="Plano">
          <div className="plan-editor__toolbar">
            <PlanZoom canvas={canvas} texts={TEXT} />
            {phone ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => setSheetOpen(true)}
                aria-expanded={sheetOpen}
              >
                {TEXT.devicesButton(unplacedCount)}
              </button>
            ) : null}
          </div>
          <div className="plan-editor__canvas">
            <PlanCanvas
              ref={canvas}
              imageUrl={imageUrl}
              width={plan.width}
              height={plan.height}
              markers={markers}
              label={TEXT.planLabel(plan.name)}
              keysLabel={TEXT.planKeysLabel}
              keysHint={TEXT.planKeysHint}
              onFocus={onCanvasFocus}
              onMarkerMoved={(trapId, to) => {
                setSelectedId(trapId);
                save(trapId, to);
                finish();
              }}
              onMarkerTap={(trapId) => {
                if (mode.kind !== 'idle' && mode.trapId !== trapId) return;
                setSelectedId(trapId);
                setMode({ kind: 'idle' });
                setCrosshair(null);
                setStatus(TEXT.selected(codeOf(trapId), numberOf.get(trapId) ?? 0));
              }}
              onTap={onTap}
              crosshair={crosshair}
              onKeyDown={onKeyDown}
            >
              <PlanImageNotes image={image} texts={TEXT} />
            </PlanCanvas>
            {/* Over the plan's top edge, not above it: the plan keeps its size (and its drawing) as a device is chosen. */}
            {selected ? (
              <SelectionBar
                code={selected.trap.code}
                touch={phone}
                mode={mode}
                number={selected.number}
                onMove={() => startMoving(selected.trap.id)}
                moveRef={moveButton}
                onRemove={() => {
                  save(selected.trap.id, null);
                  closeSelection(selected.trap.id, 'unplaced');
                }}
                onClose={() => closeSelection(selected.trap.id, selected.where)}
              />
            ) : null}
          </div>
          <p className="plan-editor__status" role="status" aria-live="polite">
            {status || (phone ? '' : TEXT.keyboardHint)}
          </p>
        </section>
        {phone ? (
          sheetOpen ? (
            <DeviceSheet onClose={() => setSheetOpen(false)}>
              <MarkerLegend types={entries.map((entry) => entry.trap.type)} />
              {list}
            </DeviceSheet>
          ) : null
        ) : (
          <aside className="plan-editor__devices" aria-labelledby="plan-devices-title">
            <h2 id="plan-devices-title" className="plan-editor__devices-title">
              {TEXT.devicesTitle}
            </h2>
            <MarkerLegend types={entries.map((entry) => entry.trap.type)} />
            {list}
          </aside>
        )}
      </div>
    </>
  );
}

function SelectionBar({
  code,
  touch,
  mode,
  number,
  moveRef,
  onMove,
  onRemove,
  onClose,
}: {
  code: string;
  /** The phone's layout: no list beside the plan to drag from, and seldom a keyboard. */
  touch: boolean;
  mode: Mode;
  number: number | null;
  moveRef: RefObject<HTMLButtonElement | null>;
  onMove: () => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  if (mode.kind === 'placing' || mode.kind === 'moving') {
    return (
      <div className="plan-selection plan-selection--active">
        <p className="plan-selection__text">
          {mode.kind === 'moving'
            ? TEXT.movingHint(code)
            : touch
              ? TEXT.placingHintTouch(code)
              : TEXT.placingHint(code)}
          {touch ? null : <span className="plan-selection__keys">{TEXT.placingKeys}</span>}
        </p>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          {TEXT.cancel}
        </button>
      </div>
    );
  }
  if (number === null) return null;
  return (
    <div className="plan-selection">
      <p className="plan-selection__text">{TEXT.selected(code, number)}</p>
      <div className="plan-selection__actions">
        <button type="button" className="button button--secondary button--small" onClick={onMove} ref={moveRef}>
          {TEXT.move}
        </button>
        <button type="button" className="button button--ghost-danger button--small" onClick={onRemove}>
          {TEXT.remove}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {TEXT.done}
        </button>
      </div>
    </div>
  );
}

/** The phone's device list: a sheet over the lower part of the screen, closed by its button or Escape. */
function DeviceSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const close = useRef<HTMLButtonElement>(null);
  // The sheet opens from its button: the keyboard's focus moves into it, on the button that closes it.
  useEffect(() => close.current?.focus(), []);
  return (
    <div
      className="plan-sheet"
      role="dialog"
      aria-modal="false"
      aria-labelledby="plan-sheet-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="plan-sheet__header">
        <h2 id="plan-sheet-title" className="plan-editor__devices-title">
          {TEXT.devicesTitle}
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose} ref={close}>
          {TEXT.close}
        </button>
      </div>
      <div className="plan-sheet__body">{children}</div>
    </div>
  );
}
