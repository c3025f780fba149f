import { useEffect, useId, useRef } from 'react';
import { formatCount } from '../../../lib/format';
import type { BulkPlacement } from '../hooks/use-bulk-placement';
import { EDITOR_MESSAGES as TEXT } from '../messages';

/**
 * Above the plan while many devices are placed at once: which (an area's unplaced devices, or all) and how (a
 * line, a grid); then what to click; then the preview's count and shape, to place them all or start again.
 */
export function BulkPlacementBar({ bulk, touch }: { bulk: BulkPlacement; touch: boolean }) {
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const { step, group, preview } = bulk;
  const choosing = step?.kind === 'choose';
  // Opened from its button, which is then disabled: the keyboard's focus goes on to the first choice.
  useEffect(() => {
    if (choosing) select.current?.focus();
  }, [choosing]);
  if (!step) return null;
  const cancel = (
    <button type="button" className="button button--ghost button--small" onClick={bulk.cancel} disabled={bulk.saving}>
      {TEXT.cancel}
    </button>
  );

  if (step.kind === 'choose') {
    return (
      <div className="plan-selection plan-selection--active plan-bulk">
        <div className="field plan-bulk__field">
          <label htmlFor={selectId}>{TEXT.bulkWhich}</label>
          <select
            ref={select}
            id={selectId}
            value={group?.key ?? ''}
            onChange={(event) => bulk.setGroupKey(event.target.value)}
          >
            {bulk.groups.map((each) => (
              <option key={each.key} value={each.key}>
                {`${each.label} (${formatCount(each.devices.length)})`}
              </option>
            ))}
          </select>
        </div>
        <div className="plan-selection__actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => bulk.chooseShape('line')}
          >
            {TEXT.bulkLine}
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => bulk.chooseShape('grid')}
          >
            {TEXT.bulkGrid}
          </button>
          {cancel}
        </div>
      </div>
    );
  }

  if (step.kind === 'first' || step.kind === 'second') {
    const count = group?.devices.length ?? 0;
    const text =
      step.kind === 'first'
        ? step.shape === 'line'
          ? TEXT.bulkLineFirst(count)
          : TEXT.bulkGridFirst(count)
        : step.shape === 'line'
          ? TEXT.bulkLineSecond
          : TEXT.bulkGridSecond;
    return (
      <div className="plan-selection plan-selection--active plan-bulk">
        <p className="plan-selection__text">
          {text}
          {touch ? null : <span className="plan-selection__keys">{TEXT.bulkKeys}</span>}
        </p>
        <div className="plan-selection__actions">{cancel}</div>
      </div>
    );
  }

  const count = preview?.devices.length ?? 0;
  return (
    <div className="plan-selection plan-selection--active plan-bulk">
      <p className="plan-selection__text">
        {preview?.grid
          ? TEXT.bulkPreviewGrid(count, preview.grid.rows, preview.grid.columns)
          : TEXT.bulkPreviewLine(count)}
        {bulk.error !== null ? (
          <span className="plan-bulk__error" role="alert">
            {TEXT.bulkFailed} {bulk.error}
          </span>
        ) : null}
      </p>
      <div className="plan-selection__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={bulk.confirm}
          disabled={bulk.saving}
        >
          {bulk.saving ? TEXT.bulkSaving : TEXT.bulkConfirm(count)}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={bulk.redo}
          disabled={bulk.saving}
        >
          {TEXT.bulkRedo}
        </button>
        {cancel}
      </div>
    </div>
  );
}
