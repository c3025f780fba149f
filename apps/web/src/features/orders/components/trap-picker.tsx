import type { Trap } from '@rondin/contracts';
import { useEffect, useId, useMemo, useRef } from 'react';
import { groupTrapsByArea, selectionState, toggleAll, type SelectionState } from '../utils/trap-groups';

interface TrapPickerProps {
  traps: readonly Trap[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  disabled?: boolean;
}

/** Spec section 5's picker: active traps by area, select-all and per-area select-all with a partial state. */
export function TrapPicker({ traps, selected, onChange, disabled = false }: TrapPickerProps) {
  const groups = useMemo(() => groupTrapsByArea(traps), [traps]);
  const allIds = useMemo(() => groups.flatMap((group) => group.traps.map((trap) => trap.id)), [groups]);
  const headingId = useId();
  const chosen = allIds.filter((id) => selected.has(id)).length;

  return (
    <fieldset className="trap-picker" disabled={disabled} aria-describedby={headingId}>
      <legend className="trap-picker__legend">Trampas</legend>
      <div className="trap-picker__toolbar">
        <TriStateCheckbox
          label="Seleccionar todas"
          state={selectionState(allIds, selected)}
          onToggle={() => onChange(toggleAll(allIds, selected))}
        />
        <span id={headingId} className="trap-picker__count">
          {chosen} de {allIds.length} seleccionadas
        </span>
      </div>
      <div className="trap-picker__list" role="group" aria-label="Trampas activas por área">
        {groups.map((group) => {
          const ids = group.traps.map((trap) => trap.id);
          return (
            <div key={group.area} className="trap-picker__group">
              <TriStateCheckbox
                className="trap-picker__area"
                label={`${group.area} (${ids.length})`}
                ariaLabel={`Seleccionar área ${group.area}`}
                state={selectionState(ids, selected)}
                onToggle={() => onChange(toggleAll(ids, selected))}
              />
              <ul className="trap-picker__traps">
                {group.traps.map((trap) => (
                  <li key={trap.id}>
                    <label className="trap-picker__trap">
                      <input
                        type="checkbox"
                        checked={selected.has(trap.id)}
                        onChange={() => {
                          const next = new Set(selected);
                          if (next.has(trap.id)) next.delete(trap.id);
                          else next.add(trap.id);
                          onChange(next);
                        }}
                      />
                      <span>{trap.code}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface TriStateCheckboxProps {
  label: string;
  ariaLabel?: string;
  state: SelectionState;
  onToggle: () => void;
  className?: string;
}

/** A checkbox whose partial state is the native `indeterminate` property (there is no HTML attribute for it). */
function TriStateCheckbox({ label, ariaLabel, state, onToggle, className }: TriStateCheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className={`tri-state${className ? ` ${className}` : ''}`}>
      <input
        ref={input}
        type="checkbox"
        checked={state === 'all'}
        aria-checked={state === 'some' ? 'mixed' : state === 'all'}
        aria-label={ariaLabel}
        onChange={onToggle}
      />
      <span>{label}</span>
    </label>
  );
}
