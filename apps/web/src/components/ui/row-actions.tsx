import { useId, type ReactNode } from 'react';

interface RowActionsProps {
  /** The row's name, so each button says which item it acts on ('Editar TRP-001'). */
  name: string;
  isActive: boolean;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  /** Left out for what is never deleted, only deactivated (a pest findings name): no 'Eliminar' then. */
  onDelete?: (() => void) | undefined;
  /** Why the row cannot be deleted, if it cannot: 'Eliminar' is then disabled and the reason shown beside it. */
  deleteBlockedReason?: string | null;
  /** Actions before the standard ones (a trap's label). */
  children?: ReactNode;
}

/** Edit, activate/deactivate and delete: the actions every inventory row offers. */
export function RowActions({
  name,
  isActive,
  busy,
  onEdit,
  onToggle,
  onDelete,
  deleteBlockedReason = null,
  children,
}: RowActionsProps) {
  const toggleLabel = isActive ? 'Desactivar' : 'Activar';
  const reasonId = useId();
  return (
    <td className="data-table__actions">
      {children}
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={onEdit}
        aria-label={`Editar ${name}`}
      >
        Editar
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={onToggle}
        disabled={busy}
        aria-label={`${toggleLabel} ${name}`}
      >
        {toggleLabel}
      </button>
      {onDelete ? (
        <button
          type="button"
          className="button button--ghost-danger button--small"
          onClick={onDelete}
          disabled={busy || deleteBlockedReason !== null}
          aria-label={`Eliminar ${name}`}
          aria-describedby={deleteBlockedReason ? reasonId : undefined}
        >
          Eliminar
        </button>
      ) : null}
      {deleteBlockedReason ? (
        <span id={reasonId} className="row-actions__reason">
          {deleteBlockedReason}
        </span>
      ) : null}
    </td>
  );
}
