import type { MAX_TRAPS_PER_ORDER, TrapAreaCount } from '@rondin/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Loading } from '../../../components/ui/loading';
import { SearchField } from '../../../components/ui/search-field';
import { TriStateCheckbox } from '../../../components/ui/tri-state-checkbox';
import { formatCount } from '../../../lib/format';
import { stateOf } from '../../../lib/selection';
import { getAllPickableTraps, usePickableAreas, usePickableTraps } from '../api/get-pickable-traps';
import { ORDER_MESSAGES } from '../messages';
import { groupTrapsByArea, type TrapGroup } from '../utils/trap-groups';
import {
  areaOf,
  countPicked,
  togglePicked,
  withoutMatching,
  withTraps,
  type PickedTraps,
} from '../utils/trap-selection';

/** The server refuses larger orders (CreateSessionBody); the picker says so before asking. */
const ORDER_TRAP_LIMIT: typeof MAX_TRAPS_PER_ORDER = 5000;

interface TrapPickerProps {
  /** The order's site, when there are several: only its traps are offered. */
  siteId?: number | undefined;
  selected: PickedTraps;
  onChange: (update: (old: PickedTraps) => PickedTraps) => void;
  disabled?: boolean;
}

/** A group's size: from the server's count per area, since a large area is not loaded whole. */
function groupSize(group: TrapGroup, areas: readonly TrapAreaCount[] | undefined): number {
  let size = 0;
  for (const entry of areas ?? []) if (areaOf(entry) === group.area) size += entry.active;
  return Math.max(size, group.traps.length);
}

/**
 * Spec section 5's picker at any scale: active traps by area, select-all and per-area select-all with a partial
 * state, in a list capped at 220px. The server searches and sends the traps 100 at a time in area order, so the
 * page never holds the whole inventory; selecting a whole area or search asks the server for exactly those traps.
 */
export function TrapPicker({ siteId, selected, onChange, disabled = false }: TrapPickerProps) {
  const [q, setQ] = useState('');
  const traps = usePickableTraps(q, siteId);
  const areas = usePickableAreas(q, siteId);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const countId = useId();
  const list = useRef<HTMLDivElement>(null);

  // A new search starts at the top of its results, not where the last one was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `q` is the trigger: each new search scrolls to the top.
  useEffect(() => {
    list.current?.scrollTo?.({ top: 0 });
  }, [q]);

  const loaded = useMemo(() => traps.data?.pages.flatMap((page) => page.items) ?? [], [traps.data]);
  const groups = useMemo(() => groupTrapsByArea(loaded), [loaded]);
  const total = traps.data?.pages[0]?.total ?? 0;
  const chosen = countPicked(selected, q);
  const remaining = total - loaded.length;

  /** Adds every trap of `area` (or of the whole search) matching the search, reading from the server what is not loaded. */
  async function selectScope(area: string | undefined, size: number, loadedHere: TrapGroup['traps'] | null) {
    setProblem(null);
    if (selected.size - countPicked(selected, q, area) + size > ORDER_TRAP_LIMIT) {
      setProblem(ORDER_MESSAGES.trapLimit(ORDER_TRAP_LIMIT));
      return;
    }
    if (loadedHere && loadedHere.length >= size) {
      onChange((old) => withTraps(old, loadedHere));
      return;
    }
    setBusy(area ?? '');
    try {
      const found = await getAllPickableTraps({ q, area, siteId });
      onChange((old) => withTraps(old, found));
    } catch {
      setProblem(ORDER_MESSAGES.trapsLoadFailed);
    } finally {
      setBusy(null);
    }
  }

  function toggleScope(area: string | undefined, size: number, loadedHere: TrapGroup['traps'] | null) {
    if (stateOf(countPicked(selected, q, area), size) === 'all') {
      setProblem(null);
      onChange((old) => withoutMatching(old, q, area));
    } else void selectScope(area, size, loadedHere);
  }

  return (
    <fieldset className="trap-picker" disabled={disabled} aria-describedby={countId}>
      <legend className="trap-picker__legend">Trampas</legend>
      <SearchField label="Buscar trampas" placeholder="Código o área, p. ej. TRP-01" value={q} onSearch={setQ} />
      <div className="trap-picker__toolbar">
        <TriStateCheckbox
          label="Seleccionar todas"
          state={stateOf(chosen, total)}
          onToggle={() => toggleScope(undefined, total, remaining === 0 ? loaded : null)}
          disabled={busy !== null || total === 0}
        />
        <span id={countId} className="trap-picker__count" aria-live="polite" aria-atomic="true">
          {formatCount(chosen)} de {formatCount(total)} seleccionadas
        </span>
      </div>
      <div
        ref={list}
        className="trap-picker__list"
        role="group"
        aria-label="Trampas activas por área"
        aria-busy={traps.isFetching}
      >
        {traps.isPending ? <Loading className="trap-picker__state" text={ORDER_MESSAGES.trapsLoading} /> : null}
        {traps.isError && !traps.data ? (
          <div className="trap-picker__state" role="alert">
            <p>{ORDER_MESSAGES.trapsLoadFailed}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void traps.refetch()}
            >
              Reintentar
            </button>
          </div>
        ) : null}
        {traps.data && total === 0 ? (
          <p className="trap-picker__state">{q ? ORDER_MESSAGES.noTrapMatch(q) : ORDER_MESSAGES.noTraps}</p>
        ) : null}
        {groups.map((group) => {
          const size = groupSize(group, areas.data);
          return (
            <div key={group.area} className="trap-picker__group">
              <TriStateCheckbox
                className="trap-picker__area"
                label={`${group.area} (${formatCount(size)})`}
                ariaLabel={`Seleccionar área ${group.area}`}
                state={stateOf(countPicked(selected, q, group.area), size)}
                onToggle={() => toggleScope(group.area, size, group.traps)}
                disabled={busy !== null}
              />
              <ul className="trap-picker__traps">
                {group.traps.map((trap) => (
                  <li key={trap.id}>
                    <label className="trap-picker__trap">
                      <input
                        type="checkbox"
                        checked={selected.has(trap.id)}
                        onChange={() => onChange((old) => togglePicked(old, trap))}
                      />
                      <span>{trap.code}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        {traps.hasNextPage ? (
          <button
            type="button"
            className="button button--ghost button--small trap-picker__more"
            onClick={() => void traps.fetchNextPage()}
            disabled={traps.isFetchingNextPage}
          >
            {traps.isFetchingNextPage ? 'Cargando…' : `Mostrar más trampas (quedan ${formatCount(remaining)})`}
          </button>
        ) : null}
      </div>
      {busy !== null ? <Loading className="trap-picker__note" text={ORDER_MESSAGES.selectingTraps} /> : null}
      {problem ? (
        <p className="trap-picker__note trap-picker__note--error" role="alert">
          {problem}
        </p>
      ) : null}
      {selected.size > 0 ? (
        <div className="trap-picker__footer">
          <span>
            Trampas en la orden: <strong>{formatCount(selected.size)}</strong>
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange(() => new Map())}
          >
            Quitar selección
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
