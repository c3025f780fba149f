import type { Trap } from '@rondin/contracts';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
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
    <DataTable caption="Inventario de trampas" columns={['Código', 'Área', 'Slug QR', 'Estado']}>
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
          <RowActions
            name={trap.code}
            isActive={trap.isActive}
            busy={busyId === trap.id}
            onEdit={() => onEdit(trap)}
            onToggle={() => onToggle(trap)}
            onDelete={() => onDelete(trap)}
          >
            <button type="button" className="button button--ghost button--small" onClick={() => onPreview(trap)} aria-label={`Ver etiqueta de ${trap.code}`}>
              Etiqueta
            </button>
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
