import type { Pest } from '@rondin/contracts';
import { PEST_GROUP_NAMES } from '@rondin/contracts/devices';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';

interface PestsTableProps {
  pests: Pest[];
  busyId: number | null;
  onEdit: (pest: Pest) => void;
  onToggle: (pest: Pest) => void;
}

/** The catalogue by group then name, as the server sends it. Entries are deactivated, never deleted. */
export function PestsTable({ pests, busyId, onEdit, onToggle }: PestsTableProps) {
  return (
    <DataTable caption="Catálogo de plagas" columns={['Nombre', 'Nombre científico', 'Grupo', 'Estado']}>
      {pests.map((pest) => (
        <tr key={pest.id}>
          <th scope="row" className="data-table__primary">
            {pest.name}
          </th>
          <td data-label="Nombre científico">
            {pest.scientificName ? (
              <i lang="la">{pest.scientificName}</i>
            ) : (
              <span className="muted">Sin nombre científico</span>
            )}
          </td>
          <td data-label="Grupo">{PEST_GROUP_NAMES[pest.group]}</td>
          <td data-label="Estado">
            <StatusBadge tone={pest.isActive ? 'success' : 'neutral'}>
              {pest.isActive ? 'Activa' : 'Inactiva'}
            </StatusBadge>
          </td>
          <RowActions
            name={pest.name}
            isActive={pest.isActive}
            busy={busyId === pest.id}
            onEdit={() => onEdit(pest)}
            onToggle={() => onToggle(pest)}
          />
        </tr>
      ))}
    </DataTable>
  );
}
