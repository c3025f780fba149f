import { useEffect, useRef } from 'react';
import type { SelectionState } from '../../lib/selection';

interface TriStateCheckboxProps {
  /** Visible text; without it the checkbox stands alone and `ariaLabel` names it. */
  label?: string;
  ariaLabel?: string;
  state: SelectionState;
  onToggle: () => void;
  disabled?: boolean;
  className?: string;
}

/** A checkbox whose partial state is the native `indeterminate` property (there is no HTML attribute for it). */
export function TriStateCheckbox({ label, ariaLabel, state, onToggle, disabled, className }: TriStateCheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = state === 'some';
  }, [state]);
  const box = (
    <input
      ref={input}
      type="checkbox"
      checked={state === 'all'}
      aria-checked={state === 'some' ? 'mixed' : state === 'all'}
      aria-label={ariaLabel}
      onChange={onToggle}
      disabled={disabled}
    />
  );
  if (label === undefined) return box;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `box`, an <input type="checkbox"> built above.
    <label className={`tri-state${className ? ` ${className}` : ''}`}>
      {box}
      <span>{label}</span>
    </label>
  );
}
