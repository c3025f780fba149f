import type { ReactNode } from 'react';

interface DataTableProps {
  caption: string;
  /** Column headings; an 'Acciones' column is added last. */
  columns: string[];
  /** A first column of row checkboxes: this is its heading (a select-all checkbox). */
  selectionHead?: ReactNode;
  children: ReactNode;
}

/** A table on wide screens and a stack of cards on phones (global.css), with an actions column. */
export function DataTable({ caption, columns, selectionHead, children }: DataTableProps) {
  return (
    <div className="table-card">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectionHead ? (
              <th scope="col" className="data-table__select">
                {selectionHead}
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col" className="data-table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
