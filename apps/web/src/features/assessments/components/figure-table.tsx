import type { ReactNode } from 'react';

/** One of a review's tables: named by its heading, its columns, and a box that scrolls sideways on a phone. */
export function FigureTable({
  labelledBy,
  columns,
  children,
}: {
  labelledBy: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
    <div className="assessment-figures__wrap" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="assessment-figures__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
