import type { Trap } from '@rondin/contracts';
import { StatusBadge } from '../../../components/ui/status-badge';

interface TrapsTableProps {
  traps: Trap[];
  busyId: number | null;
  onPreview: (trap: Trap) => void;
  onEdit: (trap: Trap) => void;
  onToggle: (trap: Trap) => void;
  onDelete: (trap: Trap) => void;
}

export function TrapsTable({ traps, busyId, onPreview, onEdit, onToggle, onDelete }: TrapsTableProps) {
  return (
    <div className="table-card">
      <table className="data-table">
        <caption className="visually-hidden">Inventario de trampas</caption>
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Área</th>
            <th scope="col">Slug QR</th>
            <th scope="col">Estado</th>
            <th scope="col" className="data-table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {traps.map((trap) => (
            <tr key={trap.id}>
              <th scope="row" className="data-table__primary">
                {trap.code}
                {trap.description ? <span className="data-table__secondary">{trap.description}</span> : null}
              </th>
              <td data-label="Área">{trap.area ?? <span className="muted">Sin área</span>}</td>
              <td data-label="Slug QR">
                <code className="slug">{trap.qrSlug}</code>
              </td>
              <td data-label="Estado">
                <StatusBadge tone={trap.isActive ? 'success' : 'neutral'}>{trap.isActive ? 'Activa' : 'Inactiva'}</StatusBadge>
              </td>
              <td className="data-table__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => onPreview(trap)} aria-label={`Ver etiqueta de ${trap.code}`}>
                  Etiqueta
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => onEdit(trap)} aria-label={`Editar ${trap.code}`}>
                  Editar
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onToggle(trap)}
                  disabled={busyId === trap.id}
                  aria-label={`${trap.isActive ? 'Desactivar' : 'Activar'} ${trap.code}`}
                >
                  {trap.isActive ? 'Desactivar' : 'Activar'}
                </button>
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => onDelete(trap)}
                  disabled={busyId === trap.id}
                  aria-label={`Eliminar ${trap.code}`}
                >
                  Eliminar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
