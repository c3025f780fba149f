import './traps.css';
import type { Trap } from '@rondin/contracts';
import { TRAP_TYPE_MARKS, TRAP_TYPE_NAMES, TRAP_TYPE_SHORT_NAMES } from '@rondin/contracts/devices';
import { Link, useLocation } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TriStateCheckbox } from '../../../components/ui/tri-state-checkbox';
import { selectionState } from '../../../lib/selection';

interface TrapsTableProps {
  traps: Trap[];
  /** Each site's name, for a site column; null leaves the column out (a single active site). */
  siteNames: ReadonlyMap<number, string> | null;
  busyId: number | null;
  /** Traps chosen for a labels sheet, on this page or others. */
  selected: ReadonlySet<number>;
  onSelect: (trap: Trap) => void;
  onSelectPage: () => void;
  onPreview: (trap: Trap) => void;
  onEdit: (trap: Trap) => void;
  onToggle: (trap: Trap) => void;
  onDelete: (trap: Trap) => void;
}

export function TrapsTable({
  traps,
  siteNames,
  busyId,
  selected,
  onSelect,
  onSelectPage,
  onPreview,
  onEdit,
  onToggle,
  onDelete,
}: TrapsTableProps) {
  // The trap's page leads back to the list as it was left: search, filters and page.
  const location = useLocation();
  const list = `${location.pathname}${location.search}`;
  return (
    <div className="traps-table">
      <DataTable
        caption="Inventario de trampas"
        columns={
          siteNames
            ? ['Código', 'Tipo', 'Sitio', 'Área', 'Código QR', 'Estado']
            : ['Código', 'Tipo', 'Área', 'Código QR', 'Estado']
        }
        selectionHead={
          // The words show on phones only, where the column headings are hidden and the rows are cards.
          <label className="select-page">
            <TriStateCheckbox
              ariaLabel="Seleccionar las trampas de esta página"
              state={selectionState(
                traps.map((trap) => trap.id),
                selected,
              )}
              onToggle={onSelectPage}
            />
            <span className="select-page__text" aria-hidden="true">
              Seleccionar página
            </span>
          </label>
        }
      >
        {traps.map((trap) => (
          <tr key={trap.id}>
            <td className="data-table__select">
              {/* The label is the 44 px target around the box; the box itself keeps its size. */}
              <label className="tap-target">
                <input
                  type="checkbox"
                  checked={selected.has(trap.id)}
                  onChange={() => onSelect(trap)}
                  aria-label={`Seleccionar ${trap.code}`}
                />
              </label>
            </td>
            <th scope="row" className="data-table__primary">
              <Link to={`/admin/traps/${trap.id}`} state={{ list }} className="trap-link">
                {trap.code}
              </Link>
              {trap.description ? <span className="data-table__secondary">{trap.description}</span> : null}
            </th>
            <td data-label="Tipo" title={TRAP_TYPE_NAMES[trap.type]}>
              <span className="type-cell">
                <span className="type-mark" aria-hidden="true">
                  {TRAP_TYPE_MARKS[trap.type]}
                </span>
                {TRAP_TYPE_SHORT_NAMES[trap.type]}
              </span>
            </td>
            {siteNames ? <td data-label="Sitio">{siteNames.get(trap.siteId) ?? ''}</td> : null}
            <td data-label="Área">{trap.area ?? <span className="muted">Sin área</span>}</td>
            <td data-label="Código QR">
              <code className="slug">{trap.qrSlug}</code>
            </td>
            <td data-label="Estado">
              <StatusBadge tone={trap.isActive ? 'success' : 'neutral'}>
                {trap.isActive ? 'Activa' : 'Inactiva'}
              </StatusBadge>
            </td>
            <RowActions
              name={trap.code}
              isActive={trap.isActive}
              busy={busyId === trap.id}
              onEdit={() => onEdit(trap)}
              onToggle={() => onToggle(trap)}
              onDelete={() => onDelete(trap)}
            >
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onPreview(trap)}
                aria-label={`Ver etiqueta de ${trap.code}`}
              >
                Etiqueta
              </button>
            </RowActions>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
