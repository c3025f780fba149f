import type { ReactNode } from 'react';

interface EditableRowsProps<Row extends { key: number }> {
  legend: string;
  rows: readonly Row[];
  /** Said before the rows, e.g. while the site's choices load. */
  hint?: ReactNode;
  rowClassName?: string;
  rowLabel: (position: number) => string;
  removeLabel: (position: number) => string;
  addLabel: string;
  /** The most rows the server takes. */
  limit: number;
  renderFields: (row: Row, index: number) => ReactNode;
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
}

/** A list of like rows the person adds to and removes from (frequencies, responsibilities), each named by position. */
export function EditableRows<Row extends { key: number }>({
  legend,
  rows,
  hint,
  rowClassName = 'programme-form__row',
  rowLabel,
  removeLabel,
  addLabel,
  limit,
  renderFields,
  onChange,
  newRow,
}: EditableRowsProps<Row>) {
  return (
    <fieldset className="programme-form__rows">
      <legend>{legend}</legend>
      {hint}
      <ol className="programme-form__row-list">
        {rows.map((row, index) => (
          <li key={row.key} className={rowClassName} aria-label={rowLabel(index + 1)}>
            {renderFields(row, index)}
            <button
              type="button"
              className="button button--ghost button--small programme-form__remove"
              onClick={() => onChange(rows.filter((_, other) => other !== index))}
              aria-label={removeLabel(index + 1)}
              title={removeLabel(index + 1)}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...rows, newRow()])}
        disabled={rows.length >= limit}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
