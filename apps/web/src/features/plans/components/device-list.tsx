import type { Trap } from '@rondin/contracts';
import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useRef,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { formatCount } from '../../../lib/format';
import { EDITOR_MESSAGES as TEXT } from '../messages';
import { compareCodes } from '../utils/placements';
import { MarkerIcon } from './marker-shape';

export interface DeviceEntry {
  trap: Trap;
  where: 'unplaced' | 'here' | 'elsewhere';
  /** Its marker's number on this plan. */
  number: number | null;
  /** The other plan it stands on. */
  planName: string | null;
}

const GROUPS = [
  { where: 'unplaced', title: TEXT.groupUnplaced },
  { where: 'here', title: TEXT.groupHere },
  { where: 'elsewhere', title: TEXT.groupElsewhere },
] as const;

/** A pointer that moved this far (CSS pixels) from where it pressed a row is dragging the device. */
const DRAG_SLOP = 6;

interface DeviceListProps {
  entries: readonly DeviceEntry[];
  selectedId: number | null;
  /** A row chosen by a click, a tap or the keyboard (Enter, Space). */
  onChoose: (trapId: number, byKeyboard: boolean) => void;
  /** A row dragged and let go at a point of the page. */
  onDrop: (trapId: number, clientX: number, clientY: number) => void;
  /** Rows can be dragged onto the plan (beside it; not from the phone's sheet, which covers it). */
  dragEnabled: boolean;
  /** The search, kept by the editor: placing many can take the unplaced devices it shows. */
  query: string;
  onQueryChange: (query: string) => void;
}

/** The site's devices by where they stand, unplaced first, each in code order; searched by code. */
export function DeviceList({
  entries,
  selectedId,
  onChoose,
  onDrop,
  dragEnabled,
  query,
  onQueryChange,
}: DeviceListProps) {
  const searchId = useId();
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const justDragged = useRef(false);
  const groups = useMemo(() => {
    const matching = deferred ? entries.filter((entry) => entry.trap.code.toLowerCase().includes(deferred)) : entries;
    return GROUPS.map((group) => ({
      ...group,
      entries: matching.filter((entry) => entry.where === group.where).sort((a, b) => compareCodes(a.trap, b.trap)),
    }));
  }, [entries, deferred]);
  const shown = groups.reduce((sum, group) => sum + group.entries.length, 0);

  // Rows get callbacks that never change, so choosing or placing one device draws again only the rows it changed.
  const latest = useRef({ onChoose, onDrop, dragEnabled });
  latest.current = { onChoose, onDrop, dragEnabled };
  const choose = useCallback((trapId: number, byKeyboard: boolean) => {
    if (!justDragged.current) latest.current.onChoose(trapId, byKeyboard);
  }, []);

  const startDrag = useCallback((event: ReactPointerEvent<HTMLButtonElement>, trap: Trap) => {
    const { dragEnabled } = latest.current;
    if (!dragEnabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // A finger drags from the grip only, so the list still scrolls under it.
    if (event.pointerType === 'touch' && !(event.target as Element).closest('.device-row__grip')) return;
    const start = { x: event.clientX, y: event.clientY };
    const pointerId = event.pointerId;
    let ghost: HTMLElement | null = null;
    const move = (moved: PointerEvent) => {
      if (moved.pointerId !== pointerId) return;
      if (!ghost) {
        if (Math.hypot(moved.clientX - start.x, moved.clientY - start.y) < DRAG_SLOP) return;
        ghost = document.createElement('div');
        ghost.className = 'device-ghost';
        ghost.textContent = trap.code;
        ghost.setAttribute('aria-hidden', 'true');
        document.body.append(ghost);
      }
      moved.preventDefault();
      ghost.style.transform = `translate(${moved.clientX}px, ${moved.clientY}px)`;
    };
    const end = (ended: PointerEvent) => {
      if (ended.pointerId !== pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      if (!ghost) return;
      ghost.remove();
      // The click that follows a drag is not a choice.
      justDragged.current = true;
      setTimeout(() => {
        justDragged.current = false;
      });
      if (ended.type === 'pointerup') latest.current.onDrop(trap.id, ended.clientX, ended.clientY);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  }, []);

  return (
    <div className="device-list">
      <div className="field device-list__search">
        <label htmlFor={searchId}>{TEXT.search}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={TEXT.searchPlaceholder}
          maxLength={80}
          autoComplete="off"
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </div>
      {shown === 0 ? <p className="device-list__empty">{TEXT.noMatch}</p> : null}
      {groups.map((group) =>
        group.entries.length === 0 ? null : (
          <section key={group.where} className="device-list__group" aria-label={group.title}>
            <h3 className="device-list__title">
              {group.title} <span className="device-list__count">{formatCount(group.entries.length)}</span>
            </h3>
            <ul className="device-list__items">
              {group.entries.map((entry) => (
                <DeviceRow
                  key={entry.trap.id}
                  trap={entry.trap}
                  number={entry.number}
                  planName={entry.planName}
                  selected={entry.trap.id === selectedId}
                  draggable={dragEnabled}
                  onPointerDown={startDrag}
                  onChoose={choose}
                />
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}

const DeviceRow = memo(function DeviceRow({
  trap,
  number,
  planName,
  selected,
  draggable,
  onPointerDown,
  onChoose,
}: {
  trap: Trap;
  number: number | null;
  planName: string | null;
  selected: boolean;
  draggable: boolean;
  onPointerDown: (event: ReactPointerEvent<HTMLButtonElement>, trap: Trap) => void;
  onChoose: (trapId: number, byKeyboard: boolean) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`device-row${selected ? ' device-row--selected' : ''}`}
        aria-pressed={selected}
        data-trap-code={trap.code}
        onPointerDown={(event) => onPointerDown(event, trap)}
        // A click from the keyboard (Enter, Space) has no pointer position: detail is 0.
        onClick={(event) => onChoose(trap.id, event.detail === 0)}
      >
        {draggable ? <span className="device-row__grip" aria-hidden="true" /> : null}
        <MarkerIcon type={trap.type} />
        <span className="device-row__text">
          <span className="device-row__code">{trap.code}</span>
          {trap.area ? <span className="device-row__area">{trap.area}</span> : null}
        </span>
        {number !== null ? (
          <span className="device-row__where">n.º {formatCount(number)}</span>
        ) : planName ? (
          <span className="device-row__where">{TEXT.onPlan(planName)}</span>
        ) : null}
      </button>
    </li>
  );
});
