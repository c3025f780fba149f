import type { Technician } from '@rondin/contracts';
import { QUALIFICATION_LABELS } from '@rondin/contracts/technician-rules';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ROLE_LABELS } from '../messages';
import { deleteBlockedReason, licenceWarning } from '../utils/technician-rules';

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
    <DataTable caption="Cuentas registradas" columns={['Nombre', 'Correo', 'Rol', 'Carné', 'Estado']}>
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
          <td data-label="Carné">
            <LicenceCell technician={technician} />
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

/** The licence's number and level, with a badge when it has expired or expires within 30 days. */
function LicenceCell({ technician }: { technician: Technician }) {
  const warning = licenceWarning(technician);
  const level = technician.qualification ? QUALIFICATION_LABELS[technician.qualification] : null;
  if (!technician.licenceNumber && !level && !warning) return <span className="data-table__secondary">—</span>;
  return (
    <>
      {technician.licenceNumber ?? '—'}
      {level ? <span className="data-table__secondary">{level}</span> : null}
      {warning ? <StatusBadge tone={warning.tone}>{warning.text}</StatusBadge> : null}
    </>
  );
}
