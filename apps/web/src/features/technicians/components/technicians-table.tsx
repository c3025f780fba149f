import type { Technician } from '@rondin/contracts';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ROLE_LABELS } from '../messages';
import { deleteBlockedReason } from '../utils/technician-rules';

interface TechniciansTableProps {
  technicians: Technician[];
  currentUserId: number | undefined;
  busyId: number | null;
  onEdit: (technician: Technician) => void;
  onToggle: (technician: Technician) => void;
  onDelete: (technician: Technician) => void;
}

export function TechniciansTable({
  technicians,
  currentUserId,
  busyId,
  onEdit,
  onToggle,
  onDelete,
}: TechniciansTableProps) {
  return (
    <DataTable caption="Cuentas registradas" columns={['Nombre', 'Correo', 'Rol', 'Estado']}>
      {technicians.map((technician) => (
        <tr key={technician.id}>
          <th scope="row" className="data-table__primary">
            {technician.fullName}
            {technician.id === currentUserId ? <span className="data-table__secondary">Tu cuenta</span> : null}
          </th>
          <td data-label="Correo">{technician.email}</td>
          <td data-label="Rol">
            <StatusBadge tone={technician.role === 'ADMIN' ? 'info' : 'neutral'}>
              {ROLE_LABELS[technician.role]}
            </StatusBadge>
          </td>
          <td data-label="Estado">
            <StatusBadge tone={technician.isActive ? 'success' : 'neutral'}>
              {technician.isActive ? 'Activo' : 'Inactivo'}
            </StatusBadge>
          </td>
          <RowActions
            name={technician.fullName}
            isActive={technician.isActive}
            busy={busyId === technician.id}
            onEdit={() => onEdit(technician)}
            onToggle={() => onToggle(technician)}
            onDelete={() => onDelete(technician)}
            deleteBlockedReason={deleteBlockedReason(technician, currentUserId)}
          />
        </tr>
      ))}
    </DataTable>
  );
}
