import type { ReactNode } from 'react';

interface DataTableProps {
  caption: string;
  /** Column headings; an 'Acciones' column is added last. */
  columns: string[];
  children: ReactNode;
}

/** A table on wide screens and a stack of cards on phones (global.css), with an actions column. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className="table-card">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
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
