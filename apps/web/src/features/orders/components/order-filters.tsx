import type { Site, Technician } from '@rondin/contracts';
import { startTransition, useId, useOptimistic } from 'react';
import { SearchField } from '../../../components/ui/search-field';
import { SiteFilter } from '../../../components/ui/site-filter';
import { ORDER_MESSAGES } from '../messages';
import { STATUS_LABELS } from '../utils/session-status';

export interface OrderFilterValues {
  q: string;
  status: string;
  technicianId: string;
  from: string;
  to: string;
  overdue: string;
  siteId: string;
}

interface OrderFiltersProps {
  values: OrderFilterValues;
  technicians: readonly Technician[];
  /** The sites to filter by, inactive ones too; empty (no site filter) unless several are active. */
  sites: readonly Site[];
  onChange: (changes: Partial<OrderFilterValues>) => void;
}

/**
 * Order number or technician's name, status, technician, a scheduled range and 'Solo vencidas': applied by the
 * server. 'Solo vencidas' is a chip that reads as on when the dashboard's alert opened the list with it, and a
 * tap takes it off.
 */
export function OrderFilters({ values, technicians, sites, onChange }: OrderFiltersProps) {
  const ids = { status: useId(), technician: useId(), from: useId(), to: useId() };
  // The router applies an address change as a transition, which React may render a moment later; meanwhile a
  // controlled checkbox would snap back to its old state. The optimistic value shows the tap at once.
  const [overdue, showOverdue] = useOptimistic(values.overdue === 'true');
  return (
    <div className="list-toolbar list-toolbar--orders" role="search" aria-label="Filtrar órdenes">
      <SearchField
        label="Buscar"
        placeholder="N.º de orden o técnico"
        value={values.q}
        onSearch={(q) => onChange({ q })}
      />
      <SiteFilter sites={sites} value={values.siteId} onChange={(siteId) => onChange({ siteId })} />
      <div className="field">
        <label htmlFor={ids.status}>Estado</label>
        <select id={ids.status} value={values.status} onChange={(event) => onChange({ status: event.target.value })}>
          <option value="">Todos</option>
          {Object.entries(STATUS_LABELS).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.technician}>Técnico</label>
        <select
          id={ids.technician}
          value={values.technicianId}
          onChange={(event) => onChange({ technicianId: event.target.value })}
        >
          <option value="">Todos</option>
          {technicians.map((technician) => (
            <option key={technician.id} value={technician.id}>
              {technician.fullName}
              {technician.isActive ? '' : ' (inactivo)'}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>Programadas desde</label>
        <input
          id={ids.from}
          type="date"
          value={values.from}
          max={values.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>Hasta</label>
        <input
          id={ids.to}
          type="date"
          value={values.to}
          min={values.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
      <label className={`filter-chip${overdue ? ' filter-chip--on' : ''}`}>
        <input
          type="checkbox"
          checked={overdue}
          onChange={(event) => {
            const checked = event.target.checked;
            startTransition(() => {
              showOverdue(checked);
              onChange({ overdue: checked ? 'true' : '' });
            });
          }}
        />
        {ORDER_MESSAGES.overdueOnly}
      </label>
    </div>
  );
}
