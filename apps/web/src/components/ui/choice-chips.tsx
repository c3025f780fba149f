import './choice-chips.css';
import { useId } from 'react';

interface Option<Value> {
  value: Value;
  label: string;
  disabled?: boolean;
}

interface ChoiceChipsProps<Value extends string | number> {
  legend: string;
  hint?: string | undefined;
  options: readonly Option<Value>[];
  /** One value (radio buttons), or several (checkboxes). */
  selected: Value | readonly Value[] | null;
  onChange: (value: Value, checked: boolean) => void;
  /** Bigger chips, for a choice that is the whole answer in the field (a reason, with gloves on). */
  large?: boolean;
}

/**
 * A group of native radio buttons or checkboxes drawn as chips a thumb can hit (44 px): the keyboard, the
 * screen reader and the form behave as with any radio group or checkbox list.
 */
export function ChoiceChips<Value extends string | number>({
  legend,
  hint,
  options,
  selected,
  onChange,
  large = false,
}: ChoiceChipsProps<Value>) {
  const name = useId();
  const hintId = useId();
  const multiple = Array.isArray(selected);
  return (
    <fieldset className={large ? 'chips chips--large' : 'chips'} aria-describedby={hint ? hintId : undefined}>
      <legend className="chips__legend">{legend}</legend>
      {hint ? (
        <p id={hintId} className="chips__hint">
          {hint}
        </p>
      ) : null}
      <div className="chips__options">
        {options.map((option) => {
          const checked = multiple ? selected.includes(option.value) : selected === option.value;
          return (
            <label key={String(option.value)} className="chip">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={String(option.value)}
                checked={checked}
                disabled={option.disabled}
                onChange={(event) => onChange(option.value, event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
