import type { Site } from '@rondin/contracts';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatCount } from '../../../lib/format';
import { SITE_MESSAGES } from '../messages';
import { zoneChoiceLabel } from '../../../lib/time-zones';

interface SitesTableProps {
  sites: Site[];
  busyId: number | null;
  onEdit: (site: Site) => void;
  onToggle: (site: Site) => void;
  onDelete: (site: Site) => void;
}

/** Each site by name, its client beneath; the name leads to the site's page (its plans), the client to its own. */
export function SitesTable({ sites, busyId, onEdit, onToggle, onDelete }: SitesTableProps) {
  return (
    <DataTable
      caption="Sitios atendidos"
      columns={['Nombre', 'Dirección', 'Zona horaria', 'Trampas', 'Órdenes', 'Estado']}
    >
      {sites.map((site) => (
        <tr key={site.id}>
          <th scope="row" className="data-table__primary">
            <Link to={`/admin/sites/${site.id}`} className="site-link">
              {site.name}
            </Link>
            <Link to={`/admin/clients/${site.clientId}`} className="data-table__secondary">
              {site.client}
            </Link>
          </th>
          <td data-label="Dirección">{site.address ?? <span className="muted">Sin dirección</span>}</td>
          <td data-label="Zona horaria">
            {site.timeZone ? (
              zoneChoiceLabel(site.timeZone)
            ) : (
              <span className="muted">{SITE_MESSAGES.defaultZoneShort}</span>
            )}
          </td>
          <td data-label="Trampas">{formatCount(site.trapCount)}</td>
          <td data-label="Órdenes">{formatCount(site.sessionCount)}</td>
          <td data-label="Estado">
            <StatusBadge tone={site.isActive ? 'success' : 'neutral'}>
              {site.isActive ? 'Activo' : 'Inactivo'}
            </StatusBadge>
          </td>
          <RowActions
            name={site.name}
            isActive={site.isActive}
            busy={busyId === site.id}
            onEdit={() => onEdit(site)}
            onToggle={() => onToggle(site)}
            onDelete={() => onDelete(site)}
          />
        </tr>
      ))}
    </DataTable>
  );
}
