import type { RefObject } from 'react';
import type { Mode } from '../hooks/use-plan-editing';
import { EDITOR_MESSAGES as TEXT } from '../messages';

/**
 * Above the plan, the device chosen: while it waits for its place (or moves), what to do and 'Cancelar';
 * once on the plan, its number and what can be done with it.
 */
export function PlanSelectionBar({
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
