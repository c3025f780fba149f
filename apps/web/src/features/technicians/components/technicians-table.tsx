import type { Technician } from '@rondin/contracts';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ROLE_LABELS } from '../messages';

interface TechniciansTableProps {
  technicians: Technician[];
  currentUserId: number | undefined;
  busyId: number | null;
  onEdit: (technician: Technician) => void;
  onToggle: (technician: Technician) => void;
  onDelete: (technician: Technician) => void;
}

export function TechniciansTable({ technicians, currentUserId, busyId, onEdit, onToggle, onDelete }: TechniciansTableProps) {
  return (
    <div className="table-card">
      <table className="data-table">
        <caption className="visually-hidden">Técnicos registrados</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Correo</th>
            <th scope="col">Rol</th>
            <th scope="col">Estado</th>
            <th scope="col" className="data-table__actions-head">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {technicians.map((technician) => (
            <tr key={technician.id}>
              <th scope="row" className="data-table__primary">
                {technician.fullName}
                {technician.id === currentUserId ? <span className="data-table__secondary">Tu cuenta</span> : null}
              </th>
              <td data-label="Correo">{technician.email}</td>
              <td data-label="Rol">
                <StatusBadge tone={technician.role === 'ADMIN' ? 'info' : 'neutral'}>{ROLE_LABELS[technician.role]}</StatusBadge>
              </td>
              <td data-label="Estado">
                <StatusBadge tone={technician.isActive ? 'success' : 'neutral'}>{technician.isActive ? 'Activo' : 'Inactivo'}</StatusBadge>
              </td>
              <td className="data-table__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => onEdit(technician)} aria-label={`Editar ${technician.fullName}`}>
                  Editar
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onToggle(technician)}
                  disabled={busyId === technician.id}
                  aria-label={`${technician.isActive ? 'Desactivar' : 'Activar'} ${technician.fullName}`}
                >
                  {technician.isActive ? 'Desactivar' : 'Activar'}
                </button>
                <button
                  type="button"
                  className="button button--ghost-danger button--small"
                  onClick={() => onDelete(technician)}
                  disabled={busyId === technician.id}
                  aria-label={`Eliminar ${technician.fullName}`}
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
