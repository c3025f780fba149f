import type { ReactNode } from 'react';

interface RowActionsProps {
  /** The row's name, so each button says which item it acts on ('Editar TRP-001'). */
  name: string;
  isActive: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  /** Actions before the standard ones (a trap's label). */
  children?: ReactNode;
}

/** Edit, activate/deactivate and delete: the actions every inventory row offers. */
export function RowActions({ name, isActive, busy, onEdit, onToggle, onDelete, children }: RowActionsProps) {
  const toggleLabel = isActive ? 'Desactivar' : 'Activar';
  return (
    <td className="data-table__actions">
      {children}
      <button type="button" className="button button--ghost button--small" onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onToggle} disabled={busy} aria-label={`${toggleLabel} ${name}`}>
        {toggleLabel}
      </button>
      <button type="button" className="button button--ghost-danger button--small" onClick={onDelete} disabled={busy} aria-label={`Eliminar ${name}`}>
        Eliminar
      </button>
    </td>
  );
}
